/**
 * Kinds read since the eleventh blind set's first score (this file's own sentences): words that
 * restate what the question says ("later", "finally", "that one", "again", "made by", "with no car",
 * "leave and then come back", "the first one ... the first time"), "long" before a stretch as the
 * longest, a word of a camera's name that is also a verb after "the" ("the exit" of car-wash-exit),
 * a class that moves by itself never taken for the place named after it ("the car" of
 * car-wash-exit), a preamble before a yes/no question about a state, and "did the first one come back".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const site = parserFor({ cameras: ['carwash-exit', 'loading-car-bay', 'library-returns-kiosk', 'potting-bench'], zones: [], lines: [] }, 'none');

test('a word of a camera name that is a verb, after "the", is the camera; a moving class is never its camera', () => {
  const a = site.parse('when did the second truck pull up at the exit?').query;
  assert.deepEqual(a.place.cameras, ['carwash-exit']);
  assert.deepEqual(a.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(site.parse('was a car waiting at the exit at 09:01:00?').query.place.cameras, ['carwash-exit']);
  // "exit" as a verb is still a departure
  assert.equal(site.parse('when did the last car exit?').query.measure.measure, 'when');
  assert.deepEqual((site.parse('when did the last car exit?').query.measure as { of: { kind: string } }).of.kind, 'departure');
  // "the car that drove in" of loading-car-bay is a car, never the camera
  const car = site.parse('how long did the car that drove in first stay?').query;
  assert.deepEqual(car.subject.classes, ['car']);
  assert.deepEqual(car.place.cameras, []);
});

test('restating words say nothing more: later, finally, that one, again, made by, with nobody, leave and then come back', () => {
  assert.deepEqual(site.parse('did someone leave and then return to the kiosk later on?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  assert.deepEqual(site.parse('when did the longest quiet period at the kiosk finally end?').query.measure, {
    measure: 'when',
    of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'end' } },
  });
  assert.deepEqual(site.parse('the third longest visit - how long did that one last?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'longest', rank: 3 } } });
  assert.deepEqual(site.parse('when did the first visitor walk away again?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(site.parse('how many visits were paid by people to the kiosk?').query.measure, { measure: 'count', of: 'visits' });
  const empty = site.parse('how long was the longest time the kiosk stood empty with nobody there?').query;
  assert.deepEqual(empty.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
  const gap = site.parse('what was the longest gap with no cars at the exit?').query;
  assert.deepEqual(gap.subject.classes, ['car']);
  assert.equal((gap.measure as { of: { episode?: string } }).of.episode, 'longest');
});

test('"long" before a stretch is the longest; "the first one ... the first time" is the first visit', () => {
  const q = site.parse('how long did the long empty period at the kiosk last?').query;
  assert.equal((q.measure as { of: { episode?: string } }).of.episode, 'longest');
  assert.deepEqual(site.parse('when did the first visitor leave the kiosk the first time?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 1 } } });
  // the second one's first time is not the second visit: refused, not guessed
  site.refused('when did the second visitor leave the kiosk the first time?');
});

test('a preamble before a yes/no question about a state is dropped; "wer" is "were"', () => {
  const q = site.parse('Hi, a quick one from the front office: is the kiosk empty at the end of the recording?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(q.place.cameras, ['library-returns-kiosk']);
  assert.equal(site.parse('wer any people at the kiosk at 09:01:00?').query.measure.measure, 'whether');
});

test('"did the first customer come back": that one\'s return, by re-identification', () => {
  assert.deepEqual(site.parse('did the very first visitor come back to the kiosk afterwards?').query.measure, { measure: 'whether', test: { kind: 'returned', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(site.parse('did the last person come back?').query.measure, { measure: 'whether', test: { kind: 'returned', visit: { by: 'nth', n: -1 } } });
});

test('"the man who came in first - did he come back?": the order said in a clause, the yes/no question after a topic', () => {
  const first = { measure: 'whether', test: { kind: 'returned', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(site.parse('did the man who came in first come back?').query.measure, first);
  assert.deepEqual(site.parse('the man who came in first, did he come back?').query.measure, first);
  assert.deepEqual(site.parse('The guy who was first in - did he come back to the kiosk later on?').query.measure, first);
  const black = site.parse('The guy in the black jacket who was first in - did he come back later on?').query;
  assert.deepEqual(black.measure, first);
  assert.deepEqual(black.subject.look?.colours, [{ part: 'upper', term: 'black' }]);
  assert.deepEqual(site.parse('the woman who arrived second - did she come back?').query.measure, { measure: 'whether', test: { kind: 'returned', visit: { by: 'nth', n: 2 } } });
  // the order of leaving is not the order of arrival: not read as one
  site.refused('the woman who left first, did she come back?', 'left');
});

test('"how long into the recording did X", "how long did it take before X": from the start, never the length of a visit', () => {
  const want = { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(site.parse('how long into the footage did the first visitor turn up?').query.measure, want);
  assert.deepEqual(site.parse('how long did it take before anyone came?').query.measure, want);
});

test('"if two went at once, count both": things, as counted; "taken off the bench" is the place, not a second class', () => {
  const q = site.parse('how many bottles were removed from the potting bench? if two were taken at once, count both.').query;
  assert.deepEqual(q.measure, { measure: 'count', of: 'events', event: 'taken' });
  // "how many times ... ? Two at once counts as two": each thing, never by moment
  const items = { measure: 'count', of: 'events', event: 'taken' };
  assert.deepEqual(site.parse('how many times were bottles taken from the potting bench? Two at once counts as two.').query.measure, items);
  assert.deepEqual(site.parse('how many times were bottles taken from the potting bench? if two went at once, count both.').query.measure, items);
  assert.deepEqual(site.parse('how many bottles were taken from the potting bench in total? Two at once counts as two.').query.measure, items);
  // "... count as one": by moment, as before
  assert.deepEqual(site.parse('how many times were bottles taken from the potting bench? Two at once count as one.').query.measure, { ...items, moments: true });
  // "count every visit, even if ...": the case after the rule goes with it; every visit is counted
  assert.deepEqual(
    site.parse('How many times did someone come up to the carwash exit? Count every visit, even if it was the same person twice.').query.measure,
    { measure: 'count', of: 'visits' },
  );
  const off = site.parse('how many bottles were taken off the bench?').query;
  assert.deepEqual(off.subject.classes, ['bottle']);
  assert.deepEqual(off.place.cameras, ['potting-bench']);
});

test('"was the bench ever empty of bottles": the state of the place, of the class after "of" (never benches and bottles summed)', () => {
  const q = site.parse('was the bench ever completely empty of bottles?').query;
  assert.deepEqual(q.subject.classes, ['bottle']);
  assert.deepEqual(q.place.cameras, ['potting-bench']);
});

test('"was the gap between the first and second visitor longer than 10 seconds": that span, compared (a yes/no, never the span itself)', () => {
  const q = site.parse('was the gap between the first and the second visitor longer than 10 seconds?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'span', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } }, where: { op: 'gt', seconds: 10 } } });
  // asked for the span, it is the span
  assert.equal(site.parse('how long was the gap between the first and the second visitor?').query.measure.measure, 'elapsed');
});
