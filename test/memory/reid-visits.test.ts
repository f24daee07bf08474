/**
 * A re-ID merge never joins two visits into one dwell: one person at the table for 20 s, away
 * for two minutes, back for 20 s, joined into one object by re-ID, is stored and answered as two
 * visits of 20 s (at the camera and in the zone), never one 160 s stay.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { CameraPerception } from '../../ingest/perception/pipeline.js';
import type { Detection, Detector } from '../../ingest/perception/types.js';
import type { Frame } from '../../ingest/types.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';

const T0 = Date.parse('2026-01-05T09:00:00Z');
const W = 320;
const H = 180;
const present = (ts: number): boolean => (ts >= T0 && ts < T0 + 20_000) || (ts >= T0 + 140_000 && ts < T0 + 160_000);

test('one person twice, joined by re-ID: two visits of 20 s, at the camera and in the zone', async () => {
  const detector: Detector = {
    model: 'script',
    backend: 'test',
    labels: ['person'],
    load: () => Promise.resolve(),
    dispose: () => Promise.resolve(),
    detect: (img): Promise<Detection[]> => Promise.resolve(present((img as Frame).ts) ? [{ box: { x1: 100, y1: 20, x2: 160, y2: 170 }, score: 0.9, classId: 0, label: 'person' }] : []),
  };
  // thresholds that join any two tracks that do not overlap in time: re-ID merges for sure
  const p = new CameraPerception({ camera: 'cam', detector, detect: { scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 10 }, gate: false, keyframes: false, reid: { low: -2, high: -2, retireAfterMs: 3600_000 }, zones: [{ id: 'table', polygon: [[0, 0.5], [1, 0.5], [1, 1], [0, 1]] }] });
  const store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-reid-visits-')) });
  store.open();
  await store.indexesBuilt();
  try {
    const ids = new Set<string>();
    for (let ts = T0; ts <= T0 + 170_000; ts += 500) {
      const frame: Frame = { camera: 'cam', seq: ts, ts, width: W, height: H, data: Buffer.alloc(W * H * 3, 100) };
      for (const o of await p.process(frame)) {
        if (o.kind === 'object') ids.add(o.object.objectId);
        void store.write(o);
      }
    }
    for (const o of p.flush(T0 + 170_000)) void store.write(o);
    await store.flush();
    assert.equal(ids.size, 1, 're-ID joined the two tracks into one object');
    const q = new MemoryQueries(store);
    const w = { from: T0 - 1000, to: T0 + 200_000 };
    const visits = q.cameraVisits(w, { label: 'person' }) ?? [];
    assert.deepEqual(
      visits.map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000]),
      [
        [0, 19.5],
        [140, 159.5],
      ],
    );
    const stats = q.visitStats(w, { label: 'person' });
    assert.equal(stats?.n, 2);
    assert.ok((stats?.max ?? Infinity) <= 20_000, `longest visit ${stats?.max} ms`);
    const zone = q.zoneVisits(w, 'table', { label: 'person' }) ?? [];
    assert.equal(zone.length, 2, 'two zone visits');
    for (const v of zone) assert.ok(v.end - v.start <= 20_000, `zone visit ${v.end - v.start} ms`);
    const dwell = q.dwell(w, 'table', { label: 'person' });
    assert.equal(dwell.length, 1);
    assert.ok(Math.abs((dwell[0]?.seconds ?? 0) - 39) <= 1, `dwell ${dwell[0]?.seconds} s is the two visits' sum, not the 160 s span`);
  } finally {
    await store.close();
  }
});
