/**
 * The busiest clock span: "which minute was the busiest", "in which hour did the most people
 * arrive", "how many came in the busiest minute", over a small memory of arrivals; the span must
 * be said; ties name the others; an hour follows the asker's clock in a half-hour zone. The
 * sentences are this file's own (none is from a blind set).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Observation } from '../../ingest/observations.js';
import type { MemoryStore } from '../../memory/store.js';
import type { DraftAnswer as Answer } from '../../planner/answer.js';
import { askOffline } from '../../planner/ask.js';
import { clockShift } from '../../planner/query/compose-busiest.js';
import { arrivalsBySpan, busiestSpans } from '../../planner/query/measures/busiest.js';
import { frame, object, segment } from '../memory/fixtures.js';
import { storeOf } from './visit-store.js';

const T0 = Date.parse('2026-11-21T14:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
const iso = (t: number): string => new Date(t).toISOString();
let store: MemoryStore;

/** Visits at the counter (seconds): one in the first minute, three in the second, two in the third. */
const VISITS: [number, number][] = [[10, 20], [65, 70], [80, 90], [100, 110], [130, 140], [150, 170]];

before(async () => {
  const obs: Observation[] = [];
  for (let t = 0; t < 180_000; t += 500) {
    const ids = VISITS.flatMap(([a, b], i) => (t >= a * 1000 && t < b * 1000 ? [`counter:person:${i + 1}`] : []));
    obs.push(frame('counter', T0 + t, ids));
    if (t % 2000 === 0) obs.push(segment('counter', T0 + t, 'quiet'));
  }
  VISITS.forEach(([a, b], i) => obs.push(object('counter', `counter:person:${i + 1}`, 'person', s(a), s(b - 0.5))));
  store = await storeOf(obs, 'vigil-busiest-');
});

after(async () => {
  await store.close();
});

const q = (question: string): Answer => askOffline(question, store, { timeZone: 'UTC', now: s(180) });

test('the busiest minute is the clock minute with the most arrivals; the count in it when asked how many', () => {
  for (const question of ['which minute was the busiest at the counter?', 'what was the busiest minute for arrivals?', 'in which minute did the most people arrive?']) {
    assert.equal(q(question).value, iso(s(60)), question);
  }
  assert.equal(q('how many people came in the busiest minute?').value, 3);
  // over a window that leaves the second minute out
  assert.equal(q('which minute was busiest after 14:02?').value, iso(s(120)));
});

test('the span must be said, and a question about something else is not read as the busiest span', () => {
  for (const question of ['when was the counter busiest?', 'list the visits in the busiest minute', 'how long was the busiest minute?']) {
    const a = q(question);
    assert.ok(a.value === null || a.value === undefined, `${question}: refused, was ${a.answer}`);
  }
});

test('ties name the other spans; an hour follows the asker\'s clock', () => {
  const bins = arrivalsBySpan([{ start: s(10) }, { start: s(70) }], 'minute');
  assert.deepEqual(busiestSpans(bins), { starts: [s(0), s(60)], n: 1 });
  // Kolkata is UTC+5:30: its hours begin at half past in UTC
  assert.equal(clockShift(T0, 'hour', 'Asia/Kolkata'), 30 * 60_000);
  assert.equal(clockShift(T0, 'hour', 'UTC'), 0);
  assert.equal(clockShift(T0 + 12_345, 'minute', 'Europe/Berlin'), 0);
  const half = arrivalsBySpan([{ start: T0 + 29 * 60_000 }, { start: T0 + 31 * 60_000 }], 'hour', 30 * 60_000);
  assert.deepEqual([...half.keys()], [T0 - 30 * 60_000, T0 + 30 * 60_000]);
});
