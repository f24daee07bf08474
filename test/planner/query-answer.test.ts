/**
 * The offline answer end to end over a small memory written through the store: parse -> execute
 * -> render, for each measure of the question language, with the Read-as line and honest refusals.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FrameObservation, Observation } from '../../ingest/observations.js';
import type { MemoryStore } from '../../memory/store.js';
import type { DraftAnswer as Answer } from '../../planner/answer.js';
import { askOffline } from '../../planner/ask.js';
import { executeQuery } from '../../planner/query/execute.js';
import { event, object, segment } from '../memory/fixtures.js';
import { storeOf } from './visit-store.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const iso = (t: number): string => new Date(t).toISOString();
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Bottles on the bench: 3, one taken at 20 s, back at 30 s, a one-frame miss at 40 s (no change). */
function bottles(t: number): number {
  if (t === 40_000) return 2;
  return t >= 20_000 && t < 30_000 ? 2 : 3;
}

/**
 * One camera, 60 s: p1 0–29.5 s, p2 10–44.5 s (in zone bench_2 12–32 s), p3 20–24.5 s, bottles as
 * above. Line B: p1 forward at 15 s, p2 backward at 35 s and forward at 38 s.
 */
before(async () => {
  const obs: Observation[] = [];
  for (let t = 0; t < 60_000; t += 500) {
    const ids = [t < 30_000 ? 'cam:person:1' : '', t >= 10_000 && t < 45_000 ? 'cam:person:2' : '', t >= 20_000 && t < 25_000 ? 'cam:person:3' : ''].filter(Boolean);
    const f: FrameObservation = {
      kind: 'frame',
      camera: 'cam',
      ts: T0 + t,
      motion: 0.1,
      detected: true,
      counts: { ...(ids.length ? { person: ids.length } : {}), bottle: bottles(t) },
      objects: ids.map((objectId, i) => ({ objectId, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 10, y2: 10 }, score: 0.8 })),
      occupancy: { bench_2: t >= 12_000 && t < 32_000 ? 1 : 0 },
    };
    obs.push(f);
  }
  for (let t = 0; t < 60_000; t += 2000) obs.push(segment('cam', T0 + t, t < 30_000 ? 'people' : 'quiet'));
  obs.push(object('cam', 'cam:person:1', 'person', T0, s(29.5), { crossings: [{ line: 'B', ts: s(15), direction: 'forward' }] }));
  obs.push(object('cam', 'cam:person:2', 'person', s(10), s(44.5), { zones: [{ zone: 'bench_2', enteredAt: s(12), exitedAt: s(32), dwellSeconds: 20 }] }));
  obs.push(object('cam', 'cam:person:3', 'person', s(20), s(24.5)));
  obs.push(object('cam', 'cam:bottle:4', 'bottle', s(0), s(59.5)));
  obs.push(event('cam', s(12), 'zone_enter', { objectId: 'cam:person:2', label: 'person', zone: 'bench_2' }));
  obs.push(event('cam', s(32), 'zone_exit', { objectId: 'cam:person:2', label: 'person', zone: 'bench_2', dwellSeconds: 20 }));
  obs.push(event('cam', s(15), 'line_cross', { objectId: 'cam:person:1', label: 'person', line: 'B', direction: 'forward' }));
  obs.push(event('cam', s(35), 'line_cross', { objectId: 'cam:person:2', label: 'person', line: 'B', direction: 'backward' }));
  obs.push(event('cam', s(38), 'line_cross', { objectId: 'cam:person:2', label: 'person', line: 'B', direction: 'forward' }));
  store = await storeOf(obs, 'vigil-query-');
});

after(async () => {
  await store.close();
});

const q = (question: string, now?: number): Answer => askOffline(question, store, { timeZone: 'UTC', ...(now !== undefined ? { now } : {}) });

