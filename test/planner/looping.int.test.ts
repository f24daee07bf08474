/**
 * A camera that shows the same six people again (the one-by-one clip played twice in one
 * process, as a looping camera does): re-identification may recognise them, but every arrival is
 * still a visit. "How many people came?" counts visits right and states identities apart.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

interface Asked {
  answer: string;
  value: unknown;
}

test('a looping camera: visits are counted per arrival, identities apart', async () => {
  const dir = tempDir('loop');
  const list = join(dir, 'list.txt');
  const clip = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
  writeFileSync(list, `file '${clip}'\nfile '${clip}'\n`);
  const twice = join(dir, 'twice.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', twice]);
  const data = join(dir, 'data');
  const r = await runCli(['replay', twice, '--camera', 'table', '--start', '2026-01-05T09:00:00Z', '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  const ask = async (q: string): Promise<Asked> => {
    const a = await runCli(['ask', q, '--data', data, '--json', '--tz', 'UTC']);
    assert.equal(a.code, 0, a.stderr);
    return JSON.parse(a.stdout) as Asked;
  };
  const came = await ask('how many people came in the last 10 minutes?');
  assert.equal(came.value, 12, came.answer);
  assert.doesNotMatch(came.answer, /[Dd]ifferent/, 'identities are stated only when asked');
  // the same six people come back in the second showing: six identities from twelve visits
  const ids = await ask('how many different people came in the last 10 minutes?');
  assert.equal(ids.value, 6, ids.answer);
  assert.match(ids.answer, /from 12 visits/);
  // the second showing: P4 arrives 139.5 + 74.4 s after the start
  const fourth = await ask('when did the tenth person arrive?');
  assert.ok(Math.abs(Date.parse(String(fourth.value)) - Date.parse('2026-01-05T09:03:33.9Z')) <= 2000, fourth.answer);
  const longest = await ask('how long was the longest visit?');
  assert.ok(Math.abs(Number(longest.value) - 27.7) <= 3, `no visit spans two showings: ${longest.answer}`);
});
