/**
 * Ways of saying what the parser already reads: phrasal verbs, a greeting before the question,
 * "visitor three", an instant before the end of the recording, things that disappear, a place
 * that holds things, and a state said with "not".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, END } from './parse-helpers.js';

const { parse, refused } = parserFor({ cameras: ['kiosk', 'ledge'], zones: ['door'], lines: ['B'] }, 'ledge');

const m = (q: string): unknown => parse(q).query.measure;

test('"stuck around", "sticking about" are staying', () => {
  assert.deepEqual(m('how many people stuck around for at least 24 seconds'), { measure: 'count', of: 'visits', where: { op: 'ge', seconds: 24 } });
  assert.deepEqual(m('did anyone stick around longer than a minute?'), { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 60 } } });
});

test('a greeting or filler before the question is no part of it', () => {
  const plain = parse('when did the third visitor leave the kiosk').query;
  assert.deepEqual(parse('hey can you tell me when the third visitor left the kiosk').query, plain);
  assert.deepEqual(parse('ok, so when did the third visitor leave the kiosk?').query, plain);
  assert.deepEqual(parse('hi there, when did the third visitor leave the kiosk').query, plain);
  // a greeting is not a question
  refused('hey');
});

test('"visitor three", "person 2" are the third visitor, the second person', () => {
  assert.deepEqual(m('how long was visitor three at the kiosk'), { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 3 } } });
  assert.deepEqual(m('when did person 2 leave?'), { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
  // a number of seconds after a person-word is a length, not an ordinal
  refused('did the person 2 seconds stay');
});

test('an instant before the end of the recording', () => {
  const p = parse('how many bottles were on the ledge 15 seconds before the end?').query;
  assert.deepEqual(p.measure, { measure: 'countAt' });
  assert.equal(p.time.at, END - 15_000);
  assert.equal(parse('was the ledge full a minute before the end of the recording?').query.time.at, END - 60_000);
});

test('a thing that disappears (with an auxiliary too) is taken; "left" and "gone" may say what remains', () => {
  assert.deepEqual(m('when did a bottle first disappear from the ledge?'), { measure: 'when', of: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } } });
  assert.deepEqual(m('how many bottles have vanished?'), { measure: 'count', of: 'events', event: 'taken' });
  assert.deepEqual(m('how many bottles are left on the ledge'), { measure: 'countAt' });
  assert.deepEqual(m('how many bottles are gone?'), { measure: 'missing' });
  // people who disappear leave
  assert.deepEqual(m('when did the first person disappear?'), { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
});

test('a place that holds or contains things has them', () => {
  const have = m('how long did the ledge have just one bottle');
  assert.deepEqual(m('for how many seconds did the ledge hold just one bottle?'), have);
  assert.deepEqual(have, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 1 } } });
  assert.deepEqual(m('did the ledge contain fewer than 2 bottles?'), { measure: 'whether', test: { kind: 'count', cond: { op: 'lt', n: 2 } } });
  // a person holding a thing is not something the memory records
  refused('did anyone hold a bottle?', 'hold');
  refused('was someone holding a bottle?', 'holding');
});

test('a state said with "not" in a how-long question is the other state', () => {
  assert.deepEqual(m('how long was the ledge not full?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' } } });
  assert.deepEqual(m('how long was the kiosk not empty?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } });
  assert.deepEqual(m('how long was the kiosk not occupied?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(m('how long was the ledge not missing a bottle?'), { measure: 'duration', of: { kind: 'condition', cond: { op: 'full' } } });
});

test('a set of visits named by ordinals: "the second and third visitors", "the first three visitors"', () => {
  assert.deepEqual(m('total time the second and third visitors spent at the kiosk'), { measure: 'duration', of: { kind: 'visits', agg: 'total', nths: [2, 3] } });
  assert.deepEqual(m('average stay of the first three visitors'), { measure: 'duration', of: { kind: 'visits', agg: 'avg', nths: [1, 2, 3] } });
  assert.deepEqual(m('what was the average length of the last two visits'), { measure: 'duration', of: { kind: 'visits', agg: 'avg', nths: [-2, -1] } });
  assert.deepEqual(m('how long did the first and third visitors stay in total'), { measure: 'duration', of: { kind: 'visits', agg: 'total', nths: [1, 3] } });
  // one ordinal is one visit, not a set: an average of it is not read
  refused('average stay of the first visitor', 'first');
});

test('two kinds of events compared by number: "were more bottles taken than returned?"', () => {
  assert.deepEqual(m('were more bottles taken than returned?'), { measure: 'whether', test: { kind: 'events', a: 'taken', op: 'gt', b: 'returned' } });
  assert.deepEqual(m('were fewer bottles put back than taken from the ledge'), { measure: 'whether', test: { kind: 'events', a: 'returned', op: 'lt', b: 'taken' } });
  // a bare "more" elsewhere is not read
  refused('were there more people than bottles?', 'more');
  refused('how many more people came?', 'more');
});
