/**
 * Kinds read since the twenty-third blind set's first score (this file's own sentences, none from a
 * blind set): the period the asker names in a remark about themselves goes with the question; "how
 * much people"; a place said between a comparison and its "than"; "counting only" the people in
 * some colour; a visit named by its rank before "when did it end?"; "how long after 09:01 did the next
 * person arrive".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const desk = parserFor({ cameras: ['library-desk'], zones: [], lines: [] }, 'none');

test("the period in the asker's remark goes with the question; 'how much people'", () => {
  const q = desk.parse("I'm filling in the visitor log for the desk this morning. When did the first person come?").query;
  assert.deepEqual(q.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  assert.equal(q.time.from, Date.parse('2026-01-05T06:00:00Z'), 'this morning');
  assert.deepEqual(desk.parse('how much people came to the desk?').query.measure, { measure: 'count', of: 'visits' });
});

test('a place between a comparison and its "than"; "counting only" what follows', () => {
  const q = desk.parse('did the second visitor stay shorter at the desk than the third?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'compare', a: { by: 'nth', n: 2 }, op: 'lt', b: { by: 'nth', n: 3 } } });
  assert.deepEqual(q.place.cameras, ['library-desk']);
  const only = desk.parse('Counting only the people in red tops, how long were they at the desk in total?').query;
  assert.deepEqual(only.subject.look?.colours, [{ part: 'upper', term: 'red' }]);
  assert.deepEqual(only.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
});

test('a visit named by its rank before "when did it end?" is what "it" stands for', () => {
  assert.deepEqual(desk.parse('the second longest visit at the desk - when did it end?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'longest', rank: 2 } } });
  assert.deepEqual(desk.parse('The third visit: when did it start?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 3 } } });
  // with no visit named, "it" still stands for nothing
  desk.refused('the desk - when did it end?');
});

test('"how long after 09:01 did the next person arrive": from that time until the moment (it had been refused)', () => {
  const q = desk.parse('how long after 09:01 did the next person arrive?').query;
  assert.deepEqual(q.measure, { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  assert.equal(q.time.from, Date.parse('2026-01-05T09:01:00Z') + 1);
});
