/** The generated admin token: made once, owner-only, read back on later starts, printed only when made. */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensureAdminToken, readAdminToken } from '../../edge/api/admin-token.js';
import { daemonAuth } from '../../edge/api/auth-config.js';
import { validateConfig } from '../../edge/config/load.js';
import { silentLogger } from '../helpers/logger.js';

test('the admin token is made once (0600), read back after, and a loosened file mode is tightened', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'vigil-tok-')), 'data');
  const a = ensureAdminToken(dir);
  assert.equal(a.created, true);
  assert.ok(a.token.length >= 40);
  assert.equal(statSync(a.path).mode & 0o777, 0o600);
  const b = ensureAdminToken(dir);
  assert.deepEqual([b.created, b.token], [false, a.token]);
  chmodSync(a.path, 0o644);
  ensureAdminToken(dir);
  assert.equal(statSync(a.path).mode & 0o777, 0o600);
  assert.equal(readAdminToken(dir), a.token);
});

test('daemonAuth: the generated token is printed once and works; with an admin token configured none is made; off warns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-tok-'));
  const printed: string[] = [];
  const auth = daemonAuth(validateConfig({}, 't'), dir, silentLogger([]), (t) => printed.push(t));
  const token = readAdminToken(dir) ?? '';
  assert.equal(printed.length, 1);
  assert.ok(printed[0]?.includes(token));
  assert.deepEqual(auth.check(token), { ok: true, scope: 'admin', name: 'admin' });
  assert.equal(auth.check(undefined).ok, false);
  daemonAuth(validateConfig({}, 't'), dir, silentLogger([]), (t) => printed.push(t));
  assert.equal(printed.length, 1, 'not printed again');
  const own = mkdtempSync(join(tmpdir(), 'vigil-tok-'));
  daemonAuth(validateConfig({ auth: { tokens: [{ name: 'ops', token: 'o'.repeat(20), scope: 'admin' }] } }, 't'), own, silentLogger([]), (t) => printed.push(t));
  assert.equal(readAdminToken(own), null);
  const lines: string[] = [];
  const off = daemonAuth(validateConfig({ auth: 'off' }, 't'), own, silentLogger(lines));
  assert.equal(off.enabled, false);
  assert.match(lines.join('\n'), /authentication is OFF/);
});
