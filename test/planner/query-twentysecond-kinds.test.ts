/**
 * Kinds read since the twenty-second blind set's first score (this file's own sentences, none from
 * a blind set): the asker's remark about themselves before the question ("I'm writing up the rota
 * ... Could you tell me ..."), a reason clause, "this is the night supervisor"; a clock hour in
 * words with the part of the day ("nine o clock in the morning"); a "yes or no" tag; "how much
 * times"; "how long did the shortest truck pass take"; being away ("how long was it away": missing
 * for a thing, refused for a person: it had been read as the visit, the opposite); "a green top or
 * jacket"; "the count fell by two at once"; "a quiet spell with nobody at the desk"; a claim's period or rank telling the visit; a length asked of a ranked person with a look
 * (it had been read as whether that visit looked so).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const desk = parserFor({ cameras: ['library-desk'], zones: [], lines: [] }, 'none');
const shelf = parserFor({ cameras: ['spice-rack'], zones: [], lines: [] }, 'spice-rack');
const gate = parserFor({ cameras: ['depot-gate-north'], zones: [], lines: [] }, 'none');

test("the asker's remark about themselves before the question is ignored and named; a reason clause; an introduction with 'this is'", () => {
  const rota = desk.parse("Hey, I'm writing up the weekly rota for the library desk and my manager needs figures. Could you tell me how many people came?");
  assert.deepEqual(rota.query.measure, { measure: 'count', of: 'visits' });
  assert.ok(rota.assumed.some((a) => /^ignored .*rota/.test(a)), rota.assumed.join('; '));
  // the remark holds a question word of its own: the question is the clause after it
  const busy = desk.parse("I look after the front desk and I'm curious how busy we were. All together, how long was someone at the desk?").query;
  assert.deepEqual(busy.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } });
  const reason = shelf.parse('Morning! Since the printer was playing up, how many bottles were taken?').query;
  assert.equal(reason.measure.measure, 'count');
  assert.deepEqual(desk.parse('Hello, this is the night supervisor. How many people came?').query.measure, { measure: 'count', of: 'visits' });
  // after a preamble, "the number of" after "how many times" names what is counted (no second question)
  const drops = shelf.parse('Morning, quick one for the weekly sheet: how many times did the number of bottles go down?').query;
  assert.deepEqual(drops.measure, { measure: 'count', of: 'events', event: 'taken', moments: true });
  // a remark whose class a pronoun could stand for is not dropped
  desk.refused('I saw a man at the desk carrying a parcel. When did he leave?');
});

test('a clock hour in words with the part of the day; a yes-or-no tag; "how much times"; a pass that takes time', () => {
  const nine = desk.parse('how many people came after nine o clock in the morning?').query;
  assert.equal(nine.time.from, T0 + 1);
  const tag = desk.parse('a person was at the desk at 09:01, yes or no?').query;
  assert.equal(tag.measure.measure, 'whether');
  assert.equal(tag.time.at, T0 + 60_000);
  assert.deepEqual(desk.parse('how much times did a person come?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(gate.parse('how long did the shortest truck pass take?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'min' } });
});

test('being away: missing for a thing that stands still, refused for a person (never the visit)', () => {
  const back = shelf.parse('The first time a bottle went missing, how long before it was back?').query;
  assert.deepEqual(back.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' }, episode: 'first' } });
  assert.deepEqual(shelf.parse('how long was the first bottle gone?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' }, episode: 'first' } });
  desk.refused('how long was the first visitor away?', 'away');
  desk.refused('The man in the red coat left and came back later. How long was he gone?', 'gone');
});

test('another worn thing of the same part as an alternative narrows nothing more', () => {
  const q = desk.parse('how many people wore a green top or jacket?').query;
  assert.deepEqual(q.subject.look?.colours, [{ part: 'upper', term: 'green' }]);
  assert.deepEqual(q.subject.look?.ignored, ['jacket']);
  // another colour is no alternative the look can say
  desk.refused('how many people wore a green top or a white jacket?');
});

test("a claim's period or rank tells the visit the pronoun stands for", () => {
  const came = desk.parse('A man in a red coat came in the first minute. When did he go?').query;
  assert.deepEqual(came.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'only' } } });
  assert.deepEqual([came.time.from, came.time.to], [T0, T0 + 60_000]);
  const first = desk.parse('A man in a red coat was the first one at the desk. How long did he stay?').query;
  assert.deepEqual(first.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(first.subject.look?.colours, [{ part: 'upper', term: 'red' }]);
});

test('a length asked of a ranked person with a look is the length, not whether that visit looked so', () => {
  const q = desk.parse('did the second person in red stay longer than 30 seconds?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'length', visit: { by: 'nth', n: 2 }, where: { op: 'gt', seconds: 30 } } });
  // asked of the look itself, still the look
  assert.deepEqual(desk.parse('was the second person in red?').query.measure, { measure: 'whether', test: { kind: 'look', visit: { by: 'nth', n: 2 } } });
});

test('"the count dropped by two at once": two taken at once; "a quiet spell with nobody at the desk": the empty state said again', () => {
  const q = shelf.parse('did the bottle count ever fall by two at once?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'event', event: 'taken', items: 2 } });
  // without "at once" a fall by two may be two takings, and a change by an amount is no count reached
  // (these had been read as "were there exactly 2")
  shelf.refused('did the bottle count ever fall by two?', 'by');
  desk.refused('did the number of people go up by 2?', 'by');
  shelf.refused('did the bottle count drop by one?', 'drop by');
  assert.deepEqual(desk.parse('did anyone drop by the desk?').query.measure, { measure: 'whether', test: { kind: 'visit', moment: 'arrival' } });
  const spell = desk.parse('when did the longest quiet period with nobody at the desk begin?').query;
  assert.deepEqual(spell.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'start' } } });
});

test('a date said before the time of day is that time on that date; an instant outside the period said is refused', () => {
  // (T0 is 2026-01-05 09:00; read apart, "at 09:01" had been today's, another question)
  const q = desk.parse('how many people were at the desk on 3 January 2026 at 09:01?').query;
  assert.equal(q.time.at, Date.parse('2026-01-03T09:01:00Z'));
  desk.refused('how many people were at the desk at 09:01 in the first 30 seconds?');
});
