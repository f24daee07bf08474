/**
 * Objects' appearance views survive a restart: the codec keeps each view's similarities, the
 * store keeps the views an object's `end` carried (apart from the record), the identity seeds
 * of the next run carry them, and a retention sweep drops them with their object.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { identitySeeds } from '../../edge/components/identity-seeds.js';
import { cosine } from '../../ingest/perception/appearance.js';
import { decodeViews, encodeViews } from '../../memory/object-views.js';
import { MemoryStore } from '../../memory/store.js';
import { object } from './fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');

/** A unit view of `n` values from a seed (deterministic, some negative, some much larger than others). */
function view(n: number, seed: number): Float32Array {
  const v = new Float32Array(n);
  for (let i = 0; i < n; i++) v[i] = Math.sin(seed * 13.7 + i * 0.37) * (i % 5 === 0 ? 3 : 0.2);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

test('views encode to int16 with a scale each and decode with every similarity within 1e-4', () => {
  const views = [view(340, 1), view(340, 2), view(340, 3)];
  const buf = encodeViews(views);
  assert.equal(buf.length, 4 + 3 * (4 + 340 * 2));
  const back = decodeViews(buf);
  assert.equal(back.length, 3);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) assert.ok(Math.abs(cosine(back[i] as Float32Array, back[j] as Float32Array) - cosine(views[i] as Float32Array, views[j] as Float32Array)) < 1e-4);
  }
  assert.equal(encodeViews([]).length, 0);
  assert.deepEqual(decodeViews(encodeViews([view(4, 1), view(5, 1)])).map((v) => v.length), [4], 'views of another dimension are dropped');
  assert.deepEqual(decodeViews(Buffer.from([1, 0, 4, 0, 9])), [], 'bytes of another shape decode to nothing');
  assert.deepEqual(decodeViews(undefined), []);
  const zero = decodeViews(encodeViews([new Float32Array(3)]));
  assert.deepEqual([...(zero[0] ?? [])], [0, 0, 0], 'an all-zero view survives');
});

test("the views an object's end carried are kept, seed the next run, and go with the object at retention", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-views-'));
  const s = new MemoryStore({ dir, retention: { eventsMs: 3600_000 } });
  s.open();
  const views = [view(340, 4), view(340, 5)];
  await s.write({ ...object('cam', 'cam:person:1-r1', 'person', T0, T0 + 5000, { embedding: Array.from(view(340, 9)) }), event: 'end', views });
  await s.write({ ...object('cam', 'cam:person:2-r1', 'person', T0 + 6000, T0 + 9000, { embedding: Array.from(view(340, 6)) }), event: 'end' });
  await s.write({ ...object('other', 'other:person:1-r1', 'person', T0, T0 + 2000), event: 'end', views: [view(340, 7)] });
  assert.equal(s.objectViews('cam:person:1-r1').length, 2);
  assert.ok(Math.abs(cosine(s.objectViews('cam:person:1-r1')[1] as Float32Array, views[1] as Float32Array) - 1) < 1e-4);
  assert.deepEqual(s.objectViews('cam:person:2-r1'), [], 'an end without views keeps none');
  const seeds = await identitySeeds(s, ['cam'], T0 + 60_000);
  const byId = new Map((seeds.get('cam') ?? []).map((x) => [x.object.objectId, x]));
  assert.equal(byId.get('cam:person:1-r1')?.views?.length, 2, 'the seed carries the kept views');
  assert.equal(byId.get('cam:person:2-r1')?.views, undefined, 'no views: the seed has the mean embedding only');
  assert.ok(byId.get('cam:person:2-r1')?.object.embedding);
  // an hour of objects' retention later, the objects and their views are swept
  await s.write(object('cam', 'cam:person:3-r1', 'person', T0 + 3 * 3600_000, T0 + 3 * 3600_000 + 1000));
  await s.sweep({ now: T0 + 3 * 3600_000 + 2000 });
  assert.deepEqual(s.objectViews('cam:person:1-r1'), [], 'swept with its object');
  await s.close();
});
