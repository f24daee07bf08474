/**
 * The switch watch's threshold rises with the gap: a view after a short miss is the track's own at
 * 0.82 similarity, the same view after the track went unseen for 4 s is another object's (unlike views
 * going on for 1.5 s switch; fewer before the track ends are a turn, no switch), and a view as alike as a person's own (0.9) keeps the track at any gap.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { DEFAULT_SWITCH, SwitchWatch } from '../../../ingest/perception/track-switch.js';

/** Views carry their similarity to the track's one kept view in their first element. */
const sim = (a: Float32Array, b: Float32Array): number => (a[0] === 1 ? (b[0] ?? 0) : (a[0] ?? 0));
const KEPT = [Float32Array.of(1)];
const view = (s: number) => (): Float32Array => Float32Array.of(s);

/** A watch that has seen the track `n` times (past `minViews`), the last at 10 s. */
function seasoned(n = DEFAULT_SWITCH.minViews): SwitchWatch {
  const w = new SwitchWatch(sim);
  for (let i = 1; i < n; i++) assert.equal(w.check(10_000 - (n - i) * 500, 10_000 - (n - i + 1) * 500, view(0.97), KEPT), 'same');
  return w;
}

test('0.82 after a 1 s miss is the same object', () => {
  const w = seasoned();
  assert.equal(w.check(11_000, 10_000, view(0.82), KEPT), 'same');
});

test('0.82 after 4 s unseen starts a doubt, and unlike views for 1.5 s switch', () => {
  const w = seasoned();
  assert.equal(w.check(14_000, 10_000, view(0.82), KEPT), 'doubt');
  // the next views come half a second apart: the doubt keeps the threshold it started with
  assert.equal(w.check(14_500, 14_000, view(0.84), KEPT), 'doubt');
  const early = w.other;
  assert.equal(early, null, 'two unlike views in half a second are no switch yet');
  assert.equal(w.check(15_000, 14_500, view(0.84), KEPT), 'doubt');
  assert.equal(w.check(15_500, 15_000, view(0.84), KEPT), 'switched');
  assert.equal(w.other?.since, 14_000);
});

test('a still person who turns to leave: unlike views until the track ends are no switch', () => {
  // seen still, then unseen for 3 s while the motion gate skipped the detector; turned, two views, gone
  const w = seasoned();
  assert.equal(w.check(13_000, 10_000, view(0.8), KEPT), 'doubt');
  assert.equal(w.check(13_500, 13_000, view(0.8), KEPT), 'doubt');
  const turned = w.other;
  assert.equal(turned, null);
  assert.equal(w.doubted.length, 2, "the doubted views stay the track's own when it ends");
});

test('a view as alike as a person\'s own keeps the track after the longest gap', () => {
  const w = seasoned();
  assert.equal(w.check(14_500, 10_000, view(0.9), KEPT), 'same');
});

test('the rise stops at maxBelow', () => {
  const w = seasoned();
  assert.equal(w.check(30_000, 10_000, view(DEFAULT_SWITCH.maxBelow + 0.001), KEPT), 'same');
  assert.ok(DEFAULT_SWITCH.maxBelow < 0.9, 'below the similarity of a person\'s own views');
});
