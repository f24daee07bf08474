/**
 * "Did anyone come back?" over a memory on disk: yes when re-identification drew one identity from
 * two visits; a refusal, never "no", when every visit is its own identity (re-identification can
 * miss a returning person).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { visitStore } from './visit-store.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Camera desk: person a at 2-10 s and again at 30-40 s (one identity, two visits); person b at 50-60 s. */
before(async () => {
  store = await visitStore('desk', T0, 70, { a: [[2, 10], [30, 40]], b: [[50, 60]] });
});

after(async () => {
  await store.close();
});

const ask = (q: string): { value: unknown; answer: string } => askOffline(q, store, { timeZone: 'UTC', now: s(70) });

test('one identity on two visits: someone came back, with how it was estimated', () => {
  const a = ask('did anyone come back for a second go?');
  assert.equal(a.value, true, a.answer);
  assert.match(a.answer, /2 identities from 3 visits/);
  // a came back at 09:00:30: a return after 09:00:20, her first visit before it
  assert.equal(ask('did anybody come back after 09:00:20?').value, true);
});

test('every visit its own identity: refused, never "no"', () => {
  // after 09:00:45 only b's visit, and nobody seen before came again
  const a = ask('did anybody come back after 09:00:45?');
  assert.equal(a.value, null, a.answer);
  assert.match(a.answer, /cannot say no/);
});

test('when someone came back: the arrival of the first return, by re-identification', () => {
  for (const q of ['when did someone come back?', 'At what time did that person return?'.replace('that person', 'a person')]) {
    const a = ask(q);
    assert.ok(Math.abs(Date.parse(String(a.value)) - s(30)) <= 500, `${q}: ${a.answer}`);
    assert.match(a.answer, /re-identification/, q);
  }
});

test('how long the one who came back stayed: the return visit', () => {
  const a = ask('how long did the person who came back stay the second time?');
  assert.equal(a.value && typeof a.value === 'object' && 'seconds' in a.value ? a.value.seconds : a.value, 10.5, a.answer);
});

test('no one seen twice: when someone came back is refused, never a time', () => {
  const a = ask('when did someone come back after 09:00:45?');
  assert.equal(a.value, null, a.answer);
  assert.match(a.answer, /cannot say when/);
});

test('"how many times did the person come": one identity\'s visits, refused when several fit (never added up)', () => {
  const one = ask('how many times did the person come before 09:00:45?');
  assert.equal(one.value, 2, one.answer);
  assert.match(one.answer, /one identity/);
  const several = ask('how many times did the person come?');
  assert.equal(several.value, null, several.answer);
  assert.match(several.answer, /2 different people fit/);
  // people, plural: every visit
  assert.equal(ask('how many times did people come?').value, 3);
});
