/**
 * Bottles keep their ids across a crash: the real daemon watches the bottle clip (a file camera),
 * is killed with SIGKILL, and started again on the same data directory; the bottles the second
 * run sees on their places are the first run's objects, not new ones.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../../memory/queries.js';
import { MemoryStore } from '../../../memory/store.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle, type Health } from '../../helpers/daemon.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';

const CLIP = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function run(data: string): Promise<DaemonHandle> {
  const d = startDaemon({
    port: await freeTcpPort(),
    data,
    config: { node: `bottles${process.pid}`, mqtt: { enabled: false }, log: { level: 'info' }, cameras: [{ id: 'bench', url: CLIP, fps: 2, width: 640, audio: { enabled: false } }] },
  });
  await d.waitFor(async () => ((await d.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming' ? true : undefined), 60_000, 'the camera streaming');
  return d;
}

/** Bottle ids with a visit that began in [from, to). */
async function bottlesSeen(data: string, from: number, to: number): Promise<Set<string>> {
  const s = new MemoryStore({ dir: data, readOnly: true });
  s.open();
  try {
    const objs = new MemoryQueries(s).objectsIn({ from: 0, to: Date.now() + 3_600_000 }, { label: 'bottle', camera: 'bench' });
    return new Set(objs.filter((o) => (o.visits ?? [{ start: o.firstSeen }]).some((v) => v.start >= from && v.start < to)).map((o) => o.objectId));
  } finally {
    await s.close();
  }
}

test('after kill -9 and a restart, the bottles keep their ids', { timeout: 180_000 }, async () => {
  const data = tempDir('identity-daemon');
  const first = await run(data);
  // the clip opens with three bottles standing for 6 s
  await sleep(6_000);
  const killed = Date.now();
  first.child.kill('SIGKILL');
  await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode !== null ? r(null) : first.child.once('close', r)));
  const before = await bottlesSeen(data, 0, killed);
  assert.equal(before.size, 3, `three bottles in the first run: ${[...before].join(' ')}`);

  const second = await run(data);
  await sleep(6_000);
  assert.equal(await second.stop(), 0, second.output().slice(-2000));
  const after = await bottlesSeen(data, killed, Infinity);
  assert.ok(after.size >= 2, `the second run saw the bottles: ${[...after].join(' ')}`);
  for (const id of after) assert.ok(before.has(id), `${id} is a new id for a bottle the first run knew (${[...before].join(' ')})`);
  assert.match(second.output(), /re-ID seeded with the objects of earlier runs/);
});
