/**
 * Kinds read since the nineteenth blind set's first score (this file's own sentences, none from a
 * blind set): a count at its lowest or highest as a state; all of the things back as the count
 * back up to all of them; "how long did it take before"; a verb with its particle read by WordNet
 * ("popped up"); "first car in?"; phonetic shorthand ("rite now"); the time between "the two visits"; a
 * moment of someone named by a look.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const shelf = parserFor({ cameras: ['pantry'], zones: [], lines: [] }, 'pantry');
const desk = parserFor({ cameras: ['reception'], zones: [], lines: [] }, 'none');

test('a count at its lowest or highest is a state: timed, placed and its start found', () => {
  const long = shelf.parse('how long did the bottle count stay at its lowest?').query;
  assert.equal(long.measure.measure, 'duration');
  assert.deepEqual(JSON.stringify(long).includes('"op":"lowest"'), true, JSON.stringify(long));
  const when = shelf.parse('at what time did the number of bottles reach its lowest?').query;
  assert.equal(when.measure.measure, 'when');
  assert.deepEqual(when.measure.measure === 'when' && when.measure.of.kind === 'condition' ? when.measure.of.cond : null, { op: 'lowest' });
  const peak = shelf.parse('when was the count at its highest?').query;
  assert.deepEqual(peak.measure.measure === 'when' && peak.measure.of.kind === 'condition' ? peak.measure.of.cond : null, { op: 'highest' });
  // "the low point" as the moment a window begins at
  const after = shelf.parse('after the low point, when were all the bottles back again?').query;
  assert.equal(after.time.after?.kind, 'condition');
  assert.deepEqual(after.time.after?.kind === 'condition' ? after.time.after.cond : null, { op: 'lowest' });
  // "the lowest number" alone is still the fewest at once, not a state
  assert.deepEqual(shelf.parse('what was the lowest number of bottles?').query.measure, { measure: 'extreme', which: 'min' });
  // a low shelf is not a count at its lowest
  shelf.refused('how many bottles were on the low shelf?');
});

test('all of the things back: the count back up to all of them (a rise), not one put back', () => {
  const q = shelf.parse('when were all the bottles back again?').query;
  assert.deepEqual(q.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'full' }, pick: { by: 'nth', n: 1 }, change: 'rise' } });
  const three = shelf.parse('when were all three bottles back?').query;
  assert.deepEqual(three.measure.measure === 'when' && three.measure.of.kind === 'condition' ? three.measure.of.cond : null, { op: 'ge', n: 3 });
  // one put back stays an event
  assert.equal(shelf.parse('when was the first bottle put back?').query.measure.measure === 'when' ? (shelf.parse('when was the first bottle put back?').query.measure as { of: { kind: string } }).of.kind : '', 'event');
});

test('"how long did it take before" is "until"; a verb with its particle by WordNet; "first car in?"; "rite now"', () => {
  const q = desk.parse('after 09:01, how long did it take before anybody came?').query;
  assert.equal(q.measure.measure, 'elapsed');
  const pop = desk.parse('when did the first person pop up?');
  assert.deepEqual(pop.query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  const cropped = desk.parse('when did someone first crop up?');
  assert.equal(cropped.query.measure.measure, 'when');
  const lot = parserFor({ cameras: ['lot'], zones: [], lines: [] }, 'none');
  assert.deepEqual(lot.parse('first car in?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(lot.parse('last car out?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1 } } });
  const now = desk.parse('is anyone at the desk rite now?');
  assert.ok(now.assumed.some((r) => /"rite" as "right"/.test(r)), now.assumed.join("; "));
  assert.ok((now.query.time.at ?? 0) > T0);
  // a particle with a verb WordNet does not join stays unknown
  desk.refused('when did the first person fizzle up?', 'fizzle');
});

test('"between the two visits": from the end of the first to the start of the second, only when there were two', () => {
  const lot = parserFor({ cameras: ['lot'], zones: [], lines: [] }, 'none');
  const q = lot.parse('how much time passed between the two visits of the car?').query;
  assert.deepEqual(q.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } }, pair: true });
  assert.deepEqual(q.subject.classes, ['car']);
});

test('a moment of someone named by a look is that moment\'s: the subject keeps no look', () => {
  const q = desk.parse('after the woman in the grey cardigan left, how long until the next person came?').query;
  assert.equal(q.measure.measure, 'elapsed');
  const from = q.measure.measure === 'elapsed' ? q.measure.from : undefined;
  assert.equal(from?.kind, 'departure');
  assert.deepEqual(from?.kind === 'departure' ? { visit: from.visit, colours: from.look?.colours } : null, { visit: { by: 'only' }, colours: [{ part: 'upper', term: 'grey' }] });
  assert.equal(q.subject.look, undefined);
  assert.equal(q.subject.one, undefined);
  // a look on a moment that is not a visit's is not read
  shelf.refused('after the bottle in the red box was taken, how long until it was put back?');
});

test('the order of two moments: "did X turn up before Y (did)?", "after" swapped, "anyone" the first or last', () => {
  const q = desk.parse('did the man in the light grey shirt turn up before the woman dressed in black?').query;
  assert.equal(q.measure.measure, 'whether');
  const t = q.measure.measure === 'whether' && q.measure.test.kind === 'order' ? q.measure.test : undefined;
  assert.deepEqual(t && [t.a.kind, t.b.kind], ['arrival', 'arrival']);
  assert.deepEqual(t?.a.kind === 'arrival' ? t.a.look?.colours : null, [{ part: 'upper', term: 'grey', qualifier: 'light' }]);
  assert.deepEqual(t?.b.kind === 'arrival' ? t.b.look?.colours : null, [{ part: 'upper', term: 'black' }]);
  assert.equal(q.subject.look, undefined);
  // the second clause's own verb, and "after" swapped
  const later = desk.parse('did the third person leave after the second one arrived?').query;
  assert.deepEqual(later.measure, { measure: 'whether', test: { kind: 'order', a: { kind: 'arrival', visit: { by: 'nth', n: 2 } }, b: { kind: 'departure', visit: { by: 'nth', n: 3 } } } });
  const did = desk.parse('did the first person arrive before the second person did?').query;
  assert.deepEqual(did.measure, { measure: 'whether', test: { kind: 'order', a: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, b: { kind: 'arrival', visit: { by: 'nth', n: 2 } } } });
  // "anyone ... after": any arrival after, so the last; "before": the first
  const anyAfter = desk.parse('did anyone come after the second person left?').query.measure;
  assert.deepEqual(anyAfter.measure === 'whether' && anyAfter.test.kind === 'order' ? anyAfter.test.b : null, { kind: 'arrival', visit: { by: 'nth', n: -1 } });
  // a time after "before" is another test
  assert.notEqual((desk.parse('did the last person arrive before 09:01?').query.measure as { test?: { kind: string } }).test?.kind, 'order');
});
