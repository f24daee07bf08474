/**
 * "Now" and what is kept (issue 23, items 5 and 6): a question asked without a time is asked at
 * the wall clock bounded by coverage, so data stamped a day ahead (a clock step) never moves "the
 * last 10 minutes"; and a question about a time whose frames retention deleted is refused with the
 * code PLANNER_NOT_KEPT, never answered 0, while what is still kept (objects) is answered.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FrameObservation, Observation } from '../../ingest/observations.js';
import type { ClockStep } from '../../memory/clock.js';
import { nowOf } from '../../memory/coverage.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { executeQuery } from '../../planner/query/execute.js';
import { object } from '../memory/fixtures.js';

const HOUR = 3600_000;

/** A frame of camera `shelf` with people (ids) and bottles. */
function shelfFrame(ts: number, people: string[], bottles: number): FrameObservation {
  return {
    kind: 'frame',
    camera: 'shelf',
    ts,
    motion: 0.1,
    detected: true,
    counts: { ...(people.length ? { person: people.length } : {}), bottle: bottles },
    objects: people.map((objectId, i) => ({ objectId, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 10, y2: 10 }, score: 0.8 })),
    occupancy: {},
  };
}

/** Writes observations in time order and closes the store; returns a read-only one. */
async function memoryOf(dir: string, obs: Observation[], o: { sweep?: boolean; steps?: ClockStep[] } = {}): Promise<MemoryStore> {
  const w = new MemoryStore({ dir });
  w.open();
  for (const s of o.steps ?? []) await w.noteClockStep(s);
  for (const x of obs.sort((a, b) => ('ts' in a ? a.ts : a.start) - ('ts' in b ? b.ts : b.start))) void w.write(x).catch(() => undefined);
  await w.flush();
  if (o.sweep) for (let i = 0; i < 50 && !(await w.sweep()).done; i++);
  await w.close();
  const r = new MemoryStore({ dir, readOnly: true });
  r.open();
  return r;
}

/** One visit of a person `id` from `a` to `b` (frames at 2 fps and the object). */
function visit(id: string, a: number, b: number, bottles = 3): Observation[] {
  const out: Observation[] = [];
  for (let t = a; t <= b; t += 500) out.push(shelfFrame(t, [id], bottles));
  out.push(object('shelf', id, 'person', a, b));
  return out;
}

test('"now" is the wall clock bounded by coverage: data stamped in the future does not move it', () => {
  const r = (camera: string, start: number, end: number): { camera: string; start: number; end: number } => ({ camera, start, end });
  assert.equal(nowOf([r('a', 0, 100)], 1000), 100, 'a stopped camera (or a replay): its end');
  assert.equal(nowOf([r('a', 0, 100)], 50), 50, 'a live camera: the wall clock');
  assert.equal(nowOf([r('a', 0, 100), r('a', 90_000, 90_040)], 200), 100, 'a range a day ahead is not "now"');
  assert.equal(nowOf([r('a', 90_000, 90_040)], 200), 90_040, 'a memory recorded by another clock: its end');
  assert.equal(nowOf([], 200), null);
});

