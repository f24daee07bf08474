/**
 * No restart changes the past: the writer (a real `vigil replay` process, as the daemon writes)
 * is run three times on one data directory, the last one killed with SIGKILL mid-clip; every
 * answer about the time before the restarts stays the same and no object id is reused.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { CLI, runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const CLIP = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const T0 = Date.parse('2026-01-05T10:00:00Z');
const FIRST = { from: T0, to: T0 + 40_000 };

/** What the memory says about the first run's time, through the typed queries. */
async function facts(data: string): Promise<{ ids: string[]; distinct: number; arrivals: number | null; objects: string; later: number }> {
  const s = new MemoryStore({ dir: data, readOnly: true });
  s.open();
  try {
    const q = new MemoryQueries(s);
    const objs = q.objectsIn(FIRST, {});
    const all = q.objectsIn({ from: T0, to: T0 + 3_600_000 }, {});
    const visits = (q.cameraVisits(FIRST) ?? []).filter((v) => v.start < FIRST.to);
    return {
      ids: all.map((o) => o.objectId),
      distinct: q.countDistinct(FIRST, { label: 'bottle' }),
      arrivals: q.countArrivals(FIRST, { label: 'bottle' }),
      // what each object did in the first run's time: a bottle seen again by a later run keeps its
      // id (its record's last sighting grows, with new visits), but its visits then stay
      objects: JSON.stringify(objs.map((o) => [o.objectId, o.label, o.firstSeen, visits.filter((v) => v.objectId === o.objectId).map((v) => [v.start, Math.min(v.end, FIRST.to)])])),
      later: (q.cameraVisits({ from: FIRST.to, to: T0 + 3_600_000 }) ?? []).filter((v) => v.start >= FIRST.to).length,
    };
  } finally {
    await s.close();
  }
}

test('restarting the writer twice (a clean exit and SIGKILL) leaves the past as it was', async () => {
  const data = tempDir('restart');
  const first = await runCli(['replay', CLIP, '--camera', 'bench', '--start', '2026-01-05T10:00:00Z', '--data', data]);
  assert.equal(first.code, 0, first.stderr);
  const before = await facts(data);
  assert.ok(before.distinct >= 3, JSON.stringify(before));

  const second = await runCli(['replay', CLIP, '--camera', 'bench', '--start', '2026-01-05T10:05:00Z', '--data', data]);
  assert.equal(second.code, 0, second.stderr);
  // the third run is killed mid-clip
  const third = spawn(process.execPath, [CLI, 'replay', CLIP, '--camera', 'bench', '--start', '2026-01-05T10:10:00Z', '--data', data], { stdio: 'ignore' });
  const closed = new Promise((r) => third.on('close', r));
  await new Promise((r) => setTimeout(r, 8000));
  third.kill('SIGKILL');
  await closed;

  const after = await facts(data);
  assert.equal(after.objects, before.objects, 'the first run\'s objects are untouched');
  assert.equal(after.distinct, before.distinct);
  assert.equal(after.arrivals, before.arrivals);
  assert.equal(new Set(after.ids).size, after.ids.length, 'no id is reused');
  assert.ok(after.later > before.later, 'the later runs recorded visits (of new objects, or of earlier ones under their ids)');
});
