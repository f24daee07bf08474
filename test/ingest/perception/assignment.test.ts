import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linearAssignment } from '../../../ingest/perception/assignment.js';

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ok = (c: number | undefined, maxCost: number): c is number =>
  c !== undefined && Number.isFinite(c) && c < maxCost;

/** Best value of sum(cost - maxCost) over all partial matchings of allowed pairs. */
function bruteForce(cost: number[][], maxCost: number): number {
  const cols = cost[0]?.length ?? 0;
  const used = new Array<boolean>(cols).fill(false);
  const go = (r: number): number => {
    if (r === cost.length) return 0;
    let best = go(r + 1); // row r unmatched
    for (let c = 0; c < cols; c++) {
      const v = cost[r]?.[c];
      if (used[c] || !ok(v, maxCost)) continue;
      used[c] = true;
      best = Math.min(best, v - maxCost + go(r + 1));
      used[c] = false;
    }
    return best;
  };
  return go(0);
}

function value(cost: number[][], matches: [number, number][], maxCost: number): number {
  return matches.reduce((s, [r, c]) => s + (cost[r]?.[c] ?? NaN) - maxCost, 0);
}

test('matches brute force on random small matrices (with gated and infinite entries)', () => {
  const rand = rng(12345);
  for (let iter = 0; iter < 600; iter++) {
    const rows = 1 + Math.floor(rand() * 6);
    const cols = 1 + Math.floor(rand() * 6);
    const maxCost = 0.3 + rand() * 0.7;
    const cost = Array.from({ length: rows }, () =>
      Array.from({ length: cols }, () => (rand() < 0.15 ? Infinity : rand())),
    );
    const r = linearAssignment(cost, maxCost);
    // Structurally valid: disjoint, complete, every match allowed.
    const rowsSeen = new Set(r.matches.map((m) => m[0]));
    const colsSeen = new Set(r.matches.map((m) => m[1]));
    assert.equal(rowsSeen.size, r.matches.length);
    assert.equal(colsSeen.size, r.matches.length);
    for (const [i, j] of r.matches) assert.ok(ok(cost[i]?.[j], maxCost), `pair ${i},${j} over gate`);
    assert.deepEqual([...rowsSeen, ...r.unmatchedRows].sort((a, b) => a - b), [...Array(rows).keys()]);
    assert.deepEqual([...colsSeen, ...r.unmatchedCols].sort((a, b) => a - b), [...Array(cols).keys()]);
    // Optimal.
    const best = bruteForce(cost, maxCost);
    assert.ok(Math.abs(value(cost, r.matches, maxCost) - best) < 1e-9, `iter ${iter}: ${JSON.stringify(cost)}`);
  }
});

test('prefers the globally cheaper assignment over the greedy one', () => {
  // Greedy would take (0,0)=0.1 and leave row 1 with 0.95 (gated out): one match, value -0.8.
  // Optimal takes (0,1)=0.2 and (1,0)=0.3: value -0.7 + -0.6 = -1.3.
  const r = linearAssignment(
    [
      [0.1, 0.2],
      [0.3, 0.95],
    ],
    0.9,
  );
  assert.deepEqual(r.matches, [
    [0, 1],
    [1, 0],
  ]);
  assert.deepEqual(r.unmatchedRows, []);
  assert.deepEqual(r.unmatchedCols, []);
});

test('gate is exclusive and empty inputs work', () => {
  assert.deepEqual(linearAssignment([[0.5]], 0.5), { matches: [], unmatchedRows: [0], unmatchedCols: [0] });
  assert.deepEqual(linearAssignment([], 1), { matches: [], unmatchedRows: [], unmatchedCols: [] });
  assert.deepEqual(linearAssignment([[], []], 1), { matches: [], unmatchedRows: [0, 1], unmatchedCols: [] });
  const tall = linearAssignment([[0.9], [0.1], [NaN]], 0.5);
  assert.deepEqual(tall, { matches: [[1, 0]], unmatchedRows: [0, 2], unmatchedCols: [] });
});
