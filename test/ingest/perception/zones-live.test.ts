/**
 * A camera's zones replaced while it runs: its perception places the next frames in the new
 * zones (occupancy and zone events), and objects in a zone that is gone leave it at once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventObservation, FrameObservation } from '../../../ingest/observations.js';
import { benchFrame, benchPerception, bottlesAt, runFrames, T0 } from './bench-scene.js';

test('new zones take effect on the next frame, without a new pipeline', async () => {
  const p = benchPerception(bottlesAt(() => ['a', 'c']));
  await runFrames(p, [T0, T0 + 500, T0 + 1000]);
  const frames = (await p.process(benchFrame(T0 + 1500))).filter((o): o is FrameObservation => o.kind === 'frame');
  assert.deepEqual(frames[0]?.occupancy, { bench: 2 });
  // bottle a stands at x 100..140 (left), c at 500..540 (right): a zone around c only
  const out = p.setGeometry([{ id: 'right', polygon: [[0.7, 0.5], [1, 0.5], [1, 1], [0.7, 1]] }], []);
  const exits = out.filter((o): o is EventObservation => o.kind === 'event' && o.type === 'zone_exit');
  assert.equal(exits.length, 2, 'both bottles leave the zone that is gone');
  assert.ok(exits.every((e) => e.zone === 'bench' && e.ts === T0 + 1500 && e.objectId));
  assert.ok(out.some((o) => o.kind === 'object' && o.event === 'update'), 'their objects are written again with the visit closed');
  const after = await p.process(benchFrame(T0 + 2000));
  const f = after.find((o): o is FrameObservation => o.kind === 'frame');
  assert.deepEqual(f?.occupancy, { right: 1 });
  const enters = after.filter((o): o is EventObservation => o.kind === 'event' && o.type === 'zone_enter');
  assert.deepEqual(enters.map((e) => e.zone), ['right']);
  assert.deepEqual(p.geometry.zones.map((z) => z.id), ['right']);
});
