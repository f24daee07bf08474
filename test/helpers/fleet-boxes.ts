/**
 * Test helper: two real daemons as a fleet on the real Mosquitto (127.0.0.1:1883), each with one
 * camera playing a shared clip as a live camera (no detector unless `detect`: cheap on a shared
 * machine; with it, box A counts the shoppers of store-aisle-detection.mp4 and box B the bottles of
 * bottle-detection.mp4), auth on,
 * `fleet.enabled`, box B's alert rule firing every few seconds (absence of people), each box
 * pinning the other's fleet key and URL in `fleet.peers` (keys created before start, as
 * `vigil fleet key` does), and box A holding box B's token there too (B holds no token for A).
 * Node ids are random, so parallel runs do not meet.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loadOrCreateFleetKey } from '../../edge/fleet/keys.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle } from './daemon.js';
import { SHARED_VIDEOS } from './rtsp-server.js';

/** The shared broker. */
export const BROKER = 'mqtt://127.0.0.1:1883';

/** Two running boxes. */
export interface FleetBoxes {
  a: DaemonHandle;
  b: DaemonHandle;
  nodeA: string;
  nodeB: string;
  /** Admin tokens of each box's own API. */
  tokenA: string;
  tokenB: string;
  stop(): Promise<void>;
}

/** Options of the boxes. */
export interface FleetBoxesOptions {
  /** Run the default detector on both cameras (they then publish counts); default false. */
  detect?: boolean;
}

/** Starts box A and box B; resolves once both answer `/healthz` with their camera streaming. */
export async function startFleetBoxes(o: FleetBoxesOptions = {}): Promise<FleetBoxes> {
  const id = randomBytes(3).toString('hex');
  const nodeA = `fa${id}`;
  const nodeB = `fb${id}`;
  const tokenA = `token-a-${randomBytes(8).toString('hex')}`;
  const tokenB = `token-b-${randomBytes(8).toString('hex')}`;
  const [portA, portB] = [await freeTcpPort(), await freeTcpPort()];
  const camera = (cid: string, file: string): object => ({ id: cid, url: join(SHARED_VIDEOS, file), fps: 1, width: o.detect ? 480 : 320, detector: o.detect ? {} : { model: 'none' }, zones: [{ id: 'floor', polygon: [[0, 0.5], [1, 0.5], [1, 1], [0, 1]] }], audio: { enabled: false } });
  const box = (node: string, port: number, token: string, cam: object, extra: object): object => ({
    node,
    mqtt: { url: BROKER, keepaliveSeconds: 5 },
    auth: { tokens: [{ name: 'admin', token, scope: 'admin' }] },
    fleet: { enabled: true, prefix: `vigil-fleet/t${id}`, publicUrl: `http://127.0.0.1:${port}`, ...extra },
    cameras: [cam],
  });
  const [dataA, dataB] = [tempDir('fleet-a'), tempDir('fleet-b')];
  const [keyA, keyB] = [loadOrCreateFleetKey(dataA).key.publicText, loadOrCreateFleetKey(dataB).key.publicText];
  const urlOf = (port: number): string => `http://127.0.0.1:${port}`;
  const b = startDaemon({
    port: portB,
    data: dataB,
    config: {
      ...box(nodeB, portB, tokenB, camera('dock', 'bottle-detection.mp4'), { peers: { [nodeA]: { key: keyA, url: urlOf(portA) } } }),
      rules: [{ id: 'empty-dock', camera: 'dock', class: 'person', trigger: { type: 'absence', seconds: 1 }, cooldownSeconds: 4 }],
    },
  });
  const a = startDaemon({ port: portA, data: dataA, config: box(nodeA, portA, tokenA, camera('gate', 'store-aisle-detection.mp4'), { peers: { [nodeB]: { key: keyB, token: tokenB, url: urlOf(portB) } } }) });
  const streaming = (d: DaemonHandle, token: string) => async () => {
    const r = await fetch(`${d.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { cameras: { state: string }[] };
    return body.cameras[0]?.state === 'streaming';
  };
  try {
    await Promise.all([a.waitFor(streaming(a, tokenA), 90_000, 'box A streaming'), b.waitFor(streaming(b, tokenB), 90_000, 'box B streaming')]);
  } catch (e) {
    await Promise.all([a.stop(), b.stop()]);
    throw e;
  }
  return {
    a,
    b,
    nodeA,
    nodeB,
    tokenA,
    tokenB,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}
