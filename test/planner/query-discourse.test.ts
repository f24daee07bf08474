/**
 * How issue 24's constructs are read (this file's own sentences, none from a blind set): two
 * windows compared, a preamble before the asking clause, a statement joined to the question,
 * particle verbs, chat shorthand, "how long ago", stretches and ranks; and what stays refused.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0, END } from './parse-helpers.js';

const { parse, refused } = parserFor({ cameras: ['kiosk', 'ledge'], zones: ['door'], lines: ['B'] }, 'ledge');
const m = (q: string): unknown => parse(q).query.measure;

test('two windows compared: a count over each, or the other side of one instant', () => {
  const a = parse('were there more arrivals in the first minute than in the second minute?').query;
  assert.deepEqual(a.measure, { measure: 'compare', of: { measure: 'count', of: 'visits' }, op: 'gt', other: { from: T0 + 60_000, to: T0 + 120_000 } });
  assert.deepEqual(a.time, { from: T0, to: T0 + 60_000 });
  const b = parse('did fewer bottles get taken between 09:00:00 and 09:00:30 than between 09:01:00 and 09:01:30?').query.measure as { measure: string; op: string };
  assert.equal(b.measure, 'compare');
  assert.equal(b.op, 'lt');
  // "than in the second": the same part of the recording with another ordinal
  assert.deepEqual((m('were fewer bottles taken in the 2nd minute than the first?') as { other: unknown }).other, { from: T0, to: T0 + 60_000 });
  const c = parse('more visitors before 09:01 than after?').query;
  assert.deepEqual((c.measure as { other: unknown }).other, { from: T0 + 60_000, to: END + 1 });
  // a comparison with a number, or of two kinds of events, is not two windows
  assert.deepEqual(m('did more than 2 people come?'), { measure: 'whether', test: { kind: 'visit', count: { op: 'gt', n: 2 } } });
  assert.equal((m('were more bottles taken than put back?') as { measure: string }).measure, 'whether');
});

test('a preamble is dropped and named; one with words of meaning is not', () => {
  const p = parse('Evening! Doing the handover notes: how many people came to the kiosk?');
  assert.deepEqual(p.query.measure, { measure: 'count', of: 'visits' });
  assert.ok(p.assumed.some((x) => /ignored .*handover notes/.test(x)), p.assumed.join('; '));
  // a clause before the question that names a class and a time is no preamble: not dropped silently
  refused('Nice bottles at 09:00:10 today. how many people came?');
});

test('a statement of one moment is joined to the question that refers to it', () => {
  assert.deepEqual(m('A customer wandered off at about 09:01:00. When did the next one show up?'), { measure: 'when', of: { kind: 'arrival', visit: { by: 'after', visit: { by: 'leftAt', t: T0 + 60_000 } } } });
  assert.deepEqual(m('Someone walked in at 09:00:40. How long did they stay?'), { measure: 'duration', of: { kind: 'visit', visit: { by: 'arrivedAt', t: T0 + 40_000 } } });
  assert.deepEqual(m('One bottle was lifted near 09:00:20 - when was it back?'), { measure: 'when', of: { kind: 'event', event: 'returned', pick: { by: 'after', t: T0 + 20_000 } } });
  // a statement of presence, with its place: the visit in progress then, at that place
  const present = parse('Someone was at the kiosk at 09:00:30. When did they leave?').query;
  assert.deepEqual([present.measure, present.place.cameras], [{ measure: 'when', of: { kind: 'departure', visit: { by: 'presentAt', t: T0 + 30_000 } } }, ['kiosk']]);
  // "that person", "that one": a demonstrative stands for what the statement named
  assert.deepEqual(m('Somebody came to the kiosk at about 09:00:40. How long did that person stay?'), { measure: 'duration', of: { kind: 'visit', visit: { by: 'arrivedAt', t: T0 + 40_000 } } });
  assert.deepEqual(m('A customer wandered in at 09:00:40. When did that one leave?'), { measure: 'when', of: { kind: 'departure', visit: { by: 'arrivedAt', t: T0 + 40_000 } } });
  // "it" with nothing to refer to is still refused
  refused('when was it back?');
});

test('particle verbs, chat shorthand, "ago", stretches and ranks', () => {
  assert.deepEqual(m('when did the second person drive off?'), { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(m('when did the second person stroll in?'), { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  const slip = parse('wen did teh 3rd visitor leave');
  assert.deepEqual(slip.query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 3 } } });
  assert.ok(slip.assumed.some((x) => x.includes('read "wen" as "when"')));
  assert.equal((m('how long ago did the last person leave?') as { measure: string }).measure, 'elapsed');
  assert.deepEqual(m('what was the third shortest visit?'), { measure: 'duration', of: { kind: 'visit', visit: { by: 'shortest', rank: 3 } } });
  assert.deepEqual(m('how long was the visit before the longest one?'), { measure: 'duration', of: { kind: 'visit', visit: { by: 'before', visit: { by: 'longest' } } } });
  assert.deepEqual(m('how many times was the kiosk empty for 10 seconds or more?'), { measure: 'times', cond: { op: 'eq', n: 0 }, lasting: { op: 'ge', seconds: 10 } });
  assert.deepEqual(m('how long has the kiosk sat empty?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
  assert.deepEqual(m('how long was the kiosk empty now?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
  assert.deepEqual(m('over the whole recording, in total, how long was the kiosk empty?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } } });
  // now and another stretch at once: refused, never one of them silently
  refused('how long has the kiosk been empty now, at the longest?');
});

test('a rule after a count of takings, "two grabbed together count as one", counts by moment; said of people it is refused', () => {
  const taken = { measure: 'count', of: 'events', event: 'taken', moments: true };
  assert.deepEqual(m('how many times were bottles taken from the ledge? Two grabbed together count as one occasion.'), taken);
  assert.deepEqual(m('how many bottles were taken from the ledge? Bottles taken together count once.'), taken);
  // without the rule: each bottle
  assert.deepEqual(m('how many bottles were taken from the ledge?'), { measure: 'count', of: 'events', event: 'taken' });
  refused('how many people came to the kiosk? two together count as one.');
});

test('a state said at or after a moment, before "when did the next ... come": the question counts from that moment', () => {
  const next = { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  const a = parse('The kiosk was empty for a while after 09:01:10 - when did the next visitor turn up?').query;
  assert.deepEqual(a.measure, next);
  assert.equal(a.time.from, T0 + 70_001);
  assert.deepEqual(a.place.cameras, ['kiosk']);
  // "after" before the clause, and the moment said "around": from that moment
  const b = parse('After the kiosk went quiet around 09:01:10, when did the next person show up?').query;
  assert.deepEqual(b.measure, next);
  assert.equal(b.time.from, T0 + 70_001);
  // "after about 09:01": from the start of that minute; "for a long time" restates the state
  const c = parse('The kiosk was empty for a long time after about 09:01 - when did the next person come?').query;
  assert.deepEqual(c.measure, next);
  assert.equal(c.time.from, T0 + 60_001);
  // with no "next" the statement is not a date for the question (and its state word is not the question's)
  refused('The kiosk was empty after 09:01:10 - when did a visitor turn up?');
});

test('"he" or "she" with no one named is one person (one identity); "it" and "they" stay dangling', () => {
  const q = parse('What time did he show up for the third time?');
  assert.deepEqual(q.query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 3 } } });
  assert.deepEqual(q.query.subject, { classes: ['person'], one: true });
  assert.ok(q.assumed.some((a) => a.startsWith('"he" read as one person')), 'the reading says so');
  assert.equal(parse('how long ago was she last seen?').query.subject.one, true);
  refused('when did they leave?', 'they');
  refused('when was it back?', 'it');
  // with a person named, the pronoun is that person's, not a new reading
  assert.equal(parse('the person in black - when did he leave?').query.subject.look?.colours[0]?.term, 'black');
});

test('"his" or "her" with no one named makes the visits one person\'s', () => {
  const q = parse('How long was his shortest appearance?').query;
  assert.equal(q.subject.one, true);
  assert.deepEqual(q.subject.classes, ['person']);
  assert.equal(parse('when did her longest visit start?').query.subject.one, true);
  // with someone named, "he" is that one, not a reading of its own
  assert.ok(!parse('who stayed longest, and when did he leave?').assumed.some((a) => a.includes('read as one person')));
});

test('two instants compared: the count at the first against the count at the second', () => {
  const q = parse('were there more bottles on the ledge at 09:00:40 than at 09:01:10?').query;
  assert.deepEqual(q.measure, { measure: 'compare', of: { measure: 'countAt' }, op: 'gt', other: { from: T0 + 70_000, to: T0 + 70_001, at: T0 + 70_000 } });
  assert.equal(q.time.at, T0 + 40_000);
  // two instants not compared stay refused
  refused('how many bottles were on the ledge at 09:00:40 and at 09:01:10?', 'several instants');
});

test('"how long had it been empty when (before) the third one came": the empty stretch just before that arrival', () => {
  const want = { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 2 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 3 } } };
  const a = parse('How long had the kiosk been empty when the third visitor walked in?');
  assert.deepEqual(a.query.measure, want);
  assert.ok(a.assumed.some((x) => x.startsWith('the empty stretch just before that arrival')));
  assert.deepEqual(m('how long was the kiosk empty before the third visitor arrived?'), want);
  // the first: from the start, as before
  assert.deepEqual(m('how long was the kiosk empty when the first visitor arrived?'), { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  // another "when" clause stays refused
  refused('how long did the third visitor stay when the first visitor arrived?', 'when');
});
