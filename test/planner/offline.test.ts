import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Observation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import type { DraftAnswer as Answer } from '../../planner/answer.js';
import { askOffline } from '../../planner/ask.js';
import { parseQuestion, shapeTool } from '../../planner/offline.js';
import { event, frame, object, segment } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const iso = (t: number): string => new Date(t).toISOString();
let store: MemoryStore;

/**
 * One camera, 60 s: p1 present 0–29.5 s, p2 10–44.5 s (in zone bench_2 12–32 s), p3 20–24.5 s,
 * a bottle 5–50 s. Line B: p1 forward at 15 s, p2 backward at 35 s and forward at 38 s.
 */
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-planner-'));
  const w = new MemoryStore({ dir });
  w.open();
  const obs: Observation[] = [];
  for (let t = 0; t < 60_000; t += 500) {
    const ids = [t < 30_000 ? 'cam:person:1' : '', t >= 10_000 && t < 45_000 ? 'cam:person:2' : '', t >= 20_000 && t < 25_000 ? 'cam:person:3' : ''].filter(Boolean);
    obs.push(frame('cam', T0 + t, ids, { bench_2: t >= 12_000 && t < 32_000 ? 1 : 0 }));
  }
  for (let t = 0; t < 60_000; t += 2000) obs.push(segment('cam', T0 + t, t < 30_000 ? 'people' : 'quiet'));
  obs.push(object('cam', 'cam:person:1', 'person', T0, T0 + 29_500, { crossings: [{ line: 'B', ts: T0 + 15_000, direction: 'forward' }] }));
  obs.push(object('cam', 'cam:person:2', 'person', T0 + 10_000, T0 + 44_500, { zones: [{ zone: 'bench_2', enteredAt: T0 + 12_000, exitedAt: T0 + 32_000, dwellSeconds: 20 }] }));
  obs.push(object('cam', 'cam:person:3', 'person', T0 + 20_000, T0 + 24_500));
  obs.push(object('cam', 'cam:bottle:4', 'bottle', T0 + 5000, T0 + 50_000));
  obs.push(event('cam', T0 + 12_000, 'zone_enter', { objectId: 'cam:person:2', label: 'person', zone: 'bench_2' }));
  obs.push(event('cam', T0 + 32_000, 'zone_exit', { objectId: 'cam:person:2', label: 'person', zone: 'bench_2', dwellSeconds: 20 }));
  obs.push(event('cam', T0 + 15_000, 'line_cross', { objectId: 'cam:person:1', label: 'person', line: 'B', direction: 'forward' }));
  obs.push(event('cam', T0 + 35_000, 'line_cross', { objectId: 'cam:person:2', label: 'person', line: 'B', direction: 'backward' }));
  obs.push(event('cam', T0 + 38_000, 'line_cross', { objectId: 'cam:person:2', label: 'person', line: 'B', direction: 'forward' }));
  for (const o of obs.sort((a, b) => ('ts' in a ? a.ts : a.start) - ('ts' in b ? b.ts : b.start))) void w.write(o).catch(() => undefined);
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

const q = (question: string, timeZone = 'UTC', now?: number): Answer => askOffline(question, store, { timeZone, ...(now !== undefined ? { now } : {}) });

test('counts: distinct, at once, at an instant, in a zone', () => {
  assert.equal(q('how many people came?').value, 3);
  assert.equal(q('How many persons were there?').value, 3);
  assert.equal(q('how many people visited bench 2?').value, 1);
  assert.equal(q('how many people were there in zone bench-2 since 09:00:40').value, 0);
  assert.equal(q('how many people between 09:00:26 and 09:00:50').value, 2);
  const max = q('how many people at the same time?');
  assert.equal(max.value, 3);
  assert.equal(max.evidence[0]?.start, iso(T0 + 20_000));
  assert.deepEqual(max.evidence[0]?.trackIds, ['cam:person:1', 'cam:person:2', 'cam:person:3']);
  assert.equal(q('how many people were there at most in the last 30 seconds').value, 2, 'p1 and p2 at 29.5 s');
  assert.equal(q('how many people were there at 09:00:12?').value, 2);
  assert.equal(q('how many people were there at 10:00:12', 'Europe/Berlin').value, 2, 'wall time in the zone');
  const c = q('how many people were there at 09:00:12?');
  assert.deepEqual(c.coverage, { from: iso(T0 + 10_000), to: iso(T0 + 12_001), gaps: [] });
});

test('when: first and last sightings, as ISO times', () => {
  const first = q('when did the first person arrive?');
  assert.equal(first.value, iso(T0));
  assert.match(first.answer, /already in view when the recording began/);
  assert.equal(q('when was the last person seen?').value, iso(T0 + 44_500));
  assert.equal(q('when did the last person arrive').value, iso(T0 + 20_000));
  assert.equal(q('when did the first person leave').value, iso(T0 + 24_500), 'the first departure: p3');
  assert.equal(q('when was a bottle first seen').value, iso(T0 + 5000));
  assert.equal(q('when did the last person leave bench 2?').value, iso(T0 + 32_000));
});

