/**
 * Coverage that means what is kept (issue 23, item 6): a recording replayed as two days old
 * answers "bottles on the bench at T" and "bottles taken"; after the daemon ran on that data
 * (retention deletes frames and segments after 24 h, keeps coverage 90 days), the same questions
 * are refused as no longer kept, with the code PLANNER_NOT_KEPT, never answered 0 with no gap;
 * a question answered from objects, which are still kept, is still answered.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Answer } from '../../planner/answer.js';
import { freeTcpPort, runCli, startDaemon, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const CLIP = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function ask(data: string, question: string): Promise<Answer> {
  const r = await runCli(['ask', question, '--data', data, '--json', '--tz', 'UTC']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Answer;
}

test('a recording replayed as two days old, then the daemon run on it: its frame-read answers are refused as no longer kept, never 0', { timeout: 600_000 }, async (t) => {
  const data = tempDir('kept');
  // two days ago, on a whole minute (the questions name wall times of that day)
  const start = Math.floor((Date.now() - 48 * 3600_000) / 60_000) * 60_000;
  const hms = (s: number): string => new Date(start + s * 1000).toISOString().slice(11, 19);
  const replay = await runCli(['replay', CLIP, '--camera', 'shelf', '--start', new Date(start).toISOString(), '--data', data]);
  assert.equal(replay.code, 0, replay.stderr);
  const questions = [`how many bottles were there at ${hms(19)}?`, 'how many times was a bottle returned?', `how many bottles were taken between ${hms(15)} and ${hms(20)}?`];
  const before = await Promise.all(questions.map((q) => ask(data, q)));
  for (const a of before) assert.ok(typeof a.value === 'number' && a.value > 0, `the replayed memory answers: ${a.answer}`);
  const objectsBefore = await ask(data, 'how many different bottles were seen?');

  const d = startDaemon({ port: await freeTcpPort(), data, config: { node: `kept${process.pid}`, mqtt: { enabled: false }, memory: { sweepSeconds: 1 }, cameras: [] } });
  try {
    await d.waitFor(async () => (await fetch(`${d.baseUrl}/healthz`)).ok, 90_000, 'healthz');
    await sleep(8_000);
  } finally {
    assert.equal(await d.stop(), 0, d.output().slice(-2000));
  }

  for (const [i, q] of questions.entries()) {
    const a = await ask(data, q);
    t.diagnostic(`${q} before: ${JSON.stringify(before[i]?.value)}, after: ${JSON.stringify(a.value)} (${a.code ?? ''})`);
    assert.notEqual(a.value, 0, `"${q}" was answered 0 after retention: ${a.answer}`);
    assert.equal(a.value, null, `"${q}": ${a.answer} (before retention: ${before[i]?.answer ?? ''})`);
    assert.equal(a.refused, true, a.answer);
    assert.equal(a.code, 'PLANNER_NOT_KEPT', a.answer);
    assert.match(a.answer, /no longer kept/);
  }
  // objects are kept 7 days: answered as before
  assert.deepEqual((await ask(data, 'how many different bottles were seen?')).value, objectsBefore.value);
});
