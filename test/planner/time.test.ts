import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveTime, zonedToEpoch } from '../../planner/time.js';

const iso = (t: number): string => new Date(t).toISOString();
function win(q: string, now: string, timeZone: string): [string, string] {
  const r = resolveTime(q, { now: Date.parse(now), timeZone });
  return [iso(r.from), iso(r.to)];
}

test('UTC: relative and named windows; windows reaching now include it', () => {
  const now = '2026-11-21T15:20:00.000Z';
  assert.deepEqual(win('was there a bottle in the last hour?', now, 'UTC'), ['2026-11-21T14:20:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('how many people in the last 15 minutes', now, 'UTC'), ['2026-11-21T15:05:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('in the past 2 hours', now, 'UTC'), ['2026-11-21T13:20:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('today', now, 'UTC'), ['2026-11-21T00:00:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('this morning', now, 'UTC'), ['2026-11-21T06:00:00.000Z', '2026-11-21T12:00:00.000Z']);
  assert.deepEqual(win('this afternoon', now, 'UTC'), ['2026-11-21T12:00:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('yesterday', now, 'UTC'), ['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z']);
  assert.deepEqual(win('since 9', now, 'UTC'), ['2026-11-21T09:00:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('since 09:30', now, 'UTC'), ['2026-11-21T09:30:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('since 3pm', now, 'UTC'), ['2026-11-21T15:00:00.000Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('between 14:00 and 14:30 yesterday', now, 'UTC'), ['2026-11-20T14:00:00.000Z', '2026-11-20T14:30:00.000Z']);
  assert.deepEqual(win('what happened between 14:00 and 14:30', now, 'UTC'), ['2026-11-21T14:00:00.000Z', '2026-11-21T14:30:00.000Z']);
  assert.deepEqual(win('after 10:00:05', now, 'UTC'), ['2026-11-21T10:00:05.001Z', '2026-11-21T15:20:00.001Z']);
  assert.deepEqual(win('before 10:00', now, 'UTC'), ['2026-11-21T00:00:00.000Z', '2026-11-21T10:00:00.000Z']);
});

test('"tonight": the evening, or in the small hours the night in progress since the evening before', () => {
  assert.deepEqual(win('how many cars tonight', '2026-11-21T21:10:00.000Z', 'UTC'), ['2026-11-21T18:00:00.000Z', '2026-11-21T21:10:00.001Z']);
  assert.deepEqual(win('how many cars tonight', '2026-11-21T02:30:00.000Z', 'UTC'), ['2026-11-20T18:00:00.000Z', '2026-11-21T02:30:00.001Z']);
  // "this evening" is the evening of today
  assert.deepEqual(win('this evening', '2026-11-21T21:10:00.000Z', 'UTC'), ['2026-11-21T18:00:00.000Z', '2026-11-21T21:10:00.001Z']);
});

test('"this morning" asked before 06:00 is the early morning so far, since midnight; after it, from 06:00', () => {
  assert.deepEqual(win('when did the first car come this morning', '2026-11-21T05:15:00.000Z', 'UTC'), ['2026-11-21T00:00:00.000Z', '2026-11-21T05:15:00.001Z']);
  assert.deepEqual(win('when did the first car come this morning', '2026-11-21T09:15:00.000Z', 'UTC'), ['2026-11-21T06:00:00.000Z', '2026-11-21T09:15:00.001Z']);
});

test('a time of day without a date is its latest occurrence up to now', () => {
  const now = '2026-11-21T08:00:00.000Z';
  assert.deepEqual(win('since 9', now, 'UTC'), ['2026-11-20T09:00:00.000Z', '2026-11-21T08:00:00.001Z']);
  const r = resolveTime('how many people at 09:01:30?', { now: Date.parse(now), timeZone: 'UTC' });
  assert.equal(iso(r.instant ?? NaN), '2026-11-20T09:01:30.000Z');
  assert.equal(r.rest, 'how many people ?');
  const r2 = resolveTime('how many people at 07:59:59', { now: Date.parse(now), timeZone: 'UTC' });
  assert.equal(iso(r2.instant ?? NaN), '2026-11-21T07:59:59.000Z');
});

test('no expression: the whole coverage; the rest of the question is kept', () => {
  const r = resolveTime('how many bottles were there at most?', { now: 5000, timeZone: 'UTC', all: { from: 1000, to: 4001 } });
  assert.deepEqual([r.from, r.to, r.phrase, r.instant], [1000, 4001, null, undefined]);
  const l = resolveTime('when was the last person seen', { now: 5000, timeZone: 'UTC', all: { from: 1000, to: 4001 } });
  assert.equal(l.phrase, null, '"the last person" is not a time');
});

test('Europe/Berlin: wall times in the zone, across the spring DST change (29 March 2026)', () => {
  // 12:00 CEST on the DST day; the day has 23 hours
  const now = '2026-03-29T10:00:00.000Z';
  assert.deepEqual(win('today', now, 'Europe/Berlin'), ['2026-03-28T23:00:00.000Z', '2026-03-29T10:00:00.001Z']);
  assert.deepEqual(win('this morning', now, 'Europe/Berlin'), ['2026-03-29T04:00:00.000Z', '2026-03-29T10:00:00.000Z']);
  assert.deepEqual(win('since 1:30', now, 'Europe/Berlin'), ['2026-03-29T00:30:00.000Z', '2026-03-29T10:00:00.001Z']);
  assert.deepEqual(win('since 9', now, 'Europe/Berlin'), ['2026-03-29T07:00:00.000Z', '2026-03-29T10:00:00.001Z']);
  assert.deepEqual(win('yesterday', '2026-03-30T10:00:00.000Z', 'Europe/Berlin'), ['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  assert.deepEqual(win('between 14:00 and 14:30 yesterday', now, 'Europe/Berlin'), ['2026-03-28T13:00:00.000Z', '2026-03-28T13:30:00.000Z']);
  const r = resolveTime('at 09:01:30', { now: Date.parse(now), timeZone: 'Europe/Berlin' });
  assert.equal(iso(r.instant ?? NaN), '2026-03-29T07:01:30.000Z');
  // a skipped wall time keeps the earlier offset; a repeated one is its first occurrence
  assert.equal(iso(zonedToEpoch({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')), '2026-03-29T01:30:00.000Z');
  assert.equal(iso(zonedToEpoch({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')), '2026-10-25T00:30:00.000Z');
  assert.equal(iso(zonedToEpoch({ year: 2026, month: 7, day: 1, hour: 12 }, 'Europe/Berlin')), '2026-07-01T10:00:00.000Z');
});

test('midnight: "before midnight" is the day it ends; "the midnight" is midnight', () => {
  const now = '2027-07-04T00:01:40.000Z';
  assert.deepEqual(win('how many came before midnight', now, 'UTC'), ['2027-07-03T00:00:00.000Z', '2027-07-04T00:00:00.000Z']);
  assert.deepEqual(win('how many came after the midnight', now, 'UTC'), ['2027-07-04T00:00:00.001Z', '2027-07-04T00:01:40.001Z']);
  // another clock time keeps its own day
  assert.deepEqual(win('before 09:00', '2027-07-04T10:00:00.000Z', 'UTC'), ['2027-07-04T00:00:00.000Z', '2027-07-04T09:00:00.000Z']);
});
