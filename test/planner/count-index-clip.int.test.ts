/**
 * The count-run index on a real recording: the bottle clip looped twice through the daemon's own
 * pipeline (ffmpeg, the detector, gate, hold, tracker, LMDB writes), with a zone over the bench.
 * At every half second while it plays, and at many instants after, the settled timelines read from
 * the index (bottles, every class, the zone; instants, windows and the whole recording) are those
 * settled from the stored frames, and so are the answers to the questions that read them.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { frameTimeline, timeline } from '../../planner/query/facts.js';
import type { Place, Subject } from '../../planner/query/schema.js';
import { tempDir } from '../helpers/daemon.js';
import { replayAsking } from '../helpers/replay-asking.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const COUNTS: [Subject, Place][] = [
  [{ classes: ['bottle'] }, { cameras: [] }],
  [{ classes: [] }, { cameras: [] }],
  [{ classes: [] }, { cameras: [], zone: 'shelf' }],
  [{ classes: ['cup'] }, { cameras: [] }],
];

/** Compares index and frames for windows ending at `t`; returns the timelines compared. */
function same(store: MemoryStore, t: number): number {
  let n = 0;
  for (const [subject, place] of COUNTS) {
    for (const [from, to] of [[t, t + 1], [t - 15_000, t], [t - 60_000, t + 1], [T0 - 1000, t + 1]] as const) {
      const a = timeline(store, 'bench', subject, place, from, to);
      assert.deepEqual(a, frameTimeline(store, 'bench', subject, place, from, to), `${JSON.stringify(subject)} ${place.zone ?? ''} [${from - T0}, ${to - T0})`);
      n++;
    }
  }
  return n;
}

test('bottle clip looped twice: settled timelines from the index are those settled from frames, while it plays and after', async () => {
  const dir = tempDir('count-index-clip');
  const file = join(dir, 'bottles-twice.mp4');
  execFileSync(locateFfmpeg().path, ['-v', 'error', '-stream_loop', '1', '-i', join(SHARED_VIDEOS, 'bottle-detection.mp4'), '-c', 'copy', file]);
  let compared = 0;
  const questions = ['how many bottles are on the bench now?', 'how many bottles are missing from the bench?', 'when was a bottle taken?'];
  const { asked, data } = await replayAsking({
    file,
    camera: 'bench',
    startMs: T0,
    camera_: { zones: [{ id: 'shelf', polygon: [[0, 0.3], [1, 0.3], [1, 1], [0, 1]] }] },
    questionsAt: (s) => (s >= 1 && s % 0.5 === 0 ? (s % 4 === 0 ? questions : ['how many bottles are on the bench now?']) : []),
    check: (s, store) => {
      const t = T0 + s * 1000;
      compared += same(store, t);
      const runs = new MemoryQueries(store).countRuns({ from: T0 - 1000, to: t + 1 }, 'bench', { label: 'bottle' });
      assert.ok(runs, 'the index answers');
    },
  });
  assert.ok(asked.length > 100, `${asked.length} questions asked`);
  assert.ok(compared > 1000, `${compared} timelines compared`);
  // after the end, from a fresh read-only opening (as `vigil ask --data` reads a daemon's memory)
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  for (let s = 0; s < 80; s += 0.25) compared += same(store, T0 + s * 1000);
  const tl = timeline(store, 'bench', { classes: ['bottle'] }, { cameras: [] }, T0 - 1000, T0 + 80_000);
  const changes = tl.points.length;
  assert.ok(changes >= 6, `${changes} settled changes of the bottle count over two loops`);
  const zone = timeline(store, 'bench', { classes: [] }, { cameras: [], zone: 'shelf' }, T0 - 1000, T0 + 80_000);
  assert.ok(zone.points.some(([, n]) => n > 0), 'the zone holds bottles');
  await store.close();
});
