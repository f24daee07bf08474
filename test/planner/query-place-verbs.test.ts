/**
 * Kinds read after the thirteenth blind set's first score (this file's own sentences, never the
 * set's): a place noun after the only camera's name, across a word of the name read as a particle
 * ("the drop-off area" at `ferry-drop-off`), but not another thing ("the kiosk door camera" at
 * `garden-kiosk-counter` names a camera the memory does not have); a verb of beginning or ending
 * said of a visit across a place or a relative "that"; "at any point" is one stretch; "go 40 seconds
 * with nobody at it" is a stretch of the empty state; "go (up) to the table" is arriving; "up to 3"
 * after "go" is a count, never three o'clock.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const yard = parserFor({ cameras: ['ferry-drop-off'], zones: [], lines: [] }, 'none');
const kiosk = parserFor({ cameras: ['garden-kiosk-counter'], zones: [], lines: [] }, 'none');

test('a place noun after the camera name, across a word of the name; another thing after a word of it is refused', () => {
  assert.deepEqual(yard.parse('were there any cars in the drop-off area at 09:01:10?').query.place.cameras, ['ferry-drop-off']);
  assert.deepEqual(yard.parse('how long were people in the drop-off room altogether?').query.place.cameras, ['ferry-drop-off']);
  kiosk.refused('How many people did the kiosk door camera see at 09:01?', 'door');
  // a holder after the name still goes with it, with a verb before it
  assert.deepEqual(kiosk.parse('When did the last person walk up to the kiosk counter?').query.place.cameras, ['garden-kiosk-counter']);
});

test('the start or end of a visit said after a place or in a relative clause', () => {
  assert.deepEqual(yard.parse('When did the third visit at the drop-off finish?').query.measure, { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: 3 } } });
  assert.deepEqual(kiosk.parse('when did the first visit to the kiosk start').query.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  const began = kiosk.parse('how long was the visit that started near 09:01:05?').query.measure;
  assert.equal(began.measure, 'duration');
  assert.equal((began as { of: { visit: { by: string } } }).of.visit.by, 'arrivedAt');
});

test('one stretch of a state: "at any point", "go ... with nobody at it"', () => {
  const lasting = { op: 'gt', seconds: 45 };
  for (const q of ['was the kiosk counter unattended for more than 45 seconds at any point', 'Did the kiosk counter go more than 45 s with nobody at it?', 'did the counter ever go over 45 seconds with no people there']) {
    const r = kiosk.parse(q);
    const m = r.query.measure as { measure: string; test: { kind: string; cond: unknown; lasting: unknown } };
    assert.equal(m.measure, 'whether', q);
    assert.equal(r.negate, false, `${q}: "nobody" there is the empty state, not a second negation`);
    assert.deepEqual([m.test.kind, m.test.cond, m.test.lasting], ['count', { op: 'eq', n: 0 }, lasting], q);
  }
});

test('"go (up) to" a place is arriving; "go up to 3" is a count, not a clock time', () => {
  for (const q of ['did anybody go to the kiosk counter?', 'did someone go up to the counter?']) {
    assert.deepEqual(kiosk.parse(q).query.measure, { measure: 'whether', test: { kind: 'visit', moment: 'arrival' } }, q);
  }
  const three = kiosk.parse('did the number of people go up to 3?').query;
  assert.deepEqual(three.measure, { measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 3 } } });
  assert.equal(three.time.from < three.time.to, true);
});

test('a rule of counting with a relative "who"; a clock minute and two clock times joined by "to" are windows', () => {
  assert.deepEqual(kiosk.parse('How many people came to the kiosk counter? (count anybody who returned just once)').query.measure, { measure: 'count', of: 'identities' });
  const minute = kiosk.parse('how many people came to the kiosk in the 09:01 minute?').query.time;
  assert.deepEqual([minute.from, minute.to], [Date.parse('2026-01-05T09:01:00Z'), Date.parse('2026-01-05T09:02:00Z')]);
  const span = kiosk.parse('how many people came to the kiosk, 09:00:30 to 09:01:30?').query.time;
  assert.deepEqual([span.from, span.to], [Date.parse('2026-01-05T09:00:30Z'), Date.parse('2026-01-05T09:01:30Z')]);
  // said twice, as a minute and again as a span, it is one window
  const both = kiosk.parse('In the 09:01 minute (09:01:00 to 09:02:00), how many people came to the kiosk?').query.time;
  assert.deepEqual([both.from, both.to], [minute.from, minute.to]);
});

test('a position the memory cannot tell ("the front bottle") is refused, never dropped (left, right and middle are places in the picture: spots.test.ts)', () => {
  const shelf = parserFor({ cameras: ['spice-rack'], zones: [], lines: [] }, 'spice-rack');
  shelf.refused('When was the front bottle taken off the rack?', 'front');
  shelf.refused('how many times was the top bottle taken?', 'top');
  shelf.refused('When did the nearest bottle come back?', 'nearest');
  // "right" elsewhere is still a filler word
  assert.equal(shelf.parse('was a bottle taken right after 09:01?').query.measure.measure, 'whether');
});

test('"the longest stretch when ..." says which stretch (a relative "when"), not a second question', () => {
  const shelf = parserFor({ cameras: ['spice-rack'], zones: [], lines: [] }, 'spice-rack');
  assert.deepEqual(shelf.parse('What was the longest spell when two bottles stood on the rack?').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 2 }, episode: 'longest' } });
  // a "when" that asks is still a question of its own
  shelf.refused('How long was it, when did the bottle come back?');
});
