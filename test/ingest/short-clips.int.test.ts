/**
 * Perception on the three short clips of other scenes (overhead parking lot, factory floor, crowded
 * aisle), replayed through the real CLI with the default detector (centernet on ONNX Runtime) at
 * 6 fps (the clips last 3.4-4.7 s). Expectations were written by looking at 2 fps contact sheets of
 * the frames (`ffmpeg -i CLIP -vf "fps=2,scale=320:-1,tile=4x3"`):
 * - parking lot: one silver car drives across the lower half the whole clip; a walker crosses the
 *   top left and leaves the frame at the top by about 1.3 s; a cyclist rides across the top right
 *   the whole clip;
 * - factory floor: one worker walks away from the camera, visible the whole clip;
 * - aisle: two shoppers from the start, a third walks in from the bottom right at about 1.5 s, all
 *   three there to the end.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const ALL = { from: T0, to: T0 + 600_000 };
const VEHICLES = new Set(['car', 'truck', 'bus', 'vehicle']);

async function replay(clip: string): Promise<{ q: MemoryQueries; store: MemoryStore }> {
  const data = tempDir('short');
  const r = await runCli(['replay', join(SHARED_VIDEOS, clip), '--camera', 'c1', '--start', new Date(T0).toISOString(), '--data', data, '--fps', '6']);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  return { q: new MemoryQueries(store), store };
}

const sec = (t: number): number => (t - T0) / 1000;
const list = (os: { objectId: string; firstSeen: number; lastSeen: number }[]): string => os.map((o) => `${o.objectId} ${sec(o.firstSeen)}-${sec(o.lastSeen)}`).join('; ');

test('parking lot from above: one car (not a car, a truck and a bus), the walker and the cyclist', async () => {
  const { q, store } = await replay('person-bicycle-car-detection.mp4');
  try {
    const objects = q.objectsIn(ALL, {});
    const vehicles = objects.filter((o) => VEHICLES.has(o.label));
    assert.equal(vehicles.length, 1, `one vehicle: ${list(vehicles)}`);
    const car = vehicles[0]!;
    assert.equal(car.label, 'car');
    assert.ok(sec(car.firstSeen) <= 0.5 && sec(car.lastSeen) >= 3, `the car is followed the whole clip: ${list(vehicles)}`);
    const people = q.objectsIn(ALL, { label: 'person' });
    assert.equal(people.length, 2, `the walker and the cyclist: ${list(people)}`);
    const [walker, cyclist] = [...people].sort((a, b) => a.lastSeen - b.lastSeen);
    assert.ok(sec(walker!.lastSeen) <= 2, `the walker leaves at the top by about 1.3 s: ${list(people)}`);
    assert.ok(sec(cyclist!.lastSeen) >= 3, `the cyclist rides the whole clip: ${list(people)}`);
    assert.equal(q.maxSimultaneous(ALL, { label: 'person' }).count, 2);
  } finally {
    await store.close();
  }
});

test('factory floor: one worker, followed the whole clip as one person', async () => {
  const { q, store } = await replay('worker-zone-detection.mp4');
  try {
    const people = q.objectsIn(ALL, { label: 'person' });
    assert.equal(people.length, 1, list(people));
    assert.ok(sec(people[0]!.firstSeen) <= 0.5 && sec(people[0]!.lastSeen) >= 3.5, list(people));
    assert.equal(q.countDistinct(ALL, { label: 'person' }), 1);
  } finally {
    await store.close();
  }
});

test('crowded aisle: three shoppers, two from the start and one walking in at about 1.5 s', async () => {
  const { q, store } = await replay('store-aisle-detection.mp4');
  try {
    const people = [...q.objectsIn(ALL, { label: 'person' })].sort((a, b) => a.firstSeen - b.firstSeen);
    assert.equal(people.length, 3, list(people));
    assert.ok(sec(people[1]!.firstSeen) <= 0.5, `two from the start: ${list(people)}`);
    assert.ok(sec(people[2]!.firstSeen) >= 1 && sec(people[2]!.firstSeen) <= 2.5, `the third arrives at about 1.5 s: ${list(people)}`);
    assert.ok(people.every((p) => sec(p.lastSeen) >= 3.5), `all three stay to the end: ${list(people)}`);
    assert.equal(q.maxSimultaneous(ALL, { label: 'person' }).count, 3);
    assert.equal(q.countAt(T0 + 1000, { label: 'person' }).count, 2);
  } finally {
    await store.close();
  }
});
