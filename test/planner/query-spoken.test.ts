/**
 * Spoken numbers and clock times read as their digits: "three and a half minutes", "twenty-five
 * seconds", "a couple of minutes", "four minutes past two", "twenty past nine", "ten to nine";
 * words that are not measures or clock times ("from five to ten", "no one") keep their meaning.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, END, T0 } from './parse-helpers.js';
import { spokenClock, spokenNumbers } from '../../planner/query/spoken.js';
import { parseQuestion } from '../../planner/query/parse.js';
import { COCO_LABELS } from '../../ingest/perception/coco.js';

const { parse } = parserFor({ cameras: ['kiosk', 'ledge'], zones: ['door'], lines: ['B'] }, 'ledge');
const time = (q: string): unknown => parse(q).query.time;

test('numbers of a unit said in words', () => {
  assert.equal(parse('how many people came in the last three and a half minutes').query.time.from, END - 210_000);
  assert.deepEqual(time('how many people came in the last three and a half minutes'), time('how many people came in the last 3.5 minutes'));
  assert.equal(parse('how many people came in the first twenty-five seconds').query.time.to, T0 + 25_000);
  assert.equal(parse('how many people came in the first twenty five seconds').query.time.to, T0 + 25_000);
  assert.deepEqual(time('how many people came in the last a couple of minutes'), time('how many people came in the last 2 minutes'));
  assert.equal(spokenNumbers('one and a quarter hours'), '1.25 hours');
  // the unit before the fraction: "a minute and a half", "the last minute and a half"
  assert.equal(parse('how many people came in the last minute and a half').query.time.from, END - 90_000);
  assert.equal(spokenNumbers('an hour and a quarter ago'), '1.25 hour ago');
  assert.equal(spokenNumbers('two minutes and a half'), '2.5 minutes');
  // not a measure: the words stay
  assert.equal(spokenNumbers('did no one come before the second visitor'), 'did no one come before the second visitor');
});

test('clock times said in words', () => {
  const at = (q: string): number | undefined => parse(q).query.time.at;
  assert.equal(at('how many people were at the kiosk at four minutes past two'), at('how many people were at the kiosk at 2:04'));
  assert.equal(at('how many people were at the kiosk at twenty past nine'), at('how many people were at the kiosk at 9:20'));
  assert.equal(at('how many people were at the kiosk at ten to nine'), at('how many people were at the kiosk at 8:50'));
  assert.equal(at('how many people were at the kiosk at quarter to ten'), at('how many people were at the kiosk at 9:45'));
  assert.equal(at('how many people were at the kiosk at half past nine'), at('how many people were at the kiosk at 9:30'));
  assert.equal(at('how many people were at the kiosk at noon'), at('how many people were at the kiosk at 12:00'));
  assert.equal(at('how many people were at the kiosk at midnight'), at('how many people were at the kiosk at 0:00'));
  // a range stays a range; "the 5 minutes after nine" is no clock time
  assert.equal(spokenClock('from five to ten'), 'from five to ten');
  assert.equal(spokenClock('in the 5 minutes after nine'), 'in the 5 minutes after nine');
  assert.equal(spokenClock(spokenNumbers('at twenty five past three')), 'at 3:25');
});

test('a clock time said in words is on the 12-hour clock: the afternoon when only it is in the memory', () => {
  const from = Date.parse('2026-03-02T14:00:00Z');
  const opts = { now: from + 280_000, timeZone: 'UTC', coverage: { from, to: from + 280_000 } };
  const at = (q: string): number | undefined => {
    const r = parseQuestion(q, { cameras: ['table'], zones: [], lines: [], labels: COCO_LABELS }, opts);
    assert.ok(r.ok, q);
    return r.query.time.at;
  };
  assert.equal(at('was anyone at the table at four minutes past two'), Date.parse('2026-03-02T14:04:00Z'));
  assert.equal(at('was anyone at the table at four minutes past two am'), Date.parse('2026-03-02T02:04:00Z'));
  // digits are read as written
  assert.equal(at('was anyone at the table at 2:04'), Date.parse('2026-03-02T02:04:00Z'));
  assert.equal(at('was anyone at the table at exactly noon'), Date.parse('2026-03-02T12:00:00Z'));
});
