import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { encoder } from '../fixtures/onnx-encoder.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

test('re-ID with a user-supplied ONNX image encoder: object embeddings come from the encoder', async () => {
  const dir = tempDir('enc');
  // a stand-in encoder graph (no real CLIP/DINOv2 can be downloaded here): mean normalised colour, [N, 3]
  const model = join(dir, 'encoder.onnx');
  writeFileSync(model, encoder({ input: ['batch', 3, 'height', 'width'] }));
  const cfg = join(dir, 'vigil.yaml');
  writeFileSync(cfg, stringify({ cameras: [{ id: 'bench', url: 'builtin:demo', reid: { encoder: { path: model, inputSize: 64 } } }] }));
  const data = join(dir, 'data');
  const r = await runCli(['replay', join(SHARED_VIDEOS, 'bottle-detection.mp4'), '--camera', 'bench', '--start', '2026-11-21T09:00:00Z', '--data', data, '--config', cfg]);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  try {
    const objs = new MemoryQueries(store).objectsIn({ from: 0, to: Date.now() + 1e12 }, { label: 'bottle' });
    assert.ok(objs.length >= 3, `bottles found: ${objs.length}`);
    const ended = objs.filter((o) => o.embedding);
    assert.ok(ended.length > 0);
    // the built-in colour+shape features have hundreds of dimensions; the encoder gives 3
    for (const o of ended) assert.equal(o.embedding?.length, 3);
  } finally {
    await store.close();
  }
});
