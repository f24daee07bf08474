/**
 * The English parser: each part of the question language is read into the query it means, the
 * question's words are all accounted for, and questions it cannot read are refused with the words
 * it did not understand.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, END, T0 } from './parse-helpers.js';

const at = (hms: string): number => Date.parse(`2026-01-05T${hms}Z`);
const { parse, refused } = parserFor({ cameras: ['table', 'bench', 'dock_2'], zones: ['door', 'bench2'], lines: ['B', 'gate'] }, 'bench');

test('counts: visits, present, departures, identities, events', () => {
  assert.deepEqual(parse('how many people came by before 09:01?').query.measure, { measure: 'count', of: 'visits' });
  assert.equal(parse('how many people came by before 09:01?').query.time.to, at('09:01:00'));
  assert.deepEqual(parse('how many people were at the table in the last minute?').query.measure, { measure: 'count', of: 'present' });
  assert.deepEqual(parse('how many people left before 09:01?').query.measure, { measure: 'count', of: 'departures' });
  assert.deepEqual(parse('how many different people did the camera see?').query.measure, { measure: 'count', of: 'identities' });
  // times a bottle was put back count bottles (each one put back); occasions count moments
  assert.deepEqual(parse('how many times was a bottle returned?').query.measure, { measure: 'count', of: 'events', event: 'returned' });
  assert.deepEqual(parse('on how many occasions was a bottle returned?').query.measure, { measure: 'count', of: 'events', event: 'returned', moments: true });
  assert.deepEqual(parse('how many bottles were taken between 10:00:15 and 10:00:20?').query.measure, { measure: 'count', of: 'events', event: 'taken' });
  const cross = parse('how many times did someone cross line B backwards?').query;
  assert.deepEqual(cross.measure, { measure: 'count', of: 'events', event: 'line_cross' });
  assert.equal(cross.place.line, 'B');
  assert.equal(cross.place.direction, 'backward');
  assert.deepEqual(parse('how many visitors stayed longer than 25 seconds?').query.measure, { measure: 'count', of: 'visits', where: { op: 'gt', seconds: 25 } });
  assert.deepEqual(parse('number of people who stopped by the table').query.place.cameras, ['table']);
});

test('count at an instant, at once, missing', () => {
  const q = parse('how many bottles were there at 09:01:19?').query;
  assert.deepEqual(q.measure, { measure: 'countAt' });
  assert.equal(q.time.at, at('09:01:19'));
  assert.equal(parse('how many bottles were on the bench at the start?').query.time.at, T0 + 2000);
  assert.deepEqual(parse('how many bottles are on the bench?').query.measure, { measure: 'countAt' });
  assert.equal(parse('how many bottles are on the bench?').query.time.at, END);
  assert.deepEqual(parse("what's the maximum number of people seen together?").query.measure, { measure: 'extreme', which: 'max' });
  assert.deepEqual(parse('what is the fewest bottles on the bench').query.measure, { measure: 'extreme', which: 'min' });
  assert.deepEqual(parse('how many bottles are missing?').query.measure, { measure: 'missing' });
});

test('whether: at an instant, in a window, with conditions, negated', () => {
  const occ = parse('is the table occupied at 09:01:05?');
  assert.deepEqual(occ.query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 0 } } });
  assert.equal(occ.query.time.at, at('09:01:05'));
  assert.deepEqual(occ.query.subject.classes, ['person']);
  assert.deepEqual(parse('were two people ever there together?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'ge', n: 2 } } });
  assert.deepEqual(parse('was any bottle missing at 10:00:33?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'missing' } } });
  assert.deepEqual(parse('did anyone stay more than 20 seconds?').query.measure, { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 20 } } });
  assert.deepEqual(parse('were there fewer than 3 bottles on the bench at 10:00:10?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'lt', n: 3 } } });
  assert.deepEqual(parse('did anyone cross line gate?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'line_cross' } });
  const nobody = parse('was nobody at the table at 09:00:47?');
  assert.deepEqual(nobody.query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
  assert.equal(nobody.negate, false);
  assert.equal(parse('did no one come after 09:01:30?').negate, true);
  refused('how many people were not at the table?', 'negation');
  assert.deepEqual(parse('is there a person now?').query.time.at, END);
});

test('when: n-th, last, references, events, conditions', () => {
  assert.deepEqual(parse('when did the fourth person arrive?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 4 } } });
  assert.deepEqual(parse('what time did the first visitor leave?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('when was the last person seen?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'sighting' } } });
  assert.deepEqual(parse('how long did the person stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'only' } } });
  assert.deepEqual(parse('who arrived right after the person that left at 09:00:45, and when?').query.measure, {
    measure: 'when',
    of: { kind: 'arrival', visit: { by: 'after', visit: { by: 'leftAt', t: at('09:00:45') } } },
  });
  assert.deepEqual(parse('when was a bottle first put back?').query.measure, { measure: 'when', of: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('when was the last time a bottle was removed?').query.measure, { measure: 'when', of: { kind: 'event', event: 'taken', pick: { by: 'nth', n: -1 }, moments: true } });
  assert.deepEqual(parse('when did the bench drop to one bottle?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 1 }, pick: { by: 'nth', n: 1 }, change: 'drop' } });
  assert.deepEqual(parse('when did the third person cross line B?').query.measure, { measure: 'when', of: { kind: 'event', event: 'line_cross', pick: { by: 'nth', n: 3 } } });
});

test('durations: one visit, aggregates, conditions', () => {
  assert.deepEqual(parse('how long was the second person at the table?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(parse('how long did the last visitor stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: -1 } } });
  assert.deepEqual(parse('how much time did the person who came at 09:01:14 spend there?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'arrivedAt', t: at('09:01:14') } } });
  assert.deepEqual(parse('how long did whoever was there at 09:00:10 stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'presentAt', t: at('09:00:10') } } });
  assert.deepEqual(parse('how long was the shortest visit?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'min' } });
  assert.deepEqual(parse('what was the average visit length?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'avg' } });
  assert.deepEqual(parse('how long did people stay on average?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'avg' } });
  const empty = parse('for how long was the table empty between 09:00:00 and 09:00:30?').query;
  assert.deepEqual(empty.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual([empty.time.from, empty.time.to], [at('09:00:00'), at('09:00:30')]);
  assert.deepEqual(parse('how long were all three bottles on the bench in total?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 3 } } });
  assert.deepEqual(parse('how long was there only one person?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 1 } } });
});

test('who, lists and arg-max', () => {
  assert.deepEqual(parse('who stayed longest?').query.measure, { measure: 'visit', visit: { by: 'longest' } });
  assert.deepEqual(parse('who stayed the longest, and when did they arrive?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'longest' } } });
  assert.deepEqual(parse('list the visits after 09:01:30').query.measure, { measure: 'list', of: 'visits' });
});

test('subjects: groups and plain names; places: cameras by the words people use, zones, lines', () => {
  assert.deepEqual(parse('how many vehicles came?').query.subject.classes, ['car', 'truck', 'bus', 'motorcycle', 'vehicle']);
  assert.deepEqual(parse('how many workers came in the last hour?').query.subject.classes, ['person']);
  assert.deepEqual(parse('how many bottles are on the bench?').query.place.cameras, ['bench']);
  assert.deepEqual(parse('how many people came to camera dock 2?').query.place.cameras, ['dock_2']);
  assert.equal(parse('how many people entered zone bench 2 today?').query.place.zone, 'bench2');
  assert.deepEqual(parse('how many people are in the picture now?').query.place.cameras, []);
});

test('refusals name what was not understood', () => {
  refused('how many forklifts came?', '"forklift" is not a detected class');
  refused('what colour was the jacket of the first person?', 'colour');
  refused('why did the second person leave?', 'why');
  refused('how many people came to zone loading?', 'loading');
  refused('how long did people stay?');
  refused('how many people came at 09:00:10 and at 09:01:10?');
});

test('questions without a question word: a plural class asks how many, a condition asks whether, an ordinal with a moment asks when', () => {
  const people = parse('people at the table at 09:01:03?').query;
  assert.deepEqual(people.measure, { measure: 'countAt' });
  assert.equal(people.time.at, at('09:01:03'));
  assert.deepEqual(parse('bottles at 09:00:20').query.measure, { measure: 'countAt' });
  assert.deepEqual(parse('table empty at 09:01:12?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(parse('fewer than 2 bottles at 09:00:09?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'lt', n: 2 } } });
  assert.deepEqual(parse('anyone at the table at 09:01:03?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 0 } } });
  const first = parse('first arrival after 09:01?').query;
  assert.deepEqual(first.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  assert.ok(first.time.from - at('09:01:00') <= 1, 'after 09:01');
  assert.deepEqual(parse('last time a bottle was grabbed?').query.measure, { measure: 'when', of: { kind: 'event', event: 'taken', pick: { by: 'nth', n: -1 }, moments: true } });
  // a class alone says nothing to find
  refused('anything', 'does not say what to find');
  refused('people?', 'does not say what to find');
});

test('relative clauses and changes: the n-th visit that passes a length, the next after a reference, moments vs items, back to a count', () => {
  assert.deepEqual(parse('when did the first person who stayed more than 20 seconds arrive?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1, where: { op: 'gt', seconds: 20 } } } });
  assert.deepEqual(parse('when did the next person arrive after the one who left at 09:01:27?').query.measure, {
    measure: 'when',
    of: { kind: 'arrival', visit: { by: 'after', visit: { by: 'leftAt', t: at('09:01:27') } } },
  });
  assert.deepEqual(parse('on how many separate occasions were bottles taken').query.measure, { measure: 'count', of: 'events', event: 'taken', moments: true });
  assert.deepEqual(parse('how many bottles were taken?').query.measure, { measure: 'count', of: 'events', event: 'taken' });
  assert.deepEqual(parse('when was the bench first back to three bottles').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 3 }, pick: { by: 'nth', n: 1 }, change: 'any' } });
  assert.deepEqual(parse('how long was the table unattended between 09:00:25 and 09:01:05?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(parse('how long was the bench short of bottles?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' } } });
  // "how long was someone there": the time anyone was there, said so; "how long did people stay" names no visit
  const someone = parse('how long was someone at the table in the first minute?');
  assert.deepEqual(someone.query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } });
  assert.match(someone.assumed.join(' '), /the time anyone was there/);
  refused('how long did people stay?', 'which visit');
});

test('stretches of a state, how many times it began, remaining things, ordinals by number, plain verbs', () => {
  assert.deepEqual(parse('how long has the table been empty?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
  assert.deepEqual(parse('how long was the bench missing a bottle the first time?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' }, episode: 'first' } });
  assert.deepEqual(parse('how many times did the bench go down to one bottle').query.measure, { measure: 'times', cond: { op: 'eq', n: 1 }, change: 'drop' });
  assert.deepEqual(parse('how many times was the table empty?').query.measure, { measure: 'times', cond: { op: 'eq', n: 0 } });
  assert.deepEqual(parse('how long was just one bottle left on the bench?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 1 } } });
  // a thing "left on" a place remains there; one that "left" the place was taken
  assert.deepEqual(parse('bottles left on the bench at 09:00:09?').query.measure, { measure: 'countAt' });
  assert.equal(parse('bottles left on the bench at 09:00:09?').query.time.at, at('09:00:09'));
  assert.deepEqual(parse('how many bottles left the bench after 09:00:30?').query.measure, { measure: 'count', of: 'events', event: 'taken' });
  assert.deepEqual(parse('how long did visitor number one linger?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('when did the one before the last leave').query.measure.measure, 'when');
  assert.deepEqual(parse('how many people swung by before 09:01?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(parse('when did the second person head out?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(parse('how many bottles were restocked?').query.measure, { measure: 'count', of: 'events', event: 'returned' });
  assert.deepEqual(parse('give me the number of bottles that were snatched').query.measure, { measure: 'count', of: 'events', event: 'taken' });
  // "no one" is a negation, not "number one"
  assert.deepEqual(parse('did no one come after 09:01:30?').negate, true);
});

test('loud sounds are events without a class: counted, timed and asked about', () => {
  const n = parse('how many loud noises were there at the bench?').query;
  assert.deepEqual(n.measure, { measure: 'count', of: 'events', event: 'loud_sound' });
  assert.deepEqual(n.subject.classes, [], 'no class is assumed for a sound');
  assert.deepEqual(parse('when was the last bang?').query.measure, { measure: 'when', of: { kind: 'event', event: 'loud_sound', pick: { by: 'nth', n: -1 } } });
  assert.deepEqual(parse('was there a loud sound after 09:01?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'loud_sound' } });
});

test('parts of the recording: the n-th minute, the first and second half, the last quarter', () => {
  assert.deepEqual(parse('how many people arrived in the second minute?').query.time, { from: T0 + 60_000, to: T0 + 120_000 });
  assert.deepEqual(parse('how many people were there during the first half?').query.time, { from: T0, to: T0 + 69_750 });
  assert.deepEqual(parse('how many bottles were put back during the second half').query.time, { from: T0 + 69_750, to: END });
  assert.deepEqual(parse('how many people came in the last quarter').query.time, { from: T0 + 104_625, to: END });
  // "the first half hour" is thirty minutes, not half the recording
  assert.deepEqual(parse('how many people came in the first half hour').query.time, { from: T0, to: T0 + 1_800_000 });
});

test('total as a head, overlap as at once, by the end, ordinals after a rank', () => {
  assert.deepEqual(parse('total visitors?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(parse('total time people spent at the table').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'total' } });
  assert.deepEqual(parse('did two people ever overlap at the table?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'ge', n: 2 } } });
  const end = parse('were all the bottles back by the end?').query;
  assert.deepEqual(end.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'full' } } });
  assert.equal(end.time.at, END);
  assert.deepEqual(parse('who came after the first person, and when?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'after', visit: { by: 'nth', n: 1 } } } });
  assert.deepEqual(parse('how long did the third one stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 3 } } });
});

test('a class named as a place that is no camera or zone is refused, not counted with the subject', () => {
  refused('how many bottles were on the chair?', 'names a place');
  refused('how many people sat at the dining table?', 'names a place');
  // a camera of that name is the place
  assert.deepEqual(parse('how many bottles were on the bench at 09:01?').query.place.cameras, ['bench']);
});

test('one visit compared with another or with a length; the count on average', () => {
  assert.deepEqual(parse('did the second person stay longer than the first?').query.measure, { measure: 'whether', test: { kind: 'compare', a: { by: 'nth', n: 2 }, op: 'gt', b: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('was the last visit shorter than the third one?').query.measure, { measure: 'whether', test: { kind: 'compare', a: { by: 'nth', n: -1 }, op: 'lt', b: { by: 'nth', n: 3 } } });
  assert.deepEqual(parse('did the second person stay longer than 20 seconds').query.measure, { measure: 'whether', test: { kind: 'length', visit: { by: 'nth', n: 2 }, where: { op: 'gt', seconds: 20 } } });
  assert.deepEqual(parse('did the person who came at 09:01:14 stay over a minute?').query.measure, {
    measure: 'whether',
    test: { kind: 'length', visit: { by: 'arrivedAt', t: at('09:01:14') }, where: { op: 'gt', seconds: 60 } },
  });
  // any visit, not one
  assert.deepEqual(parse('did anyone stay more than 25 seconds').query.measure, { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 25 } } });
  assert.deepEqual(parse('what was the average number of bottles on the bench?').query.measure, { measure: 'extreme', which: 'avg' });
  assert.deepEqual(parse('on average, how many people were at the table?').query.measure, { measure: 'extreme', which: 'avg' });
  // an average of arrivals is a rate, which the language does not have
  refused('how many people came on average?', 'on average');
});

test('states said with a bare number, "occupied by", "just a single"; windows after the first minute; visit ends', () => {
  const three = parse('were there three bottles at 09:00:15?').query;
  assert.deepEqual(three.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 3 } } });
  assert.deepEqual(parse('was the table ever occupied by two people?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'ge', n: 2 } } });
  assert.deepEqual(parse('how long was there just a single bottle on the bench?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 1 } } });
  assert.deepEqual(parse('how long was the bench at two bottles the first time?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 2 }, episode: 'first' } });
  // an action with a number is not a state: "did two people come" is not read as "were there two"
  refused('did two people come after 09:01?', 'two');
  assert.deepEqual(parse('did fewer than 5 people visit?').query.measure, { measure: 'whether', test: { kind: 'visit', count: { op: 'lt', n: 5 } } });
  assert.deepEqual(parse('how many people showed up after the first minute?').query.time, { from: T0 + 60_000, to: END });
  assert.deepEqual(parse('how many people came before the second half?').query.time, { from: T0, to: T0 + 69_750 });
  assert.deepEqual(parse('when did the longest visit end').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'longest' } } });
  assert.deepEqual(parse('how long did the visits last on average?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'avg' } });
  assert.equal(parse('how many bottles did the bench start with?').query.time.at, T0 + 2000);
  assert.deepEqual(parse('how many folks stopped at the table').query.subject.classes, ['person']);
});

test('who moved a thing, and how many people came back, are refused (the memory cannot tell); whether and when anyone did is re-identification\'s', () => {
  refused('who put the bottles back?', 'not who did it');
  refused('who took a bottle?', 'not who did it');
  assert.deepEqual(parse('did anyone come back?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  // when: the arrival of the first return (a visit of an identity seen on an earlier visit)
  assert.deepEqual(parse('when did someone come back?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'return' } } });
  refused('how many people returned after 09:01?', 'telling people apart');
  // things are put back
  assert.deepEqual(parse('did someone put a bottle back?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'returned' } });
});

test('"what was the total occupied time", "go missing", terse "2nd person left", "the person who arrived right before 09:01:30"', () => {
  assert.deepEqual(parse('what was the total occupied time').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } } });
  assert.deepEqual(parse('when did a bottle go missing for the first time?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'missing' }, pick: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('time the 2nd person left').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(parse('first bottle returned').query.measure, { measure: 'when', of: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } } });
  assert.deepEqual(parse('when did the person who arrived right before 09:01:30 leave?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'before', t: at('09:01:30') } } });
  const next = parse('how long did the visitor who came just after 09:00:30 stay?').query.measure;
  assert.ok(next.measure === 'duration' && next.of.kind === 'visit' && next.of.visit.by === 'after' && Math.abs((next.of.visit.t ?? 0) - at('09:00:30')) <= 1, JSON.stringify(next));
  // a set of visits to count keeps its window
  const many = parse('how many people who arrived before 09:01 stayed longer than 15 seconds?').query;
  assert.deepEqual(many.measure, { measure: 'count', of: 'visits', where: { op: 'gt', seconds: 15 } });
  assert.equal(many.time.to, at('09:01:00'));
});

test('moments counted from the recording, "the final 20 seconds", "the 1st minute"; stretches of a state by length', () => {
  assert.equal(parse('how many people were at the table 30 seconds in?').query.time.at, T0 + 30_000);
  assert.equal(parse('how many bottles were on the bench 20 seconds into the recording').query.time.at, T0 + 20_000);
  assert.equal(parse('was the table occupied halfway through?').query.time.at, T0 + 69_750);
  assert.equal(parse('how many people were there at the halfway point?').query.time.at, T0 + 69_750);
  assert.deepEqual(parse('how many people came in the final 20 seconds').query.time, parse('how many people came in the last 20 seconds').query.time);
  assert.deepEqual(parse('how many people visited the table camera in the 1st minute').query.time, { from: T0, to: T0 + 60_000 });
  assert.deepEqual(parse('was the table ever unoccupied for more than 5 seconds?').query.measure, {
    measure: 'whether',
    test: { kind: 'count', cond: { op: 'eq', n: 0 }, lasting: { op: 'gt', seconds: 5 } },
  });
  assert.deepEqual(parse('how long was the longest period the table was empty?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
  assert.deepEqual(parse('when did the bench lose its first bottle?').query.measure, { measure: 'when', of: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } } });
  // a visit's length is still a visit's
  assert.deepEqual(parse('did anyone stay more than 25 seconds').query.measure, { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 25 } } });
});

test('negative questions, a moment given by another question, one visit against an instant', () => {
  // "wasn't it empty?" asks whether it was; "was it not empty?" asks the negation
  assert.equal(parse("wasn't the table empty at 09:00:30?").negate, false);
  assert.equal(parse("didn't anyone come after 09:02:10?").negate, false);
  assert.equal(parse('was the table not empty at 09:00:30?').negate, true);
  refused('how many people were at the table when the third person arrived?', 'moment something else happened');
  const left = parse('did the fifth person leave before 09:01:50?').query;
  assert.deepEqual(left.measure, { measure: 'whether', test: { kind: 'visitTime', visit: { by: 'nth', n: 5 }, moment: 'departure', side: 'before', t: at('09:01:50') } });
  assert.deepEqual(left.time, { from: T0, to: END + 1 }, 'the fifth of all visits, not of those before 09:01:50');
  const still = parse('was the second person still at the table at 09:00:55?').query;
  assert.deepEqual(still.measure, { measure: 'whether', test: { kind: 'visitTime', visit: { by: 'nth', n: 2 }, moment: 'presence', t: at('09:00:55') } });
  assert.equal(still.time.at, undefined);
  assert.equal(parse('did the first person arrive after 09:00:10').query.measure.measure, 'whether');
});

test('"for the whole recording" is all the time, "how many times was one missing" counts stretches, "how long after" is refused, "at its busiest"', () => {
  assert.deepEqual(parse('did the bench have 3 bottles for the whole recording').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 3 }, all: true } });
  assert.deepEqual(parse('how many times was the bench short a bottle?').query.measure, { measure: 'times', cond: { op: 'missing' } });
  assert.deepEqual(parse('how many bottles were missing at 10:00:20?').query.measure, { measure: 'missing' });
  refused('how long after 09:00 did the second person arrive', 'how long after');
  assert.deepEqual(parse('how many people were at the table at its busiest?').query.measure, { measure: 'extreme', which: 'max' });
  // a length after a moment is still a length
  assert.deepEqual(parse('how long was the table empty after 09:02?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } } });
});

test('"again" is a change into the state; "every bottle" is all of them; people "coming again" are a return', () => {
  assert.deepEqual(parse('when was the bench full again?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'full' }, pick: { by: 'nth', n: 1 }, change: 'any' } });
  assert.deepEqual(parse('when was the table empty again after 09:00:20').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, change: 'any' } });
  assert.deepEqual(parse('was every bottle on the bench at 10:00:20').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'full' } } });
  assert.deepEqual(parse('when did someone come again?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'return' } } });
  // "every camera" is still all the cameras
  assert.deepEqual(parse('how many people were seen across every camera?').query.place.cameras, []);
});

test('sex and age, the future and cameras the memory does not have are refused, not answered about people', () => {
  refused('were any of the visitors kids?', 'sex or age');
  refused('was the first visitor a woman?');
  refused('how many men came after 09:01?');
  refused('will the table be busy later?', 'future');
  refused('how many people did the parking camera see?', 'no camera called "parking"');
  assert.deepEqual(parse('how many guys came by').query.subject.classes, ['person']);
  assert.deepEqual(parse('how many people were seen by the table camera').query.place.cameras, ['table']);
});

test('"during the whole first 5 seconds" is all the time in that window', () => {
  const q = parse('was the bench full during the whole first 5 seconds?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'full' }, all: true } });
  assert.deepEqual(q.time, { from: T0, to: T0 + 5000 });
});

test('"who was there at 09:00:30 and when did they leave": the instant names the visit, the when clause the moment', () => {
  const q = parse('who was at the table at 09:00:30 and when did they leave?').query;
  assert.deepEqual(q.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'presentAt', t: at('09:00:30') } } });
  assert.equal(q.time.at, undefined);
  assert.deepEqual(parse('who left at 09:01:27 and when did they come?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'leftAt', t: at('09:01:27') } } });
});

test('footfall and foot traffic are visits; out of stock is empty', () => {
  assert.deepEqual(parse('what was the footfall at the table?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(parse('what was the foot traffic at the table in the first minute').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(parse('footfall between 09:00 and 09:01?').query.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(parse('was the bench ever out of stock?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
});

test('"where" questions are refused (they were read as whether something was seen)', () => {
  refused('where did the bottles go?', 'where');
  refused('where did the first visitor come from?', 'where');
});

test('a state "for more than a minute" is one stretch only when said so ("ever", "in a row", "straight"); alone it may mean in total and is refused', () => {
  refused('was the table occupied for more than a minute?', 'occupied');
  assert.deepEqual(parse('were there two bottles for more than 10 seconds in a row?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 2 }, lasting: { op: 'gt', seconds: 10 } } });
  assert.deepEqual(parse('was the table occupied for over 25 seconds straight?').query.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 0 }, lasting: { op: 'gt', seconds: 25 } } });
});
