/**
 * Kinds read since the twentieth blind set's first score (this file's own sentences, none from a
 * blind set): a topic told by a claim of its visit ("a woman in grey dropped by at the desk. When
 * did she go?"), said with "a" or "someone" as the one person; "than before it" after a time; a
 * word of a garment's kind ("a red rain jacket"); "was left with nobody"; a state said before
 * "since" a moment; a count said with "full" ("full with four jars", "short of a full four");
 * a stay "on one visit"; phonetic endings ("midnite") and "nr"; "went totally empty"; "X post here:".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const desk = parserFor({ cameras: ['library-desk'], zones: [], lines: [] }, 'none');
const shelf = parserFor({ cameras: ['spice-rack'], zones: [], lines: [] }, 'spice-rack');
const gate = parserFor({ cameras: ['depot-gate-north'], zones: [], lines: [] }, 'none');

test('a topic told by a claim of its visit is the one person the pronoun stands for, and its place goes along', () => {
  const q = desk.parse('A woman in a red coat dropped by at the desk and then wandered off. When did she arrive?').query;
  assert.deepEqual(q.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'only' } } });
  assert.deepEqual(q.subject.look?.colours, [{ part: 'upper', term: 'red' }]);
  assert.deepEqual(q.place.cameras, ['library-desk']);
  // "someone" is the one person, never the first of those who fit
  const some = desk.parse('Someone in a green jacket stopped at the desk. How long did they stay?').query;
  assert.deepEqual(some.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'only' } } });
  // a claim that says more than the visit is not dropped
  desk.refused('A man in a red coat bought a newspaper. When did he leave?');
});

test('"than before it": the other side of the time said; a word of a garment\'s kind; "was left with nobody"', () => {
  const q = desk.parse('were there more visitors after 09:01 than before it?').query;
  assert.equal(q.measure.measure, 'compare');
  assert.deepEqual(q.measure.measure === 'compare' ? q.measure.other : null, { from: T0, to: T0 + 60_001 });
  const vest = desk.parse('did anyone in a yellow rain jacket come to the desk?');
  assert.deepEqual(vest.query.subject.look?.colours, [{ part: 'upper', term: 'yellow' }]);
  assert.deepEqual(vest.query.subject.look?.ignored, ['rain', 'jacket']);
  // a joining word is no kind of garment
  assert.equal(desk.parse('did anyone in a black and white shirt come?').query.subject.look?.ignored?.includes('and'), false);
  const left = desk.parse('what was the longest time the desk was left with nobody at it?').query;
  assert.deepEqual(left.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
});

test('a state before "since" a moment is said of the span since then', () => {
  const q = desk.parse('how long has it been empty at the desk since the last visitor went away?').query;
  assert.deepEqual(q.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } }, to: { kind: 'end' } });
});

test('a count said with "full": at least that many; "short of a full" that many: fewer', () => {
  const full = shelf.parse('in total how long was the rack full with four bottles?').query;
  assert.deepEqual(full.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 4 } } });
  const short = shelf.parse('what was the longest time the rack stayed short of a full four bottles?').query;
  assert.deepEqual(short.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'lt', n: 4 }, episode: 'longest' } });
  // "full" alone is the usual count
  assert.deepEqual(shelf.parse('how long was the rack full?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'full' } } });
});

test('a stay "on one visit"; "midnite", "nr"; "went totally empty"; a post named before "here"', () => {
  const one = gate.parse('what was the longest time a truck stayed in view on one visit?').query;
  assert.deepEqual(one.measure, { measure: 'duration', of: { kind: 'visits', agg: 'max' } });
  const mid = shelf.parse('after midnite, when was the next bottle taken?');
  assert.ok(mid.assumed.some((a) => /"midnite" as "midnight"/.test(a)), mid.assumed.join('; '));
  // an English word with such an ending is itself, never respelled ("write" is no "wright")
  shelf.refused('did anyone write on the rack?', 'write');
  const nr = shelf.parse('whats the lowest nr of bottles on the rack?');
  assert.deepEqual(nr.query.measure, { measure: 'extreme', which: 'min' });
  const empty = shelf.parse('did the rack ever go totally empty?').query;
  assert.deepEqual(empty.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 0 } } });
  assert.deepEqual(empty.subject.classes, ['bottle']);
  const post = gate.parse('Gate officer booth here: how many trucks came through on this tape?');
  assert.deepEqual(post.query.measure, { measure: 'count', of: 'visits' });
});

test('who took things is refused (the memory does not link people to takings); which place did someone take: refused', () => {
  shelf.refused('which customer took the bottles off the rack?', 'who took or put back');
  shelf.refused('who put the bottle back?', 'who took or put back');
  desk.refused('which bus did the woman in the red coat take?', 'acted on');
  // "which bottle was taken first" is no question about a person
  assert.notEqual(shelf.parse('when was the first bottle taken?').query.measure.measure, 'list');
});

test('how long a state held "at the start": from the start until its opposite first held', () => {
  const q = gate.parse('how long was the gate empty at the start of the recording?').query;
  assert.deepEqual(q.measure, { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'condition', cond: { op: 'gt', n: 0 }, pick: { by: 'nth', n: 1 } } });
  // at the end it is the stretch going on then, as before
  assert.deepEqual(gate.parse('how long was the gate empty at the end of the recording?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'current' } });
});
