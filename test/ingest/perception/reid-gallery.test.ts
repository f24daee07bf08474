/**
 * Re-identification by galleries of views: the best pair of views decides, with VideoAgent's
 * three conditions kept (no shared time with any member, above the low bar with every member,
 * above the high bar with at least one); a new track may wait for more views; objects known
 * before a restart seed the grouper; the built-in similarity is indifferent to a mirror image.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { APPEARANCE_DIM, appearanceEmbedding, appearanceSimilarity, cosine } from '../../../ingest/perception/appearance.js';
import { bestPair, Gallery } from '../../../ingest/perception/gallery.js';
import { MAX_MEMBERS, ReidGrouper, type ReidTrack } from '../../../ingest/perception/reid.js';
import { SHAPE_DIM, SHAPE_MIRROR } from '../../../ingest/perception/shape.js';
import type { RgbImage } from '../../../ingest/perception/types.js';

/** A unit vector of `n` dimensions from the given components. */
function unit(...xs: number[]): Float32Array {
  const v = Float32Array.from(xs);
  const n = Math.hypot(...xs) || 1;
  return v.map((x) => x / n);
}

const E = [unit(1, 0, 0, 0), unit(0, 1, 0, 0), unit(0, 0, 1, 0), unit(0, 0, 0, 1)] as const;
const OPTS = { low: 0.5, high: 0.9, retireAfterMs: 3600_000 };

function track(trackId: number, start: number, end: number, samples: Float32Array[], label = 'person'): ReidTrack {
  return { trackId, label, start, end, embedding: samples[0] ?? new Float32Array(0), samples };
}

test('a gallery keeps new views, skips near copies, and stays within its size', () => {
  const g = new Gallery(cosine, { size: 3, novelty: 0.99 });
  assert.ok(g.add(E[0]));
  assert.ok(!g.add(unit(1, 0.01, 0, 0)), 'a near copy adds nothing');
  assert.ok(g.add(E[1]));
  assert.ok(g.add(unit(1, 1, 0, 0)));
  assert.equal(g.samples.length, 3);
  // full: a new view replaces one of the most alike pair
  assert.ok(g.add(E[3]));
  assert.equal(g.samples.length, 3);
  assert.ok(g.samples.some((v) => cosine(v, E[3]) > 0.999), 'the new view is kept');
  assert.ok(!g.add(new Float32Array(0)), 'an empty vector is no view');
  assert.equal(bestPair([E[0], E[2]], [E[1], unit(0, 0, 1, 0.1)], cosine) > 0.99, true);
  assert.equal(bestPair([E[0]], [new Float32Array(3)], cosine), -Infinity, 'views of another length never compare');
});

test('the best pair of views joins a returning object whose mean would not', () => {
  const g = new ReidGrouper('cam', OPTS, 'r1');
  // first visit: seen from the front, then from the side
  const a = g.assign(track(1, 0, 10, [E[0], E[1]]));
  // back, seen from the side only: cosine with the first visit's mean is 0.71, with its side view 1
  const b = g.assign(track(2, 20, 30, [unit(0.05, 1, 0, 0)]));
  assert.equal(b, a);
  assert.match(a, /^cam:person:1-r1$/);
});

test('the three conditions: shared time, or one member below the low bar, start a new object', () => {
  const g = new ReidGrouper('cam', OPTS, 'r1');
  const a = g.assign(track(1, 0, 10, [E[0]]));
  assert.notEqual(g.assign(track(2, 5, 15, [E[0]])), a, 'two tracks at once are two objects');
  const c = new ReidGrouper('cam', OPTS, 'r1');
  const x = c.assign(track(1, 0, 10, [E[0]]));
  assert.equal(c.assign(track(2, 20, 30, [unit(1, 0, 0.4, 0)])), x, 'joins: above high with its only member');
  // the object now has a member at (1, 0, 0.4, 0); a track close to the first member (0.95) but
  // at 0.35 with the second... is below the low bar with one member: a new object
  const lowOpts = { ...OPTS, low: 0.93 };
  const d = new ReidGrouper('cam', lowOpts, 'r1');
  const y = d.assign(track(1, 0, 10, [E[0]]));
  d.join(y, track(2, 20, 30, [unit(1, 0.8, 0, 0)]));
  assert.notEqual(d.assign(track(3, 40, 50, [unit(1, 0, 0.3, 0)])), y, 'above high with one member, below low with another');
  assert.equal(d.assign(track(4, 60, 70, [unit(1, 0.35, 0, 0)])), y, 'close to both members');
});

