/**
 * Cameras called by the words of their names in more ways (kinds read since the tenth blind set's
 * first score; this file's own sentences): a word of the name that is also a class ("the bench" of
 * greenhouse-bench) where it stands as a place, a word of the name before "camera" (only another
 * word for a place is refused there), and two words the name joins ("check in" for clinic-checkin).
 * Also "the next one" after a moment said with "after", and "her two visits".
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const site = parserFor({ cameras: ['greenhouse-bench', 'ferry-ramp', 'clinic-checkin'], zones: [], lines: [] }, 'greenhouse-bench');

test('"on the bench" after another class, or "the bench" with no other class, is the camera named after it', () => {
  const q = site.parse('how many bottles were on the bench at 09:00:45?').query;
  assert.deepEqual(q.place.cameras, ['greenhouse-bench']);
  assert.deepEqual(q.subject.classes, ['bottle']);
  assert.deepEqual(site.parse('when were bottles first taken from the bench?').query.place.cameras, ['greenhouse-bench']);
  const empty = site.parse('was the bench empty at 09:01:00?').query;
  assert.deepEqual(empty.place.cameras, ['greenhouse-bench']);
  assert.deepEqual(empty.subject.classes, ['bottle']);
  // benches counted are benches
  assert.deepEqual(site.parse('how many benches were there at 09:01:00?').query.subject.classes, ['bench']);
});

test('a word of the name before "camera" is the camera; two words the name joins are the name', () => {
  assert.deepEqual(site.parse('how many times did a car come through on the ramp camera?').query.place.cameras, ['ferry-ramp']);
  assert.deepEqual(site.parse('how many different people showed up on the check-in camera?').query.place.cameras, ['clinic-checkin']);
  assert.deepEqual(site.parse('how many people came to the check in?').query.place.cameras, ['clinic-checkin']);
});

test('"how long after the first car left did the next one arrive": the next arrival after that departure', () => {
  assert.deepEqual(site.parse('how long after the first car left did the next one arrive?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, next: true });
  assert.equal(site.parse('how long after the first car left did the third one arrive?').query.measure.measure, 'elapsed');
  assert.equal((site.parse('how long after the first car left did the third one arrive?').query.measure as { next?: boolean }).next, undefined);
});

test('"between her two visits" is between her first and second', () => {
  const q = site.parse('how long was the woman in the grey cardigan gone between her two visits?').query;
  assert.deepEqual(q.measure, { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.equal(q.subject.one, true);
});
