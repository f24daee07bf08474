/**
 * Things picked by their place in the picture ("the left bottle", "the bottle on the right", "the
 * second bottle from the left"): read as a spot of the subject, executed from the count at that
 * place in each stored frame (the place, not the id: a bottle put back under a new id is still the
 * left one), refused for things that move, for a turned picture and for measures of visits. And
 * "taken more than once": how many times, never dropped.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { object } from '../memory/fixtures.js';
import { parserFor } from './parse-helpers.js';

const T0 = Date.parse('2026-11-21T07:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;

/** Bottles on a shelf, 70 s: ids and x (0..1) and when each is there. The left one comes back as a new id. */
const BOTTLES: { id: string; x: number; there: (t: number) => boolean }[] = [
  { id: 'shelf:bottle:1', x: 0.2, there: (t) => t < 10 },
  { id: 'shelf:bottle:4', x: 0.21, there: (t) => t >= 20 },
  { id: 'shelf:bottle:2', x: 0.5, there: (t) => t < 30 || t >= 38 },
  { id: 'shelf:bottle:3', x: 0.8, there: (t) => t < 50 || t >= 55 },
];

/** Writes the shelf's frames and its bottles (with trajectories) to a new store; returns its directory. */
async function shelf(orientation?: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-spots-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t < 70; t += 0.5) {
    const here = BOTTLES.filter((b) => b.there(t));
    const objects = here.map((b, k) => ({ objectId: b.id, trackId: k + 1, label: 'bottle', box: { x1: b.x * 640 - 20, y1: 100, x2: b.x * 640 + 20, y2: 200 }, score: 0.8 }));
    const f: FrameObservation = { kind: 'frame', camera: 'shelf', ts: s(t), motion: 0.1, detected: true, counts: { bottle: here.length }, objects, occupancy: {} };
    await w.write(f);
  }
  for (const b of BOTTLES) {
    const times = Array.from({ length: 140 }, (_, k) => k / 2).filter(b.there);
    const first = times[0] as number;
    const last = times[times.length - 1] as number;
    const trajectory = times.filter((_, k) => k % 4 === 0).map((t): [number, number, number] => [s(t), b.x, 0.5]);
    await w.write(object('shelf', b.id, 'bottle', s(first), s(last), { box: { x1: b.x * 640 - 20, y1: 100, x2: b.x * 640 + 20, y2: 200 }, frameSize: { width: 640, height: 360 }, trajectory, visits: [{ start: s(first), end: s(last) }] }));
  }
  if (orientation) await w.noteOrientation('shelf', orientation);
  await w.close();
  return dir;
}

test('the left, middle and right bottle: taken, put back, gone, there, by their place in the picture', async () => {
  const store = new MemoryStore({ dir: await shelf(), readOnly: true });
  store.open();
  const ask = (q: string): ReturnType<typeof askOffline> => askOffline(q, store, { timeZone: 'UTC' });
  const at = (q: string): number => {
    const a = ask(q);
    assert.equal(typeof a.value, 'string', `${q}: ${a.answer}`);
    return (Date.parse(a.value as string) - T0) / 1000;
  };
  const near = (got: number, want: number, q: string): void => assert.ok(Math.abs(got - want) <= 1, `${q}: ${got} s, not ${want} s`);
  near(at('when was the left bottle taken?'), 10, 'left taken');
  // the left one came back under another id: the place says it is the left one
  near(at('when was the bottle on the left put back?'), 20, 'left back');
  near(at('when was the middle bottle taken?'), 30, 'middle taken');
  near(at('when was the second bottle from the left put back?'), 38, 'second from the left back');
  near(at('When was the right-hand bottle first taken?'), 50, 'right taken');
  assert.equal(ask('how many times was the bottle in the middle taken?').value, 1);
  assert.equal(ask('how many times was the leftmost bottle taken?').value, 1);
  const gone = ask('how long was the right-hand bottle gone?');
  assert.ok(Math.abs((gone.value as number) - 5) <= 1, gone.answer);
  assert.match(gone.answer, /rightmost place/, 'the Read-as line names the place');
  assert.equal(ask('was the left bottle there at 07:00:15?').value, false);
  assert.equal(ask('was the right bottle there at 07:00:15?').value, true);
  assert.equal(ask('was the middle bottle taken more than once?').value, false);
  // refused: a measure of visits, and people
  assert.equal(ask('how long did the left bottle stay?').value, null);
  const person = ask('when did the left person leave?');
  assert.equal(person.value, null);
  assert.match(person.answer, /people move about|never detected a person/);
  await store.close();
});

test('a turned picture has no left and right of the recording: refused, saying so', async () => {
  const store = new MemoryStore({ dir: await shelf('rotate180'), readOnly: true });
  store.open();
  const a = askOffline('when was the left bottle taken?', store, { timeZone: 'UTC' });
  assert.equal(a.value, null);
  assert.match(a.answer, /turned \(rotate180\)/);
  // a turn that keeps the sides (upside down only) still reads them
  await store.close();
  const kept = new MemoryStore({ dir: await shelf('vflip'), readOnly: true });
  kept.open();
  assert.ok(askOffline('when was the left bottle taken?', kept, { timeZone: 'UTC' }).value, 'vflip keeps left and right');
  await kept.close();
});

test('places in the picture are read from several phrasings; "on the left" is never the verb "left"', () => {
  const { parse, refused } = parserFor({ cameras: ['shelf'], zones: [], lines: [] }, 'shelf');
  const spot = (q: string): unknown => (parse(q).query.subject as { spot?: unknown }).spot;
  assert.deepEqual(spot('when was the left bottle taken'), { side: 'left' });
  assert.deepEqual(spot('when was the right-hand bottle put back'), { side: 'right' });
  assert.deepEqual(spot('how many times was the bottle on the far right taken'), { side: 'right' });
  assert.deepEqual(spot('when was the bottle in the middle taken'), { side: 'middle' });
  assert.deepEqual(spot('when was the centre bottle put back'), { side: 'middle' });
  assert.deepEqual(spot('when was the second bottle from the right taken'), { side: 'right', rank: 2 });
  assert.deepEqual(spot('when was the leftmost bottle taken'), { side: 'left' });
  assert.deepEqual(parse('how long was the left bottle off the shelf').query.measure, { measure: 'duration', of: { kind: 'condition', cond: { op: 'missing' } } });
  refused('how many people were on the left', 'left');
  refused('when was the left bottle and the right bottle taken', 'places in the picture');
});

test('"taken more than once", "put back twice": how many times the event happened, never dropped', () => {
  const { parse } = parserFor({ cameras: ['shelf'], zones: [], lines: [] }, 'shelf');
  assert.deepEqual(parse('was the bottle taken more than once?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'taken', times: { op: 'ge', n: 2 } } });
  assert.deepEqual(parse('was a bottle taken more than 2 times?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'taken', times: { op: 'gt', n: 2 } } });
  assert.deepEqual(parse('were bottles put back twice?').query.measure, { measure: 'whether', test: { kind: 'event', event: 'returned', times: { op: 'ge', n: 2 } } });
});
