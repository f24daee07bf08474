/**
 * Kinds read since the seventh blind set (this file's own sentences, none from a blind set): words
 * before a scene noun that describe the scene rather than pick a part of it.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const floor = parserFor({ cameras: ['study-room'], zones: [], lines: [] }, 'none');

test('a number of them and a "-ing" word before a scene noun go with the noun, and the answer says so', () => {
  for (const q of ['how many people used the two reading tables?', 'how many people were at the standing tables?', 'how many visitors came to the three writing tables?']) {
    const p = floor.parse(q);
    assert.deepEqual(p.query.place.cameras, ['study-room'], q);
    assert.equal((p.query.measure as { measure: string }).measure, 'count', q);
    assert.ok(p.assumed.some((a) => /tables" as the .*tables in view at camera study-room/.test(a)), `${q}: ${p.assumed.join('; ')}`);
  }
});

test('words that pick one of the places are not describers: the camera does not tell its tables apart', () => {
  floor.refused('how many people were at the left table?', 'table');
  floor.refused('how many people used the big table?', 'table');
  // one table said with a count: a number before a singular is no describer
  floor.refused('how many people used the two table?');
});

const lane = parserFor({ cameras: ['lane'], zones: [], lines: [] }, 'shelf');
const shelf = parserFor({ cameras: ['shelf'], zones: [], lines: [] }, 'shelf');

test('"how long did each car stay": one length per visit, never the time all the usual cars were there', () => {
  for (const q of ['how long did each car stay?', 'how long did every person stay?', 'how long did all the cars stay?']) lane.refused(q, 'which visit');
  // a state of things is still one: all of them there
  assert.deepEqual(shelf.parse('how long were all the bottles there?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'full' } } });
  assert.deepEqual((shelf.parse('was every bottle there at 09:01:00?').query.measure as { test?: unknown }).test, { kind: 'count', cond: { op: 'full' } });
});
