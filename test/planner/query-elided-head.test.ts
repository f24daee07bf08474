/**
 * Kinds read from the fifteenth and sixteenth blind sets' failures (this file's own sentences): a camera's
 * place said short by the word before its head noun ("reception" for the reception desk at camera
 * motel-front-desk: the word is no thing itself, and with the head noun WordNet knows one); a
 * location noun a name word is a kind of in any sense ("the lot" at park-and-ride); things "in their
 * places" are there; "else" and "too" carry nothing; "the longest stretch where ... stayed"; "the slowest car". A word
 * that is a place of its own is not read so.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const desk = parserFor({ cameras: ['motel-front-desk'], zones: [], lines: [] }, 'none');

test('"reception" at a desk camera is that desk, said short', () => {
  const p = desk.parse('how many guests came to reception?');
  assert.deepEqual(p.query.place.cameras, ['motel-front-desk']);
  assert.deepEqual(p.query.measure, { measure: 'count', of: 'visits' });
  assert.ok(p.assumed.some((a) => /reception/.test(a) && /motel-front-desk/.test(a)), p.assumed.join('; '));
  assert.deepEqual(desk.parse('was anyone at the reception at 09:00:30?').query.place.cameras, ['motel-front-desk']);
});

test('a word that is a place of its own is not the desk said short', () => {
  desk.refused('how many guests came to the kitchen?', 'kitchen');
});

const shelf = parserFor({ cameras: ['larder-shelf'], zones: [], lines: [] }, 'larder-shelf');

test('"in their places", "in place": things where they belong, i.e. there', () => {
  const plain = shelf.parse('was the shelf full at 09:00:30?').query;
  const said = shelf.parse('was the shelf full at 09:00:30, all three in their places?').query;
  assert.deepEqual(said.measure, plain.measure);
  assert.deepEqual(said.time, plain.time);
  assert.deepEqual(shelf.parse('were all the bottles in place at 09:00:30?').query.measure, plain.measure);
});

const lot = parserFor({ cameras: ['park-and-ride'], zones: [], lines: [] }, 'none');
const station = parserFor({ cameras: ['gym-water-station'], zones: [], lines: [] }, 'gym-water-station');

test('a location noun names the only camera when any physical sense of a name word is a kind of it (a park is also a parking lot)', () => {
  assert.deepEqual(lot.parse('how many cars were in the lot at 09:00:30?').query.place.cameras, ['park-and-ride']);
  // a place the camera's name is no kind of stays unknown
  station.refused('how many bottles are left in the storeroom?', 'storeroom');
  lot.refused('how many cars are in the garden right now?', 'garden');
});

test('"else" and "too" add nothing the question needs', () => {
  const p = lot.parse('after the first person left, how long until someone else appeared?');
  assert.equal(p.query.measure.measure, 'elapsed');
  assert.deepEqual(lot.parse('was a car there at 09:00:30 too?').query.measure, lot.parse('was a car there at 09:00:30?').query.measure);
});

test('the longest stretch "where" still things "stayed": a state\'s stretch, though "what\'s" asks nothing', () => {
  const stretch = { measure: 'duration', of: { kind: 'condition', cond: { op: 'ge', n: 3 }, episode: 'longest' } };
  assert.deepEqual(shelf.parse("what's the longest stretch where all three bottles stayed on the shelf?").query.measure, stretch);
  assert.deepEqual(shelf.parse('what was the longest time all three bottles stayed on the shelf?').query.measure, stretch);
  // "where" that asks a place is still refused
  shelf.refused('where did the bottles go?', 'where');
});

test('"over the recording" is the whole window a question has anyway; "over 5 seconds" stays a comparison', () => {
  assert.deepEqual(lot.parse('over the recording, how much time was there at least one car in the lot?').query, lot.parse('how much time was there at least one car in the lot?').query);
  assert.deepEqual(lot.parse('how many cars stayed over 5 seconds?').query.measure, { measure: 'count', of: 'visits', where: { op: 'gt', seconds: 5 } });
});

test('"the slowest car" is the one longest in view, "the fastest" the shortest', () => {
  assert.deepEqual(lot.parse('how long was the slowest car in view?').query.measure, lot.parse('how long was the longest car visit?').query.measure);
  assert.deepEqual(lot.parse('how long was the fastest car in view?').query.measure, lot.parse('how long was the shortest car visit?').query.measure);
});
