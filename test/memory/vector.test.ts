import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { cosine, topK } from '../../memory/vector.js';
import { object, segment } from './fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');

test('cosine similarity', () => {
  assert.equal(cosine([1, 0], [1, 0]), 1);
  assert.equal(cosine([1, 0], [0, 1]), 0);
  assert.equal(cosine([1, 0], [-2, 0]), -1);
  assert.equal(cosine([0, 0], [1, 0]), 0);
});

test('topK finds the nearest objects and segments by cosine, filtered by window, camera and label', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-vec-')) });
  s.open();
  const emb: Record<string, number[]> = { red: [1, 0, 0], pink: [0.9, 0.3, 0], blue: [0, 0, 1], green: [0, 1, 0], redder: [2, 0.1, 0] };
  void s.write(object('a', 'a:person:1', 'person', T0, T0 + 10_000, { embedding: emb.red }));
  void s.write(object('a', 'a:person:2', 'person', T0 + 20_000, T0 + 30_000, { embedding: emb.pink }));
  void s.write(object('b', 'b:person:3', 'person', T0, T0 + 50_000, { embedding: emb.redder }));
  void s.write(object('a', 'a:car:1', 'car', T0, T0 + 50_000, { embedding: emb.red }));
  void s.write(object('a', 'a:person:4', 'person', T0 + 100_000, T0 + 110_000, { embedding: emb.blue }));
  void s.write(object('a', 'a:person:5', 'person', T0, T0 + 5000)); // no embedding: skipped
  void s.write(object('a', 'a:person:6', 'person', T0, T0 + 5000, { embedding: [1, 0] })); // other dimension: skipped
  void s.write({ ...segment('a', T0), counts: { person: 1 }, embedding: emb.green } as ReturnType<typeof segment>);
  void s.write({ ...segment('a', T0 + 2000), counts: { car: 1 }, embedding: emb.red } as ReturnType<typeof segment>);
  void s.write(segment('b', T0)); // no embedding
  await s.flush();

  const all = topK(s, { vector: [1, 0, 0], kind: 'object', k: 10 });
  assert.deepEqual(
    all.map((h) => h.id),
    ['a:car:1', 'a:person:1', 'b:person:3', 'a:person:2', 'a:person:4'],
  );
  assert.ok(Math.abs((all[0]?.score ?? 0) - 1) < 1e-12);
  assert.equal(all[4]?.score, 0);

  const people = topK(s, { vector: [1, 0, 0], kind: 'object', k: 2, label: 'person' });
  assert.deepEqual(people.map((h) => h.id), ['a:person:1', 'b:person:3']);
  const camA = topK(s, { vector: [1, 0.3, 0], kind: 'object', k: 1, camera: 'a', label: 'person' });
  assert.deepEqual(camA.map((h) => h.id), ['a:person:2']);
  const win = topK(s, { vector: [0, 0, 1], kind: 'object', k: 3, window: { from: T0 + 60_000, to: T0 + 200_000 } });
  assert.deepEqual(win.map((h) => [h.id, h.score]), [['a:person:4', 1]]);
  const first = win[0];
  assert.ok(first && 'objectId' in first.record && first.record.label === 'person');

  const segs = topK(s, { vector: [0, 1, 0], kind: 'segment', k: 5 });
  assert.deepEqual(segs.map((h) => h.id), [`a/${T0}`, `a/${T0 + 2000}`]);
  assert.deepEqual(topK(s, { vector: [1, 0, 0], kind: 'segment', k: 5, label: 'car' }).map((h) => h.id), [`a/${T0 + 2000}`]);
  assert.equal(topK(s, { vector: [1, 0, 0], kind: 'segment', k: 5, window: { from: T0 + 10_000, to: T0 + 20_000 } }).length, 0);

  assert.deepEqual(topK(s, { vector: [1, 0, 0], kind: 'object', k: 0 }), []);
  assert.deepEqual(topK(s, { vector: [0, 0, 0], kind: 'object', k: 3 }), []);
  assert.throws(() => topK(s, { vector: [], kind: 'object', k: 3 }), RangeError);
  await s.close();
});

test('segments are searched by visualEmbedding (else embedding), or by textEmbedding when asked', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-vec-')) });
  s.open();
  void s.write({ ...segment('a', T0), visualEmbedding: [1, 0], textEmbedding: [0, 1] } as ReturnType<typeof segment>);
  void s.write({ ...segment('a', T0 + 2000), visualEmbedding: [0, 1], embedding: [1, 0] } as ReturnType<typeof segment>);
  void s.write({ ...segment('a', T0 + 4000), embedding: [0.9, 0.1] } as ReturnType<typeof segment>);
  await s.flush();
  const [seg] = s.segments(T0, T0 + 2000, 'a');
  assert.deepEqual([seg?.visualEmbedding, seg?.textEmbedding], [[1, 0], [0, 1]], 'stored as given');
  assert.deepEqual(topK(s, { vector: [1, 0], kind: 'segment', k: 3 }).map((h) => h.id), [`a/${T0}`, `a/${T0 + 4000}`, `a/${T0 + 2000}`]);
  assert.deepEqual(topK(s, { vector: [0, 1], kind: 'segment', k: 3, field: 'text' }).map((h) => h.id), [`a/${T0}`]);
  await s.close();
});