test('counts: visits, present, departures, identities, events, distinct crossers', () => {
  const came = q('how many people came?');
  // person 1 is there on the first frame: not seen arriving, left out, and said so
  assert.equal(came.value, 2);
  assert.match(came.answer, /^Read as: the number of visits \(arrivals\) by people/);
  assert.match(came.answer, /Not counted: 1 visit already in progress when the recording began/);
  // identities are stated when asked, with how they are estimated, never beside every count
  assert.doesNotMatch(came.answer, /[Dd]ifferent/);
  const ids = q('how many different people came?');
  assert.equal(ids.value, 3);
  assert.match(ids.answer, /Estimated by re-identification \(appearance across visits\): 3 identities from 3 visits/);
  assert.equal(q('how many people visited bench 2?').value, 1);
  assert.equal(q('how many people were there between 09:00:26 and 09:00:50').value, 2);
  assert.equal(q('how many people left before 09:00:40?').value, 2);
  assert.equal(q('how many times did a person cross line B?').value, 3);
  assert.equal(q('how many times did people cross line b backward?').value, 1);
  assert.equal(q('how many people crossed line B?').value, 2);
  assert.equal(q('how many people stayed longer than 20 seconds?').value, 2);
});

test('settled counts: at an instant, at once, missing, taken and returned (a one-frame miss is no change)', () => {
  assert.equal(q('how many people were there at 09:00:12?').value, 2);
  assert.equal(q('how many people at the same time?').value, 3);
  assert.equal(q('what is the fewest bottles?').value, 2);
  assert.equal(q('how many bottles were taken?').value, 1);
  assert.equal(q('when was a bottle put back?').value, iso(s(29.75)), 'half a frame before the first frame with three');
  assert.equal(q('how many bottles are missing at 09:00:25?').value, 1);
  assert.equal(q('was a bottle missing at 09:00:40?').value, false);
  assert.equal(q('how long were all three bottles there?').value, 49.5);
});

test('when: ordinals by arrival or departure, events, conditions', () => {
  assert.equal(q('when did the first person arrive?').value, iso(T0));
  assert.equal(q('when did the last person arrive').value, iso(s(19.75)), 'half a frame before the first sighting');
  assert.equal(q('when was the last person seen?').value, iso(s(44.75)));
  assert.equal(q('when did the first person to leave go away?').value, iso(s(24.75)));
  assert.equal(q('when did the last person cross line B forward').value, iso(s(38)));
  assert.equal(q('when did the table become empty?').value, null, 'no camera called table: refused');
  assert.equal(q('when did the picture drop to one person?').value, iso(s(29.75)), 'from two to one when p1 left; the count at the start is no drop');
  assert.equal(q('when was the second time there was exactly one person?').value, iso(s(29.75)));
});

test('durations: the only visit, superlatives, averages, conditions', () => {
  assert.equal(q('how long did the person stay in bench 2?').value, 20.5);
  assert.equal(q('how long was the bottle visible?').value, 59.5);
  const only = q('how long did the person stay?');
  assert.equal(only.value, null, 'three people: which one?');
  assert.match(only.answer, /3 visits fit, not one, and I do not pick one/);
  assert.deepEqual(q('who stayed longest?').value, { start: iso(s(9.75)), end: iso(s(44.75)), seconds: 35 });
  assert.equal(q('how long did people stay on average?').value, 23.3);
  assert.equal(q('how long was nobody there?').value, 14.8);
  assert.equal(q('how long was the picture empty of people?').value, 14.8);
});

test('yes/no questions, with negation', () => {
  assert.equal(q('was there a person in the last 10 seconds?').value, false);
  assert.equal(q('was there anyone at 09:00:21?').value, true);
  assert.equal(q('was nobody there at 09:00:21?').value, false);
  assert.equal(q('did anyone cross line B in the last 10 seconds?').value, false);
  assert.equal(q('did anyone stay more than 30 seconds?').value, true);
  const cars = q('were there any cars?');
  assert.equal(cars.value, false);
  assert.match(cars.answer, /No car was ever detected/);
});

