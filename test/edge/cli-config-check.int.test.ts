/**
 * `vigil config check` and `vigil start` refuse the same configs and list every problem in one
 * pass, one a line, places named by ids (schema problems, cross-references, duplicate ids and a
 * missing camera file together); the daemon keeps a corrupt rules.json aside and answers rule
 * shape errors RULE_INVALID.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { freeTcpPort, runCli, startDaemon, tempDir } from '../helpers/daemon.js';
import { WsTestClient } from './clients.js';

const secret = 'shared-secret-0123456789';
const zone = (id: string): object => ({ id, polygon: [[0, 0], [1, 0], [1, 1]] });
const bad = (dir: string): object => ({
  mqtt: { enabled: false },
  auth: { tokens: [{ name: 'viewer', token: secret, scope: 'read' }, { name: 'ops', token: secret, scope: 'admin' }] },
  cameras: [
    { id: 'table', url: 'rtsp://viewer:p@ssW0rdAT@10.0.0.9/live', zones: [zone('seat'), { id: 'bench', polygon: [[0, 0], [1, 0], [1, 1.2]] }], detector: { classes: ['persn'] } },
    { id: 'nas', url: 'ftp://nas/clip.mp4' },
    { id: 'shelf', url: join(dir, 'no-such-clip.mp4') },
    { id: 'shelf', url: 'rtsp://10.0.0.8/live', zones: [zone('door'), zone('door')] },
  ],
  rules: [
    { id: 'a', camera: 'cam9', trigger: { type: 'count', op: '>=', value: 1 } },
    { id: 'b', camera: 'table', zone: 'kitchen', trigger: { type: 'dwell', seconds: 5 } },
    { id: 'a', class: 'bottles', trigger: { type: 'count', op: '>=', value: 1 } },
    { id: 'late', camera: 'table', zone: 'desk', trigger: { type: 'dwell', seconds: 5 }, timeOfDay: { from: 'dusk', to: '7am' } },
  ],
});
const expected = [
  /^ {2}- auth\.tokens\[ops\]\.token: the same secret as auth\.tokens\[viewer\]/m,
  /^ {2}- cameras\[table\]\.zones\[bench\]\.polygon\[2\]\[1\]: above 1/m,
  /^ {2}- cameras\[table\]\.detector\.classes\[0\]: unknown class "persn".*did you mean "person"/m,
  /^ {2}- cameras\[nas\]\.url: unsupported source "ftp:\/\/nas\/clip\.mp4"/m,
  /^ {2}- cameras\[2\]\.url: no such file: camera "shelf" would play .*no-such-clip\.mp4, which does not exist/m,
  /^ {2}- cameras\[3\]\.id: duplicate camera id "shelf" \(cameras\[2\] is "shelf" too\)/m,
  /^ {2}- cameras\[3\]\.zones\[1\]\.id: duplicate zone id "door"/m,
  /^ {2}- rules\[0\]\.camera: unknown camera "cam9"/m,
  /^ {2}- rules\[b\]\.zone: .*"kitchen"/m,
  /^ {2}- rules\[2\]\.id: duplicate rule id "a" \(rules\[0\] is "a" too\)/m,
  /^ {2}- rules\[2\]\.class: unknown class "bottles".*did you mean "bottle"/m,
  /^ {2}- rules\[late\]\.zone: .*"desk"/m,
  /^ {2}- rules\[late\]\.timeOfDay\.from: "dusk" is not a time of day; write it like "19:00", "7pm" or "7:30 pm"/m,
];

test('config check and start refuse the same config, listing every problem one a line', async () => {
  const dir = tempDir('cfgcheck');
  const file = join(dir, 'vigil.yaml');
  writeFileSync(file, stringify(bad(dir)));
  const check = await runCli(['config', 'check', file]);
  assert.equal(check.code, 1, check.stdout + check.stderr);
  assert.doesNotMatch(check.stdout, /OK/);
  for (const re of expected) assert.match(check.stderr, re);
  assert.equal(check.stderr.split('\n').filter((l) => l.startsWith('  - ')).length, expected.length, check.stderr);

  const start = await runCli(['start', '--config', file, '--port', String(await freeTcpPort()), '--data', join(dir, 'data')]);
  assert.equal(start.code, 1, start.stderr);
  for (const re of expected) assert.match(start.stderr, re);
  for (const s of [secret, 'ssW0rdAT']) assert.ok(!check.stderr.includes(s) && !start.stderr.includes(s), s);
});

test('the daemon moves a corrupt rules.json aside, keeps it, and answers a malformed rule with RULE_INVALID', async () => {
  const data = tempDir('rulesfile');
  const corrupt = '[{"id": "lost-rule", "trigger": {"type": "dwell", "seconds": 3}';
  writeFileSync(join(data, 'rules.json'), corrupt);
  const port = await freeTcpPort();
  const d = startDaemon({ port, data, config: { node: 'rf', mqtt: { enabled: false }, cameras: [] } });
  try {
    await d.waitFor(async () => (await fetch(`${d.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    const ws = await WsTestClient.connect(`ws://127.0.0.1:${port}/api/ws`);
    const shape = await ws.request({ type: 'rules.put', rule: { id: 'x', trigger: { type: 'count', op: '~', value: 1 } } } as never);
    assert.equal(shape.status, 'error');
    assert.equal((shape as unknown as { code: string }).code, 'RULE_INVALID');
    const put = await ws.request({ type: 'rules.put', rule: { id: 'fresh', trigger: { type: 'count', op: 'ge', n: 1 } } });
    assert.equal(put.status, 'ok');
    ws.ws.close();
    const aside = readdirSync(data).filter((f) => f.startsWith('rules.json.corrupt-'));
    assert.equal(aside.length, 1, readdirSync(data).join(' '));
    assert.equal(readFileSync(join(data, aside[0]!), 'utf8'), corrupt);
    assert.deepEqual((JSON.parse(readFileSync(join(data, 'rules.json'), 'utf8')) as { id: string }[]).map((r) => r.id), ['fresh']);
    assert.match(d.output(), /"level":50.*runtime rules file is corrupt/);
  } finally {
    assert.equal(await d.stop(), 0, d.output().slice(-2000));
  }
});
