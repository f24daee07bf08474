/**
 * `npm start` stops with npm: SIGTERM or SIGINT sent to the npm process only (as a supervisor or
 * `kill <npm pid>` does) stops the daemon, and an npm killed with SIGKILL does too. The daemon used
 * to run on after npm's SIGTERM: npm signalled the `sh -c` between them, which died without
 * passing it on.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { packageRoot } from '../../edge/paths.js';
import { freeTcpPort, tempDir } from '../helpers/daemon.js';

/** Every live descendant of `pid` (zombies count as gone). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const list = children.get(Number(ppid)) ?? [];
      list.push(Number(d));
      children.set(Number(ppid), list);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Whether a process is alive (not a zombie). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
  test(`${signal} to npm only: the daemon of "npm start -- --config" stops within a few seconds`, async (t) => {
    const port = await freeTcpPort();
    const data = tempDir('npmstart');
    const file = join(data, 'config.yaml');
    writeFileSync(file, stringify({ node: 'npmstart', data, http: { host: '127.0.0.1', port }, mqtt: { enabled: false }, cameras: [] }));
    // a detached group: the signal reaches npm only, never the daemon through the group
    const npm = spawn('npm', ['start', '--', '--config', file], { cwd: packageRoot(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const pid = npm.pid ?? 0;
    let daemons: number[] = [];
    try {
      assert.ok(await until(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true, 60_000), `healthz never answered:\n${out}`);
      daemons = descendants(pid);
      assert.ok(daemons.length > 0, 'npm runs the daemon');
      process.kill(pid, signal);
      const t0 = Date.now();
      assert.ok(await until(async () => !(await listening(port)), 10_000), `port ${port} still open after ${signal} to npm:\n${out}`);
      assert.ok(await until(() => daemons.every((d) => !alive(d)), 10_000), `still running after ${signal} to npm: ${daemons.filter(alive).join(', ')}`);
      t.diagnostic(`daemon gone ${Date.now() - t0} ms after ${signal} to npm`);
      if (signal !== 'SIGKILL') assert.match(out, /"msg":"stopped"/, 'the daemon stopped cleanly');
    } finally {
      for (const d of [pid, ...daemons]) if (alive(d)) process.kill(d, 'SIGKILL');
    }
  });
}
