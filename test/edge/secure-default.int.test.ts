/**
 * Secure by default: a `vigil start` with no auth settings generates an admin token, prints it
 * once, keeps it owner-only in the data directory, and needs it on HTTP, WebSocket and MQTT; the
 * embedded broker listens on loopback only. `auth: off` opens the API again and says so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, freeTcpPort, startDaemon } from '../helpers/daemon.js';
import { mqttConnect, mqttNext, WsTestClient } from './clients.js';

const camera = { id: 'demo', url: 'builtin:demo', detector: { model: 'none' } };
const RULE = { id: 'probe', class: 'person', trigger: { type: 'count', op: 'ge', n: 1 } } as const;

/** A non-loopback IPv4 address of this machine, if it has one. */
function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

test('default start: a generated admin token, printed once, is needed on HTTP, WebSocket and MQTT; the broker is on loopback only', async () => {
  const node = `s${randomBytes(4).toString('hex')}`;
  const mqttPort = await freeTcpPort();
  const port = await freeTcpPort();
  // nothing about auth or the broker's address in the config: the defaults decide
  const daemon = startDaemon({ port, secure: true, config: { node, mqtt: { embedded: { port: mqttPort } }, cameras: [camera] } });
  let printed: string | undefined;
  try {
    await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    printed = tokenIn(daemon.output());
    assert.ok(printed, `the token is printed at first start:\n${daemon.output().slice(-2000)}`);
    const file = join(daemon.data, 'admin.token');
    assert.equal(statSync(file).mode & 0o777, 0o600, 'owner-only');
    // the broker: loopback only
    const lan = lanAddress();
    if (lan) assert.equal(await accepts(lan, mqttPort), false, `the broker must not accept on ${lan}`);
    assert.equal(await accepts('127.0.0.1', mqttPort), true);
    // HTTP: the API needs the token, /healthz and the dashboard stay open
    assert.equal((await fetch(`${daemon.baseUrl}/api/cameras`)).status, 401);
    const unauth = (await (await fetch(`${daemon.baseUrl}/api/rules`, { method: 'POST', body: JSON.stringify(RULE) })).json()) as { code: string };
    assert.equal(unauth.code, 'UNAUTHORIZED');
    assert.equal((await fetch(`${daemon.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${printed}` } })).status, 200);
    assert.equal((await fetch(`${daemon.baseUrl}/`)).status, 200);
    // WebSocket: refused without, rules.put works with it
    const wsUrl = `ws://127.0.0.1:${port}/api/ws`;
    await assert.rejects(WsTestClient.connect(wsUrl), /HTTP 401/);
    const ws = await WsTestClient.connect(`${wsUrl}?token=${printed}`);
    const put = await ws.request({ type: 'rules.put', rule: RULE });
    ws.close();
    assert.equal(put.status, 'ok', JSON.stringify(put));
    // MQTT: refused without a token, done with it
    const c = await mqttConnect(`mqtt://127.0.0.1:${mqttPort}`, { protocolVersion: 4 });
    try {
      const replyTo = `test/${node}/reply`;
      const answer = async (body: object, id: string): Promise<{ status: string; code?: string }> => {
        const p = mqttNext(c, replyTo, 10_000, (_t, pl) => (JSON.parse(pl.toString()) as { id?: string }).id === id);
        await c.publishAsync(`vigil/${node}/request`, JSON.stringify({ ...body, id, replyTo }), { qos: 1 });
        return JSON.parse((await p).payload.toString()) as { status: string; code?: string };
      };
      await new Promise((r) => setTimeout(r, 200));
      const refused = await answer({ type: 'rules.put', rule: { ...RULE, id: 'anon' } }, 'm1');
      assert.deepEqual([refused.status, refused.code], ['error', 'UNAUTHORIZED']);
      const done = await answer({ type: 'rules.put', token: printed, rule: { ...RULE, id: 'withtoken' } }, 'm2');
      assert.equal(done.status, 'ok', JSON.stringify(done));
      const list = (await answer({ type: 'rules.list', token: printed }, 'm3')) as unknown as { result: { rules: { id: string }[] } };
      assert.deepEqual(list.result.rules.map((r) => r.id).sort(), ['probe', 'withtoken']);
    } finally {
      c.end(true);
    }
  } finally {
    assert.equal(await daemon.stop(), 0, daemon.output().slice(-2000));
  }
  const token = printed ?? '';
  // a second start on the same data: the same token, not printed again
  const again = startDaemon({ port: await freeTcpPort(), data: daemon.data, secure: true, config: { node, mqtt: { enabled: false }, cameras: [camera] } });
  try {
    await again.waitFor(async () => (await fetch(`${again.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    assert.equal((await fetch(`${again.baseUrl}/api/cameras`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    assert.ok(!again.output().includes(token), 'printed only at the start that made it');
    assert.match(again.output(), /authentication is on/);
    // `vigil token` shows it again to whoever can read the data directory
    const shown = spawnSync(process.execPath, [CLI, 'token', '--data', daemon.data], { encoding: 'utf8' });
    assert.equal(shown.stdout.trim(), token);
  } finally {
    assert.equal(await again.stop(), 0);
  }
});

/** The token printed in a daemon's output. */
function tokenIn(out: string): string {
  return /^\s{4}([A-Za-z0-9_-]{40,})$/m.exec(out)?.[1] ?? '';
}

test('auth: off opens the API and every start says so', async () => {
  const daemon = startDaemon({ port: await freeTcpPort(), secure: true, config: { node: `o${randomBytes(4).toString('hex')}`, auth: 'off', mqtt: { enabled: false }, cameras: [camera] } });
  try {
    await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    assert.equal((await fetch(`${daemon.baseUrl}/api/cameras`)).status, 200);
    assert.match(daemon.output(), /authentication is OFF/);
  } finally {
    assert.equal(await daemon.stop(), 0);
  }
});

test('an embedded broker beyond loopback without credentials is refused at start with a clear message', async () => {
  const daemon = startDaemon({ port: await freeTcpPort(), secure: true, config: { node: `x${randomBytes(4).toString('hex')}`, mqtt: { embedded: { host: '0.0.0.0', port: await freeTcpPort() } }, cameras: [camera] } });
  const code = await new Promise<number | null>((resolve) => daemon.child.once('close', resolve));
  assert.equal(code, 1);
  assert.match(daemon.output(), /mqtt\.embedded\.host: the embedded broker would listen on 0\.0\.0\.0.*set mqtt\.username and mqtt\.password/);
});
