/**
 * Kinds read since the twenty-fourth blind set's first score (this file's own sentences, none from a
 * blind set): terse totals ("desk visits total?"), "last night", "at exactly 5 pm", "how long after
 * 5 o'clock did the first ...", a remark with "only" ("I only care about the mornings"), "gone
 * between his two visits" left to the span, "how long has the gate been empty since ...".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const desk = parserFor({ cameras: ['library-desk'], zones: [], lines: [] }, 'none');
const gate = parserFor({ cameras: ['depot-gate-north'], zones: [], lines: [] }, 'none');

test('terse totals; "last night"; "at exactly 9 am"; "how long after 9 o\'clock"', () => {
  assert.deepEqual(desk.parse('library desk visits total?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(desk.parse('total visitors?').query.measure, { measure: 'count', of: 'visits' });
  // asked at 09:02: the night before, from its evening
  const night = desk.parse('when did the last person leave last night?').query;
  assert.deepEqual([night.time.from, night.time.to], [Date.parse('2026-01-04T18:00:00Z'), Date.parse('2026-01-05T06:00:00Z')]);
  assert.equal(desk.parse('was anyone at the desk at exactly 9 am?').query.time.at, T0);
  const after = desk.parse("how long after 9 o'clock did the first person turn up?").query;
  assert.deepEqual(after.measure, { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
});

test('a remark with "only"; "gone between his two visits" is the span; a place where "it" is before "been ... since"', () => {
  const only = desk.parse('I only care about the mornings. How many people came after 09:01?').query;
  assert.deepEqual(only.measure, { measure: 'count', of: 'visits' });
  const gone = desk.parse('The man in the red coat came twice. How long was he gone between his two visits?').query;
  assert.equal(gone.measure.measure, 'elapsed');
  const since = gate.parse('how long has the gate been empty since the last truck left?').query;
  assert.deepEqual(since.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } }, to: { kind: 'end' } });
});
