import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { summariseCoverage } from '../../memory/coverage.js';
import { MemoryQueries } from '../../memory/queries.js';
import { COVERAGE_WRITE_MS, MemoryError, MemoryStore } from '../../memory/store.js';
import { frame, object } from './fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');

function seg(camera: string, start: number) {
  return { camera, start, end: start + 2000, frames: 4, firstFrameAt: start, lastFrameAt: start + 1500 };
}

test('segments and coverage survive close and reopen; a long gap splits coverage', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-mem-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let i = 0; i < 30; i++) void w.writeSegment(seg('a', T0 + i * 2000));
  // 60 s outage, then 10 more segments
  for (let i = 0; i < 10; i++) void w.writeSegment(seg('a', T0 + 120_000 + i * 2000));
  void w.writeSegment(seg('b', T0));
  await w.close();

  const r = new MemoryStore({ dir, readOnly: true });
  r.open();
  assert.equal(r.segments(T0, T0 + 3_600_000).length, 41);
  assert.equal(r.segments(T0 + 10_000, T0 + 14_000, 'a').length, 2);
  assert.deepEqual(r.cameras(), ['a', 'b']);
  const cov = r.coverage('a');
  assert.equal(cov.length, 2);
  assert.deepEqual([cov[0]?.start, cov[0]?.end], [T0, T0 + 29 * 2000 + 1500]);
  const s = summariseCoverage(r.coverage());
  assert.equal(s.from, new Date(T0).toISOString());
  assert.equal(s.to, new Date(T0 + 120_000 + 9 * 2000 + 1500).toISOString());
  assert.deepEqual(s.gaps, [{ camera: 'a', start: new Date(T0 + 59_500).toISOString(), end: new Date(T0 + 120_000).toISOString() }]);
  await r.close();
});

test('a growing coverage range is stored within about COVERAGE_WRITE_MS without a flush', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-mem-')) });
  s.open();
  const stored = (): number | undefined => s.dbs().cov.get(['a', T0])?.end;
  // a new range is stored at once
  await s.writeSegment(seg('a', T0));
  assert.equal(stored(), T0 + 1500);
  // growing it is not, at first
  const t0 = performance.now();
  await s.writeSegment(seg('a', T0 + 2000));
  await s.writeSegment(seg('a', T0 + 4000));
  assert.equal(stored(), T0 + 1500);
  assert.equal(s.coverage('a')[0]?.end, T0 + 5500, 'the writer answers from memory');
  // then the timer stores it (no flush, no further write)
  while (stored() !== T0 + 5500 && performance.now() - t0 < COVERAGE_WRITE_MS + 1500) await new Promise((r) => setTimeout(r, 20));
  assert.equal(stored(), T0 + 5500);
  assert.ok(performance.now() - t0 >= COVERAGE_WRITE_MS - 50, 'not before the throttle interval');
  await s.close();
});

test('coverage of an empty memory is null with no gaps', () => {
  assert.deepEqual(summariseCoverage([]), { from: null, to: null, gaps: [] });
});

test('an object whose first sighting moves keeps one span entry: distinct counts stay exact', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-span-')) });
  s.open();
  await s.write(object('a', 'a:person:1', 'person', T0 + 10_000, T0 + 20_000));
  await s.write(object('a', 'a:person:2', 'person', T0 + 5_000, T0 + 8_000));
  // re-ID merged an earlier track into person 1: its first sighting moves earlier
  await s.write(object('a', 'a:person:1', 'person', T0 + 2_000, T0 + 25_000));
  await s.flush();
  const q = new MemoryQueries(s);
  assert.equal(q.countDistinct({ from: T0, to: T0 + 60_000 }, { label: 'person' }), 2);
  assert.equal(q.countDistinct({ from: T0, to: T0 + 60_000 }), 2);
  // window opening after both first sightings: person 1 (still there) counts, person 2 (gone) not
  assert.equal(q.countDistinct({ from: T0 + 9_000, to: T0 + 60_000 }, { label: 'person' }), 1);
  assert.equal(q.countDistinct({ from: T0 + 30_000, to: T0 + 60_000 }, { label: 'person' }), 0);
  await s.close();
});

test('writing to a store that is not open rejects the promise (MEMORY_NOT_OPEN), never throws', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-mem-')) });
  const notOpen = (e: unknown): boolean => e instanceof MemoryError && e.code === 'MEMORY_NOT_OPEN';
  const calls = (): Promise<boolean>[] => [s.write(frame('a', T0, ['p'])), s.writeSegment(seg('a', T0))];
  let before: Promise<boolean>[] = [];
  assert.doesNotThrow(() => (before = calls()), 'before open');
  for (const p of before) await assert.rejects(p, notOpen);
  s.open();
  assert.equal(await s.write(frame('a', T0, ['p'])), true);
  await s.close();
  let after: Promise<boolean>[] = [];
  assert.doesNotThrow(() => (after = calls()), 'after close');
  for (const p of after) await assert.rejects(p, notOpen);
  // closing twice, and closing a closed store, is harmless
  await Promise.all([s.close(), s.close()]);
});
