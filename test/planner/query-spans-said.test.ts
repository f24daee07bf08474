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

const shelf = parserFor({ cameras: ['shelf'], zones: [], lines: [] }, 'shelf');

test('things standing are things there; "go above" a count rises past it; "fully stocked" is full', () => {
  assert.deepEqual(shelf.parse('how many bottles were still standing when the recording ended?').query.measure, { measure: 'countAt' });
  assert.deepEqual(shelf.parse('what is the fewest bottles standing there at any point?').query.measure, { measure: 'extreme', which: 'min' });
  assert.deepEqual(shelf.parse('did the bottle count ever go above four?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 4 } } });
  // "get over" before no number is no count ("over the whole day")
  assert.equal(yard.parse('how many visits did the yard get over the whole day?').query.measure.measure, 'count');
  assert.deepEqual(shelf.parse('what was the longest stretch the shelf stayed fully stocked with all three bottles?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'full' }, episode: 'longest' } });
});

test('"how long did it take for it to be put back" is how long until it was; "on the dot" stresses a time', () => {
  const p = shelf.parse('after the second bottle was taken, how long did it take for it to be put back?');
  assert.deepEqual(p.query.measure, { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 2 } }, to: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } }, next: true });
  assert.deepEqual(yard.parse('how long did it take the first van to arrive?').query.measure, { measure: 'elapsed', from: { kind: 'start' }, to: arrival(1) });
  assert.equal(yard.parse('was anyone in the yard at 9:01 on the dot?').query.time.at !== undefined, true);
});

test('"after it had been down to one, when ...": "it" is the place the question names, for a state only', () => {
  const p = shelf.parse('After it had been down to one, what time did the shelf go back to three bottles?');
  assert.deepEqual(p.query.time.after, { kind: 'condition', cond: { op: 'eq', n: 1 }, pick: { by: 'nth', n: 1 } });
  assert.deepEqual(p.query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 3 }, pick: { by: 'nth', n: 1 }, change: 'any' } });
  // a visit said with "it" does not say which one
  yard.refused('after it left, when did the next van come?', 'refers back');
  // said last, the state is not read (its count would be taken for the question's): refused
  shelf.refused('what time did the shelf go back to three bottles after it had been down to one?');
});

test('"add up all the time someone was there. What does it come to?": the length of the time said first', () => {
  for (const q of ['Add up all the time somebody was in the yard. What does it come to?', 'add up the time anyone was in the yard, what is the total?']) {
    assert.deepEqual(yard.parse(q).query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } }, q);
  }
  // with no time said, "what does it come to" asks nothing it can read
  shelf.refused('add up the bottles taken. what does it come to?');
});
