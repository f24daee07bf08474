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

test('empty before the first arrival is the wait from the start to it; before a later one, the empty stretch just before it', () => {
  const want = { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(hall.parse('how long did the hall sit empty before the first student came in?').query.measure, want);
  assert.deepEqual(hall.parse('How long was it empty until anybody arrived?').query.measure, want);
  assert.deepEqual(hall.parse('how long was it empty before the fourth person arrived?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 3 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 4 } } });
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

const kiosk = parserFor({ cameras: ['kiosk'], zones: [], lines: [] }, 'none');
const rack = parserFor({ cameras: ['rack'], zones: [], lines: [] }, 'rack');

test('a stretch that long: "when did it go quiet for over a minute"; "sat unused"; "went empty" is becoming so', () => {
  assert.deepEqual(kiosk.parse('when did the kiosk go quiet for over a minute?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, change: 'any', lasting: { op: 'gt', seconds: 60 } } });
  assert.deepEqual(kiosk.parse('the longest time the kiosk sat idle?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
  assert.deepEqual(kiosk.parse('at the end of the clip, how long had the kiosk been unused?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
  // a length asked at one second is no period: refused, never a 1 s window
  kiosk.refused('how long had the kiosk been empty at 09:01:00?');
  // "at the end" with a state, in any tense: the stretch going on at the end
  assert.deepEqual(kiosk.parse('how long was the kiosk empty at the very end of the recording?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
});

test('"the number of" as the subject of a yes/no question; all N things there together; "sharp"; "when the feed started"', () => {
  assert.deepEqual(rack.parse('did the number of bottles ever fall to exactly one?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 1 } } });
  assert.deepEqual(rack.parse('the longest time all three bottles sat there together?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 3 }, episode: 'longest' } });
  assert.equal(kiosk.parse('was anyone at the kiosk at 9:01 am sharp?').query.time.at, T0 + 60_000);
  assert.equal(kiosk.parse('was anyone at the kiosk when the stream began?').query.time.at !== undefined, true);
  assert.deepEqual(kiosk.parse('by 09:01, how many people had come and gone?').query.measure, { measure: 'count', of: 'departures' });
  assert.deepEqual(kiosk.parse('add up the time people spent at the kiosk - how long is that?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
});

test('a clause naming one visit before a question with a pronoun: the pronoun stands for it', () => {
  assert.deepEqual(kiosk.parse('The last visitor who came by - how long did she stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: -1 } } });
  const p = kiosk.parse('The man in the red jacket, when did he arrive?');
  assert.deepEqual(p.query.subject.look?.colours, [{ part: 'upper', term: 'red' }]);
  assert.equal(p.query.measure.measure, 'when');
  // a claim about it ("came twice") is not part of its name
  const q = kiosk.parse('The person dressed all in black came twice. How long did they stay the second time?');
  assert.deepEqual(q.query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 2 } } });
  // a pronoun with nothing named: "it" stays refused; "she" can only be a person, one identity (refused when several fit)
  kiosk.refused('When did it arrive?');
  assert.equal(kiosk.parse('When did she arrive?').query.subject.one, true);
});

test('"did anyone come back?": whether re-identification saw one person on two visits; with a time, still refused', () => {
  for (const q of ['did anyone come back for a second go?', 'did the man in the red coat come back later?', 'did anybody come back a second time?']) assert.deepEqual(kiosk.parse(q).query.measure, { measure: 'whether', test: { kind: 'returned' } }, q);
  kiosk.refused('did anyone come back at 09:01:00?');
  // things are put back, not "come back" as a person
  assert.deepEqual(rack.parse('did a bottle come back?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'returned' } });
});

test('a rule of counting after the question: "count a returning person once" asks for different people', () => {
  assert.deepEqual(kiosk.parse('How many people used the kiosk? Count a returning visitor once.').query.measure, { measure: 'count', of: 'identities' });
  assert.deepEqual(kiosk.parse('how many people came by (if the same person came twice, count them once)?').query.measure, { measure: 'count', of: 'identities' });
});
