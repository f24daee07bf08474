/**
 * The parser's reading of the time between two moments ("how long until the first person came",
 * "how long since the last bottle was put back", "the gap between the fourth and fifth visitors"),
 * and its refusals when a moment cannot be read exactly.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const { parse, refused } = parserFor({ cameras: ['table', 'bench', 'kiosk'], zones: ['door'], lines: ['B'] }, 'bench');

const m = (q: string): unknown => parse(q).query.measure;

test('until / before a moment: from the start of the window', () => {
  const first = { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(m('how long until the first person came?'), first);
  assert.deepEqual(m('how long did the kiosk wait for its first visitor?'), first);
  assert.deepEqual(m('how long did the kiosk wait for its next visitor'), first);
  assert.deepEqual(m('how long before the first bottle was taken?'), { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('how long till a bottle was taken from the bench').query.subject, { classes: ['bottle'] });
  assert.deepEqual(m('how long until the bench was empty?'), { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, change: 'any' } });
});

test('since a moment: to the end (now); without an ordinal the last one', () => {
  assert.deepEqual(m('how long since someone was last at the kiosk?'), { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } }, to: { kind: 'end' } });
  assert.deepEqual(m('how long since the last bottle was put back'), { measure: 'elapsed', from: { kind: 'event', event: 'returned', pick: { by: 'nth', n: -1 } }, to: { kind: 'end' } });
  const p = parse('how long since a bottle was taken from the bench?');
  assert.deepEqual(p.query.measure, { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: -1 } }, to: { kind: 'end' } });
  assert.ok(p.assumed.some((a) => /last one/.test(a)), 'the assumption is said');
  assert.deepEqual(m('how long has it been since the last bottle was put back?'), m('how long since the last bottle was put back'));
  assert.deepEqual(m('how long was it until the first person came?'), m('how long until the first person came?'));
  // the latest departure, not the departure of the latest arrival
  assert.deepEqual(m('how long since the last person left?'), { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } }, to: { kind: 'end' } });
});

test('after one moment, another: the second without an ordinal is the next one after the first', () => {
  assert.deepEqual(m('how long after the first bottle was taken was one put back?'), { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } }, to: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } }, next: true });
  assert.deepEqual(m('how long after the first person left did the second arrive?'), { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(m('how long after the first person left did someone arrive?'), { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, next: true });
});

test('the gap between two visits is from the one\'s departure to the other\'s arrival', () => {
  const gap = { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 4 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 5 } } };
  assert.deepEqual(m('how long was the gap between the fourth and fifth visitors?'), gap);
  assert.deepEqual(m('time between the 4th and 5th visits'), gap);
  assert.deepEqual(m('what was the time between the fourth and the fifth visit at the table?'), gap);
  assert.deepEqual(m('how long between the first and second bottle taken?'), { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } }, to: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 2 } } });
});

test('moments that cannot be read exactly are refused, never guessed', () => {
  // the same person: "they" is the first visit, whose departure ends it (not the next person's)
  assert.deepEqual(m('how long after the first person arrived did they leave?'), { measure: 'elapsed', from: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, to: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
  // a return of the same person cannot be followed
  refused('how long after the first person arrived did they come back?');
  // "it" is the thing taken: the next putting back after it (said so)
  assert.deepEqual(m('how long after the first bottle was taken was it put back?'), { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } }, to: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } }, next: true });
  // which one?
  refused('how long after a bottle was taken was one put back?', 'which one');
  // since it was full: from its start or its end?
  refused('how long since the bench was full?', 'began or from when it ended');
  refused('how long was the gap between the fifth and fourth visitors?', 'does not come before');
  refused('how long after the first person left was a bottle taken?', 'different objects');
  // a count between two visits is not a span
  refused('how many people came between the first and third visits?', 'between');
  refused('how long after 09:00 did the second person arrive?', 'how long after');
});

test('"average visit length after 09:01" is a window, not a span from a moment', () => {
  const p = parse('average visit length after 09:01?');
  assert.deepEqual(p.query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'avg' } });
  assert.ok(p.query.time.from >= Date.parse('2026-01-05T09:01:00Z'));
});

test('"since a car was in view": since the end of the last stretch with one there (none while one is there now)', () => {
  const since = { measure: 'elapsed', from: { kind: 'condition', cond: { op: 'ge', n: 1 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'last', side: 'end' } }, to: { kind: 'end' } };
  assert.deepEqual(m('As of now, how long has it been since a person was in view?'), since);
  assert.deepEqual(m('how long since anyone was at the kiosk?'), since);
  // a state ("since it was full") still says neither end
  refused('how long since the bench was full?');
});

test('"two bottles taken at once" as a moment keeps how many went together; "all three were back" is the count back up to three', () => {
  const allBack = { kind: 'condition', cond: { op: 'ge', n: 3 }, pick: { by: 'nth', n: 1 }, change: 'rise' };
  assert.deepEqual(m('how long until all three were back?'), { measure: 'elapsed', from: { kind: 'start' }, to: allBack });
  const together = { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 }, items: 2 }, to: allBack, next: true };
  const p = parse('after two bottles were grabbed at once, how long until all three were back?');
  assert.deepEqual(p.query.measure, together);
  assert.ok(p.assumed.some((a) => /first time/.test(a)), 'the first such time is said');
  // said as a statement before the question
  assert.deepEqual(m('Two bottles were grabbed at once at some point. How long until all three were back on the bench?'), together);
  assert.deepEqual(m('how long since two bottles were taken at once?'), { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: -1 }, items: 2 }, to: { kind: 'end' } });
});
