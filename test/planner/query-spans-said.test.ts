/**
 * Spans said in more ways (kinds read since the eighth blind set's first score; this file's own
 * sentences): a thing named by its order with no verb ("after the first van"), "clear" for empty,
 * the start of the recording as a moment, a state said before "before the next one", one person's
 * visits said with "his", and "empty at the start before the first one".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const yard = parserFor({ cameras: ['yard'], zones: [], lines: [] }, 'none');
const arrival = (n: number): unknown => ({ kind: 'arrival', visit: { by: 'nth', n } });

test('"how long after the first car did the third one pull in": from its arrival, said so', () => {
  const p = yard.parse('how long after the first car did the third one pull in?');
  assert.deepEqual(p.query.measure, { measure: 'elapsed', from: arrival(1), to: arrival(3) });
  assert.ok(p.assumed.some((a) => /arrival of the first car/.test(a)), p.assumed.join('; '));
});

test('"clear" is empty; the start of the recording is a moment a span runs from', () => {
  assert.deepEqual(yard.parse('was the yard clear at 09:01:00?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(yard.parse('how long after the video started did the first truck arrive?').query.measure, { measure: 'elapsed', from: { kind: 'start' }, to: arrival(1) });
  assert.deepEqual(yard.parse('how long was the yard empty at the start, before the first truck?').query.measure, { measure: 'elapsed', from: { kind: 'start' }, to: arrival(1) });
});

test('a state said before "before the next one", after a moment said first', () => {
  const p = yard.parse('once the second van had left, how long was the yard clear before the next one came?');
  assert.deepEqual(p.query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 2 } }, to: arrival(1), next: true });
});

test('"between his first and second visits": one person\'s visits (one identity)', () => {
  const p = yard.parse('how long was the yard empty between his first and second visits?');
  assert.equal(p.query.subject.one, true);
  assert.deepEqual(p.query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: arrival(2) });
  // without the possessive: anyone's visits
  assert.equal(yard.parse('how long was the yard empty between the first and second visits?').query.subject.one, undefined);
});
