/**
 * Time that can go backwards (issue 23, item 5), on the real daemon: libfaketime steps the
 * daemon's wall clock 25 hours ahead for 40 s and back (NTP on a box without a real-time clock),
 * while a file camera records and retention sweeps every second. Within a minute of the step back,
 * "how many people came in the last 10 minutes?" asked over the WebSocket is about the real last
 * 10 minutes (the same answer as `vigil ask --now <real now>`) and names both steps, no stored
 * segment or frame from before the step is deleted, the log names the step, and `/metrics` counts
 * both steps.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import type { Answer } from '../../planner/answer.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { WsTestClient } from './clients.js';

const CLIP = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
const HOUR = 3600_000;
const QUESTION = 'how many people came in the last 10 minutes?';
/** Where Debian and Ubuntu put libfaketime (package `faketime`). */
const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/local/lib/faketime/libfaketime.so.1'].find((p) => existsSync(p));

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Segments and frames the memory holds in `[from, to)`, read as the daemon runs. */
async function stored(data: string, from: number, to: number): Promise<{ segments: number; frames: number }> {
  const s = new MemoryStore({ dir: data, readOnly: true });
  s.open();
  try {
    return { segments: s.segments(from, to, 'table').length, frames: s.dbs().frames.getKeysCount({ start: ['table', from], end: ['table', to] }) };
  } finally {
    await s.close();
  }
}

async function askWs(ws: WsTestClient): Promise<Answer> {
  const r = await ws.request({ type: 'ask', question: QUESTION, timeZone: 'UTC' }, 60_000);
  assert.equal(r.status, 'ok', JSON.stringify(r));
  return (r as unknown as { result: Answer }).result;
}

test('a clock step of +25 h and back: "the last 10 minutes" are the real ones within a minute, and nothing recent is deleted', { timeout: 300_000 }, async (t) => {
  assert.ok(LIBFAKETIME, 'libfaketime is not installed, and this test steps the daemon\'s clock with it: apt-get install faketime (npm test installs it when run as root)');
  const data = tempDir('clock-step');
  const rc = join(data, 'faketime.rc');
  writeFileSync(rc, '+0\n');
  const d = startDaemon({
    port: await freeTcpPort(),
    data,
    config: {
      node: `clock${process.pid}`,
      mqtt: { enabled: false },
      log: { level: 'info' },
      memory: { sweepSeconds: 1 },
      cameras: [{ id: 'table', url: CLIP, fps: 2, width: 480, audio: { enabled: false } }],
    },
    env: { LD_PRELOAD: LIBFAKETIME, FAKETIME_TIMESTAMP_FILE: rc, FAKETIME_NO_CACHE: '1', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  });
  try {
    await d.waitFor(async () => ((await d.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming' ? true : undefined), 90_000, 'the camera streaming');
    const start = Date.now();
    const ws = await WsTestClient.connect(`${d.baseUrl.replace('http', 'ws')}/api/ws`);
    try {
      // 30 s of the clip: the first person came and left (clip seconds 6-19)
      await sleep(30_000);
      const stepAt = Date.now();
      const before = await stored(data, start - 60_000, stepAt);
      assert.ok(before.segments >= 10 && before.frames >= 40, `the camera recorded before the step: ${JSON.stringify(before)}`);
      const first = await askWs(ws);
      assert.ok(typeof first.value === 'number' && first.value >= 1, first.answer);

      writeFileSync(rc, '+25h\n');
      await sleep(40_000);
      writeFileSync(rc, '+0\n');
      await sleep(5_000);

      // within a minute of the step back: the real last 10 minutes
      const asked = Date.now();
      const a = await askWs(ws);
      const to = a.coverage.to ? Date.parse(a.coverage.to) : NaN;
      assert.ok(Math.abs(to - asked) < 60_000, `the answer's "now" is the real now, not a day ahead: coverage ${JSON.stringify(a.coverage)}, asked at ${new Date(asked).toISOString()}: ${a.answer}`);
      assert.ok(a.coverage.from && Date.parse(a.coverage.from) >= asked - 11 * 60_000, `the window is the real last 10 minutes: ${JSON.stringify(a.coverage)}`);
      const truth = await runCli(['ask', QUESTION, '--data', data, '--json', '--tz', 'UTC', '--now', new Date(asked).toISOString()]);
      assert.equal(truth.code, 0, truth.stderr);
      assert.match(a.answer, /The wall clock stepped forward 25 h at .*The wall clock stepped back 25 h at /, 'the answer names the steps the daemon kept');
      const want = (JSON.parse(truth.stdout) as Answer).value;
      t.diagnostic(`after the step back: ${a.answer} | vigil ask --now ${new Date(asked).toISOString()}: ${JSON.stringify(want)}`);
      // the same window; a visit that began just before it may reach the memory a few seconds later (perception lag)
      assert.ok(typeof want === 'number' && typeof a.value === 'number' && Math.abs(a.value - want) <= 1, `the daemon's answer is the answer about the real last 10 minutes: ${a.answer} (vigil ask --now: ${JSON.stringify(want)})`);
      assert.ok(typeof a.value === 'number' && a.value >= first.value, a.answer);

      // nothing recorded before the step was deleted (retention swept every second through it)
      const after = await stored(data, start - 60_000, stepAt);
      t.diagnostic(`stored before the step: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after the step and back`);
      // every frame is kept; the segment open at the step is stored when it closes (one more)
      assert.equal(after.frames, before.frames, 'retention deleted frames recorded before the step');
      assert.ok(after.segments >= before.segments, 'retention deleted segments recorded before the step');
      const ahead = await stored(data, stepAt + 24 * HOUR, stepAt + 26 * HOUR);
      assert.ok(ahead.frames > 0, 'frames recorded during the step are stamped a day ahead (kept, not "now")');
      const metrics = await (await fetch(`${d.baseUrl}/metrics`)).text();
      t.diagnostic(metrics.split('\n').filter((l) => l.startsWith('vigil_clock')).join(', '));
      assert.match(metrics, /^vigil_clock_steps_total 2$/m, metrics.slice(-800));
      assert.match(d.output(), /wall clock stepped \+25 h/);
      assert.match(d.output(), /wall clock stepped -25 h/);
    } finally {
      ws.ws.close();
    }
  } finally {
    assert.equal(await d.stop(), 0, d.output().slice(-2000));
  }
});
