/**
 * Kinds read since the fifth blind set's first score (this file's own sentences, none from a blind
 * set): the scene named by a noun that the camera's name says it is; verbs read by their WordNet
 * sense; stress and asking words; "how many times" someone took things; things that stand;
 * the span between two moments said as clauses; a statement with a side of a moment; "a second
 * car"; things taken together at once. And what stays refused.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, T0 } from './parse-helpers.js';

const front = parserFor({ cameras: ['reception'], zones: [], lines: [] }, 'none');
const store = parserFor({ cameras: ['pantry'], zones: [], lines: [] }, 'pantry');
const bench = parserFor({ cameras: ['bench'], zones: [], lines: [] }, 'bench');
const two = parserFor({ cameras: ['reception', 'pantry'], zones: [], lines: [] }, 'pantry');
const zoned = parserFor({ cameras: ['reception'], zones: ['door'], lines: [] }, 'none');

test('a scene noun names the only camera when its name says so, and says it assumed so', () => {
  const p = front.parse('how many visitors stopped at the desk?');
  assert.deepEqual(p.query.place.cameras, ['reception']);
  assert.ok(p.assumed.some((a) => /"desk" as camera reception/.test(a)), p.assumed.join('; '));
  // the camera's name said with its noun: part of the name
  assert.deepEqual(front.parse('how many people came to the reception desk?').query.place.cameras, ['reception']);
  // a pantry is a room
  assert.deepEqual(store.parse('how many bottles were in the room at 09:00:30?').query.place.cameras, ['pantry']);
  // another place, a part or a bigger one: the camera does not watch it
  bench.refused('how many people sat at the kiosk?', 'kiosk');
  store.refused('how many bottles were in the warehouse?', 'warehouse');
  // several cameras, or zones drawn there: which one is not said
  two.refused('how many people were at the desk?', 'desk');
  zoned.refused('how many people were at the desk?', 'desk');
});

test('a way into the structure the only camera is named for is that camera; a wall is not', () => {
  const kiosk = parserFor({ cameras: ['fuel-kiosk'], zones: [], lines: [] }, 'none');
  const p = kiosk.parse('how many people came to the window?');
  assert.deepEqual(p.query.place.cameras, ['fuel-kiosk']);
  assert.ok(p.assumed.some((a) => /"window" as the kiosk window/.test(a)), p.assumed.join('; '));
  assert.deepEqual(kiosk.parse('was anyone at the door at 09:00:30?').query.place.cameras, ['fuel-kiosk']);
  kiosk.refused('how many people walked past the wall?', 'wall');
  // a desk is furniture, not a structure with a way in
  front.refused('how many people came to the window?', 'window');
  two.refused('how many people came to the door?', 'door');
});

test('a verb the lexicon does not list is read by its sense, or stays unknown', () => {
  assert.deepEqual(front.parse('when was the room last vacated?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1 } } });
  assert.equal((store.parse('how many bottles did people snatch?').query.measure as { event?: string }).event, 'taken');
  front.refused('how many people juggled?', 'juggled');
});

test('stress and asking words carry no meaning where they stand; before a number they compare', () => {
  assert.deepEqual(front.parse('was anyone there at 09:01:10 precisely?').query.time.at, T0 + 70_000);
  assert.deepEqual(front.parse('kindly confirm when the third visitor left').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 3 } } });
  assert.deepEqual(front.parse('Time the second person walked in?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(front.parse('what was the longest single visit?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'max' } });
  assert.deepEqual(front.parse('did exactly 3 people come?').query.measure, { measure: 'whether', test: { kind: 'visit', count: { op: 'eq', n: 3 } } });
  assert.deepEqual(front.parse('how long did he or she stay, the first visitor?').query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 1 } } });
});

test('"how many times" someone took things counts the moments; a thing taken counts the things', () => {
  assert.deepEqual(store.parse('how many times did people pick up bottles?').query.measure, { measure: 'count', of: 'events', event: 'taken', moments: true });
  assert.deepEqual(store.parse('how many times was a bottle removed?').query.measure, { measure: 'count', of: 'events', event: 'taken' });
});

test('things taken or put back together: only the moments with that many at once', () => {
  assert.deepEqual(store.parse('were 2 bottles ever taken at the same time?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'taken', items: 2 } });
  assert.deepEqual(store.parse('when were three bottles put back at once?').query.measure, { measure: 'when', of: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 }, items: 3 } });
  assert.deepEqual(store.parse('how many times were two bottles lifted together at once?').query.measure, { measure: 'count', of: 'events', event: 'taken', items: 2, moments: true });
});

test('"standing" does not make the subject a person: the class seen there is, said so', () => {
  const p = store.parse('how many were standing in the room at 09:01:00?');
  assert.deepEqual(p.query.subject.classes, ['bottle']);
  assert.deepEqual(front.parse('how many people were standing there at 09:01:00?').query.subject.classes, ['person']);
});

test('the span between two moments said as clauses; a statement with a side of a moment; "a second car"', () => {
  assert.deepEqual(front.parse('how long between the second visitor walking out and the third one walking in?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 2 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 3 } } });
  assert.deepEqual(front.parse('A visitor came in shortly after 09:00:30. When did they go?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'after', t: T0 + 30_001 } } });
  assert.deepEqual(front.parse('when did a second car pull in?').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.deepEqual(front.parse('did anyone stay for longer than a second?').query.measure, { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 1 } } });
});

test('what stands in view at the only camera ("the shelf" at a pantry, "the table" in a lobby) is the camera', () => {
  const p = store.parse('how many bottles stood on the counter at 09:01:00?');
  assert.deepEqual(p.query.place.cameras, ['pantry']);
  assert.ok(p.assumed.some((a) => /"counter" as the counter in view at camera pantry/.test(a)), p.assumed.join('; '));
  assert.deepEqual(store.parse('was the shelf empty at 09:01:00?').query.subject.classes, ['bottle']);
  // a class word for it, after a class of things ("bottles on the bench")
  const fridge = parserFor({ cameras: ['bar-fridge'], zones: [], lines: [] }, 'bar-fridge');
  assert.deepEqual(fridge.parse('how many bottles were on the bench at 09:01:00?').query.place.cameras, ['bar-fridge']);
  // people come to it too, where the camera is a room; a camera that is itself such a thing is another one
  assert.deepEqual(store.parse('how many people came to the shelf?').query.place.cameras, ['pantry']);
  const lobby = parserFor({ cameras: ['lobby'], zones: [], lines: [] }, 'none');
  assert.deepEqual(lobby.parse('how many people walked up to the table this morning?').query.place.cameras, ['lobby']);
  const room = parserFor({ cameras: ['break-room'], zones: [], lines: [] }, 'break-room');
  // a closed compound WordNet has spaced: "staff-carpark" is a car park, so also "the lot"
  const lot = parserFor({ cameras: ['staff-carpark'], zones: [], lines: [] }, 'none');
  assert.deepEqual(lot.parse('how many cars came into the lot?').query.place.cameras, ['staff-carpark']);
  assert.deepEqual(room.parse('how many bottles were on the shelf at 09:01:00?').query.place.cameras, ['break-room']);
  const ledge = parserFor({ cameras: ['ledge'], zones: [], lines: [] }, 'ledge');
  ledge.refused('how many bottles were on the bench?', 'bench');
});

test('an hour on the 12-hour clock, one meaning said twice, "the shortest one"', () => {
  // the memory runs from 09:00: "9 o'clock" is the morning one
  assert.deepEqual(front.parse("how many people came after 9 o'clock?").query.time.from, T0 + 1);
  assert.deepEqual(front.parse('not counting repeat visits, how many different people came?').query.measure, { measure: 'count', of: 'identities' });
  assert.deepEqual(front.parse('and the longest one, how long was that?').query.measure, { measure: 'duration', of: { kind: 'visits', agg: 'max' } });
});

test('one end of one stretch of a state: "begin", "end" closing a when-question about a state', () => {
  assert.deepEqual(store.parse('when did the longest empty stretch on the shelf begin?').query.measure, { measure: 'when', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'start' } } });
  const long = front.parse('when did the long empty period end?');
  assert.deepEqual((long.query.measure as { of: { stretch?: unknown } }).of.stretch, { episode: 'longest', side: 'end' });
  assert.ok(long.assumed.some((a) => /"long" names one/.test(a)), long.assumed.join('; '));
  // a visit's end is its departure; a stretch not named is refused
  assert.deepEqual(front.parse('when did the longest visit end?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'longest' } } });
  front.refused('when did the empty stretch end?', 'which one');
});

test('a word after a verb that WordNet has with it as one verb of the same sense ("stayed put") adds nothing, and is said', () => {
  const p = bench.parse('what was the longest stretch where all three bottles stayed put?');
  assert.deepEqual(p.query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 3 }, episode: 'longest' } });
  assert.ok(p.assumed.includes('read "stayed put" as stayed'), p.assumed.join('; '));
  // a word that makes no WordNet verb with the one before it stays unknown
  bench.refused('how long did the bottles stay blorp?', 'blorp');
});

test('a drop or rise with no number after it, said of the fewest or the most, is that extreme', () => {
  assert.deepEqual(bench.parse('what was the lowest number of bottles the bench was down to?').query.measure, { measure: 'extreme', which: 'min' });
  assert.deepEqual(bench.parse('how many bottles did it drop to at the lowest?').query.measure, { measure: 'extreme', which: 'min' });
  assert.deepEqual(bench.parse('what was the most bottles it went up to?').query.measure, { measure: 'extreme', which: 'max' });
  // with a number it is a moment, not the extreme
  assert.notEqual(bench.parse('when did it drop to one bottle?').query.measure.measure, 'extreme');
});
