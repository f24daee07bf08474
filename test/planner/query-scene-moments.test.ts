/**
 * Kinds read after the twelfth blind set's first score (this file's own sentences): the only camera
 * named by two words of its name ("the car park"), by a WordNet synonym's head ("the lot"), by what
 * kind of camera it is ("the thermal camera"), or with a thing in its scene after its name ("the
 * atrium table"); "cam"; "the next one" in a span; "leave after its second visit" (that visit's
 * end); "did anyone visit twice"; "separate visits"; "I need ..."; "15 s"; a stretch's start said
 * "from what time"; a moment said last ("... show up again after that long quiet spell"); a rare
 * English word that is a known word with two letters swapped ("frist").
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const lot = parserFor({ cameras: ['marina-car-park'], zones: [], lines: [] }, 'none');
const atrium = parserFor({ cameras: ['hotel-atrium'], zones: [], lines: [] }, 'none');
const two = parserFor({ cameras: ['hotel-atrium', 'kiosk'], zones: [], lines: [] }, 'none');

test('the only camera by two words of its name, a synonym, its kind, "cam", or a thing in its scene after its name', () => {
  const left = lot.parse('when did the last car leave the car park').query;
  assert.deepEqual(left.subject.classes, ['car']);
  assert.deepEqual(left.place.cameras, ['marina-car-park']);
  assert.deepEqual(lot.parse('was there a car in the lot at 09:01:10?').query.place.cameras, ['marina-car-park']);
  assert.deepEqual(atrium.parse('When was the first person detected on the thermal camera?').query.place.cameras, ['hotel-atrium']);
  assert.deepEqual(atrium.parse('how many people did the atrium cam see between 09:01:30 and 09:02:00?').query.place.cameras, ['hotel-atrium']);
  assert.deepEqual(atrium.parse('What time did the first person show up at the atrium table?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  // with two cameras, a kind of camera names none of them
  two.refused('When was the first person detected on the thermal camera?', 'thermal');
});

test('spans: "the next one", a state held with "sit", a typing slip of a rare word', () => {
  assert.deepEqual(atrium.parse('how long between the first person leaving and the next one arriving').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, next: true });
  assert.deepEqual(atrium.parse('How long did the table sit unattended between the fifth and the sixth visit?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 5 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 6 } } });
  assert.deepEqual(lot.parse('how long between the frist car leaving and the second one arriving?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
});

test('"leave after its second visit" is that visit\'s end; "arrive after ..." the next one\'s', () => {
  assert.deepEqual(lot.parse('what time did the car leave after its second visit?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(lot.parse('when did the car arrive after its second visit?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'after', visit: { by: 'nth', n: 2 } } } });
});

test('how often someone came, asked yes or no; "separate visits" are visits; "I need ..."; "15 s"', () => {
  assert.deepEqual(atrium.parse('did anyone visit twice?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  assert.deepEqual(atrium.parse('did anybody come back to the atrium after they had already left once?').query.measure, { measure: 'whether', test: { kind: 'returned' } });
  const thrice = atrium.parse('did anybody come to the atrium three times?').query;
  assert.deepEqual(thrice.measure, { measure: 'whether', test: { kind: 'visit' } });
  assert.deepEqual(thrice.subject.visits, { op: 'ge', n: 3 });
  assert.deepEqual(atrium.parse('How many separate visits lasted longer than 20 seconds?').query.measure, { measure: 'count', of: 'visits', where: { op: 'gt', seconds: 20 } });
  assert.deepEqual(atrium.parse('I need the arrival time of the fifth visitor').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 5 } } });
  const first = atrium.parse('in the first 15 s was there any person').query;
  assert.equal(first.time.to - first.time.from, 15_000);
});

test('a stretch\'s start "from what time", its end "until what time"; a moment said last begins the window', () => {
  assert.deepEqual(atrium.parse('from what time was the atrium empty for its longest stretch?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'start' } } });
  assert.deepEqual((atrium.parse('until what time was the atrium empty for its longest stretch?').query.measure as { of: { stretch: { side: string } } }).of.stretch.side, 'end');
  // a rank before the superlative is kept (never the longest in its place)
  assert.deepEqual((atrium.parse('when was the atrium empty for its second longest stretch?').query.measure as { of: { stretch: unknown } }).of.stretch, { episode: 'longest', rank: 2, side: 'start' });
  const again = atrium.parse('When did someone show up again after that long quiet spell?').query;
  assert.deepEqual(again.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  assert.deepEqual(again.time.after, { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'end' } });
  assert.deepEqual(atrium.parse('how many people came after the first person left?').query.time.after, { kind: 'departure', visit: { by: 'nth', n: 1 } });
});

test('two spans compared ("empty for longer between the first and second than between the third and fourth"); "longer" alone is no person', () => {
  const want = { measure: 'whether', test: { kind: 'spans', a: { from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } } }, op: 'gt', b: { from: { kind: 'departure', visit: { by: 'nth', n: 3 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 4 } } } } };
  assert.deepEqual(atrium.parse('Was the atrium unoccupied for longer between the first and second visitors than between the third and fourth?').query.measure, want);
  assert.deepEqual(atrium.parse('was the gap between the first and second visitor longer than the gap between the third and fourth?').query.measure, want);
  // WordNet's "longer" (one who longs) is a person; the comparative of "long" is not
  atrium.refused('was the first visit longer?');
});

test('"was it the same car every time": one identity on every visit; "the same" alone is refused', () => {
  assert.deepEqual(lot.parse('Was it the same silver car every time?').query.measure, { measure: 'whether', test: { kind: 'same' } });
  assert.deepEqual(atrium.parse('was it always the same person at the atrium?').query.measure, { measure: 'whether', test: { kind: 'same' } });
  atrium.refused('did the same person come?', 'the same');
  // "at the same time" is at once
  assert.equal(atrium.parse('how many people were there at the same time?').query.measure.measure, 'extreme');
});

test('the start or the end left out ("not counting the start of the clip"): from the first arrival, up to the last departure', () => {
  const q = atrium.parse('when did the longest empty stretch begin (not counting the start of the clip)?').query;
  assert.deepEqual(q.time.after, { kind: 'arrival', visit: { by: 'nth', n: 1 } });
  assert.equal((q.measure as { of: { stretch?: { episode: string } } }).of.stretch?.episode, 'longest');
  assert.deepEqual(atrium.parse('what was the longest time the atrium was empty, not counting the end of the recording?').query.time.before, { kind: 'departure', visit: { by: 'nth', n: -1 } });
});

test('a moment said last never re-counts an ordinal nor takes a relative clause\'s "after"; "the first time ..., how long did they stay" is that visit', () => {
  // the second person is the second of all, not the second after the first one left
  atrium.refused('when did the second person arrive after the first one left?');
  atrium.refused('when did the person who arrived after the first visitor leave?');
  assert.deepEqual(atrium.parse('the first time someone came, how long did they stay?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 1 } } });
  // "not counting the start" leaves out a state's first stretch only
  assert.equal(atrium.parse('when did the longest empty stretch begin (not counting the start of the clip)?').query.time.after?.kind, 'arrival');
});
