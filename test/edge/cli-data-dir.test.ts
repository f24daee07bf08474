/**
 * `vigil ask` finds the data directory the way `vigil start` and `vigil token` do: `--data`, else
 * the `data` of `--config`, else `./data` (the first-hour trial: `ask --config FILE` said
 * "--data DIR is required" although the config set `data`).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { CLI } from '../helpers/daemon.js';
import { MemoryStore } from '../../memory/store.js';
import { frame, object, segment } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'vigil-ask-data-'));
const data = join(root, 'data');
const config = join(root, 'vigil.yaml');
const QUESTION = ['how many people came?', '--now', '2026-11-20T10:05:00Z', '--tz', 'UTC'];

before(async () => {
  mkdirSync(data);
  const w = new MemoryStore({ dir: data });
  w.open();
  for (let i = 0; i < 200; i++) {
    void w.write(frame('door', T0 + i * 500, i >= 8 && i < 48 ? ['door:person:1'] : []));
    if (i % 4 === 0) void w.write(segment('door', T0 + i * 500));
  }
  // (walking in 4 s after the first frame: one seen arriving)
  await w.write(object('door', 'door:person:1', 'person', T0 + 4000, T0 + 24_000, { visits: [{ start: T0 + 4000, end: T0 + 24_000 }] }));
  await w.close();
  writeFileSync(config, `data: ${data}\ncameras:\n  - id: door\n    url: builtin:demo\n`);
});

/** Runs `vigil ask` as a user does (a child process, in `cwd`); its exit code and output. */
function run(argv: string[], cwd = process.cwd()): { code: number | null; out: string; err: string } {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('VIGIL_')) delete env[k];
  const r = spawnSync(process.execPath, [CLI, 'ask', ...argv], { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('ask --config FILE reads the memory in the data directory the config names', () => {
  const r = run([...QUESTION, '--config', config]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^Read as: the number of visits .* 1\.$/m, 'the one visit in that memory');
});

test('--data wins over the config, as for vigil start and vigil token', () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'vigil-ask-other-'));
  const r = run([...QUESTION, '--config', config, '--data', elsewhere]);
  assert.equal(r.code, 2);
  assert.ok(r.err.includes(`no memory in ${elsewhere}`), r.err);
});

test('with neither flag, ask reads ./data (the default data directory)', () => {
  const r = run(QUESTION, root);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^Read as: the number of visits .* 1\.$/m, 'the one visit in ./data');
});
