/**
 * Kinds read since the sixth blind set's first score (this file's own sentences, none from a blind
 * set): a moment said in a clause before the question ("after the first visitor left, how long
 * until ..."), a statement named by its ordinal, the empty wait before the first arrival, "the
 * rest of the recording", a preamble that names the place, looks said away from the person and
 * "grey on top". And what stays refused.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0, END } from './parse-helpers.js';

const hall = parserFor({ cameras: ['study-hall'], zones: [], lines: [] }, 'none');
const shelf = parserFor({ cameras: ['larder'], zones: [], lines: [] }, 'larder');
const room = parserFor({ cameras: ['meeting-room'], zones: [], lines: [] }, 'none');

test('a moment in a clause before "how long until the next": from it to the next arrival after it', () => {
  const want = { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 2 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, next: true };
  assert.deepEqual(hall.parse('after the second student walked out, how long before the next one turned up?').query.measure, want);
  // said as a statement of its own, named by its ordinal
  assert.deepEqual(hall.parse('The second student walked out. How long until the next person came in?').query.measure, want);
  // "how long before the next one" after a statement with a time is "until" it
  const m = hall.parse('Someone went out at about 09:01:10. How long before the next one showed up?').query.measure as { measure: string; to: { kind: string } };
  assert.equal(m.measure, 'elapsed');
  assert.equal(m.to.kind, 'arrival');
});

test('empty before the first arrival is the wait from the start to it; before a later one stays refused', () => {
  const want = { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(hall.parse('how long did the hall sit empty before the first student came in?').query.measure, want);
  assert.deepEqual(hall.parse('How long was it empty until anybody arrived?').query.measure, want);
  hall.refused('how long was it empty before the fourth person arrived?');
});

test('"than in the rest of the recording": the covered time on the other side of the first window', () => {
  const p = shelf.parse('were fewer bottles put back in the first 30 seconds than in the rest of the recording?');
  assert.deepEqual(p.query.measure, { measure: 'compare', op: 'lt', of: (p.query.measure as { of: unknown }).of, other: { from: T0 + 30_000, to: END } });
  // "the rest" alone, with no window to be the rest of, is refused
  shelf.refused('how many bottles were taken in the rest of the recording?');
});

test('a preamble naming the place gives the question its place; a look said away from the person; "grey on top"', () => {
  const p = room.parse('Quick check for the meeting room audit - did anyone come in wearing something red?');
  assert.deepEqual(p.query.place.cameras, ['meeting-room']);
  assert.deepEqual(p.query.subject.look?.colours, [{ part: 'any', term: 'red' }]);
  assert.deepEqual(room.parse('how many visitors had black on the bottom?').query.subject.look?.colours, [{ part: 'lower', term: 'black' }]);
  assert.deepEqual(room.parse('did anyone have grey on top?').query.subject.look?.colours, [{ part: 'upper', term: 'grey' }]);
});

test('nouns for people by their WordNet sense ("students", "a patron"); a role said of one person stays refused', () => {
  const p = hall.parse('how many students came in the first minute?');
  assert.deepEqual(p.query.subject.classes, ['person']);
  assert.ok(p.assumed.some((a) => a === 'read "students" as people'), p.assumed.join('; '));
  assert.deepEqual(hall.parse('when did the first student arrive?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  hall.refused('when did the manager arrive?', 'manager');
  // a colour is never read as a person ("grey" has a sense that is one)
  assert.deepEqual(hall.parse('how many patrons had grey on top?').query.subject.look?.colours, [{ part: 'upper', term: 'grey' }]);
});

test('a look of a visit named by its order and a clause restating its arrival', () => {
  assert.deepEqual(hall.parse('did the first person who came in wear a red coat?').query.measure, { measure: 'whether', test: { kind: 'look', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(hall.parse('was the second visitor who arrived in black?').query.measure, { measure: 'whether', test: { kind: 'look', visit: { by: 'nth', n: 2 } } });
});
