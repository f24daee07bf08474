/**
 * Visits in progress: the memory holds a visit from its arrival (open, ending at the camera's
 * present frame), stops it at the last sighting once the object is away, drops the live entry at
 * the track's end, and, after a stop that left it open (a crash, kill -9), closes it at the camera's
 * last covered frame and says so in answers.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { FrameObservation, ObjectObservation } from '../../ingest/observations.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { object } from './fixtures.js';

const T0 = Date.parse('2026-01-05T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;

/** A frame of camera `cam` at `sec` with `n` people. */
function frame(sec: number, n: number): FrameObservation {
  return { kind: 'frame', camera: 'cam', ts: s(sec), motion: 0, detected: true, counts: n ? { person: n } : {}, objects: [], occupancy: {} };
}

/** The object observation of a person in progress (`new` / `update` with a presence). */
function live(id: string, first: number, last: number, presence: 'present' | 'away', zones: ObjectObservation['object']['zones'] = []): ObjectObservation {
  const o = object('cam', id, 'person', s(first), s(last), { visits: [{ start: s(first), end: s(last) }], zones });
  return { ...o, ts: s(last), event: first === last ? 'new' : 'update', presence };
}

async function frames(store: MemoryStore, from: number, to: number, n: (sec: number) => number): Promise<void> {
  for (let t = from; t <= to; t += 0.5) await store.write(frame(t, n(t)));
}

test('a visit in progress is in the memory from its arrival and ends at the present frame; away, it ends at the last sighting', async () => {
  const store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-live-')) });
  store.open();
  await store.indexesBuilt();
  const q = new MemoryQueries(store);
  await frames(store, 0, 9.5, () => 0);
  await store.write(live('cam:person:1', 10, 10, 'present', [{ zone: 'desk', enteredAt: s(10), exitedAt: null, dwellSeconds: 0 }]));
  await frames(store, 10, 30, () => 1);
  const open = q.cameraVisits({ from: s(0), to: s(31) }, { label: 'person' }) ?? [];
  assert.deepEqual(open.map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000, v.open]), [[10, 30, true]], 'open, to the last frame');
  const inZone = q.zoneVisits({ from: s(0), to: s(31) }, 'desk') ?? [];
  assert.deepEqual(inZone.map((v) => [(v.end - T0) / 1000, v.open]), [[30, true]], 'the zone visit too');
  assert.deepEqual(q.visitStats({ from: s(0), to: s(31) }, { label: 'person' }), { n: 1, total: 20_000, min: Infinity, max: 20_000, open: 1 });
  const now = askOffline('is anyone there now?', store, { timeZone: 'UTC' });
  assert.equal(now.value, true, now.answer);
  const sofar = askOffline('how long has the current visitor been here?', store, { timeZone: 'UTC' });
  assert.ok(typeof sofar.value === 'number' && Math.abs(sofar.value - 20.25) < 1, sofar.answer);
  assert.match(sofar.answer, /so far/);
  const left = askOffline('when did the last person leave?', store, { timeZone: 'UTC' });
  assert.equal(left.value, null, 'nobody has left yet');
  assert.match(left.answer, /nobody has left yet/);
  // the hold expired at 30 s: away, its departure is its last sighting
  await store.write(live('cam:person:1', 10, 29.5, 'away'));
  await frames(store, 30.5, 40, () => 0);
  const away = q.cameraVisits({ from: s(0), to: s(41) }, { label: 'person' }) ?? [];
  assert.deepEqual(away.map((v) => [(v.end - T0) / 1000, v.open ?? false]), [[29.5, false]]);
  assert.equal(askOffline('is anyone there now?', store, { timeZone: 'UTC' }).value, false);
  // the track ends: no live entry is left
  await store.write({ ...live('cam:person:1', 10, 29.5, 'away'), event: 'end' });
  assert.deepEqual(q.live(), []);
  await store.close();
});

test('after a stop with someone in view, the next run closes the visit at the last covered frame and answers say so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-live-cut-'));
  const first = new MemoryStore({ dir });
  first.open();
  first.beginRun();
  await frames(first, 0, 4.5, () => 0);
  await first.write(live('cam:person:1', 5, 5, 'present'));
  await frames(first, 5, 25, () => 1);
  // no end: the daemon stops here (the store is closed as a crash leaves it, committed writes only)
  await first.flush();
  await first.close();
  const second = new MemoryStore({ dir });
  second.open();
  second.beginRun();
  assert.deepEqual(second.lastCut, { cut: 1, closed: 0 });
  await second.flush();
  const q = new MemoryQueries(second);
  const vs = q.cameraVisits({ from: s(0), to: s(60) }, { label: 'person' }) ?? [];
  assert.deepEqual(vs.map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000, v.open ?? false, v.cut ?? false]), [[5, 25, false, true]]);
  const stay = askOffline('how long did the last person stay?', second, { timeZone: 'UTC' });
  assert.ok(typeof stay.value === 'number' && Math.abs(stay.value - 20) <= 1, stay.answer);
  assert.match(stay.answer, /The daemon stopped while cam:person:1 was on cam/);
  // the new run's frames show nobody: the cut visit does not reach into them
  await frames(second, 40, 45, () => 0);
  assert.equal(askOffline('is anyone there now?', second, { timeZone: 'UTC' }).value, false);
  assert.equal(askOffline('was anyone there at 09:00:20?', second, { timeZone: 'UTC' }).value, true);
  await second.close();
});
