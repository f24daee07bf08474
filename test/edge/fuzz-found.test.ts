/**
 * Regressions of what the fuzz run (fuzz.int.test.ts) found, in-process, each with the smallest
 * input that showed it: the config loader's environment overrides, the router's request targets and
 * the MQTT reply topics.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../edge/config/load.js';
import { Router, sendJson } from '../../edge/http/router.js';
import { publishableTopic } from '../../edge/mqtt/requests.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ env });
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e.problems;
  }
  return [];
}

test('an environment list index past the end is one clear problem, not a huge sparse list (or an ignored override)', () => {
  // VIGIL_CAMERAS__4294967294__ID ran the loader out of memory: every hole was validated
  const far = problemsOf({ VIGIL_CAMERAS__100000__ID: 'x' });
  assert.equal(far.length, 1, far.slice(0, 3).join('\n'));
  assert.match(far[0] ?? '', /^VIGIL_CAMERAS__100000__ID: 100000 is not an index of cameras/);
  // past 2^32 the value was set as a property of the list and silently dropped
  assert.match(problemsOf({ VIGIL_CAMERAS__99999999999999__URL: 'a.mp4' }).join('\n'), /VIGIL_CAMERAS__99999999999999__URL: .* is not an index/);
  // appending at the end, and replacing inside, still work
  const cfg = loadConfig({ env: { VIGIL_CAMERAS__0__ID: 'a', VIGIL_CAMERAS__0__URL: 'a.mp4', VIGIL_CAMERAS__1__ID: 'b', VIGIL_CAMERAS__1__URL: 'b.mp4' } });
  assert.deepEqual(cfg.cameras.map((c) => c.id), ['a', 'b']);
});

test('reply topics brokers refuse are not publishable', () => {
  for (const t of ['a/b', 'fuzzreply/node/1', 'é/日本', `${'a/'.repeat(98)}a`]) assert.ok(publishableTopic(t), t);
  for (const t of ['', 'a/+', 'a/#', '$SYS/x', 'a\u0000b', 'a\u0001', 'a\u0085', 'a\ud800', 'a\uffff', '/'.repeat(100), 'x'.repeat(65536)]) assert.ok(!publishableTopic(t), JSON.stringify(t.slice(0, 20)));
});

test('a request whose target new URL cannot parse is a 400 from the router, never a rejected handler', async () => {
  const router = new Router().on('GET', '/healthz', (_q, res) => sendJson(res, 200, { ok: true }));
  const server = createServer((req, res) => void router.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    const status = await new Promise<string>((resolve) => {
      let out = '';
      const s = connect(port, '127.0.0.1', () => s.write('GET //%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      s.on('data', (d: Buffer) => (out += d.toString()));
      s.on('close', () => resolve(out));
    });
    assert.match(status, /^HTTP\/1\.1 400/);
    assert.match(status, /"code":"BAD_REQUEST"/);
  } finally {
    server.close();
  }
});