test('never answers another question: unknown words, places and empty windows', () => {
  const fork = q('how many forklifts crossed line B?');
  assert.equal(fork.value, null);
  assert.match(fork.answer, /I could not answer: "forklift" is not a detected class/);
  assert.match(fork.answer, /You can ask, for example: "/);
  assert.equal((fork as Answer & { refused?: boolean }).refused, true);
  const line = q('how many people crossed line Z?');
  assert.match(line.answer, /no line called "z" in the memory \(lines: B\)/);
  assert.equal(q('tell me a joke').value, null);
  const y = q('how many people came yesterday?');
  assert.equal(y.value, null);
  assert.match(y.answer, /nothing was recorded then/);
});

test('the executor validates queries and is what the parser calls', () => {
  assert.throws(() => executeQuery({ measure: { measure: 'count', of: 'nonsense' } }, store, { now: s(60), timeZone: 'UTC' }), /bad query/);
  const x = executeQuery({ measure: { measure: 'countAt' }, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: T0, to: s(60), at: s(22) } }, store, { now: s(60), timeZone: 'UTC' });
  assert.deepEqual(x.value, { kind: 'number', n: 3, unit: 'count' });
});

test('relative clauses, moments and changes are executed as read', () => {
  // p1 0-29.5 s, p2 10-44.5 s, p3 20-24.5 s: the first visit longer than 30 s is p2's
  assert.equal(q('when did the first person who stayed longer than 30 seconds arrive?').value, iso(s(9.75)));
  // bottles 3 -> 2 at 20 s -> 3 at 30 s: back to three only at 30 s, not at the start
  assert.equal(q('when was the bench back to 3 bottles?').value, iso(s(29.75)));
  assert.equal(q('how many times was a bottle taken?').value, 1);
  // the table is occupied from 0 to 44.5 s (+ half a frame) of the first minute
  assert.equal(q('how long was someone there in the first minute?').value, 44.8);
});

test('stretches and times of a state are executed as read', () => {
  // people: 1 (0-10 s), 2 (10-20), 3 (20-25), 2 (25-30), 1 (30-45), 0 after 44.75 until the end (59.5)
  assert.equal(q('how long has the picture been empty?').value, 14.8);
  assert.equal(q('how many times were there exactly two people?').value, 2);
  // bottles 3 -> 2 at 20 s -> 3 at 30 s: one stretch with a bottle missing, of 10 s
  assert.equal(q('how long was a bottle missing the first time?').value, 10);
});

test('one visit compared with another or with a length, and the count on average, are executed as read', () => {
  assert.equal(q('did the second person stay longer than the first?').value, true);
  assert.equal(q('was the third visit longer than the first one?').value, false);
  assert.equal(q('did the first person stay more than 25 seconds?').value, true);
  assert.equal(q('did the third person stay more than 25 seconds?').value, false);
  assert.equal(q('did the fifth person stay longer than the first?').value, null, 'no fifth visit: no answer');
  // bottles: 3 for 50 s, 2 for 10 s
  const avg = q('how many bottles were there on average?');
  assert.ok(typeof avg.value === 'number' && Math.abs(avg.value - 2.83) <= 0.05, `average ${JSON.stringify(avg.value)}`);
  assert.match(avg.answer, /on average/);
});

test('stretches of a state by length are executed as read', () => {
  // bottles: all three 0-20 s and 30-60 s, one missing 20-30 s
  assert.equal(q('was the bench ever missing a bottle for more than 8 seconds?').value, true);
  assert.equal(q('was the bench ever missing a bottle for more than 12 seconds?').value, false);
  const longest = q('how long was the longest stretch with all three bottles?').value;
  assert.ok(typeof longest === 'number' && Math.abs(longest - 30) <= 0.5, `30-60 s, not 0-20 s: ${JSON.stringify(longest)}`);
});

test('one visit against an instant is executed as read', () => {
  // p1 0-29.5 s, p2 10-44.5 s, p3 20-24.5 s
  assert.equal(q('did the second person leave before 09:00:40?').value, false);
  assert.equal(q('did the first person leave before 09:00:40?').value, true);
  assert.equal(q('did the third person arrive after 09:00:15?').value, true);
  assert.equal(q('was the third person still there at 09:00:26?').value, false, 'two others were there then');
  assert.equal(q("wasn't anyone there at 09:00:26?").value, true, 'answered as "was anyone there"');
});

