import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';
import type { Detection, Detector } from '../../../ingest/perception/types.js';
import type { Frame } from '../../../ingest/types.js';

const W = 64;
const H = 36;
const frame = (ts: number, shade: number): Frame => ({ camera: 'c', seq: ts, ts, width: W, height: H, data: Buffer.alloc(W * H * 3, shade) });

test('perception gives back the detector turn right after detection, and at once for frames it does not detect', async () => {
  const log: string[] = [];
  const detector: Detector = {
    model: 'fake',
    backend: 'test',
    labels: ['person'],
    load: () => Promise.resolve(),
    dispose: () => Promise.resolve(),
    detect: async (): Promise<Detection[]> => {
      log.push('detect start');
      await new Promise((r) => setTimeout(r, 5));
      log.push('detect end');
      return [{ box: { x1: 10, y1: 5, x2: 30, y2: 34 }, score: 0.9, classId: 0, label: 'person' }];
    },
  };
  const p = new CameraPerception({ camera: 'c', detector, detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 10 }, gate: true, keyframes: false });
  const out = await p.process(frame(1000, 10), () => log.push('turn ended'));
  log.push('process end');
  assert.deepEqual(log, ['detect start', 'detect end', 'turn ended', 'process end']);
  assert.ok(out.some((o) => o.kind === 'frame' && o.detected));

  // the same still frame 0.5 s later (no new track to confirm is forced below by waiting it out)
  log.length = 0;
  await p.process(frame(1500, 10));
  log.length = 0;
  await p.process(frame(2000, 10), () => log.push('turn ended'));
  log.push('process end');
  assert.deepEqual(log, ['turn ended', 'process end'], 'a still frame skips the detector and frees the turn at once');
});
