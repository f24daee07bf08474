/**
 * Storage faults are reported, never crashed on, and one daemon per data directory (issue 23,
 * items 4 and 7), on the real CLI: a memory made by `vigil replay` of a shared clip is corrupted
 * five ways (truncated to half, truncated to 4 KB, zeroed, garbage at the head, garbage in the
 * middle). `vigil ask --data` on each prints a clear error; `vigil start` on each says so in one
 * line naming where the file was kept, starts with a fresh memory, shows `recovered` in /healthz
 * and keeps running. A file damaged while the daemon runs makes questions answer
 * MEMORY_READ_FAILED (not LMDB's text) while the daemon keeps running. A second `vigil start` (or
 * `vigil replay`) on a data directory in use exits 1 naming the first; a lock left by a daemon
 * killed with SIGKILL is taken over.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { WsTestClient } from './clients.js';
import { corruptions, garbage, overwrite } from '../helpers/corrupt.js';

const CLIP = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const QUESTION = 'how many bottles are on the bench?';
/** No camera, no MQTT: the daemon holds only the memory under test. */
const CONFIG = { node: `storage${process.pid}`, mqtt: { enabled: false }, cameras: [] };

interface Health {
  status: string;
  memory: { writable: boolean; storage?: { state: string; aside?: string; reason?: string; checkMs: number; readErrors: number } };
}

const PAGE = 4096;
const pages = (f: string): number => Math.floor(statSync(f).size / PAGE);

/** The five corruptions; "the middle" is the middle half of the pages (the meta pages and the last pages intact). */
const CORRUPTIONS = corruptions((f) => overwrite(f, Math.floor(pages(f) / 4) * PAGE, garbage(Math.floor(pages(f) / 2) * PAGE)));

let base = '';
const running: DaemonHandle[] = [];

/** A copy of the replayed memory in a new data directory. */
function copyOfBase(name: string): string {
  const data = tempDir(`storage-${name.replace(/\W+/g, '-')}`);
  cpSync(join(base, 'memory'), join(data, 'memory'), { recursive: true });
  return data;
}

async function daemon(data: string): Promise<DaemonHandle> {
  const d = startDaemon({ port: await freeTcpPort(), data, config: CONFIG });
  running.push(d);
  await d.waitFor(async () => ((await d.getJson<Health>('/healthz')).status !== 'starting' ? true : undefined), 60_000, 'the daemon ready');
  return d;
}

before(async () => {
  base = tempDir('storage-base');
  const r = await runCli(['replay', CLIP, '--camera', 'bench', '--start', '2026-11-21T09:00:00Z', '--data', base]);
  assert.equal(r.code, 0, r.stderr);
  const a = await runCli(['ask', QUESTION, '--data', base]);
  assert.equal(a.code, 0, a.stderr);
  assert.match(a.stdout, /\d/);
});

after(async () => {
  for (const d of running) await d.stop();
});

test('vigil ask on each corrupted memory prints one clear error and exits 1 (no crash)', async () => {
  for (const [name, corrupt] of Object.entries(CORRUPTIONS)) {
    const data = copyOfBase(name);
    corrupt(join(data, 'memory', 'data.mdb'));
    const r = await runCli(['ask', QUESTION, '--data', data]);
    assert.equal(r.code, 1, `${name}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^vigil: the memory in ${data} is damaged: .+\\n.*keeps the damaged file aside`), name);
    assert.equal(r.stdout, '', name);
  }
});

for (const [name, corrupt] of Object.entries(CORRUPTIONS)) {
  test(`vigil start on a memory ${name}: one clear line, the file kept aside, a fresh memory, no crash`, { timeout: 90_000 }, async () => {
    const data = copyOfBase(name);
    const file = join(data, 'memory', 'data.mdb');
    corrupt(file);
    const bytes = readFileSync(file);
    const d = await daemon(data);
    const h = await d.getJson<Health>('/healthz');
    assert.equal(h.status, 'ok', JSON.stringify(h));
    const st = h.memory.storage;
    assert.equal(st?.state, 'recovered', JSON.stringify(h.memory));
    assert.ok(st?.aside?.startsWith(join(data, 'memory', 'data.mdb.corrupt-')), st?.aside);
    assert.ok(st?.reason, 'the reason is given');
    assert.deepEqual(readFileSync(st?.aside ?? ''), bytes, 'the damaged file is kept as it was');
    const said = d.output().split('\n').filter((l) => /damaged/.test(l));
    assert.equal(said.length, 1, said.join('\n'));
    assert.ok(said[0]?.includes(st?.aside ?? '?'), 'the line names where the file was kept');
    // a fresh memory, readable by vigil ask while the daemon runs
    const a = await runCli(['ask', QUESTION, '--data', data]);
    assert.equal(a.code, 0, a.stderr);
    assert.match(a.stdout, /memory is empty/);
    assert.equal(d.child.exitCode, null, 'still running');
    assert.equal(await d.stop(), 0, d.output().slice(-2000));
  });
}

