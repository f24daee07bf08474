/**
 * Kinds read after the eleventh blind set's regression re-run: a length the "how long" reading
 * gives, compared in a yes/no question (whether test kind `duration`); a span's first moment said
 * before the question ("the first time ..., how long did it take to ..."); "since <moment>, ..."
 * as where the window begins; the end of the longest stretch of a state as a moment; "how far
 * into the recording"; "did anything happen" refused rather than read as a state.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const site = parserFor({ cameras: ['kiosk', 'back-shelf'], zones: [], lines: [] }, 'back-shelf');

test('a length compared: the total of a state, the average visit, the visits added up (never one visit over the length)', () => {
  const occupied = { measure: 'whether', test: { kind: 'duration', of: { kind: 'condition', cond: { op: 'gt', n: 0 } }, where: { op: 'gt', seconds: 60 } } };
  assert.deepEqual(site.parse('Was the kiosk in use for more than a minute in total?').query.measure, occupied);
  assert.deepEqual(site.parse('in total, was the kiosk occupied for over 60 s?').query.measure, occupied);
  assert.deepEqual(site.parse('was the kiosk empty for more than a minute in total?').query.measure, { measure: 'whether', test: { kind: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 } }, where: { op: 'gt', seconds: 60 } } });
  assert.deepEqual(site.parse('was the average visit to the kiosk longer than 20 seconds?').query.measure, { measure: 'whether', test: { kind: 'duration', of: { kind: 'visits', agg: 'avg' }, where: { op: 'gt', seconds: 20 } } });
  assert.deepEqual(site.parse('did people spend more than two minutes at the kiosk in total?').query.measure, { measure: 'whether', test: { kind: 'duration', of: { kind: 'visits', agg: 'total' }, where: { op: 'gt', seconds: 120 } } });
  // a stretch said ("ever") stays one stretch; no aggregate, one visit
  assert.equal((site.parse('was the kiosk ever empty for more than 30 s?').query.measure as { test: { kind: string } }).test.kind, 'count');
  assert.equal((site.parse('did anyone stay longer than 20 s?').query.measure as { test: { kind: string } }).test.kind, 'visit');
});

test('a span\'s first moment said first, and "how long did it take to ..." as "until"', () => {
  const back = { measure: 'elapsed', from: { kind: 'event', event: 'taken', pick: { by: 'nth', n: 1 } }, to: { kind: 'event', event: 'returned', pick: { by: 'nth', n: 1 } }, next: true };
  assert.deepEqual(site.parse('The first time a bottle was taken, how long did it take to come back?').query.measure, back);
  assert.deepEqual(site.parse('when the first bottle was taken, how long until it was returned?').query.measure, back);
  assert.deepEqual(site.parse('after the first bottle was taken, how long did it take to come back?').query.measure, back);
  const start = { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } } };
  assert.deepEqual(site.parse('How long into the recording did it take before anyone appeared?').query.measure, start);
  assert.deepEqual(site.parse('how far into the recording did the first person appear?').query.measure, start);
});

test('"since <moment>, ..." begins the window there; "after the longest empty stretch" at its end', () => {
  const q = site.parse('Since the last bottle went back, how long has the shelf been fully stocked?').query;
  assert.deepEqual(q.time.after, { kind: 'event', event: 'returned', pick: { by: 'nth', n: -1 } });
  assert.deepEqual(q.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'full' }, episode: 'current' } });
  const next = site.parse('After that long quiet spell at the kiosk, when did the next person show up?').query;
  assert.deepEqual(next.time.after, { kind: 'condition', cond: { op: 'eq', n: 0 }, pick: { by: 'nth', n: 1 }, stretch: { episode: 'longest', side: 'end' } });
  assert.deepEqual(next.measure, { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  // "how long since ..." stays a span to now
  assert.equal(site.parse('how long since the last bottle was put back?').query.measure.measure, 'elapsed');
});

test('"did anything happen" is refused, never read as whether anything was there', () => {
  site.refused('did anything happen at the kiosk after 09:01?', 'happen');
  site.refused('did anything happen on the shelf in the last 15 seconds?', 'happen');
});
