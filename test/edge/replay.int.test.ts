import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { packageRoot } from '../../edge/paths.js';
import { runCli, tempDir } from '../helpers/daemon.js';
import { speechClip } from '../helpers/speech-clip.js';

const SHARED = join(packageRoot(), '..', 'shared', 'videos');
const BOTTLES = join(SHARED, 'bottle-detection.mp4');

interface AskJson {
  answer: string;
  value: unknown;
  evidence: { camera: string; start: string; end: string }[];
  coverage: { from: string | null; to: string | null; gaps: unknown[] };
}

test('replay stamps frames at start + presentation time, writes the memory, and ask reads it without inventing', async () => {
  const data = tempDir('replay');
  const r = await runCli(['replay', BOTTLES, '--camera', 'bench', '--start', '2026-11-21T09:00:00Z', '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /replay bench: 80 frames/);

  const a = await runCli(['ask', 'how many bottles were on the bench?', '--data', data, '--json']);
  assert.equal(a.code, 0, a.stderr);
  const j = JSON.parse(a.stdout) as AskJson;
  assert.equal(j.coverage.from, '2026-11-21T09:00:00.000Z');
  assert.equal(j.coverage.to, '2026-11-21T09:00:39.500Z');
  assert.deepEqual(j.coverage.gaps, []);
  assert.equal(j.value, 3, 'three bottles stand on the bench');
  assert.match(j.answer, /^Read as: the most bottles at once at camera bench/);
  assert.equal(j.evidence[0]?.camera, 'bench');

  const text = await runCli(['ask', 'anything', '--data', data]);
  assert.equal(text.code, 0);
  assert.match(text.stdout, /I could not answer: it does not say what to find/);
  assert.match(text.stdout, /You can ask, for example: "how many bottles were taken at camera bench/);
});

test('replay --realtime paces frames at the media rate', async () => {
  const dir = tempDir('rt');
  const clip = join(dir, 'short.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-i', BOTTLES, '-t', '4', '-c', 'copy', clip]);
  const t0 = Date.now();
  const r = await runCli(['replay', clip, '--camera', 'c', '--start', '2026-11-21T10:00:00Z', '--data', join(dir, 'd'), '--realtime']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(Date.now() - t0 >= 3500, 'took at least the clip length');
});

test('replay rejects bad input with clear errors', async () => {
  const d = tempDir('bad');
  const noFile = await runCli(['replay', '/nonexistent.mp4', '--camera', 'c', '--start', '2026-11-21T10:00:00Z', '--data', d]);
  assert.equal(noFile.code, 2);
  assert.match(noFile.stderr, /file not found/);
  const badStart = await runCli(['replay', BOTTLES, '--camera', 'c', '--start', 'yesterday', '--data', d]);
  assert.match(badStart.stderr, /not an ISO-8601 time/);
  const notVideo = await runCli(['replay', join(packageRoot(), 'package.json'), '--camera', 'c', '--start', '2026-11-21T10:00:00Z', '--data', d]);
  assert.equal(notVideo.code, 1);
  assert.match(notVideo.stderr, /not a video/);
});

test('replay hears the recording: speech and loud sounds are stamped on the replay clock and asked about', async () => {
  const dir = tempDir('replay-sound');
  const clip = speechClip(dir, BOTTLES, 'bench-pressure.mp4', { seconds: 40, spoken: [{ text: 'Please check the pressure gauge.', at: 12 }], beeps: [30] });
  const start = Date.parse('2026-11-21T11:00:00Z');
  const data = join(dir, 'd');
  const r = await runCli(['replay', clip, '--camera', 'cam9', '--start', new Date(start).toISOString(), '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  // a camera the config does not name gets the defaults, said out loud
  assert.match(r.stderr, /camera cam9 is not in the config: default settings/);
  assert.match(r.stderr, /sound (39|40) s \(1 loud, [1-9]\d* transcribed by pocketsphinx\)/);

  const a = await runCli(['ask', 'when was pressure mentioned?', '--data', data, '--json', '--tz', 'UTC']);
  assert.equal(a.code, 0, a.stderr);
  const j = JSON.parse(a.stdout) as AskJson;
  const said = Date.parse(String(j.value));
  assert.ok(Math.abs(said - (start + 12_000)) <= 3000, `"pressure" at ${String(j.value)}, said at 11:00:12 (${j.answer})`);
  assert.match(j.answer, /pressure.*mentioned at/);
  // the kept sound is searched for a word nobody said: not heard, and the answer says it searched
  const none = await runCli(['ask', 'when was the forklift mentioned?', '--data', data, '--json', '--tz', 'UTC']);
  const n = JSON.parse(none.stdout) as AskJson;
  assert.equal(n.value, null, 'a word nobody said is not heard');
  assert.match(n.answer, /kept sound searched for the words by keyword spotting/, n.answer);
  assert.equal(j.evidence[0]?.camera, 'cam9');

  const loud = await runCli(['ask', 'when was there a loud sound?', '--data', data, '--json', '--tz', 'UTC']);
  assert.equal(loud.code, 0, loud.stderr);
  const l = JSON.parse(loud.stdout) as AskJson;
  assert.ok(Math.abs(Date.parse(String(l.value)) - (start + 30_000)) <= 1000, `beep at ${String(l.value)} (${l.answer})`);
});

test('replay --camera cam9 with a config whose only camera keeps persons: cam9 gets the defaults and still finds the bottles', async () => {
  const dir = tempDir('replay-cam9');
  const config = join(dir, 'vigil.yaml');
  writeFileSync(config, stringify({ cameras: [{ id: 'bench', url: BOTTLES, detector: { classes: ['person'] } }] }));
  const data = join(dir, 'd');
  const r = await runCli(['replay', BOTTLES, '--camera', 'cam9', '--config', config, '--start', '2026-11-21T13:00:00Z', '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /camera cam9 is not in the config: default settings \(all classes/);

  const a = await runCli(['ask', 'how many bottles were at camera cam9?', '--data', data, '--json']);
  assert.equal(a.code, 0, a.stderr);
  const j = JSON.parse(a.stdout) as AskJson;
  assert.ok(typeof j.value === 'number' && j.value >= 1, `bench's "classes: [person]" must not apply to cam9: ${j.answer}`);
  assert.equal(j.evidence[0]?.camera, 'cam9');
});

test('replay and ask without --data use the data directory of --config', async () => {
  const dir = tempDir('replay-config-data');
  const data = join(dir, 'from-config');
  const config = join(dir, 'vigil.yaml');
  writeFileSync(config, stringify({ data, cameras: [{ id: 'bench', url: BOTTLES, detector: { model: 'none' } }] }));
  const r = await runCli(['replay', BOTTLES, '--camera', 'bench', '--config', config, '--start', '2026-11-21T14:00:00Z', '--until', '4']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stderr.includes(`memory written to ${data}`), r.stderr);
  const a = await runCli(['ask', 'how many bottles were on the bench?', '--config', config, '--json']);
  assert.equal(a.code, 0, a.stderr);
  assert.equal((JSON.parse(a.stdout) as AskJson).coverage.from, '2026-11-21T14:00:00.000Z', 'the memory the replay wrote');
});