test('a file damaged while the daemon runs: questions answer MEMORY_READ_FAILED, /healthz says damaged, the daemon runs on; the next start recovers', { timeout: 120_000 }, async () => {
  const data = copyOfBase('live');
  const d = await daemon(data);
  assert.equal((await d.getJson<Health>('/healthz')).memory.storage?.state, 'ok');
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${new URL(d.baseUrl).port}/api/ws`);
  try {
    const good = await ws.request({ type: 'ask', question: QUESTION });
    assert.equal(good.status, 'ok', JSON.stringify(good));
    // zeroed pages (not random bytes): LMDB reports them (MDB_CORRUPTED, MDB_PAGE_NOTFOUND);
    // random bytes under a process that has the file mapped may also crash it, which no process
    // can catch in itself (that is what the start-time check in a child process is for)
    const file = join(data, 'memory', 'data.mdb');
    overwrite(file, 2 * PAGE, Buffer.alloc((pages(file) - 2) * PAGE));
    const bad = (await ws.request({ type: 'ask', question: QUESTION }, 20_000).catch((e: unknown) => {
      throw new Error(`${String(e)}\ndaemon exit ${d.child.exitCode ?? d.child.signalCode ?? 'none'}:\n${d.output().slice(-3000)}`);
    })) as unknown as { status: string; code: string; message: string };
    assert.equal(bad.status, 'error', JSON.stringify(bad));
    assert.equal(bad.code, 'MEMORY_READ_FAILED');
    assert.doesNotMatch(bad.message, /MDB_|page/i);
    const h = await d.getJson<Health>('/healthz');
    assert.equal(h.status, 'degraded');
    assert.equal(h.memory.storage?.state, 'damaged');
    assert.ok((h.memory.storage?.readErrors ?? 0) >= 1);
    assert.equal(d.child.exitCode, null, 'still running');
  } finally {
    ws.ws.close();
  }
  await d.stop();
  assert.doesNotMatch(d.output(), /unhandled promise rejection/);
  const again = await daemon(data);
  assert.equal((await again.getJson<Health>('/healthz')).memory.storage?.state, 'recovered');
  assert.equal(await again.stop(), 0);
});

test('a second vigil start (or vigil replay) on a data directory in use exits 1 naming the first; vigil ask still reads; a lock left by kill -9 is taken over', { timeout: 120_000 }, async () => {
  const data = copyOfBase('lock');
  const first = await daemon(data);
  const pid = first.child.pid ?? -1;
  const second = startDaemon({ port: await freeTcpPort(), data, config: CONFIG });
  running.push(second);
  const code = await new Promise<number | null>((r) => second.child.once('close', r));
  assert.equal(code, 1, second.output());
  assert.match(second.output(), new RegExp(`vigil: data directory ${data} is in use by another vigil \\(pid ${pid}, "vigil start"`));
  const replay = await runCli(['replay', CLIP, '--camera', 'bench', '--start', '2026-11-22T09:00:00Z', '--data', data]);
  assert.equal(replay.code, 1, replay.stderr);
  assert.match(replay.stderr, new RegExp(`in use by another vigil \\(pid ${pid}`));
  const a = await runCli(['ask', QUESTION, '--data', data]);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(first.child.exitCode, null, 'the first daemon runs on');

  first.child.kill('SIGKILL');
  await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode !== null ? r(null) : first.child.once('close', r)));
  assert.ok(existsSync(join(data, 'vigil.lock')), 'kill -9 leaves the lock');
  const third = await daemon(data);
  assert.match(third.output(), new RegExp(`took over the lock of ${data} from pid ${pid} .*no longer running`));
  assert.equal(await third.stop(), 0);
  assert.equal(existsSync(join(data, 'vigil.lock')), false, 'a clean stop releases it');
});
