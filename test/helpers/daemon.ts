/**
 * Runs the real `vigil` CLI as a child process, the way the README tells a user to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { packageRoot } from '../../edge/paths.js';
import { MMAP_THRESHOLD } from '../../edge/cli/malloc-note.js';

/** Path of the compiled CLI. */
export const CLI = join(packageRoot(), 'dist', 'edge', 'cli', 'main.js');

/** A running daemon. */
export interface DaemonHandle {
  child: ChildProcess;
  baseUrl: string;
  data: string;
  /** stderr + stdout so far. */
  output(): string;
  /** GET a JSON document. */
  getJson<T>(path: string): Promise<T>;
  /** Polls `check` until it returns a truthy value or the timeout passes. */
  waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T>;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Health document shape. */
export interface Health {
  status: string;
  cameras: { id: string; state: string; fps: number; lastFrameAt: string | null; reconnects: number; error: string | null }[];
}

/** A temporary directory. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `vigil-${prefix}-`));
}

/**
 * Starts `vigil start --port P --data D [--config F]`.
 * @param config written as YAML when given; omitted means the built-in defaults
 */
export function startDaemon(opts: { port: number; config?: object; env?: NodeJS.ProcessEnv; data?: string; secure?: boolean }): DaemonHandle {
  const data = opts.data ?? tempDir('data');
  const args = [CLI, 'start', '--port', String(opts.port), '--data', data];
  // Tests of other features talk to the daemon without tokens: they say `auth: off` unless they
  // configure auth themselves or ask for the secure default (`secure`).
  const insecure = !opts.secure && !(opts.config && 'auth' in opts.config);
  if (opts.config) {
    const file = join(data, 'config.yaml');
    writeFileSync(file, stringify(insecure ? { ...opts.config, auth: 'off' } : opts.config));
    args.push('--config', file);
  }
  const authEnv = insecure && !opts.config ? { VIGIL_AUTH__ENABLED: 'false' } : {};
  const child = spawn(process.execPath, args, { env: { ...process.env, MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD), VIGIL_LOG__LEVEL: 'info', ...authEnv, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const handle: DaemonHandle = {
    child,
    baseUrl,
    data,
    output: () => out,
    async getJson<T>(path: string): Promise<T> {
      const r = await fetch(baseUrl + path);
      return (await r.json()) as T;
    },
    async waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
      const t0 = Date.now();
      let lastErr: unknown;
      while (Date.now() - t0 < timeoutMs) {
        if (child.exitCode !== null) throw new Error(`daemon exited (${child.exitCode}) while waiting for ${what}:\n${out.slice(-3000)}`);
        try {
          const v = await check();
          lastErr = undefined;
          if (v) return v;
        } catch (e) {
          lastErr = e;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      writeFileSync(join(data, 'daemon-output.log'), out);
      throw new Error(`full output in ${join(data, 'daemon-output.log')}; timed out after ${timeoutMs} ms waiting for ${what} at ${baseUrl} (${String(lastErr)} ${lastErr instanceof Error && lastErr.cause instanceof Error ? lastErr.cause.message : ""})\n${out.slice(0, 1500)}\n...\n${out.slice(-1500)}`);
    },
    async stop(): Promise<number | null> {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  return handle;
}

/** Runs the CLI to completion. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Ports handed out from `TEST_PORT_RANGE` so far (each once per test process). */
let nextRangePort = -1;

/** Binds `port` on 127.0.0.1 and lets it go: the port, or 0 when it is taken. */
async function tryPort(port: number): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(0));
    s.listen(port, '127.0.0.1', () => {
      const addr = s.address();
      const got = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(got));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1: from the range `TEST_PORT_RANGE` (`LO-HI`, for machines where
 * several people run tests side by side), else one the OS picks.
 */
export async function freeTcpPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? '');
  if (!range) return tryPort(0);
  const lo = Number(range[1]);
  const hi = Number(range[2]);
  // start from a point that depends on the process, so test files run one after another differ
  if (nextRangePort < 0) nextRangePort = lo + (process.pid % (hi - lo + 1));
  for (let i = 0; i <= hi - lo; i++) {
    const port = nextRangePort;
    nextRangePort = port >= hi ? lo : port + 1;
    if ((await tryPort(port)) === port) return port;
  }
  throw new Error(`no free port in TEST_PORT_RANGE=${range[0]}`);
}
