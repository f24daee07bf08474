/**
 * Zones over the API of a real daemon with auth on: read with a read token, write with an admin
 * token only (HTTP PUT and WebSocket zones.put), a malformed polygon refused with ZONES_INVALID
 * and nothing written, a save pushed to subscribers, kept across a restart (the overlay wins
 * over the config file), and reported by `vigil config check`.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CameraZones, LineShape, ZoneShape } from '../../edge/api/wire.js';
import { runCli, startDaemon, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { WsTestClient } from './clients.js';

const ADMIN = 'zones-admin-token-0123456789';
const READER = 'zones-read-token-0123456789';
const SQUARE: [number, number][] = [[0.2, 0.6], [0.9, 0.6], [0.9, 0.98], [0.2, 0.98]];
const config = {
  node: 'zonesapi',
  auth: { tokens: [{ name: 'admin', token: ADMIN, scope: 'admin' }, { name: 'reader', token: READER, scope: 'read' }] },
  mqtt: { enabled: false },
  cameras: [{ id: 'bench', url: join(SHARED_VIDEOS, 'bottle-detection.mp4'), fps: 1, width: 320, detector: { model: 'none' }, zones: [{ id: 'yaml', polygon: [[0, 0], [0.5, 0], [0.5, 0.5]] }] }],
};

async function call(d: DaemonHandle, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(d.baseUrl + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

async function ready(d: DaemonHandle): Promise<void> {
  await d.waitFor(async () => (await d.getJson<Health>('/healthz')).status === 'ok', 60_000, 'daemon ready');
}

describe('zones over HTTP and WebSocket', { timeout: 180_000 }, () => {
  let daemon: DaemonHandle;
  let again: DaemonHandle | undefined;
  after(async () => {
    await daemon?.stop();
    await again?.stop();
  });

  it('reads, refuses, saves, pushes and keeps zones', async () => {
    daemon = startDaemon({ port: 18510, config });
    await ready(daemon);
    const file = join(daemon.data, 'zones.overlay.json');
    // read: a token is needed, a read token is enough
    assert.equal((await call(daemon, 'GET', '/api/cameras/bench/zones', null)).status, 401);
    const got = await call(daemon, 'GET', '/api/cameras/bench/zones', READER);
    assert.equal(got.status, 200);
    assert.deepEqual([got.json.camera, (got.json.zones as { id: string }[]).map((z) => z.id), got.json.source], ['bench', ['yaml'], 'config']);
    assert.equal((await call(daemon, 'GET', '/api/cameras/nope/zones', READER)).status, 404);
    // write: admin only
    const body: { zones: ZoneShape[]; lines: LineShape[] } = { zones: [{ id: 'floor', polygon: SQUARE }], lines: [{ id: 'door', from: [0.5, 0], to: [0.5, 1] }] };
    const forbidden = await call(daemon, 'PUT', '/api/cameras/bench/zones', READER, body);
    assert.deepEqual([forbidden.status, forbidden.json.code], [403, 'FORBIDDEN']);
    // bad input: coded errors, nothing written
    const bowtie = await call(daemon, 'PUT', '/api/cameras/bench/zones', ADMIN, { zones: [{ id: 'x', polygon: [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]] }], lines: [] });
    assert.deepEqual([bowtie.status, bowtie.json.code], [422, 'ZONES_INVALID']);
    assert.match(String(bowtie.json.message), /crosses itself/);
    const two = await call(daemon, 'PUT', '/api/cameras/bench/zones', ADMIN, { zones: [{ id: 'x', polygon: [[0.1, 0.1], [0.9, 0.9]] }], lines: [] });
    assert.deepEqual([two.status, two.json.code], [422, 'ZONES_INVALID']);
    assert.equal((await call(daemon, 'PUT', '/api/cameras/bench/zones', ADMIN, '{"zones": [')).json.code, 'BAD_JSON');
    assert.equal(existsSync(file), false, 'nothing written');
    // a subscriber hears the save
    const ws = await WsTestClient.connect(daemon.baseUrl.replace('http', 'ws') + '/api/ws', READER);
    assert.equal((await ws.request({ type: 'subscribe', channels: ['zones'] })).status, 'ok');
    const wsForbidden = await ws.request({ type: 'zones.put', camera: 'bench', ...body });
    assert.ok(wsForbidden.status === 'error' && 'code' in wsForbidden && wsForbidden.code === 'FORBIDDEN');
    const put = await call(daemon, 'PUT', '/api/cameras/bench/zones', ADMIN, body);
    assert.equal(put.status, 200, JSON.stringify(put.json));
    assert.deepEqual([put.json.source, (put.json.zones as { id: string }[]).map((z) => z.id)], ['overlay', ['floor']]);
    const push = await ws.next((m) => 'channel' in m && m.channel === 'zones');
    assert.ok('channel' in push && push.channel === 'zones' && push.data.zones[0]?.id === 'floor');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { cameras: Record<string, CameraZones> };
    assert.deepEqual(saved.cameras.bench?.zones, body.zones);
    // the WebSocket with an admin token: a malformed polygon is ZONES_INVALID; a good one saves, the previous kept
    const admin = await WsTestClient.connect(daemon.baseUrl.replace('http', 'ws') + '/api/ws', ADMIN);
    const bad = await admin.request({ type: 'zones.put', camera: 'bench', zones: [{ id: 'x', polygon: [[0.1, 0.1], [1.5, 0.2], [0.3, 0.9]] }], lines: [] });
    assert.ok(bad.status === 'error' && 'code' in bad && bad.code === 'ZONES_INVALID', JSON.stringify(bad));
    const ok = await admin.request({ type: 'zones.put', camera: 'bench', zones: [{ id: 'floor', polygon: SQUARE }, { id: 'top', polygon: [[0, 0], [1, 0], [1, 0.3]] }], lines: [] });
    assert.equal(ok.status, 'ok');
    assert.deepEqual((JSON.parse(readFileSync(`${file}.prev`, 'utf8')) as { cameras: Record<string, CameraZones> }).cameras.bench?.zones, body.zones);
    ws.ws.close();
    admin.ws.close();
    assert.equal(await daemon.stop(), 0);

    // config check names the overlay; the overlay wins at start
    const check = await runCli(['config', 'check', join(daemon.data, 'config.yaml'), '--data', daemon.data]);
    assert.equal(check.code, 0, check.stderr);
    assert.match(check.stdout, new RegExp(`zones overlay ${file.replace(/[.]/g, '\\.')}: replaces the zones and lines of bench \\(2 zones, 0 lines\\)`));
    again = startDaemon({ port: 18511, data: daemon.data, config });
    await ready(again);
    const after = await call(again, 'GET', '/api/cameras/bench/zones', READER);
    assert.deepEqual([after.json.source, (after.json.zones as { id: string }[]).map((z) => z.id)], ['overlay', ['floor', 'top']]);
  });
});
