/**
 * Kinds read since the fifteenth blind set's first score (this file's own sentences, none from a
 * blind set): a word of a camera's name that is also a function word ("the till"), two words of a
 * name said together ("the front desk"), the asker saying who they are before the question, a
 * visitor noun counted at a moment when the question is in the present, typing slips whose tie is
 * broken by how slips are made, "@" before a time, and "end up" as "come to be".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const till = parserFor({ cameras: ['garage-till'], zones: [], lines: [] }, 'none');
const desk = parserFor({ cameras: ['motel-front-desk'], zones: [], lines: [] }, 'none');
const shelf = parserFor({ cameras: ['larder-shelf'], zones: [], lines: [] }, 'larder-shelf');

test('a word of the camera name that is also a function word is the camera after "the"', () => {
  const p = till.parse('was anyone at the till at 09:00:30?');
  assert.deepEqual(p.query.place.cameras, ['garage-till']);
  assert.equal(p.query.time.at, T0 + 30_000);
  // "till" as "until" still reads as time
  assert.equal(till.parse('how many people came till 09:01?').query.time.to, T0 + 60_000);
});

test('two words of a camera name said together are the camera, though one alone is a position word', () => {
  assert.deepEqual(desk.parse('how many guests came up to the front desk?').query.place.cameras, ['motel-front-desk']);
  // "front" alone is still no name
  desk.refused('how many people were at the front?', 'front');
});

test('the asker saying who they are ("day supervisor here") is no part of the question', () => {
  const p = desk.parse('day supervisor here - how many people came to the desk?');
  assert.deepEqual(p.query.measure, { measure: 'count', of: 'visits' });
  assert.ok(p.assumed.some((a) => /ignored/.test(a)), p.assumed.join('; '));
  // the introduction is the part dropped: the question keeps its own words
  assert.equal(desk.parse('night porter here: when did the first guest leave?').query.measure.measure, 'when');
});

test('a visitor noun in a present-tense question about now counts who is there, not the visits', () => {
  assert.deepEqual(desk.parse('how many guests are at the desk right now?').query.measure, { measure: 'countAt' });
  assert.deepEqual(desk.parse('how many guests are at the desk at the moment?').query.measure, { measure: 'countAt' });
  assert.deepEqual(desk.parse('how many guests did the desk get?').query.measure, { measure: 'count', of: 'visits' });
});

test('a slip tied between two words is read as the one a slip more likely came from', () => {
  const p = desk.parse('how long did the first vist last?');
  assert.deepEqual(p.query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 1 } } });
  assert.ok(p.assumed.some((a) => /"vist" as "visit"/.test(a)), p.assumed.join('; '));
  assert.deepEqual(shelf.parse('wich was the lowest number of bottles on the shelf at any one time?').query.measure, { measure: 'extreme', which: 'min' });
});

test('"@" before a time is "at"; "end up" is "come to be"', () => {
  assert.equal(shelf.parse('bottle count @ 09:00:40').query.time.at, T0 + 40_000);
  const p = shelf.parse('did the shelf ever end up empty?');
  assert.equal(p.query.measure.measure, 'whether');
});

test('the count going up or down is a put-back or a taking, never things leaving', () => {
  assert.deepEqual(shelf.parse('how many times did the number of bottles go up?').query.measure, { measure: 'count', of: 'events', event: 'returned', moments: true });
  assert.deepEqual(shelf.parse('how many times did the bottle count drop?').query.measure, { measure: 'count', of: 'events', event: 'taken', moments: true });
  // a target keeps its reading: the times it came to be that many by a drop
  assert.deepEqual(shelf.parse('how many times did the number of bottles go down to one?').query.measure, { measure: 'times', cond: { op: 'eq', n: 1 }, change: 'drop' });
});

test('a verb of staying before a state is its copula; "all 3 ... there at T?" asks whether; "first" of a named arrival', () => {
  const m = desk.parse('did the desk ever stand empty for more than 20 seconds?').query.measure;
  assert.deepEqual(m, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 }, lasting: { op: 'gt', seconds: 20 } } });
  assert.equal(shelf.parse('all 3 bottles there at 09:00:40?').query.measure.measure, 'whether');
  assert.deepEqual(desk.parse('when did the second guest first show up?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  // "first" said of a leaving is not read away
  desk.refused('when did the second guest first leave?', 'first');
});

test('a period said after "the gap between guests" is the window, not a second moment', () => {
  const q = desk.parse('what was the longest gap between guests in the last minute?').query;
  assert.equal(q.measure.measure, 'duration');
  assert.equal(q.time.from, T0 + 79_500);
  // an instant after it is still refused: "between" would join two moments
  desk.refused('how long was the gap between guests at 09:01?');
});
