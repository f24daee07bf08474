/**
 * No restart of the daemon changes the past (issue 13, item 2): the real daemon records a file
 * camera playing a shared clip, is stopped with SIGTERM, records again, is killed with SIGKILL,
 * records again. After each restart, every answer about the time before it (asked with a fixed
 * `now` through `vigil ask --data`, and read through the typed queries) is what it was, and the
 * object ids of the three runs never collide.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const CLIP = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
const WINDOW_MS = 10 * 60_000;
const QUESTIONS = ['how many people came in the last 10 minutes?', 'how many people were seen in the last 10 minutes?'];

/** Everything the memory answers about the ten minutes before `now`. */
interface Facts {
  answers: string[];
  objects: string;
  distinct: number;
  segments: number;
}

async function facts(data: string, now: number): Promise<Facts> {
  const answers: string[] = [];
  for (const q of QUESTIONS) {
    const r = await runCli(['ask', q, '--data', data, '--json', '--now', new Date(now).toISOString()]);
    assert.equal(r.code, 0, r.stderr);
    const a = JSON.parse(r.stdout) as { answer: string; value: unknown };
    answers.push(JSON.stringify([a.answer, a.value]));
  }
  const s = new MemoryStore({ dir: data, readOnly: true });
  s.open();
  try {
    const q = new MemoryQueries(s);
    const w = { from: now - WINDOW_MS, to: now };
    const visits = (q.cameraVisits(w) ?? []).filter((v) => v.start < now);
    return {
      answers,
      // what each object did up to `now`: an object seen again after a restart keeps its id (its
      // record's last sighting and tracks grow, with a new visit), but its visits up to then stay
      objects: JSON.stringify(q.objectsIn(w, {}).map((o) => [o.objectId, o.label, o.firstSeen, visits.filter((v) => v.objectId === o.objectId).map((v) => [v.start, Math.min(v.end, now)])])),
      distinct: q.countDistinct(w, { label: 'person' }),
      segments: q.segments(w).length,
    };
  } finally {
    await s.close();
  }
}

/** Every stored object id with its first sighting. */
async function allObjects(data: string): Promise<{ id: string; firstSeen: number; lastSeen: number }[]> {
  const s = new MemoryStore({ dir: data, readOnly: true });
  s.open();
  try {
    return new MemoryQueries(s).objectsIn({ from: 0, to: Date.now() + 3_600_000 }, {}).map((o) => ({ id: o.objectId, firstSeen: o.firstSeen, lastSeen: o.lastSeen }));
  } finally {
    await s.close();
  }
}

/** Starts the daemon on the data directory and waits until its camera streams. */
async function run(data: string): Promise<DaemonHandle> {
  const d = startDaemon({
    port: await freeTcpPort(),
    data,
    config: {
      node: `restart${process.pid}`,
      mqtt: { enabled: false },
      log: { level: 'info' },
      cameras: [{ id: 'table', url: CLIP, fps: 2, width: 480, audio: { enabled: false } }],
    },
  });
  await d.waitFor(async () => ((await d.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming' ? true : undefined), 60_000, 'the camera streaming');
  return d;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('the daemon restarted twice (SIGTERM, then kill -9) answers every question about the time before each restart as it did', { timeout: 180_000 }, async () => {
  const data = tempDir('daemon-restart');

  const first = await run(data);
  await sleep(25_000);
  const t1 = Date.now();
  assert.equal(await first.stop(), 0, first.output().slice(-2000));
  const before1 = await facts(data, t1);
  assert.ok(before1.distinct >= 1 && before1.segments >= 5, JSON.stringify(before1));

  const second = await run(data);
  await sleep(12_000);
  const t2 = Date.now();
  second.child.kill('SIGKILL');
  await new Promise((r) => (second.child.exitCode !== null || second.child.signalCode !== null ? r(null) : second.child.once('close', r)));
  assert.deepEqual(await facts(data, t1), before1, 'a SIGTERM restart changed the past');
  const before2 = await facts(data, t2);
  assert.ok(before2.segments > before1.segments, 'the second run recorded');

  const third = await run(data);
  await sleep(8_000);
  assert.equal(await third.stop(), 0, third.output().slice(-2000));
  assert.deepEqual(await facts(data, t1), before1, 'a restart after kill -9 changed the time before the first restart');
  assert.deepEqual(await facts(data, t2), before2, 'a restart after kill -9 changed the past');

  // each run's objects carry their own run stamp (`camera:label:n-stamp`): no id of one run is another's
  const objects = await allObjects(data);
  const stampsOf = (from: number, to: number): Set<string> => new Set(objects.filter((o) => o.firstSeen > from && o.firstSeen <= to).map((o) => o.id.slice(o.id.lastIndexOf('-') + 1)));
  const runs = [stampsOf(0, t1), stampsOf(t1, t2), stampsOf(t2, Infinity)];
  assert.equal(runs[0]?.size, 1, JSON.stringify(objects));
  for (let i = 0; i < runs.length; i++) for (let j = i + 1; j < runs.length; j++) for (const s of runs[j] ?? []) assert.ok(!runs[i]?.has(s), `run ${j + 1} reused run ${i + 1}'s stamp ${s}`);
  // the later runs saw objects: new ones (with their own stamp, above) or earlier ones again, under their ids
  assert.ok(objects.some((o) => o.lastSeen > t1), 'the later runs recorded objects');
});
