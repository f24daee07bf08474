/**
 * Segment keyframes: encoded off the event loop (sharp), still JPEGs that decode to the frame,
 * the window's best frame, stored in LMDB and served by /api/cameras/:id/keyframe.jpg.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import jpeg from 'jpeg-js';
import { serveKeyframe } from '../../edge/http/keyframe.js';
import { Router } from '../../edge/http/router.js';
import { encodeJpeg } from '../../ingest/jpeg.js';
import type { SegmentObservation } from '../../ingest/observations.js';
import { CameraPerception } from '../../ingest/perception/pipeline.js';
import { Segmenter } from '../../ingest/segmenter.js';
import type { Frame } from '../../ingest/types.js';
import { MemoryStore } from '../../memory/store.js';

const T0 = Date.parse('2026-11-23T09:00:00Z');
const DETECT = { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 50 };

/** A solid RGB24 frame. */
function solid(ts: number, rgb: [number, number, number], width = 64, height = 36): Frame {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) [data[i], data[i + 1], data[i + 2]] = rgb;
  return { camera: 'cam', seq: 0, ts, width, height, data };
}

/** Decodes a JPEG with an independent decoder; its size and the colour of its first pixel. */
function look(jpg: Buffer | undefined): { width: number; height: number; rgb: number[] } {
  assert.ok(jpg, 'a keyframe');
  const img = jpeg.decode(jpg, { useTArray: true });
  return { width: img.width, height: img.height, rgb: [img.data[0] ?? -1, img.data[1] ?? -1, img.data[2] ?? -1] };
}

const near = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= 8);

test('perception keyframes: each closed window and the flushed one carry a JPEG of their frame, stored in LMDB and served over HTTP', async () => {
  const p = new CameraPerception({ camera: 'cam', detector: null, detect: DETECT, gate: true });
  const segs: SegmentObservation[] = [];
  const colours: [number, number, number][] = [[200, 30, 30], [30, 200, 30], [30, 30, 200]];
  // two frames per 2 s window, three windows
  for (let k = 0; k < 6; k++) {
    const obs = await p.process(solid(T0 + k * 1000, colours[Math.floor(k / 2)] ?? [0, 0, 0]));
    segs.push(...obs.filter((o): o is SegmentObservation => o.kind === 'segment'));
  }
  segs.push(...p.flush(T0 + 6000).filter((o): o is SegmentObservation => o.kind === 'segment'));
  assert.deepEqual(segs.map((s) => s.start), [T0, T0 + 2000, T0 + 4000]);
  segs.forEach((s, i) => {
    const img = look(s.keyframe);
    assert.deepEqual([img.width, img.height], [64, 36]);
    assert.ok(near(img.rgb, colours[i] ?? []), `window ${i}: ${img.rgb.join(',')}`);
  });

  const store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-kf-')) });
  store.open();
  const server = createServer();
  try {
    for (const s of segs) await store.writeSegment(s);
    assert.deepEqual(store.keyframe('cam', T0 + 2000), segs[1]?.keyframe, 'the stored bytes are the encoded ones');
    const r = new Router().on('GET', '/api/cameras/:id/keyframe.jpg', (q, res, prm) => serveKeyframe(store, q, res, prm.id ?? ''));
    server.on('request', (q, s) => void r.handle(q, s));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cameras/cam/keyframe.jpg?ts=${T0 + 4500}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.ok(near(look(Buffer.from(await res.arrayBuffer())).rgb, colours[2] ?? []));
  } finally {
    server.close();
    await store.close();
  }
});

test('keyframes off: no JPEG is made', async () => {
  const p = new CameraPerception({ camera: 'cam', detector: null, detect: DETECT, gate: true, keyframes: false });
  await p.process(solid(T0, [9, 9, 9]));
  const seg = (await p.process(solid(T0 + 2000, [9, 9, 9]))).find((o): o is SegmentObservation => o.kind === 'segment');
  assert.ok(seg);
  assert.equal(seg.keyframe, undefined);
});

test('the keyframe is the frame with the most objects in its window', async () => {
  const s = new Segmenter('cam');
  const objs = (n: number): NonNullable<Parameters<Segmenter['push']>[0]['obs']['objects']> =>
    Array.from({ length: n }, (_, i) => ({ objectId: `o${i}`, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 1, y2: 1 }, score: 1 }));
  const frames: [number, [number, number, number]][] = [[1, [250, 0, 0]], [3, [0, 250, 0]], [2, [0, 0, 250]]];
  for (const [i, [n, rgb]] of frames.entries()) {
    const f = solid(T0 + i * 500, rgb);
    assert.equal(await s.push({ obs: { ts: f.ts, detected: true, objects: objs(n) }, jpeg: () => encodeJpeg(f, 70) }), null);
  }
  const seg = s.flush();
  assert.ok(near(look(seg?.keyframe).rgb, [0, 250, 0]), 'the frame with 3 objects');
  assert.equal(s.stats.keyframeErrors, 0);
});

test('a failed encode keeps the window and its earlier keyframe', async () => {
  const s = new Segmenter('cam');
  const f = solid(T0, [250, 0, 0]);
  await s.push({ obs: { ts: T0, detected: false }, jpeg: () => encodeJpeg(f, 70) });
  await s.push({ obs: { ts: T0 + 500, detected: true }, jpeg: () => Promise.reject(new Error('encoder down')) });
  const seg = await s.push({ obs: { ts: T0 + 2000 } });
  assert.equal(seg?.start, T0);
  assert.ok(near(look(seg?.keyframe).rgb, [250, 0, 0]));
  assert.equal(s.stats.keyframeErrors, 1);
});

test('the keyframe is encoded off the event loop: a pending setImmediate runs before the frame is done', async () => {
  const p = new CameraPerception({ camera: 'cam', detector: null, detect: DETECT, gate: false });
  let ticked = false;
  setImmediate(() => (ticked = true));
  // 1080p: several ms of encoding on libuv's thread pool; a synchronous encoder would finish first
  await p.process(solid(T0, [120, 120, 120], 1920, 1080));
  assert.equal(ticked, true);
});
