/**
 * Object ids are unique for the life of a data directory, whatever the clock: each run takes the
 * next number of the directory's run counter (kept in the memory) and its ids carry that stamp.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ReidGrouper, runStamp, unpersistedRunStamp } from '../../ingest/perception/reid.js';
import { MemoryStore } from '../../memory/store.js';

const emb = new Float32Array([1, 0, 0]);

/** The ids one run hands out for three tracks of one camera (the same tracks each run). */
function idsOfRun(run: string): string[] {
  const g = new ReidGrouper('door', undefined, run);
  return [0, 1, 2].map((i) => g.assign({ trackId: i, label: 'person', start: i * 10, end: i * 10 + 5, embedding: emb.map((_, k) => (k === i ? 1 : 0)) }));
}

/** Runs `fn` with `Date.now()` fixed at `at`. */
function atClock<T>(at: number, fn: () => T): T {
  const real = Date.now;
  Date.now = () => at;
  try {
    return fn();
  } finally {
    Date.now = real;
  }
}

test('two runs of one data directory, the clock stepped back between them: different stamps, no id repeated', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-runs-'));
  try {
    const runOnce = async (clock: number): Promise<{ run: number; ids: string[] }> => {
      const store = new MemoryStore({ dir });
      store.open();
      try {
        return atClock(clock, () => {
          const run = store.beginRun();
          return { run, ids: idsOfRun(runStamp(run)) };
        });
      } finally {
        await store.close();
      }
    };
    const first = await runOnce(Date.UTC(2025, 5, 1, 12));
    // the box restarts without a real-time clock: it believes it is 1970 until NTP answers
    const second = await runOnce(0);
    const third = await runOnce(0);
    assert.deepEqual([first.run, second.run, third.run], [1, 2, 3]);
    const all = [...first.ids, ...second.ids, ...third.ids];
    assert.equal(new Set(all).size, 9, all.join(' '));
    assert.match(first.ids[0] ?? '', /^door:person:1-r1$/);

    const ro = new MemoryStore({ dir, readOnly: true });
    ro.open();
    try {
      assert.throws(() => ro.beginRun(), { code: 'MEMORY_NOT_WRITABLE' });
    } finally {
      await ro.close();
    }
    assert.throws(() => new MemoryStore({ dir }).beginRun(), { code: 'MEMORY_NOT_OPEN' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a run counter, stamps taken at the same clock reading still differ (random part)', () => {
  const at = Date.UTC(2025, 0, 1);
  const stamps = new Set(Array.from({ length: 1000 }, () => unpersistedRunStamp(at)));
  assert.equal(stamps.size, 1000);
  // two groupers made at one clock reading (two restarts with the clock stepped back) hand out different ids
  const a = atClock(at, () => idsOfRun(unpersistedRunStamp()));
  const b = atClock(at, () => idsOfRun(unpersistedRunStamp()));
  assert.equal(new Set([...a, ...b]).size, 6);
  assert.throws(() => runStamp(0), RangeError);
});
