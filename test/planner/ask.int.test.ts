import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { packageRoot } from '../../edge/paths.js';
import { runCli, tempDir } from '../helpers/daemon.js';

const BOTTLES = join(packageRoot(), '..', 'shared', 'videos', 'bottle-detection.mp4');

interface AskJson {
  answer: string;
  value: unknown;
  evidence: { camera: string; start: string; end: string; trackIds?: string[] }[];
  coverage: { from: string | null; to: string | null; gaps: unknown[] };
}

async function askJson(data: string, question: string, ...extra: string[]): Promise<AskJson> {
  const r = await runCli(['ask', question, '--data', data, '--json', ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as AskJson;
}

test('vigil ask answers from a replayed recording as if asked live at its end', async () => {
  const data = tempDir('ask');
  const r = await runCli(['replay', BOTTLES, '--camera', 'bench', '--start', '2026-11-21T09:00:00Z', '--data', data]);
  assert.equal(r.code, 0, r.stderr);

  const max = await askJson(data, 'how many bottles were there at most?');
  assert.equal(max.value, 3, max.answer);
  assert.equal(max.evidence.length, 1);
  assert.equal(max.evidence[0]?.camera, 'bench');
  assert.equal(max.coverage.from, '2026-11-21T09:00:00.000Z');

  const recent = await askJson(data, 'was there a bottle in the last minute?');
  assert.equal(recent.value, true, recent.answer);
  assert.ok(recent.evidence.length > 0);

  const fork = await askJson(data, 'how many forklifts crossed line B?');
  assert.equal(fork.value, null);
  assert.match(fork.answer, /forklift" is not a detected class/);
  assert.match(fork.answer, /bottle/);

  // --now after the recording: the last minute holds no recording, so no answer is invented
  const later = await askJson(data, 'was there a bottle in the last minute?', '--now', '2026-11-21T10:00:00Z', '--tz', 'Europe/Berlin');
  assert.equal(later.value, null);
  assert.match(later.answer, /nothing was recorded then/);

  const bad = await runCli(['ask', 'how many bottles?', '--data', data, '--tz', 'Mars/Olympus']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /not an IANA time zone/);
});
