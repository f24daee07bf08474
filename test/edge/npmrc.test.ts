/**
 * The project's npm settings: `.npmrc` holds only keys npm knows (npm 11 warned
 * `Unknown project config "onnxruntime-node-install"` on every `npm`/`npx` command), and
 * onnxruntime-node's CUDA download is skipped through the environment variable its install script
 * reads, set by `npm run setup` (deploy/setup.sh) before `npm install`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { packageRoot } from '../../edge/paths.js';

const root = packageRoot();

test('npm reads the project .npmrc without an unknown-config warning', () => {
  const r = spawnSync('npm', ['config', 'get', 'fund'], { cwd: root, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'false', 'the .npmrc is read');
  assert.doesNotMatch(r.stderr, /Unknown (project|user|global) config/, r.stderr);
});

test('npm run setup installs with ONNXRUNTIME_NODE_INSTALL=skip (overridable), and the install script reads it', () => {
  const setup = readFileSync(join(root, 'deploy', 'setup.sh'), 'utf8');
  const exported = setup.indexOf('export ONNXRUNTIME_NODE_INSTALL="${ONNXRUNTIME_NODE_INSTALL:-skip}"');
  assert.ok(exported > 0, 'setup.sh exports the variable');
  assert.ok(exported < setup.indexOf('npm install'), 'before npm install');
  // the very install script npm runs for the package: with the variable it stops before any download
  // (a proxy that refuses everything would make a download attempt fail)
  const script = join(root, 'node_modules', 'onnxruntime-node', 'script', 'install.js');
  const env = { PATH: process.env.PATH ?? '', GLOBAL_AGENT_HTTP_PROXY: 'http://127.0.0.1:9', GLOBAL_AGENT_HTTPS_PROXY: 'http://127.0.0.1:9' };
  const skip = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...env, ONNXRUNTIME_NODE_INSTALL: 'skip' }, timeout: 30_000 });
  assert.equal(skip.status, 0, skip.stderr);
  assert.equal(`${skip.stdout}${skip.stderr}`.trim(), '', 'nothing downloaded, nothing said');
});
