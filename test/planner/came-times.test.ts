/**
 * People named by how many times they came ("the person who came three times", "how many people
 * came more than once") over a memory on disk: the identities (by re-identification) with that many
 * visits, one identity where "the" names one, a refusal when several fit.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { parserFor } from './parse-helpers.js';
import { visitStore } from './visit-store.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Camera lobby: a came three times (0-10, 20-25, 40-60 s), b twice (70-80, 90-95 s), c and d once each (100-110, 115-118 s). */
before(async () => {
  store = await visitStore('lobby', T0, 130, { a: [[0, 10], [20, 25], [40, 60]], b: [[70, 80], [90, 95]], c: [[100, 110]], d: [[115, 118]] });
});

after(async () => {
  await store.close();
});

const ask = (q: string): { value: unknown; answer: string } => askOffline(q, store, { timeZone: 'UTC', now: s(130) });
const near = (v: unknown, sec: number): boolean => Math.abs(Date.parse(String(v)) - s(sec)) <= 600;

test('how many people came so many times: the identities counted, not their visits', () => {
  assert.equal(ask('how many people came more than once?').value, 2);
  assert.equal(ask('how many people visited twice?').value, 1);
  assert.equal(ask('how many people came only once?').value, 2);
  assert.equal(ask('how many people came in at least 2 times?').value, 2);
  assert.equal(ask('how many people came 4 times?').value, 0);
});

test('the person who came three times: that identity\'s visits', () => {
  const total = ask('how long did the person who came three times stay in total?');
  assert.ok(Math.abs(Number(total.value) - 35) <= 1.5, total.answer);
  assert.match(total.answer, /came 3 times/);
  assert.ok(near(ask('when did the one who came 3 times leave for the last time?').value, 60));
  assert.ok(near(ask('when did the person who came twice first arrive?').value, 70));
  assert.equal(ask('how many times did the person who came twice come?').value, 2);
});

test('"the person who came once" when two did: refused with how many fit, never one of them', () => {
  const a = ask('how long did the person who came only once stay?');
  assert.equal(a.value, null, a.answer);
  assert.match(a.answer, /2 different people fit/);
});

test('parsed: the clause is the subject\'s; "twice as long" stays a ratio; a rule to count once is not a clause', () => {
  const p = parserFor({ cameras: ['lobby'], zones: [], lines: [] }, 'none');
  assert.deepEqual(p.parse('was the person who came three times wearing a black top?').query.subject.visits, { op: 'eq', n: 3 });
  assert.equal(p.parse('how many different people came?').query.subject.visits, undefined);
  p.refused('was it twice as long?');
});

test('"the man in the grey shirt" picked by order is one identity: refused when two people fit, never the last of anyone dressed so', () => {
  const p = parserFor({ cameras: ['lobby'], zones: [], lines: [] }, 'none');
  const q = p.parse('when did the man in the black T-shirt leave for good?').query;
  assert.deepEqual(q.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1 } } });
  assert.equal(q.subject.one, true);
  const both = p.parse('across both of his visits, how long did the guy in the red jacket spend here altogether?').query;
  assert.deepEqual(both.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
  assert.equal(both.subject.one, true);
  // a return restated by "after leaving"; either of two classes
  assert.deepEqual(p.parse('did the woman in the orange vest come back after leaving?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  assert.deepEqual(p.parse('did a truck or a bus come by at any point?').query.subject.classes, ['truck', 'bus']);
});

test('a rule to count each visit separately, said around the question: the visits, as asked', () => {
  const p = parserFor({ cameras: ['lobby'], zones: [], lines: [] }, 'none');
  assert.deepEqual(p.parse('Counting each trip separately, so that a person who came twice counts twice, how many visits were there?').query.measure.measure, 'count');
  assert.deepEqual(p.parse('How many people came, counting each visit separately?').query.measure, { measure: 'count', of: 'visits' });
  // with "different" the rule contradicts the question: refused
  p.refused('how many different people came, counting each visit separately?');
});

test('"all the usual people there" is no state of people (refused); "adding up all his visits" is his visits, added up', () => {
  const a = ask('how long were all the people there?');
  assert.equal(a.value, null, a.answer);
  assert.match(a.answer, /people come and go/);
  const p = parserFor({ cameras: ['lobby'], zones: [], lines: [] }, 'none');
  const q = p.parse('adding up all his visits, how much time did the man in the grey shirt spend here?').query;
  assert.deepEqual(q.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
  assert.equal(q.subject.one, true);
});

test('asked yes or no: someone came that often (no "no": re-identification can miss a return); two gaps compared', () => {
  assert.equal(ask('did anyone visit the lobby three times?').value, true);
  const four = ask('did anybody come to the lobby 4 times?');
  assert.equal(four.value, null, 'none found is no "no"');
  assert.match(four.answer, /can miss someone who came back/);
  // visits by arrival: 0-10, 20-25, 40-60, 70-80: gaps of 10, 15 and 10 s
  assert.equal(ask('was the gap between the second and third visit longer than the gap between the first and second?').value, true);
  assert.equal(ask('was the lobby empty for shorter between the second and third visits than between the third and fourth?').value, false);
});

test('"was it the same person every time": never a "no" from re-identification\'s split; yes over one identity\'s visits', async () => {
  const several = ask('was it the same person every time?');
  assert.equal(several.value, null);
  assert.match(several.answer, /splits when unsure/);
  const one = await visitStore('gate', T0, 60, { a: [[0, 10], [20, 25], [40, 50]] });
  try {
    assert.equal(askOffline('was it the same person each time?', one, { timeZone: 'UTC', now: s(60) }).value, true);
  } finally {
    await one.close();
  }
});
