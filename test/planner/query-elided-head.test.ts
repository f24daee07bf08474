/**
 * A camera's place said short by the word that goes before its head noun ("reception" for the
 * reception desk at camera motel-front-desk): the word is no thing or place itself, and with the
 * head noun after it WordNet knows one. A word that is a place of its own is not read so. Things
 * "in their places" are there.
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