test('"full again" is the first change into the state, not the start of the window', () => {
  // three bottles from the start, one taken at 20 s, back at 30 s
  const again = q('when were there three bottles again?');
  assert.equal(again.value, iso(s(29.75)), again.answer);
});

test('the time between two moments is executed from the moments "when" finds, and says both', () => {
  // p1 0-29.5 s, p2 10-44.5 s, p3 20-24.5 s; a bottle taken at 20 s, back at 30 s
  const until = q('how long until the second person came?');
  assert.equal(until.value, 9.8, until.answer);
  assert.match(until.answer, /^Read as: the time from the start \(09:00:00\) to the start of the second visit of a person/);
  assert.equal(q('how long before the first bottle was taken?').value, 19.8);
  const back = q('how long after the first bottle was taken was one put back?');
  assert.equal(back.value, 10, back.answer);
  assert.match(back.answer, /to the next time one was put back \(bottles\) after that/);
  const since = q('how long since someone was last here?');
  assert.match(since.answer, /the last departure of a person to the end/);
  assert.equal(since.value, 14.8, since.answer);
  // p3 arrived last but left at 24.75 s; p2 left last, at 44.75 s
  assert.equal(q('how long since the last person left?').value, 14.8);
  // asked at 26 s: p3 left at 24.75 s, the others are still there
  assert.equal(q('how long since someone left?', s(26)).value, 1.3);
  // the third arrived before the first left: no such span, said so
  const gap = q('how long was the gap between the second and third visitors?');
  assert.equal(gap.value, null);
  assert.match(gap.answer, /came before the first/);
  const none = q('how long until the fifth person came?');
  assert.equal(none.value, null);
  assert.match(none.answer, /no such visit/);
});

test('a set of visits by ordinals is aggregated over those visits only', () => {
  // p1 0-29.5 s (29.5 s), p2 10-44.5 s (34.5 s), p3 20-24.5 s (4.5 s), each a half frame longer
  const two = q('total time the second and third visitors spent');
  assert.equal(two.value, 40, two.answer);
  assert.match(two.answer, /^Read as: the total length of the second and third visits \(by arrival\) of people/);
  assert.equal(q('average stay of the first two visitors').value, 32.4, '29.75 s and 35 s');
  const none = q('average stay of the first four visitors');
  assert.equal(none.value, null);
  assert.match(none.answer, /no such visit \(3 visits/);
});

test('two kinds of events compared by number are counted as "how many" counts them', () => {
  // one bottle taken at 20 s, one put back at 30 s
  const more = q('were more bottles taken than put back?');
  assert.equal(more.value, false, more.answer);
  assert.match(more.answer, /^Read as: whether more bottles were taken away than put back/);
  assert.match(more.answer, /1 taken, 1 returned/);
  assert.equal(q('were fewer bottles returned than taken?').value, false);
});

test('a length compared in a yes/no question, a span said first, and "did anything happen" refused', () => {
  // people were there from 0 to 44.5 s, one or more at once: 44.5 s occupied in all
  assert.equal(q('was someone there for more than 40 seconds in total?').value, true);
  assert.equal(q('in total, was the picture occupied for over 50 seconds?').value, false);
  // visits of 29.5, 35 and 5 s: 23.3 s on average
  assert.equal(q('on average, did people stay longer than 20 seconds?').value, true);
  assert.equal(q('was the average visit longer than 25 seconds?').value, false);
  // the bottle taken at 20 s is back at 30 s
  assert.equal(q('the first time a bottle was taken, how long did it take to come back?').value, 10);
  assert.equal(q('since the bottle was put back, how many bottles were taken?').value, 0);
  const vague = q('did anything happen in the last 30 seconds?');
  assert.equal(vague.value, null, 'never a state read in its place');
  assert.match(vague.answer, /"happen" does not say what to look for/);
});

