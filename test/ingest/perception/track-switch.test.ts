/**
 * The switch watch's threshold rises with the gap: a view after a short miss is the track's own at
 * 0.82 similarity, the same view after the track went unseen for 4 s is another object's (two such
 * views in a row switch), and a view as alike as a person's own (0.9) keeps the track at any gap.
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

test('0.82 after 4 s unseen starts a doubt, and a second such view switches', () => {
  const w = seasoned();
  assert.equal(w.check(14_000, 10_000, view(0.82), KEPT), 'doubt');
  // the next view comes half a second later: the doubt keeps the threshold it started with
  assert.equal(w.check(14_500, 14_000, view(0.84), KEPT), 'switched');
  assert.equal(w.other?.since, 14_000);
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