test('after a step of +25 h and back, "the last 10 minutes" are the real last 10 minutes', async () => {
  const now = Date.now();
  const obs: Observation[] = [];
  // the real last 10 minutes: two people came; frames run until now
  for (let t = now - 600_000; t < now; t += 500) obs.push(shelfFrame(t, [], 3));
  obs.push(...visit('shelf:person:1', now - 480_000, now - 420_000), ...visit('shelf:person:2', now - 180_000, now - 120_000));
  // 40 s stamped 25 h ahead, while the clock was stepped: three people
  const ahead = now + 25 * HOUR;
  for (const [i, id] of ['shelf:person:3', 'shelf:person:4', 'shelf:person:5'].entries()) obs.push(...visit(id, ahead + i * 10_000, ahead + i * 10_000 + 5000));
  // the daemon kept the two steps it saw: forward at 1 min ago (new clock), back 40 s later
  const steps = [{ at: now - 60_000 + 25 * HOUR, deltaMs: 25 * HOUR }, { at: now - 20_000, deltaMs: -25 * HOUR }];
  const store = await memoryOf(mkdtempSync(join(tmpdir(), 'vigil-now-')), obs, { steps });
  try {
    const a = askOffline('how many people came in the last 10 minutes?', store, { timeZone: 'UTC' });
    assert.equal(a.value, 2, a.answer);
    assert.match(a.answer, /The wall clock stepped forward 25 h at .*The wall clock stepped back 25 h at /, 'the answer names the steps that touched its window');
    assert.doesNotMatch(askOffline('how many people came in the last 10 minutes?', store, { timeZone: 'UTC', now: now - 2 * HOUR }).answer, /stepped/, 'a window no step touched says nothing of steps');
    const here = askOffline('how many people are here now?', store, { timeZone: 'UTC' });
    assert.equal(here.value, 0, here.answer);
  } finally {
    await store.close();
  }
});

test('a time whose frames retention deleted is refused as no longer kept, never answered 0; kept objects still answer', async () => {
  const t0 = Date.now() - 48 * HOUR;
  const obs: Observation[] = [];
  // two days ago: 3 bottles, one taken at 20 s; a person from 10 s to 30 s
  for (let t = t0; t < t0 + 60_000; t += 500) obs.push(shelfFrame(t, t >= t0 + 10_000 && t <= t0 + 30_000 ? ['shelf:person:1'] : [], t < t0 + 20_000 ? 3 : 2));
  obs.push(object('shelf', 'shelf:person:1', 'person', t0 + 10_000, t0 + 30_000));
  const dir = mkdtempSync(join(tmpdir(), 'vigil-kept-'));
  const before = await memoryOf(dir, obs);
  const at = { subject: { classes: ['bottle'] }, place: { cameras: [] }, time: { from: t0, to: t0 + 60_000, at: t0 + 10_000 }, measure: { measure: 'countAt' } };
  const taken = { subject: { classes: ['bottle'] }, place: { cameras: [] }, time: { from: t0, to: t0 + 60_000 }, measure: { measure: 'count', of: 'events', event: 'taken' } };
  const people = { subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: t0, to: t0 + 60_000 }, measure: { measure: 'count', of: 'visits' } };
  const opts = { now: t0 + 60_000, timeZone: 'UTC' };
  // before retention ran, the memory answers
  assert.deepEqual(executeQuery(at, before, opts).value, { kind: 'number', n: 3, unit: 'count' });
  assert.deepEqual(executeQuery(taken, before, opts).value, { kind: 'number', n: 1, unit: 'count' });
  await before.close();
  const store = await memoryOf(dir, [], { sweep: true });
  try {
    assert.equal(store.dbs().frames.getKeysCount(), 0, 'retention deleted the frames (24 h)');
    assert.ok(store.coverage().length > 0, 'coverage is kept (90 days)');
    for (const q of [at, taken]) {
      const x = executeQuery(q, store, opts);
      assert.equal(x.value.kind, 'none', JSON.stringify(x.value));
      assert.equal((x.value as { code?: string }).code, 'PLANNER_NOT_KEPT');
      assert.equal(x.coverage.from, null, 'the coverage the answer relies on shrank with the frames');
    }
    const a = askOffline('how many bottles are there now?', store, { timeZone: 'UTC', now: t0 + 30_000 });
    assert.equal(a.value, null, a.answer);
    assert.equal(a.refused, true);
    assert.equal((a as { code?: string }).code, 'PLANNER_NOT_KEPT');
    assert.match(a.answer, /no longer kept/);
    // objects are kept 7 days: the people who came still answer
    assert.deepEqual(executeQuery(people, store, opts).value, { kind: 'number', n: 1, unit: 'count' });
  } finally {
    await store.close();
  }
});
