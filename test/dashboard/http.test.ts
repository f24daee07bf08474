import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { nearestKeyframe, parseTs, serveKeyframe } from '../../edge/http/keyframe.js';
import { Router } from '../../edge/http/router.js';
import { MISSING_BUILD_PAGE } from '../../edge/http/static.js';
import { MemoryStore } from '../../memory/store.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const JPEG = (n: number): Buffer => Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]);

function seg(start: number, keyframe?: Buffer) {
  return { camera: 'a', start, end: start + 2000, frames: 4, firstFrameAt: start, lastFrameAt: start + 1500, ...(keyframe ? { keyframe } : {}) };
}

describe('keyframe at a time', () => {
  let store: MemoryStore;
  let server: Server;
  let base: string;

  before(async () => {
    store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-kf-')) });
    store.open();
    // keyframes at 0, 2, 4 s; none at 6 s; then one at 30 s
    await Promise.all([store.writeSegment(seg(T0, JPEG(0))), store.writeSegment(seg(T0 + 2000, JPEG(2))), store.writeSegment(seg(T0 + 4000, JPEG(4))), store.writeSegment(seg(T0 + 6000)), store.writeSegment(seg(T0 + 30_000, JPEG(30)))]);
    const r = new Router().on('GET', '/api/cameras/:id/keyframe.jpg', (q, res, p) => serveKeyframe(store, q, res, p.id ?? ''));
    server = createServer((q, s) => void r.handle(q, s));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.close();
    await store.close();
  });

  it('picks the keyframe of the segment holding the time, else the nearest one', () => {
    assert.equal(nearestKeyframe(store, 'a', T0 + 2500), T0 + 2000);
    assert.equal(nearestKeyframe(store, 'a', T0 + 7000), T0 + 4000);
    assert.equal(nearestKeyframe(store, 'a', T0 + 25_000), T0 + 30_000);
    assert.equal(nearestKeyframe(store, 'a', T0 - 1000), T0);
    assert.equal(nearestKeyframe(store, 'a', T0 + 600_000), null);
    assert.equal(nearestKeyframe(store, 'b', T0), null);
  });

  it('parses ISO and epoch-ms times', () => {
    assert.equal(parseTs(String(T0)), T0);
    assert.equal(parseTs('2026-11-21T09:00:00Z'), T0);
    assert.equal(parseTs('yesterday'), null);
    assert.equal(parseTs(null), null);
  });

  it('serves the JPEG with its time, and clear errors', async () => {
    const ok = await fetch(`${base}/api/cameras/a/keyframe.jpg?ts=${encodeURIComponent('2026-11-21T09:00:04.500Z')}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('content-type'), 'image/jpeg');
    assert.equal(ok.headers.get('x-frame-time'), '2026-11-21T09:00:04.000Z');
    assert.deepEqual(Buffer.from(await ok.arrayBuffer()), JPEG(4));
    const bad = await fetch(`${base}/api/cameras/a/keyframe.jpg?ts=soon`);
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { code: string }).code, 'BAD_REQUEST');
    const none = await fetch(`${base}/api/cameras/a/keyframe.jpg?ts=${T0 + 3600_000}`);
    assert.equal(none.status, 404);
    assert.match(((await none.json()) as { message: string }).message, /no keyframe of camera "a"/);
  });

  it('the page sent when the dashboard is not built says how to build it', () => {
    assert.match(MISSING_BUILD_PAGE, /npm run build/);
  });
});
