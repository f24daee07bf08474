import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MotionGate } from '../../ingest/perception/motion.js';
import type { RgbImage } from '../../ingest/perception/types.js';

function frame(w: number, h: number, square?: { x: number; y: number; s: number }): RgbImage {
  const data = new Uint8Array(w * h * 3).fill(60);
  if (square) {
    for (let y = square.y; y < square.y + square.s; y++) for (let x = square.x; x < square.x + square.s; x++) data.fill(220, (y * w + x) * 3, (y * w + x) * 3 + 3);
  }
  return { width: w, height: h, data };
}

test('a still scene skips the detector until the refresh interval; motion triggers it with a region', () => {
  const g = new MotionGate({ thumbWidth: 64, pixelThreshold: 18, motionFraction: 0.002, refreshMs: 5000, backgroundAlpha: 0.25 });
  assert.equal(g.check(frame(320, 180), 0).reason, 'first');
  assert.equal(g.check(frame(320, 180), 500).detect, false);
  assert.equal(g.check(frame(320, 180), 1000).detect, false);
  const moved = g.check(frame(320, 180, { x: 200, y: 100, s: 40 }), 1500);
  assert.equal(moved.detect, true);
  assert.equal(moved.reason, 'motion');
  assert.ok(moved.level > 0.01);
  const r = moved.region;
  assert.ok(r && r.x1 >= 190 && r.x2 <= 250 && r.y1 >= 90 && r.y2 <= 150, JSON.stringify(r));
  // the scene settles (background adapts), then the refresh fires 5 s after the last detection
  let ts = 2000;
  let last = g.check(frame(320, 180, { x: 200, y: 100, s: 40 }), ts);
  while (last.reason === 'motion') last = g.check(frame(320, 180, { x: 200, y: 100, s: 40 }), (ts += 500));
  assert.equal(last.detect, false);
  const refreshAt = ts - 500 + 5000;
  assert.equal(g.check(frame(320, 180, { x: 200, y: 100, s: 40 }), refreshAt).reason, 'refresh');
});
