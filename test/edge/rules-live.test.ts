/**
 * Rules read the live state: a zone count comes from the frame's objects (seen within the hold),
 * not from zone events that wait for the track to end; a camera that went down starts afresh.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventObservation, FrameObservation } from '../../ingest/observations.js';
import { RuleEngine } from '../../edge/rules/engine.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const box = { x1: 0, y1: 0, x2: 10, y2: 10 };

function engine(): RuleEngine {
  const e = new RuleEngine({ node: 'n1', timeZone: 'UTC', cameras: { cam: { zones: ['bench'], lines: [] } } });
  e.put({ id: 'few', camera: 'cam', class: 'bottle', zone: 'bench', trigger: { type: 'count', op: '<', value: 3, forSeconds: 2 }, cooldownSeconds: 0 });
  return e;
}

function frame(ts: number, inBench: number): FrameObservation {
  const objects = Array.from({ length: inBench }, (_, i) => ({ objectId: `cam:bottle:${i + 1}`, trackId: i + 1, label: 'bottle', box, score: 0.8, zones: ['bench'] }));
  return { kind: 'frame', camera: 'cam', ts, motion: 0, detected: true, counts: inBench ? { bottle: inBench } : {}, objects, occupancy: { bench: inBench } };
}

const enter = (ts: number, n: number): EventObservation => ({ kind: 'event', camera: 'cam', ts, type: 'zone_enter', zone: 'bench', objectId: `cam:bottle:${n}`, label: 'bottle' });

test('a zone count rule follows the frame objects: a removal fires 2 s later although no zone exit came yet', () => {
  const e = engine();
  for (const n of [1, 2, 3]) e.observe(enter(T0, n));
  for (let t = T0; t <= T0 + 3000; t += 500) assert.deepEqual(e.observe(frame(t, 3)), []);
  // bottle 3 is no longer seen from 3.5 s (its track lives on, no zone_exit)
  const fired = [];
  for (let t = T0 + 3500; t <= T0 + 6000; t += 500) fired.push(...e.observe(frame(t, 2)).map((a) => ({ t, a })));
  assert.equal(fired.length, 1);
  assert.equal(fired[0]?.t, T0 + 5500);
  assert.equal(fired[0]?.a.evidence.count, 2);
  assert.deepEqual(fired[0]?.a.evidence.objectIds, ['cam:bottle:1', 'cam:bottle:2']);
});

test('after camera_offline, a condition that held before the outage starts again', () => {
  const e = engine();
  e.observe(frame(T0, 2));
  e.observe(frame(T0 + 1000, 2));
  e.observe({ kind: 'event', camera: 'cam', ts: T0 + 1500, type: 'camera_offline' });
  // back 30 s later, still 2: the 2 s count from the first frame after the outage
  assert.deepEqual(e.observe(frame(T0 + 31_000, 2)), [], 'the outage does not count towards forSeconds');
  assert.deepEqual(e.observe(frame(T0 + 32_000, 2)), []);
  assert.equal(e.observe(frame(T0 + 33_000, 2)).length, 1);
});
