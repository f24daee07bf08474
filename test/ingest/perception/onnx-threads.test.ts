/**
 * Detectors scale with worker threads, not intra-op threads: `detector.workers` defaults to the
 * cores (at least 1, at most 8), and every ONNX detector session is created with one intra-op
 * thread and spinning off (with 2 threads and ORT's default spinning, throughput halved on a
 * loaded 2-core machine). The options are read off `InferenceSession.create`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import * as ort from 'onnxruntime-node';
import { workerDetectorFor } from '../../../edge/components/perception.js';
import { configSchema } from '../../../edge/config/schema.js';
import { createDetector, prepareDetector, type DetectorConfig } from '../../../ingest/perception/detectors.js';
import { defaultDetectorWorkers, WorkerDetector } from '../../../ingest/perception/worker-detector.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-threads-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('detector.workers defaults to one worker per core, at least 1 and at most 8', () => {
  assert.deepEqual([0, 1, 2, 3, 8, 16, 64].map((c) => defaultDetectorWorkers(c)), [1, 1, 2, 3, 8, 8, 8]);
  assert.equal(defaultDetectorWorkers(), Math.min(8, availableParallelism()));
  const cfg = configSchema.parse({ cameras: [{ id: 'a', url: 'a.mp4' }, { id: 'b', url: 'b.mp4', detector: { workers: 3 } }] });
  const [a, b] = cfg.cameras.map((c) => workerDetectorFor(c, dir));
  assert.ok(a instanceof WorkerDetector && b instanceof WorkerDetector);
  assert.equal(a.workers, defaultDetectorWorkers(), 'no workers set: one per core');
  assert.equal(b.workers, 3, 'workers set: as configured');
});

test('every ONNX detector session gets one intra-op thread, one inter-op thread and no spinning', async () => {
  const seen: { model: string; opts: ort.InferenceSession.SessionOptions }[] = [];
  const original = Object.getOwnPropertyDescriptor(ort.InferenceSession, 'create');
  let model = '';
  // record the options, then stop: the detectors' own import of onnxruntime-node is this module
  Object.defineProperty(ort.InferenceSession, 'create', {
    configurable: true,
    writable: true,
    value: (_bytes: unknown, opts: ort.InferenceSession.SessionOptions) => {
      seen.push({ model, opts });
      return Promise.reject(new Error('stop: options recorded'));
    },
  });
  try {
    const onnxPath = join(dir, 'user.onnx');
    writeFileSync(onnxPath, Buffer.from('not read by the patched create'));
    const cfgs: DetectorConfig[] = [
      { model: 'centernet', cacheDir: dir },
      { model: 'ssd-oidv4', cacheDir: dir },
      { model: 'onnx', onnx: { path: onnxPath } },
    ];
    for (const cfg of cfgs) {
      model = cfg.model;
      await prepareDetector(cfg);
      await assert.rejects(createDetector(cfg).load(), /options recorded/);
    }
  } finally {
    if (original) Object.defineProperty(ort.InferenceSession, 'create', original);
  }
  assert.deepEqual(seen.map((s) => s.model), ['centernet', 'ssd-oidv4', 'onnx']);
  for (const { model: m, opts } of seen) {
    assert.equal(opts.intraOpNumThreads, 1, `${m}: one intra-op thread`);
    assert.equal(opts.interOpNumThreads, 1, `${m}: one inter-op thread`);
    const session = (opts.extra as { session?: Record<string, { allow_spinning?: string }> } | undefined)?.session;
    assert.equal(session?.intra_op?.allow_spinning, '0', `${m}: intra-op spinning off`);
    assert.equal(session?.inter_op?.allow_spinning, '0', `${m}: inter-op spinning off`);
    assert.deepEqual(opts.executionProviders, ['cpu']);
  }
});
