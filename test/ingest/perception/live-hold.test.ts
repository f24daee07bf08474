/**
 * Live state follows what is seen: counts and occupancy drop within the hold after an object's
 * last sighting while the tracker keeps its identity; a put-back still object takes back its id;
 * a gap in the frames (a camera outage), or a step of the wall clock back, ends every track so
 * nothing spans it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameObservation, ObjectObservation, Observation } from '../../../ingest/observations.js';
import { LiveState } from '../../../edge/api/live.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryQueries } from '../../../memory/queries.js';
import { MemoryStore } from '../../../memory/store.js';
import { benchPerception, bottle, bottlesAt, runFrames, scriptedDetector, T0 } from './bench-scene.js';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';

const perception = (at: (ts: number) => string[], holdMs?: number): CameraPerception => benchPerception(bottlesAt(at), holdMs !== undefined ? { holdMs } : {});
const run = runFrames;

const steps = (from: number, to: number): number[] => Array.from({ length: Math.floor((to - from) / 500) + 1 }, (_, i) => from + i * 500);
const frames = (obs: Observation[]): FrameObservation[] => obs.filter((o): o is FrameObservation => o.kind === 'frame');
const objects = (obs: Observation[]): ObjectObservation[] => obs.filter((o): o is ObjectObservation => o.kind === 'object');
const at = (obs: Observation[], ts: number): FrameObservation => {
  const f = frames(obs).find((x) => x.ts === ts);
  assert.ok(f, `frame at ${ts}`);
  return f;
};

test('a removal moves the count and the zone occupancy within the 1 s hold; the track keeps its identity across a short absence', async () => {
  // b is away from 5.5 s to 6.5 s, back at 7 s
  const script = (ts: number): string[] => (ts - T0 >= 5500 && ts - T0 < 7000 ? ['a', 'c'] : ['a', 'b', 'c']);
  const obs = await run(perception(script), steps(T0, T0 + 9000));
  assert.equal(at(obs, T0 + 5000).counts.bottle, 3);
  assert.equal(at(obs, T0 + 5000).occupancy.bench, 3);
  // last sighting at 5.0 s: held at 5.5 s, gone at 6.0 s (1 s later, the default hold)
  assert.equal(at(obs, T0 + 5500).counts.bottle, 3);
  assert.equal(at(obs, T0 + 6000).counts.bottle, 2, 'count follows the detections within 1 s');
  assert.equal(at(obs, T0 + 6000).occupancy.bench, 2, 'zone occupancy follows them too');
  assert.equal(at(obs, T0 + 6000).objects.length, 2);
  assert.deepEqual(at(obs, T0 + 6000).objects.map((o) => o.zones), [['bench'], ['bench']]);
  assert.equal(at(obs, T0 + 7000).counts.bottle, 3, 'back on the next frame it is seen');
  // identity kept: three objects, no end
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 3);
  assert.equal(objects(obs).filter((o) => o.event === 'end').length, 0);
  assert.equal(new Set(frames(obs).flatMap((f) => f.objects.map((o) => o.objectId))).size, 3);
});

test('frame times that jitter never keep an object a frame past the hold', async () => {
  // 2 fps stamped on arrival: the frame after the missed one comes 15 ms early (985 ms after the
  // last sighting), which is still the second frame without b; it must not stay until 6.5 s
  const times = [...steps(T0, T0 + 5000), T0 + 5490, T0 + 5985, T0 + 6500, T0 + 7000];
  const script = (ts: number): string[] => (ts - T0 >= 5400 ? ['a', 'c'] : ['a', 'b', 'c']);
  const obs = await run(perception(script), times);
  assert.equal(at(obs, T0 + 5490).counts.bottle, 3, 'one missed frame is held');
  assert.equal(at(obs, T0 + 5985).counts.bottle, 2, 'gone on the second frame without it');
  assert.equal(at(obs, T0 + 5985).occupancy.bench, 2);
});

test('history takes what the last detection saw: the held frame carries seen counts without the hold, and the memory stores those', async () => {
  const script = (ts: number): string[] => (ts - T0 >= 5500 ? ['a', 'c'] : ['a', 'b', 'c']);
  const obs = await run(perception(script), steps(T0, T0 + 7000));
  const held = at(obs, T0 + 5500);
  assert.equal(held.counts.bottle, 3, 'live: held');
  assert.deepEqual(held.seen, { counts: { bottle: 2 }, occupancy: { bench: 2 } }, 'seen: what the detection matched');
  assert.deepEqual(at(obs, T0 + 5000).seen?.counts, { bottle: 3 });
  const dir = mkdtempSync(join(tmpdir(), 'vigil-hold-'));
  const store = new MemoryStore({ dir });
  store.open();
  try {
    for (const o of frames(obs)) await store.write(o);
    const q = new MemoryQueries(store);
    assert.equal(q.countAt(T0 + 5600, { label: 'bottle' }).count, 2, 'stored at 5.5 s: 2, not the held 3');
    assert.equal(q.countAt(T0 + 5100, { label: 'bottle' }).count, 3);
  } finally {
    await store.close();
  }
});

test('holdMs is configurable: with a 2 s hold the count stays until 2 s after the last sighting', async () => {
  const script = (ts: number): string[] => (ts - T0 >= 5500 ? ['a', 'c'] : ['a', 'b', 'c']);
  const obs = await run(perception(script, 2000), steps(T0, T0 + 8000));
  assert.equal(at(obs, T0 + 6500).counts.bottle, 3);
  assert.equal(at(obs, T0 + 7000).counts.bottle, 2);
});

test('new objects are reported in their zone; a bottle put back in its place takes back its id, with before on the update', async () => {
  // b away from 8 s to 20 s: its track ends (lost for over 4 s); then it is put back where it stood
  const script = (ts: number): string[] => (ts - T0 >= 8000 && ts - T0 < 20_000 ? ['a', 'c'] : ['a', 'b', 'c']);
  const obs = await run(perception(script), steps(T0, T0 + 23_000));
  const news = objects(obs).filter((o) => o.event === 'new');
  assert.equal(news.length, 3, 'three bottles, not four');
  for (const n of news) assert.deepEqual(n.object.zones.filter((z) => z.exitedAt === null).map((z) => z.zone), ['bench'], 'a bottle standing in the zone is in it');
  const ended = objects(obs).filter((o) => o.event === 'end');
  assert.equal(ended.length, 1);
  // the memory hears when b stops counting (away, its track still live) and when it is back
  const away = objects(obs).filter((o) => o.event === 'update' && o.presence === 'away');
  assert.equal(away.length, 1, 'one away update: b stopped counting');
  assert.equal(away[0]?.object.objectId, ended[0]?.object.objectId);
  assert.ok((away[0]?.ts ?? 0) < (ended[0]?.ts ?? 0) + 5000 && (away[0]?.ts ?? 0) >= T0 + 8000, 'away once its hold expired, before its track ended');
  // back: the first present update of that bottle after its track ended (later ones refresh it each segment)
  const objs = objects(obs);
  const back = objs.slice(objs.findIndex((o) => o.event === 'end')).filter((o) => o.event === 'update' && o.presence === 'present' && o.object.objectId === ended[0]?.object.objectId);
  assert.equal(back[0]?.ts, T0 + 20_000);
  // bottles counted are written again once per 2 s segment, so records stay near the present
  const refreshed = objects(obs).filter((o) => o.event === 'update' && o.presence === 'present' && o.object.objectId === news[0]?.object.objectId);
  assert.ok(refreshed.length >= 10, `${refreshed.length} refreshes of a bottle over 23 s`);
  assert.ok(refreshed.every((o) => o.object.lastSeen >= o.ts - 1000), 'each with its last sighting');
  assert.equal(back[0]?.object.objectId, ended[0]?.object.objectId, 'the put-back bottle is the same object');
  assert.equal(back[0]?.object.visits?.length, 2, 'two visits of one identity (away for over 10 s)');
  // through the live state: the update carries the previous state, box normalised and rounded
  const live = new LiveState();
  const evs = obs.flatMap((o) => {
    const e = live.observe(o).event;
    return e ? [e] : [];
  });
  const upd = evs.find((e) => e.type === 'update' && e.ts === T0 + 20_000 && e.after.objectId === ended[0]?.object.objectId);
  assert.ok(upd?.before, 'before is the state it had when it was last seen');
  assert.deepEqual(upd.after.currentZones, ['bench']);
  assert.deepEqual(upd.after.box, { x1: 0.4688, y1: 0.5556, x2: 0.5313, y2: 0.8333 });
  for (const e of evs) for (const v of [e.after.box.x1, e.after.box.y2]) assert.ok(v >= 0 && v <= 1 && Math.round(v * 1e4) === v * 1e4);
  assert.equal(new Set(frames(obs).flatMap((f) => f.objects.map((o) => o.objectId))).size, 3);
});

test('a gap in the frames over 5 s (a camera outage) ends every track at its last sighting: no dwell spans it', async () => {
  const p = perception(() => ['a', 'b']);
  const before = await run(p, steps(T0, T0 + 3000));
  const after = await run(p, steps(T0 + 40_000, T0 + 41_000));
  assert.equal(objects(before).filter((o) => o.event === 'end').length, 0);
  const ends = objects(after).filter((o) => o.event === 'end');
  assert.equal(ends.length, 2, 'both tracks ended at the gap');
  for (const e of ends) {
    assert.equal(e.ts, T0 + 3000, 'ended at the last frame before the outage');
    assert.ok(e.object.zones.every((z) => z.exitedAt === T0 + 3000 && z.dwellSeconds <= 3));
  }
  const exits = after.filter((o) => o.kind === 'event' && o.type === 'zone_exit');
  assert.ok(exits.every((x) => x.kind === 'event' && (x.dwellSeconds ?? 99) <= 3));
  // back after the outage: the same places take back the ids, but as new visits
  const upd = objects(after).filter((o) => o.event === 'update');
  assert.equal(upd.length, 2);
  for (const u of upd) assert.equal(u.object.visits?.length, 2, 'a new visit after the outage');
});

test('a step of the wall clock back (NTP) ends every track at its last sighting: no visit ends before it began', async () => {
  const p = perception(() => ['a', 'b']);
  // frames stamped a day ahead (the clock stepped forward), then the real time again
  await run(p, steps(T0 + 86_400_000, T0 + 86_403_000));
  const back = await run(p, steps(T0 + 40_000, T0 + 41_000));
  const ends = objects(back).filter((o) => o.event === 'end');
  assert.equal(ends.length, 2, 'both tracks ended at the step back');
  for (const e of ends) assert.equal(e.ts, T0 + 86_403_000, 'ended at the last frame before the step');
  // the same places take back the ids, as new visits that begin after the step
  const upd = objects(back).filter((o) => o.event === 'update');
  assert.equal(upd.length, 2);
  for (const u of upd) assert.ok(u.object.visits?.some((v) => v.start >= T0 + 40_000 && v.end >= v.start), JSON.stringify(u.object.visits));
});

test('down() ends the tracks at once when the camera goes down', async () => {
  const p = perception(() => ['a']);
  await run(p, steps(T0, T0 + 2000));
  const out = p.down(p.lastFrameTs ?? 0);
  assert.deepEqual(
    out.filter((o) => o.kind === 'object').map((o) => (o).event),
    ['end'],
  );
  assert.ok(out.some((o) => o.kind === 'event' && o.type === 'zone_exit' && o.dwellSeconds === 1.5));
});

test('a weak match (the hand grabbing a bottle) keeps the identity, not the count: the count drops within the hold of the last confident sighting', async () => {
  // b is confident until 5.0 s, then matched only weakly (score 0.2, ByteTrack's second association) until 6.5 s, then gone
  const weakB = (ts: number): ReturnType<typeof bottle>[] => {
    const t = ts - T0;
    return [bottle('a'), bottle('c'), ...(t <= 5000 ? [bottle('b')] : t <= 6500 ? [bottle('b', 0.2)] : [])];
  };
  const p = benchPerception(weakB, { scoreThreshold: 0.15 });
  const obs = await run(p, steps(T0, T0 + 9000));
  assert.equal(at(obs, T0 + 5500).counts.bottle, 3, 'held: 0.5 s after the last confident sighting');
  assert.equal(at(obs, T0 + 6000).counts.bottle, 2, 'weakly matched only: out of the count 1 s after the last confident sighting');
  assert.equal(at(obs, T0 + 6000).occupancy.bench, 2);
  // the history keeps what the detection matched, weak matches included
  assert.deepEqual(at(obs, T0 + 6000).seen?.counts, { bottle: 3 });
  // identity kept through the weak matches: no new object, no end while matched
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 3);
});

test('a still scene to the end of the stream: what it carried was there until the last frame', async () => {
  // motion gate on: the first frames are detected, then the picture stays the same (a frozen
  // camera, people standing still) and nothing is detected; the detector's 5 s refresh last runs at 20 s and the stream ends at 22 s
  const p = new CameraPerception({ camera: 'bench', detector: scriptedDetector(bottlesAt(() => ['a', 'b'])), detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 10 }, gate: true, keyframes: false, zones: [], reid: { low: 2, high: 2, retireAfterMs: 3600_000 } });
  const obs = await run(p, steps(T0, T0 + 22_000));
  const detected = frames(obs).filter((f) => f.detected).map((f) => f.ts);
  assert.equal(at(obs, T0 + 22_000).detected, false, `the last frames are not detected (${detected.map((d) => d - T0).join(', ')} were)`);
  assert.equal(at(obs, T0 + 22_000).counts.bottle, 2, 'the count is carried to the end');
  const ends = objects(p.flush(T0 + 22_000)).filter((o) => o.event === 'end');
  assert.equal(ends.length, 2);
  for (const e of ends) {
    assert.equal(e.ts, T0 + 22_000, 'the object ends at the last frame that carried it');
    assert.equal(e.object.lastSeen, T0 + 22_000);
  }
});
