/**
 * `npm run bench:alerts`: alert latency from a frame's capture time (the daemon's wall-clock
 * time of the decoded frame, `Alert.frameTs`) to a separate MQTT client's receipt of the alert
 * through the real Mosquitto at 127.0.0.1:1883, for 1, 4 and 8 cameras. Each camera pulls the
 * one-by-one clip from a real RTSP server (GStreamer's) into the real daemon (default detector,
 * 2 fps, 640 px); two rules per camera fire when a person arrives (count >= 1) and leaves
 * (count < 1), with no cooldown. Writes bench/results/alerts.json.
 *
 * Env: BENCH_SECONDS (measured window per camera count, default 140: one loop of the clip),
 * BENCH_CAMERAS (default "1,4,8").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { Alert } from '../edge/api/wire.js';
import { packageRoot } from '../edge/paths.js';
import { freeTcpPort, startDaemon } from '../test/helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../test/helpers/rtsp-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 140);
const COUNTS = (process.env.BENCH_CAMERAS ?? '1,4,8').split(',').map(Number);
const BROKER = 'mqtt://127.0.0.1:1883';

/** The p-th percentile (nearest rank). */
function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

interface Result {
  alerts: number;
  latency_ms: { p50: number; p95: number; max: number };
  /** Frame capture to the rule firing in the daemon (perception's queueing and detection), ms. */
  frameToFire_ms: { p50: number; p95: number };
  /** Rule firing to the MQTT client's receipt (the alert path: bus, MQTT client, Mosquitto), ms. */
  fireToReceipt_ms: { p50: number; p95: number };
  /** Fewest and most alerts of one camera (every camera should see the same clip's arrivals). */
  alertsPerCamera: { min: number; max: number };
  /** Frames that went through perception per camera per second (turns at the shared detector / cameras / window). */
  framesPerCameraPerSecond: number;
  /** 1-minute load average of the machine at the end of the window (other work shares the cores). */
  loadAverage: number;
}

async function runOnce(url: string, n: number): Promise<Result> {
  const node = `bench${randomBytes(3).toString('hex')}`;
  const cameras = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, url, fps: 2, width: 640 }));
  const rules = cameras.flatMap((c) => [
    { id: `${c.id}-arrive`, camera: c.id, class: 'person', trigger: { type: 'count', op: '>=', value: 1 }, cooldownSeconds: 0 },
    { id: `${c.id}-leave`, camera: c.id, class: 'person', trigger: { type: 'count', op: '<', value: 1 }, cooldownSeconds: 0 },
  ]);
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const lat: number[] = [];
  const fire: number[] = [];
  const path: number[] = [];
  let measuring = 0;
  let load: number;
  const turns = { before: 0, after: 0 };
  const turnsGranted = async (url: string): Promise<number> => {
    const h = (await (await fetch(`${url}/healthz`)).json()) as { detectors: { turns?: { granted: number } }[] };
    return h.detectors.reduce((s, d) => s + (d.turns?.granted ?? 0), 0);
  };
  const perCamera = new Map<string, number>(cameras.map((c) => [c.id, 0]));
  client.on('message', (_t, payload) => {
    const at = Date.now();
    const a = JSON.parse(payload.toString()) as Alert;
    if (!measuring || a.frameTs < measuring) return;
    perCamera.set(a.camera, (perCamera.get(a.camera) ?? 0) + 1);
    lat.push(at - a.frameTs);
    fire.push(a.firedAt - a.frameTs);
    path.push(at - a.firedAt);
  });
  await client.subscribeAsync(`vigil/${node}/alerts/#`, { qos: 1 });
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: { url: BROKER }, cameras, rules }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  try {
    await daemon.waitFor(
      async () => {
        const h = (await (await fetch(`${daemon.baseUrl}/healthz`)).json()) as { cameras: { state: string }[] };
        return h.cameras.length === n && h.cameras.every((c) => c.state === 'streaming');
      },
      90_000,
      'every camera streaming',
    );
    await new Promise((r) => setTimeout(r, 5000));
    turns.before = await turnsGranted(daemon.baseUrl);
    measuring = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    turns.after = await turnsGranted(daemon.baseUrl);
    load = loadavg()[0] ?? 0;
  } finally {
    await daemon.stop();
    await client.endAsync();
  }
  const p50 = percentile(lat, 50);
  const res: Result = {
    alerts: lat.length,
    latency_ms: { p50, p95: percentile(lat, 95), max: Math.max(...lat) },
    frameToFire_ms: { p50: percentile(fire, 50), p95: percentile(fire, 95) },
    fireToReceipt_ms: { p50: percentile(path, 50), p95: percentile(path, 95) },
    alertsPerCamera: { min: Math.min(...perCamera.values()), max: Math.max(...perCamera.values()) },
    framesPerCameraPerSecond: Math.round(((turns.after - turns.before) / n / SECONDS) * 100) / 100,
    loadAverage: Math.round(load * 100) / 100,
  };
  console.log(
    `${n} camera(s): ${res.alerts} alerts, latency p50 ${p50} ms, p95 ${res.latency_ms.p95} ms; frame->fire p50 ${res.frameToFire_ms.p50} ms, fire->receipt p50 ${res.fireToReceipt_ms.p50} ms p95 ${res.fireToReceipt_ms.p95} ms; alerts per camera ${res.alertsPerCamera.min}-${res.alertsPerCamera.max}; ${res.framesPerCameraPerSecond} frames/s per camera perceived; load ${res.loadAverage}`,
  );
  return res;
}

async function main(): Promise<void> {
  const server = await startRtspServer({ mounts: [{ path: '/cam', file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4') }] });
  const results: Record<string, Result> = {};
  try {
    for (const n of COUNTS) results[String(n)] = await runOnce(server.url('/cam'), n);
  } finally {
    await server.stop();
  }
  const out = {
    command: 'npm run bench:alerts',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    source: 'GStreamer RTSP server, one-by-one-person-detection.mp4, RTSP/TCP; daemon defaults (centernet, 2 fps, 640 px); Mosquitto 127.0.0.1:1883',
    measure: 'Alert.frameTs (frame decoded) to receipt by a separate MQTT 5 client subscribed to vigil/<node>/alerts/# (QoS 1)',
    windowSeconds: SECONDS,
    results,
  };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'alerts.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
