/**
 * Things that come into view for the first time at a camera (a recording that cuts to a shelf, a
 * camera turned towards it) appear: the rise from none is not a putting back. A later rise from
 * none, after they were seen, is. And one end of one stretch of a state ("when did the longest
 * empty stretch end?") over the same store.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';

const T0 = Date.parse('2026-11-21T07:00:00Z');

/** No bottles until 20 s, then 3; one taken at 40 s and put back at 50 s; all three taken at 60 s, one back at 70 s. */
function bottles(t: number): number {
  if (t < 20_000) return 0;
  if (t < 40_000) return 3;
  if (t < 50_000) return 2;
  if (t < 60_000) return 3;
  return t < 70_000 ? 0 : 1;
}

test('the first sighting of things at a camera is no putting back; later rises are', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-first-seen-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t < 80_000; t += 500) {
    const n = bottles(t);
    const f: FrameObservation = { kind: 'frame', camera: 'shelf', ts: T0 + t, motion: 0.1, detected: true, counts: n > 0 ? { bottle: n } : {}, objects: [], occupancy: {} };
    void w.write(f).catch(() => undefined);
  }
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  const q = (s: string): ReturnType<typeof askOffline> => askOffline(s, store, { timeZone: 'UTC' });
  const back = q('how many bottles were put back?');
  assert.equal(back.value, 2);
  assert.match(back.answer, /3 came into view at shelf at 2026-11-21[ T]07:00:19.*not counted as put back/);
  assert.equal(q('how many bottles were taken?').value, 4);
  // one end of one stretch of a state (the same store: no bottles 0-20 s and 60-70 s)
  const ended = q('when did the longest stretch with no bottles end?');
  assert.match(JSON.stringify(ended.value), /^"2026-11-21T07:00:19\./, ended.answer);
  assert.match(JSON.stringify(q('when did the last empty stretch begin?').value), /^"2026-11-21T07:00:59\./);
  assert.equal(q('when did the first empty stretch begin?').value, null, 'it was already so when the recording began');
  await store.close();
});

test('a rise in the first seconds of a camera is the tracker taking in what was there, not a putting back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-warm-up-'));
  const w = new MemoryStore({ dir });
  w.open();
  // 2 bottles for the first 2 s (the third started late), then 3; one taken at 20 s, put back at 30 s
  const n = (t: number): number => (t < 2000 ? 2 : t >= 20_000 && t < 30_000 ? 2 : 3);
  for (let t = 0; t < 40_000; t += 500) {
    const f: FrameObservation = { kind: 'frame', camera: 'shelf', ts: T0 + t, motion: 0.1, detected: true, counts: { bottle: n(t) }, objects: [], occupancy: {} };
    void w.write(f).catch(() => undefined);
  }
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  const back = askOffline('how many bottles were put back?', store, { timeZone: 'UTC' });
  assert.equal(back.value, 1, back.answer);
  assert.match(back.answer, /1 came into view at shelf at 2026-11-21[ T]07:00:0.*first seconds.*not counted as put back/);
  await store.close();
});
