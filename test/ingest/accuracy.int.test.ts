/**
 * Perception accuracy on the shared clips, replayed through the real CLI (ffmpeg decode,
 * centernet on ONNX Runtime, ByteTrack, re-ID) into LMDB, then read back with the typed queries.
 * Expectations were written by looking at 1 fps contact sheets of the clips (see BENCHMARKS.md).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { bottleCountError, ONE_BY_ONE_PEOPLE } from '../fixtures/truth.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const ALL = { from: T0, to: T0 + 3600_000 };

async function replay(clip: string, camera: string): Promise<{ q: MemoryQueries; store: MemoryStore }> {
  const data = tempDir(`acc-${camera}`);
  const r = await runCli(['replay', join(SHARED_VIDEOS, clip), '--camera', camera, '--start', new Date(T0).toISOString(), '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  return { q: new MemoryQueries(store), store };
}

test('one-by-one clip: six distinct people after re-ID, one at a time, arrivals and departures within 2 s', async () => {
  const { q, store } = await replay('one-by-one-person-detection.mp4', 'table');
  try {
    const people = q.objectsIn(ALL, { label: 'person' });
    assert.equal(people.length, 6, people.map((p) => `${p.objectId} ${(p.firstSeen - T0) / 1000}-${(p.lastSeen - T0) / 1000}`).join('; '));
    assert.equal(q.countDistinct(ALL, { label: 'person' }), 6);
    assert.equal(q.maxSimultaneous(ALL, { label: 'person' }).count, 1);
    people.forEach((p, i) => {
      const [arrive, leave] = ONE_BY_ONE_PEOPLE[i] ?? [NaN, NaN];
      const a = (p.firstSeen - T0) / 1000;
      const l = (p.lastSeen - T0) / 1000;
      assert.ok(Math.abs(a - arrive) <= 2, `person ${i + 1} arrived at ${a} s, expected ${arrive} s`);
      assert.ok(Math.abs(l - leave) <= 2, `person ${i + 1} left at ${l} s, expected ${leave} s`);
      assert.ok(p.trajectory.length >= 10, 'trajectory kept');
    });
    // nobody is at the table between the third and fourth visitor
    assert.equal(q.countAt(T0 + 72_000, { label: 'person' }).count, 0);
    assert.equal(q.countAt(T0 + 30_000, { label: 'person' }).count, 1);
    const seg = q.segments({ from: T0 + 30_000, to: T0 + 32_000 })[0];
    assert.match(seg?.caption ?? '', /1 person/);
    assert.ok(seg?.keyframe, 'keyframe stored');
    assert.deepEqual([...(store.keyframe('table', seg?.start ?? 0) ?? Buffer.alloc(0)).subarray(0, 2)], [0xff, 0xd8]);
  } finally {
    await store.close();
  }
});

test('bottle clip: bottles visible over time within a mean error of 0.35, and the low of one bottle', async () => {
  const { q, store } = await replay('bottle-detection.mp4', 'bench');
  try {
    const { mae, seconds: n } = bottleCountError((s) => q.countAt(T0 + s * 1000 + 400, { label: 'bottle' }).count);
    assert.ok(mae <= 0.35, `mean absolute count error ${mae.toFixed(2)} over ${n} s`);
    assert.equal(q.countAt(T0 + 20_400, { label: 'bottle' }).count, 1, 'one bottle left at 20 s');
    assert.equal(q.maxSimultaneous(ALL, { label: 'bottle' }).count, 3);
    const changes = q.events(ALL, { type: 'count_change', label: 'bottle' });
    assert.ok(changes.length >= 4, `count changes recorded: ${changes.length}`);
  } finally {
    await store.close();
  }
});