test('a new track may wait for more views while known objects of its class share no time with it', () => {
  const g = new ReidGrouper('cam', OPTS, 'r1');
  assert.notEqual(g.assign(track(1, 0, 10, [E[0]]), true), null, 'nothing known: a new object at once');
  assert.equal(g.assign(track(2, 20, 21, [E[2]]), true), null, 'unlike the known object: it waits');
  assert.equal(g.size, 1, 'a waiting track makes no object');
  const matched = g.assign(track(2, 20, 22, [E[2], E[0]]), true);
  assert.match(matched ?? '', /:1-r1$/, 'a later view matches: the known object');
  const other = g.assign(track(3, 30, 31, [E[3]]), true);
  assert.equal(other, null);
  assert.match(g.assign(track(3, 30, 32, [E[3]]), false) ?? '', /:2-r1$/, 'done waiting: a new object');
  assert.notEqual(g.assign(track(4, 40, 41, [E[1]], 'car'), true), null, 'no known car: a car never waits');
});

test('objects known before a restart are seeded: a returning one takes back its id', () => {
  const g = new ReidGrouper('cam', OPTS, 'r2');
  g.seed([
    { objectId: 'cam:person:7-r1', label: 'person', firstSeen: 0, lastSeen: 10, samples: [E[0]] },
    { objectId: 'cam:person:8-r1', label: 'person', firstSeen: 0, lastSeen: 10, samples: [new Float32Array(3)] },
    { objectId: 'cam:person:9-r1', label: 'person', firstSeen: 0, lastSeen: 10, samples: [] },
  ]);
  g.seed([{ objectId: 'cam:person:7-r1', label: 'person', firstSeen: 0, lastSeen: 10, samples: [E[1]] }]);
  assert.equal(g.size, 2, 'an empty seed is skipped, a known id is not seeded twice');
  assert.equal(g.assign(track(1, 100, 110, [unit(1, 0.1, 0, 0)])), 'cam:person:7-r1');
  assert.match(g.assign(track(2, 200, 210, [E[2]])), /^cam:person:1-r2$/, 'a seed of another length never matches; new ids carry the new stamp');
});

test(`an object keeps its ${MAX_MEMBERS} latest tracks: an old member no longer vetoes a match`, () => {
  const g = new ReidGrouper('cam', { ...OPTS, low: 0.8 }, 'r1');
  const a = g.assign(track(1, 0, 1, [E[0]]));
  // later tracks of the object all look like (1, 1, 0, 0)/sqrt(2): 0.71 with the first member
  for (let i = 2; i <= MAX_MEMBERS + 1; i++) g.join(a, track(i, i * 10, i * 10 + 1, [unit(1, 1, 0, 0)]));
  assert.equal(g.assign(track(99, 1000, 1001, [unit(0.5, 1, 0, 0)])), a, 'the first member (0.45) is forgotten');
});

/** A 64x128 frame with a left-right asymmetric pattern: a dark coat with one light sleeve. */
function figure(mirror: boolean): RgbImage {
  const w = 64;
  const h = 128;
  const data = new Uint8Array(w * h * 3).fill(235);
  for (let y = 8; y < 120; y++) {
    for (let x = 12; x < 52; x++) {
      const sx = mirror ? w - 1 - x : x;
      const i = (y * w + sx) * 3;
      const sleeve = x < 22 && y > 30 && y < 80;
      const stripe = (y >> 3) % 2 === 0 && x > 30;
      data.set(sleeve ? [200, 170, 140] : stripe ? [40, 60, 120] : [30, 30, 35], i);
    }
  }
  return { width: w, height: h, data };
}

test('the built-in similarity sees a mirror image as the same, and the mirror map is an involution', () => {
  const box = { x1: 4, y1: 2, x2: 60, y2: 126 };
  const a = appearanceEmbedding(figure(false), box);
  const b = appearanceEmbedding(figure(true), box);
  assert.equal(a.length, APPEARANCE_DIM);
  assert.ok(appearanceSimilarity(a, b) > 0.97, `mirrored: ${appearanceSimilarity(a, b)}`);
  assert.ok(cosine(a, b) < appearanceSimilarity(a, b) - 0.05, `plain cosine is lower: ${cosine(a, b)}`);
  assert.ok(Math.abs(appearanceSimilarity(a, a) - 1) < 1e-5);
  for (let i = 0; i < SHAPE_DIM; i++) assert.equal(SHAPE_MIRROR[SHAPE_MIRROR[i] ?? -1], i);
  assert.equal(new Set(SHAPE_MIRROR).size, SHAPE_DIM);
  // other lengths: plain cosine
  assert.equal(appearanceSimilarity(E[0], E[0]), 1);
});
