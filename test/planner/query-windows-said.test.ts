/**
 * Kinds of wording found by the fourteenth blind set (own sentences, not the set's): a window on
 * one side of a clock time ("the 60 seconds before 09:01:30"), a part of the day said with "of the"
 * ("the last visitor of the morning"), a part of the structure a camera is named for ("the booth
 * window"), the start restated before "until", things that "go back" (a return), and "the second
 * time" a thing was taken (a moment, not an item).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { END, T0, parserFor } from './parse-helpers.js';

const { parse, refused } = parserFor({ cameras: ['market-booth', 'garden-shed-bench'], zones: [], lines: [] }, 'garden-shed-bench');
const booth = parserFor({ cameras: ['market-booth'], zones: [], lines: [] }, 'none');
const shed = parserFor({ cameras: ['garden-shed-bench'], zones: [], lines: [] }, 'garden-shed-bench');

test('"the N minutes before/after T" is a window on that side of T; "N minutes before T" alone is no window', () => {
  const q = parse('how many people came to market-booth in the 60 seconds before 09:01:30?').query;
  assert.deepEqual([q.time.from - T0, q.time.to - T0], [30_000, 90_000]);
  const after = parse('how many people came to market-booth during the 30 seconds after 09:00:20?').query;
  assert.deepEqual([after.time.from - T0, after.time.to - T0], [20_000, 50_000]);
  refused('was anyone at market-booth 5 minutes before 09:01:30', '5|minutes');
});

test('"of the morning", "of the night": the part of the day, as "this morning" and "tonight" read it', () => {
  const q = parse('when did the last visitor of the morning leave market-booth?').query;
  assert.equal(q.time.from, Date.parse('2026-01-05T06:00:00Z'), 'the morning begins at 06:00');
  assert.ok(q.time.to <= END + 1);
  // asked at 09:02, "the night" is the night just gone, from the evening before to 06:00 (as "tonight"
  // in the small hours; in the evening it is the evening)
  const night = parse('when did the last visitor of the night leave market-booth?').query;
  assert.deepEqual([night.time.from, night.time.to], [Date.parse('2026-01-04T18:00:00Z'), Date.parse('2026-01-05T06:00:00Z')]);
});

test('"the booth window": a part of what the camera is named for; "the shed door" is not (the shed is not the bench)', () => {
  assert.deepEqual(booth.parse('how many people came to the booth window?').query.place.cameras, ['market-booth']);
  shed.refused('how many people came to the shed door?', 'door');
});

test('the start said before "until" restates where a wait counts from', () => {
  for (const q of ['how long from the start until the first person came to market-booth?', 'how long did it take from the beginning till the first person showed up at market-booth?', 'how long from the start of the recording until the first person came to market-booth?']) {
    assert.deepEqual(parse(q).query.measure, { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } }, q);
  }
});

test('a thing that goes back on the shelf is put back', () => {
  assert.deepEqual(shed.parse('when did the last bottle go back on the bench?').query.measure, { measure: 'when', of: { kind: 'event', event: 'returned', pick: { by: 'nth', n: -1 } } });
});

test('"the second time a bottle was taken" is the second moment; "the second bottle taken" the second item', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-times-'));
  const w = new MemoryStore({ dir });
  w.open();
  // 3 bottles; two taken together at 10 s, both back at 20 s, one taken at 30 s
  const n = (t: number): number => (t >= 10 && t < 20 ? 1 : t >= 30 ? 2 : 3);
  for (let t = 0; t < 40; t += 0.5) {
    const f: FrameObservation = { kind: 'frame', camera: 'shelf', ts: T0 + t * 1000, motion: 0.1, detected: true, counts: { bottle: n(t) }, objects: [], occupancy: {} };
    await w.write(f);
  }
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  const at = (q: string): number => (Date.parse(askOffline(q, store, { timeZone: 'UTC' }).value as string) - T0) / 1000;
  assert.ok(Math.abs(at('The second time someone took a bottle, when was that?') - 30) <= 1);
  assert.ok(Math.abs(at('when was a bottle taken for the second time?') - 30) <= 1);
  assert.ok(Math.abs(at('when was the second bottle taken?') - 10) <= 1, 'the second item went in the first lift');
  await store.close();
});
