/**
 * `bench:questions` prints the history of first blind scores: every committed first run, oldest
 * first, never a regression re-run.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { firstScores, historyLines } from '../../bench/blind-history.js';

test('first scores: committed first runs, oldest first, regression re-runs left out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-blind-history-'));
  const run = (set: string, at: string, right: number): string => JSON.stringify({ set, run_at: at, commit: 'abcdef0123', totals: { answerable: { total: 10, right, wrong: 0, refused: 10 - right }, must_refuse: { total: 2, refused: 2, answered: 0 } } });
  writeFileSync(join(dir, 'blind-b.json'), run('set-b', '2026-11-27T01:00:00Z', 7));
  writeFileSync(join(dir, 'blind-a.json'), run('set-a', '2026-11-26T01:00:00Z', 5));
  writeFileSync(join(dir, 'blind-b-regression.json'), run('set-b', '2026-11-27T02:00:00Z', 10));
  const scores = firstScores(dir);
  assert.deepEqual(scores.map((s) => [s.set, s.answerable.right]), [['set-a', 5], ['set-b', 7]]);
  assert.match(historyLines(scores)[3] ?? '', /set-b .* 7\/0\/3 of 10 \(70 %\) .* 2\/2 refused/);
});
