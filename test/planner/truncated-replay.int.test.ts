/**
 * Truncated replays: for many instants T of the two long clips, the memory as a replay (or a live
 * daemon) held it at T answers the questions about now with the truth at T. The clips run through
 * the daemon's own pipeline (ffmpeg, the detector, gate, hold, tracker, LMDB writes); questions are
 * asked after the frame at T, with `now` at T, and instants near a change of the truth are skipped.
 * One `vigil replay --until` run checks that the command stops with the same memory.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { BOTTLE_IN_HAND, BOTTLES_PER_SECOND, ONE_BY_ONE_PEOPLE } from '../fixtures/truth.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { replayAsking, type Asked } from '../helpers/replay-asking.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const MARGIN = 2.5;
/** Arrivals and departures of the one-by-one clip, media seconds (a person is in view over [first, last + 1)). */
const VISITS = ONE_BY_ONE_PEOPLE.map(([a, l]) => [a, l + 1] as const);
const near = (s: number, edges: number[]): boolean => edges.some((e) => Math.abs(s - e) < MARGIN);

/** Grades the answers of one instant; returns the wrong ones as text. */
function wrongAnswers(asked: Asked[], truth: (a: Asked) => unknown, ok: (a: Asked, want: unknown) => boolean): string[] {
  return asked.filter((a) => !ok(a, truth(a))).map((a) => `${a.s} s "${a.question}" -> ${a.answer.answer} (want ${JSON.stringify(truth(a))})`);
}

test('one-by-one clip stopped at 50+ instants: anyone now, how many now, the last departure and the current visit so far are the truth at T', async () => {
  const edges = VISITS.flatMap(([a, d]) => [a, d]);
  const qs = ['is anyone at the table now?', 'how many people are at the table right now?', 'when did the last person leave?', 'how long has the current visitor been at the table?'];
  const { asked } = await replayAsking({ file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), camera: 'table', startMs: T0, questionsAt: (s) => (s >= 3 && s % 1 === 0 && !near(s, edges) ? qs : []) });
  const present = (s: number): (readonly [number, number]) | undefined => VISITS.find(([a, d]) => a <= s && s < d);
  const truth = (x: Asked): unknown => {
    const cur = present(x.s);
    if (x.question.startsWith('is anyone')) return cur !== undefined;
    if (x.question.startsWith('how many')) return cur ? 1 : 0;
    if (x.question.startsWith('when did')) {
      const left = VISITS.filter(([, d]) => d <= x.s).map(([, d]) => d);
      return left.length > 0 ? T0 + Math.max(...left) * 1000 : null;
    }
    return cur ? x.s - cur[0] : null;
  };
  const ok = (x: Asked, want: unknown): boolean => {
    const v = x.answer.value;
    if (typeof want === 'boolean' || want === null) return v === want;
    if (x.question.startsWith('when did')) return typeof v === 'string' && Math.abs(Date.parse(v) - (want as number)) <= 2000;
    if (x.question.startsWith('how long')) return typeof v === 'number' && Math.abs(v - (want as number)) <= 2.5 && /so far/.test(x.answer.answer);
    return v === want;
  };
  const instants = new Set(asked.map((a) => a.s)).size;
  assert.ok(instants >= 50, `${instants} instants asked`);
  assert.deepEqual(wrongAnswers(asked, truth, ok), []);
});

test('bottle clip looped three times, stopped at 50+ instants: bottles on the bench now and how many are missing are the truth at T', async () => {
  const dir = tempDir('bottles-thrice');
  const file = join(dir, 'bottles-thrice.mp4');
  execFileSync(locateFfmpeg().path, ['-v', 'error', '-stream_loop', '2', '-i', join(SHARED_VIDEOS, 'bottle-detection.mp4'), '-c', 'copy', file]);
  const D = 39.854749;
  const sec = (s: number): number => Math.floor((s % D) + 1e-9);
  const count = (s: number): number | undefined => (BOTTLE_IN_HAND.has(sec(s)) ? undefined : BOTTLES_PER_SECOND[sec(s)]);
  // an instant is graded when the count held for 1 s either side and no hand was over the bench
  const steady = (s: number): boolean => {
    const c = count(s);
    return c !== undefined && [-1, -0.5, 0.5, 1].every((d) => s + d < 0 || count(s + d) === c);
  };
  const qs = ['how many bottles are on the bench now?', 'how many bottles are missing from the bench?'];
  const { asked } = await replayAsking({ file, camera: 'bench', startMs: T0, questionsAt: (s) => (s >= 2 && steady(s) ? qs : []) });
  const truth = (x: Asked): unknown => (x.question.includes('missing') ? 3 - (count(x.s) ?? NaN) : count(x.s));
  const instants = new Set(asked.map((a) => a.s)).size;
  assert.ok(instants >= 50, `${instants} instants asked`);
  const wrong = wrongAnswers(asked, truth, (x, want) => x.answer.value === want);
  assert.deepEqual(wrong, []);
});

test('vigil replay --until T leaves the visit in progress open: the next question about now says who is there and for how long so far', async () => {
  const data = tempDir('until');
  const r = await runCli(['replay', join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), '--camera', 'table', '--start', new Date(T0).toISOString(), '--data', data, '--until', '32']);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  try {
    const now = askOffline('how many people are at the table now?', store, { timeZone: 'UTC' });
    assert.equal(now.value, 1, now.answer);
    const sofar = askOffline('how long has the current visitor been at the table?', store, { timeZone: 'UTC' });
    assert.ok(typeof sofar.value === 'number' && Math.abs(sofar.value - (32 - 23)) <= 2.5, sofar.answer);
    assert.match(sofar.answer, /still there/);
    const left = askOffline('when did the last person leave?', store, { timeZone: 'UTC' });
    assert.ok(typeof left.value === 'string' && Math.abs(Date.parse(left.value) - (T0 + 20_000)) <= 2000, left.answer);
  } finally {
    await store.close();
  }
});