test('line crossings: times, counts, directions', () => {
  assert.equal(q('how many times did a person cross line B?').value, 3);
  assert.equal(q('how many times did people cross line b backward?').value, 1);
  assert.equal(q('how many people crossed line B?').value, 2);
  assert.deepEqual(q('when did a person cross line B?').value, { start: iso(T0 + 15_000), end: iso(T0 + 38_000) });
  assert.equal(q('when did the last person cross line B forward').value, iso(T0 + 38_000));
  assert.equal(q('when did a person cross line B backwards?').value, iso(T0 + 35_000));
  assert.equal(q('did anyone cross line B in the last 10 seconds?').value, false);
  const unknown = q('how many people crossed line Z?');
  assert.equal(unknown.value, null);
  assert.match(unknown.answer, /no line called "z"/);
});

test('dwell and presence in seconds', () => {
  assert.equal(q('how long did the person stay in bench 2?').value, 20);
  assert.equal(q('how long did the person stay in bench_2 since 09:00:20').value, 12);
  const longest = q('who stayed longest?');
  assert.equal(longest.value, 34.5);
  assert.deepEqual(longest.evidence[0]?.trackIds, ['cam:person:2']);
  assert.equal(q('how long was the bottle visible?').value, 45);
});

test('yes/no questions', () => {
  assert.equal(q('was there a bottle in the last 10 seconds?').value, true);
  assert.equal(q('was there a person in the last 10 seconds?').value, false);
  assert.equal(q('was there anyone at 09:00:21?').value, true);
  assert.equal(q('were there any cars?').value, false);
  assert.match(q('were there any cars?').answer, /No car was ever detected/);
});

test('what happened: events and captions as text', () => {
  const a = q('what happened between 09:00:10 and 09:00:40?');
  assert.equal(typeof a.value, 'string');
  assert.match(a.answer, /2 × line cross person line B forward.*1 × line cross person line B backward/);
  assert.match(a.answer, /zone enter person zone bench_2/);
  assert.match(a.answer, /cam: people/);
  assert.deepEqual(a.coverage, { from: iso(T0 + 10_000), to: iso(T0 + 40_000), gaps: [] });
});

test('never invents: unknown classes, places, shapes and empty windows', () => {
  const fork = q('how many forklifts crossed line B?');
  assert.equal(fork.value, null);
  assert.match(fork.answer, /"forklift" is not a detected class/);
  assert.match(fork.answer, /bottle, person/);
  const place = q('how many bottles were on the shelf?');
  assert.equal(place.value, null);
  assert.match(place.answer, /cannot answer.*no zone called "shelf"/);
  assert.deepEqual(place.evidence, [{ camera: 'cam', start: iso(T0), end: iso(T0 + 59_500) }]);
  const joke = q('tell me a joke');
  assert.equal(joke.value, null);
  assert.match(joke.answer, /cannot answer/);
  assert.match(joke.answer, /how many <class>s/);
  assert.deepEqual(joke.coverage, { from: iso(T0), to: iso(T0 + 59_500), gaps: [] });
  const y = q('how many people came yesterday?');
  assert.equal(y.value, null);
  assert.match(y.answer, /no recording/);
  assert.deepEqual(y.coverage, { from: null, to: null, gaps: [] });
});

test('now defaults to the end of coverage; an explicit now moves "the last N minutes"', () => {
  assert.equal(q('how many people in the last 20 seconds').value, 1);
  assert.equal(q('how many people in the last 20 seconds', 'UTC', T0 + 25_000).value, 3);
});

test('parseQuestion reads shapes without a store', () => {
  assert.deepEqual(parseQuestion('how many bottles at once?'), { kind: 'max', label: 'bottle' });
  assert.deepEqual(parseQuestion('How many people came in the last hour?'), { kind: 'count', label: 'person' });
  assert.deepEqual(parseQuestion('when did the last car leave?'), { kind: 'when', label: 'car', which: 'last', moment: 'end' });
  assert.deepEqual(parseQuestion('how many forklifts came'), { kind: 'badClass', word: 'forklift' });
});

test('shapeTool: the exact tool of a recognised question shape, for routing; null when unparsed', () => {
  assert.equal(shapeTool('how many people came in the last hour?', store), 'count');
  assert.equal(shapeTool('how many people were there at most?', store), 'max_simultaneous');
  assert.equal(shapeTool('when did the first person arrive?', store), 'first_last_seen');
  assert.equal(shapeTool('what happened between 09:00 and 09:05?', store), 'caption_retrieval');
  assert.equal(shapeTool('what colour was the jacket of the man who waved?', store), null);
});
