/**
 * The default detector (`auto`) chooses per camera, without the user: a daemon with a camera looping
 * the overhead parking lot and one looping the table clip, neither naming a model. The lot camera
 * keeps ssd-oidv4 beside centernet (the SSD finds the car from above on frames centernet misses),
 * the table camera goes back to centernet alone after its probe; `/healthz` shows each choice.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { AutoStatus } from '../../ingest/perception/auto-choice.js';
import type { OrientationStatus } from '../../ingest/perception/orientation-choice.js';
import { freeTcpPort, startDaemon, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

type AutoHealth = Omit<Health, 'cameras'> & { cameras: (Health['cameras'][number] & { detector?: AutoStatus; orientation?: OrientationStatus })[] };

test('auto detector: the parking lot keeps both detectors, the table runs centernet alone; /healthz says so', { timeout: 300_000 }, async () => {
  const camera = (id: string, clip: string): object => ({ id, url: join(SHARED_VIDEOS, clip), fps: 2, width: 640, detector: { workers: 1 }, audio: { enabled: false } });
  const daemon = startDaemon({
    port: await freeTcpPort(),
    config: { cameras: [camera('lot', 'person-bicycle-car-detection.mp4'), camera('table', 'one-by-one-person-detection.mp4')] },
    env: { VIGIL_LOG__LEVEL: 'warn' },
  });
  try {
    let last: AutoHealth | null = null;
    const modes = async (): Promise<boolean> => {
      last = await daemon.getJson<AutoHealth>('/healthz');
      const by = new Map(last.cameras.map((c) => [c.id, c.detector?.mode]));
      const table = last.cameras.find((c) => c.id === 'table');
      return by.get('lot') === 'fused' && by.get('table') === 'primary' && table?.orientation?.mode === 'chosen';
    };
    await daemon.waitFor(modes, 240_000, 'the lot fused, the table on centernet alone and its orientation chosen');
    const h = last as unknown as AutoHealth;
    const lot = h.cameras.find((c) => c.id === 'lot')?.detector;
    const table = h.cameras.find((c) => c.id === 'table')?.detector;
    assert.equal(lot?.running, 'centernet+ssd-oidv4');
    assert.ok((lot?.addedFrames ?? 0) >= 3, JSON.stringify(lot));
    assert.equal(table?.running, 'centernet');
    assert.equal(table?.addedFrames, 0, JSON.stringify(table));
    // the orientation beside the detector's choice: the upright table clip stays as it comes
    const turn = h.cameras.find((c) => c.id === 'table')?.orientation;
    assert.equal(turn?.setting, 'auto');
    assert.equal(turn?.orientation, 'upright', JSON.stringify(turn));
    assert.ok((turn?.scores.upright ?? 0) > (turn?.scores.rotate180 ?? 0), JSON.stringify(turn));
    assert.equal(h.cameras.find((c) => c.id === 'lot')?.orientation?.setting, 'auto');
  } finally {
    await daemon.stop();
  }
});
