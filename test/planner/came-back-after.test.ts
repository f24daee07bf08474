/**
 * "Did she come back after midnight?": the return in the window, the first visit any time before
 * it; and when several people fit the look asked about and not all came back, a refusal (which
 * one is meant?), never a guess.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ObjectColour, ObjectColours, Observation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { object } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
const colour = (term: ObjectColour['term'], L: number): ObjectColour => ({ term, lab: [L, 0, 0], share: 0.9 });
const wears = (upper: ObjectColour, lower: ObjectColour): ObjectColours => ({ upper, lower, samples: 8 });
let store: MemoryStore;

/** Camera table: p1 in a black top at 2-10 s and again at 30-40 s (one identity); p2 in a black top at 50-60 s; p3 in a white top at 70-80 s. */
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-came-back-'));
  const w = new MemoryStore({ dir });
  w.open();
  const black = wears(colour('black', 12), colour('grey', 55));
  const white = wears(colour('white', 92), colour('black', 15));
  const person = (id: string, visits: [number, number][], c: ObjectColours): Observation =>
    object('table', `table:person:${id}`, 'person', s(visits[0]![0]), s(visits.at(-1)![1]), { visits: visits.map(([a, b]) => ({ start: s(a), end: s(b), colours: c })), colours: c });
  for (let t = 0; t <= 90_000; t += 1000) void w.write({ kind: 'frame', camera: 'table', ts: T0 + t, motion: 0, detected: true, counts: {}, objects: [], occupancy: {} }).catch(() => undefined);
  for (const o of [person('1', [[2, 10], [30, 40]], black), person('2', [[50, 60]], black), person('3', [[70, 80]], white)]) void w.write(o).catch(() => undefined);
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

const ask = (q: string): { value: unknown; answer: string } => askOffline(q, store, { timeZone: 'UTC', now: s(90) });

test('a return after a time counts with its first visit before that time', () => {
  const a = ask('did anyone come back to the table after 09:00:20?');
  assert.equal(a.value, true, a.answer);
  // after 09:00:45 only p2 and p3, each seen once: no return seen, and re-ID can miss one
  assert.equal(ask('did anyone come back to the table after 09:00:45?').value, null);
});

test('two people fit the look and only one came back: refused; one person fits it: answered', () => {
  const black = ask('did the man in the black top come back to the table after 09:00:20?');
  assert.equal(black.value, null, black.answer);
  assert.match(black.answer, /2 people looked .*not all of them came back/);
  // before p2 came, one person in a black top: she came back
  assert.equal(ask('did the woman in the black top come back to the table before 09:00:45?').value, true);
  // the one in white was seen once, and a return would look the same
  assert.equal(ask('did the person in the white top come back?').value, false);
});
