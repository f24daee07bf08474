/**
 * A still object put back on its resting place counts on the first frame that sees it there (the
 * place is a strong prior); a new detection anywhere else still needs the tracker's two hits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameObservation, ObjectObservation, Observation } from '../../../ingest/observations.js';
import { ByteTracker } from '../../../ingest/perception/bytetrack.js';
import { benchPerception, bottlesAt, runFrames, T0 } from './bench-scene.js';

async function run(at: (ts: number) => string[], until: number): Promise<Observation[]> {
  const times = Array.from({ length: until / 500 + 1 }, (_, i) => T0 + i * 500);
  return runFrames(benchPerception(bottlesAt(at)), times);
}

const frameAt = (obs: Observation[], ms: number): FrameObservation => {
  const f = obs.find((o): o is FrameObservation => o.kind === 'frame' && o.ts === T0 + ms);
  assert.ok(f, `frame at ${ms} ms`);
  return f;
};
const objects = (obs: Observation[]): ObjectObservation[] => obs.filter((o): o is ObjectObservation => o.kind === 'object');

test('a bottle put back on its resting place counts on the first frame that sees it, and takes back its id', async () => {
  // b away from 8 s (its track ends after 4 s lost), set down again at 20 s
  const obs = await run((ts) => (ts - T0 >= 8000 && ts - T0 < 20_000 ? ['a', 'c'] : ['a', 'b', 'c']), 21_000);
  assert.equal(frameAt(obs, 19_500).counts.bottle, 2);
  assert.equal(frameAt(obs, 20_000).counts.bottle, 3, 'counted on its first frame back');
  assert.equal(frameAt(obs, 20_000).occupancy.bench, 3, 'and in its zone');
  // back: the first present update after the track's end (in order; refreshes follow each segment)
  const objs = objects(obs);
  const gone = objs.find((o) => o.event === 'end')?.object.objectId;
  const back = objs.slice(objs.findIndex((o) => o.event === 'end')).filter((o) => o.event === 'update' && o.presence === 'present' && o.object.objectId === gone);
  assert.equal(back[0]?.ts, T0 + 20_000);
  assert.equal(objects(obs).filter((o) => o.event === 'update' && o.presence === 'away').length, 1, 'b stopped counting once');
  assert.equal(back[0]?.object.objectId, objects(obs).find((o) => o.event === 'end')?.object.objectId, 'the same bottle');
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 3);
});

test('a bottle set down where none rested still needs two hits before it counts', async () => {
  const obs = await run((ts) => (ts - T0 >= 20_000 ? ['a', 'b', 'c', 'd'] : ['a', 'b', 'c']), 21_000);
  assert.equal(frameAt(obs, 20_000).counts.bottle, 3, 'one detection is not enough away from a resting place');
  assert.equal(frameAt(obs, 20_500).counts.bottle, 4, 'the second hit confirms it');
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 4);
});

test('a single-frame detection off any resting place never counts', async () => {
  const obs = await run((ts) => (ts - T0 === 20_000 ? ['a', 'b', 'c', 'd'] : ['a', 'b', 'c']), 21_000);
  for (const ms of [20_000, 20_500, 21_000]) assert.equal(frameAt(obs, ms).counts.bottle, 3);
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 3);
});

test('ByteTracker confirmAtOnce: a new track the caller vouches for is confirmed on its first hit, others are not', () => {
  const asked: string[] = [];
  const t = new ByteTracker({
    confirmAtOnce: (d) => {
      asked.push(d.label);
      return d.label === 'bottle';
    },
  });
  const out = t.update(
    [
      { box: { x1: 0, y1: 0, x2: 40, y2: 100 }, score: 0.9, classId: 0, label: 'bottle' },
      { box: { x1: 200, y1: 0, x2: 240, y2: 100 }, score: 0.9, classId: 1, label: 'cup' },
    ],
    1000,
  );
  assert.deepEqual(out.started.map((s) => s.label), ['bottle']);
  assert.deepEqual(out.active.map((s) => s.label), ['bottle']);
  assert.deepEqual(asked.sort(), ['bottle', 'cup']);
  assert.deepEqual(t.snapshot().map((s) => s.state).sort(), ['confirmed', 'tentative']);
});

test('a bottle taken away for 4.5 s and set back on its place has two visits, not one long stay', async () => {
  // b away from 8 s to 12.5 s (5 s after its last sighting, within a person's visit gap): its track ends after the tracker's lost time, the place takes it back
  const obs = await run((ts) => (ts - T0 >= 8000 && ts - T0 < 12_500 ? ['a', 'c'] : ['a', 'b', 'c']), 20_000);
  const gone = objects(obs).find((o) => o.event === 'end')?.object.objectId;
  assert.ok(gone, 'b ended');
  const last = objects(obs).filter((o) => o.object.objectId === gone).at(-1)?.object;
  assert.deepEqual(
    last?.visits?.map((v) => [v.start - T0, v.end - T0]),
    [
      [0, 7500],
      [12_500, 20_000],
    ],
  );
  const stayed = objects(obs).filter((o) => o.object.objectId !== gone).at(-1)?.object;
  assert.equal(stayed?.visits?.length, 1, 'a bottle that stayed has one visit');
});
