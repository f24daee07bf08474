/**
 * Kinds read since the seventh blind set's first score (this file's own sentences, none from a blind
 * set): a stretch named in a statement before the question that points back at it, "at the end"
 * with a state in any tense, "both of them" for two at once, "more than once" for coming back,
 * "go back to" a count, the time anyone was there in total (two at once counted once), the gap
 * between one leaving and the next arriving, plural things at a camera named for a room (a floor),
 * a colour said of "the car that went by". And what stays refused.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const floor = parserFor({ cameras: ['open-plan-floor'], zones: [], lines: [] }, 'none');
const pantry = parserFor({ cameras: ['pantry'], zones: [], lines: [] }, 'pantry');
const gate = parserFor({ cameras: ['gate'], zones: [], lines: [] }, 'none');

test('a stretch named in a statement, pointed back at: its state, its rank, "in the middle" (between visits)', () => {
  assert.deepEqual(floor.parse('There was a long idle spell in the middle of the recording. When did it start?').query.measure, {
    measure: 'when',
    of: { kind: 'condition', cond: { op: 'eq', n: 0, between: true }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'start' } },
  });
  assert.deepEqual(floor.parse('Three people were on the floor at once several times. When did the first of those periods end?').query.measure, {
    measure: 'when',
    of: { kind: 'condition', cond: { op: 'ge', n: 3 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'first', side: 'end' } },
  });
  // the moment it followed: the window begins there, and with no rank said it is the first stretch after it
  const after = floor.parse('There was a quiet spell after the second worker left. When did it end?').query;
  assert.deepEqual(after.time.after, { kind: 'departure', visit: { by: 'nth', n: 2 } });
  assert.deepEqual(after.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'first', side: 'end' } } });
  // a statement of something else (an event) is left alone: refused
  floor.refused('A worker dropped a box. When did it end?');
});

test('a moment said before the question is where its window begins ("after", "once")', () => {
  const q = floor.parse('Once the first worker had arrived, what was the longest stretch with nobody on the floor?').query;
  assert.deepEqual(q.time.after, { kind: 'arrival', visit: { by: 'nth', n: 1 } });
  assert.deepEqual(q.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
  assert.deepEqual(floor.parse('after the second worker left, how many workers came?').query.time.after, { kind: 'departure', visit: { by: 'nth', n: 2 } });
  // a yes/no question after the clause; a change into a count with no ordinal is its first time
  const back = pantry.parse('After dropping to two bottles, did the pantry ever get back to four?').query;
  assert.deepEqual(back.time.after, { kind: 'condition', cond: { op: 'eq', n: 2 }, pick: { by: 'nth', n: 1 } });
  assert.equal(back.measure.measure, 'whether');
  // "after the second visit": when it was over; "after the first arrival": the arrival
  assert.deepEqual(floor.parse('after the second visit, how many workers came?').query.time.after, { kind: 'departure', visit: { by: 'nth', n: 2 } });
  assert.deepEqual(floor.parse('after the first arrival, how many workers came?').query.time.after, { kind: 'arrival', visit: { by: 'nth', n: 1 } });
  // with an instant as well: two moments, refused
  floor.refused('after the second worker left, how many workers were there at 09:01:00?');
});

test('"at the end" with a state is the stretch going on then, in any tense', () => {
  const want = { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } };
  assert.deepEqual(gate.parse('how long was the gate deserted at the very end of the video?').query.measure, want);
});

test('"both of them" is two at once; "more than once" is coming back; "go back to" a count is becoming it', () => {
  assert.deepEqual(floor.parse('two workers overlapped on the floor - for how long were both of them there?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 2 } } });
  assert.deepEqual(floor.parse('did anybody turn up more than once?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  // a change into the count (not the count the window began with)
  assert.deepEqual(pantry.parse('when did the shelf get back to two bottles?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 2 }, pick: { by: 'nth', n: 1 }, change: 'any' } });
  assert.deepEqual(pantry.parse('when did the larder go back to four bottles for the last time?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 4 }, pick: { by: 'nth', n: -1 }, change: 'any' } });
  // a bottle going back to the shelf is no count
  assert.notDeepEqual(pantry.parse('at one point a bottle went back on the shelf. When was that?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 1 }, pick: { by: 'nth', n: 1 } } });
});

test('the time anyone was there in total is a state (two at once once); the time people spent is their visits', () => {
  const state = { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } };
  assert.deepEqual(gate.parse('how much total time was a car at the gate?').query.measure, state);
  assert.deepEqual(gate.parse('all told, how long was somebody in view in total?').query.measure, state);
  assert.deepEqual(gate.parse('how much time did people spend at the gate in total?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
});

test('the gap between one leaving and the next arriving; a colour said of the car that went by', () => {
  assert.deepEqual(gate.parse('what was the longest wait between one car leaving and the next arriving?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0, between: true }, episode: 'longest' } });
  // two visits named: the time between them
  assert.equal(gate.parse('how long between the first car leaving and the second arriving?').query.measure.measure, 'elapsed');
  const silver = gate.parse('was the car that drove past silver?');
  assert.deepEqual(silver.query.measure, { measure: 'whether', test: { kind: 'look', visit: { by: 'only' } } });
  assert.deepEqual(silver.query.subject.look?.colours, [{ part: 'body', term: 'grey' }]);
});

test('plural things in view at a camera named for a floor (a room) are its view', () => {
  assert.deepEqual(floor.parse('was anyone at the desks at 09:01:00?').query.place.cameras, ['open-plan-floor']);
});

test('"how long after X ... did they / was it": the same visit\'s departure; the next putting back', () => {
  // the same visit: never the next person's departure
  assert.deepEqual(floor.parse('how long after the first worker arrived did they leave?').query.measure, { measure: 'elapsed', from: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, to: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(pantry.parse('how long after the second bottle was taken was it put back?').query.measure, { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 2 } }, to: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } }, next: true });
});
