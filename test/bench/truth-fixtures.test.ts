import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AISLE_PEOPLE, BOTTLE_IN_HAND, BOTTLE_PLACES, BOTTLES_PER_SECOND, LOT_CARS, type TrueSpan } from '../fixtures/truth.js';

const standing = (spans: readonly TrueSpan[], s: number): number => new Set(spans.filter(([, a, b]) => s >= a && s <= b).map(([who]) => who)).size;

test('the bottle places agree with the per-second bottle counts at every settled second', () => {
  let checked = 0;
  for (let s = 1; s < BOTTLES_PER_SECOND.length; s++) {
    if (BOTTLE_IN_HAND.has(s)) continue;
    assert.equal(standing(BOTTLE_PLACES, s), BOTTLES_PER_SECOND[s], `second ${s}`);
    checked++;
  }
  assert.ok(checked >= 25, `checked ${checked} seconds`);
});

test('the MOT timelines are well formed: spans inside their clip, visits of one thing apart in time', () => {
  for (const [spans, length] of [[AISLE_PEOPLE, 4.5], [LOT_CARS, 3.4], [BOTTLE_PLACES, 39.9]] as const) {
    for (const [, a, b] of spans) assert.ok(a >= 0 && a < b && b <= length, `${a}-${b} within ${length}`);
    for (const x of spans) for (const y of spans) if (x !== y && x[0] === y[0]) assert.ok(x[2] < y[1] || y[2] < x[1], 'one thing is not in two visits at once');
  }
});
