/**
 * Calendar dates in words read as that day: "on Jan 5", "5 January", "on the 5th", "the 5th of
 * January"; "the 2nd person" stays an ordinal.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { calendarDates } from '../../planner/query/scan-dates.js';
import { parserFor, T0, END } from './parse-helpers.js';

const { parse } = parserFor({ cameras: ['kiosk'], zones: [], lines: [] }, 'none');
const DAY0 = Date.parse('2026-01-05T00:00:00Z');

test('dates in words are that day', () => {
  for (const q of ['how many people came to the kiosk on Jan 5?', 'how many people came to the kiosk on 5 January?', 'how many people came on the 5th?', 'how many people came on the 5th of january 2026?']) {
    const t = parse(q).query.time;
    assert.equal(t.from, DAY0, `${q}: from the start of 5 January`);
    assert.ok(t.to > T0 && t.to <= END + 1, `${q}: to now`);
  }
  assert.deepEqual(parse('when did the 2nd person leave?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
});

test('a date with no year is the latest such day; a day alone is this month or the last', () => {
  const now = Date.parse('2026-11-27T02:00:00Z');
  assert.equal(calendarDates('how many on nov 14', now, 'UTC'), 'how many on 2026-11-14');
  assert.equal(calendarDates('how many on december 25', now, 'UTC'), 'how many on 2025-12-25');
  assert.equal(calendarDates('how many came on the 28th', now, 'UTC'), 'how many came on 2026-10-28');
  assert.equal(calendarDates('who was on the 2nd floor', now, 'UTC'), 'who was on the 2nd floor');
  assert.equal(calendarDates('i may have 2 questions', now, 'UTC'), 'i may have 2 questions');
});
