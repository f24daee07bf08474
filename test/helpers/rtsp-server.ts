/**
 * Test helper: a real RTSP server (GStreamer gst-rtsp-server) serving MP4 clips
 * as looping, real-time "live cameras".
 *
 * Wraps `test/fixtures/rtsp_server.py`, which must run under the system
 * interpreter `/usr/bin/python3` (the GStreamer GObject bindings are not
 * importable from the pyenv python that comes first on PATH).
 *
 * @example
 * ```ts
 * const cam = await startRtspServer({
 *   mounts: [{ path: '/cam', file: join(SHARED_VIDEOS, 'bottle-detection.mp4') }],
 * });
 * try {
 *   // ... point the ingest at cam.url('/cam') ...
 * } finally {
 *   await cam.stop();
 * }
 * ```
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpPort } from './daemon.js';

/** Interpreter that has the GStreamer bindings (python3-gi, GstRtspServer). */
const SYSTEM_PYTHON = '/usr/bin/python3';
/** How long to wait for the fixture's `READY` line. */
const READY_TIMEOUT_MS = 15_000;
/** Grace period between SIGTERM and SIGKILL in {@link RtspServerHandle.stop}. */
const KILL_GRACE_MS = 3_000;
/** Attempts made by {@link RtspServerHandle.restart} while the port is not yet free. */
const RESTART_ATTEMPTS = 10;
const RESTART_RETRY_DELAY_MS = 300;
/** Exit code of rtsp_server.py when it cannot bind the port. */
const EXIT_BIND_FAILED = 3;
/** Keep at most this much of the fixture's stderr for error messages. */
const STDERR_TAIL_CHARS = 8_192;

/**
 * Walks up from this module's location until it finds the package.json named "vigil".
 * Works both from the TypeScript source (`test/helpers/`) and from the compiled
 * output (`dist/test/helpers/`).
 */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkgPath = join(dir, 'package.json');
    if (existsSync(pkgPath)) {
      try {
        const pkg: unknown = JSON.parse(readFileSync(pkgPath, 'utf8'));
        if (typeof pkg === 'object' && pkg !== null && (pkg as { name?: unknown }).name === 'vigil') {
          return dir;
        }
      } catch {
        // unreadable / invalid package.json: keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `rtsp-server helper: no package.json with name "vigil" above ${fileURLToPath(import.meta.url)}`,
      );
    }
    dir = parent;
  }
}

const REPO_ROOT = findRepoRoot();

/** Absolute path of the Python fixture (it is not compiled, it stays in test/fixtures). */
const FIXTURE_SCRIPT = join(REPO_ROOT, 'test', 'fixtures', 'rtsp_server.py');

/**
 * Absolute path of the shared test clips directory (`<repo>/../shared/videos`), e.g.
 * `join(SHARED_VIDEOS, 'bottle-detection.mp4')` (H.264 640x360 ~29.8 fps, 40 s, 8.4 s GOP)
 * or `join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4')` (H.264 768x432 10 fps, 139 s).
 */
export const SHARED_VIDEOS: string = resolve(REPO_ROOT, '..', 'shared', 'videos');

/** Options for {@link startRtspServer}. */
export interface RtspServerOptions {
  /** TCP port to listen on (127.0.0.1). Default: a free port from {@link freePort}. */
  port?: number;
  /**
   * What to serve: each `path` (e.g. `/cam`) serves one H.264 MP4 `file`
   * (absolute, or relative to the current working directory).
   */
  mounts: { path: string; file: string }[];
  /**
   * Mounts that serve both the video (H.264) and the audio (AAC) of an MP4, each client from the
   * start of the file (no looping, no shared producer).
   */
  avMounts?: { path: string; file: string }[];
  /** With `password`: require RTSP Basic auth; no or wrong credentials get 401. */
  user?: string;
  /** See `user`. */
  password?: string;
  /**
   * Loop the clips forever (seamlessly, timestamps keep increasing). Default `true`.
   * With `false` each clip plays once; connected clients then get end-of-stream, and
   * the next client to connect restarts the clip from the beginning.
   */
  loop?: boolean;
}

/** A running RTSP server started by {@link startRtspServer}. */
export interface RtspServerHandle {
  /**
   * RTSP URL of a mount, e.g. `rtsp://127.0.0.1:PORT/cam`. With `withCredentials`
   * (default `false`) and a configured user/password, the URL embeds them
   * (percent-encoded): `rtsp://user:password@127.0.0.1:PORT/cam`.
   */
  url(path: string, withCredentials?: boolean): string;
  /** The TCP port the server listens on (the same across {@link RtspServerHandle.restart}). */
  port: number;
  /**
   * Stops the server: SIGTERM, then SIGKILL after 3 s. Resolves once the process
   * has exited. Connected clients see the connection close. Idempotent.
   */
  stop(): Promise<void>;
  /**
   * Stops the server (if running) and starts it again with the same options on the
   * same port, retrying for a few seconds while the port is still taken.
   * Resolves when the new server is ready.
   */
  restart(): Promise<void>;
  /**
   * Freezes the server process (SIGSTOP): connections stay open but nothing is sent
   * or answered, like a hung camera. Undo with {@link RtspServerHandle.resume}.
   */
  pause(): void;
  /** Resumes a server frozen with {@link RtspServerHandle.pause} (SIGCONT). */
  resume(): void;
}

/** Processes still alive; killed synchronously if the test process exits without stop(). */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function trackChild(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of liveChildren) {
        try {
          c.kill('SIGCONT');
          c.kill('SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

/**
 * Returns a TCP port that was free on 127.0.0.1 a moment ago (from `TEST_PORT_RANGE` when set,
 * see `freeTcpPort`). There is an inherent race until the caller binds it.
 */
export function freePort(): Promise<number> {
  return freeTcpPort();
}

function normalizeMountPath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

function absoluteClip(file: string): string {
  return isAbsolute(file) ? file : resolve(file);
}

/** Error thrown when the fixture does not become ready. */
class RtspServerStartError extends Error {
  /** True when the fixture reported that it could not bind the port. */
  readonly bindFailed: boolean;

  constructor(message: string, bindFailed: boolean) {
    super(message);
    this.name = 'RtspServerStartError';
    this.bindFailed = bindFailed;
  }
}

interface Launched {
  child: ChildProcess;
  exited: Promise<void>;
}

function buildArgs(opts: RtspServerOptions, port: number): string[] {
  const args = [FIXTURE_SCRIPT, '--port', String(port), '--watch-stdin'];
  for (const m of opts.mounts) args.push('--mount', `${normalizeMountPath(m.path)}=${absoluteClip(m.file)}`);
  for (const m of opts.avMounts ?? []) args.push('--av-mount', `${normalizeMountPath(m.path)}=${absoluteClip(m.file)}`);
  if (opts.user !== undefined && opts.password !== undefined) {
    args.push('--user', opts.user, '--password', opts.password);
  }
  if (opts.loop ?? true) args.push('--loop');
  return args;
}

/** Spawns the fixture once and waits for its READY line. */
function launch(opts: RtspServerOptions, port: number): Promise<Launched> {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONUNBUFFERED: '1' };
  // The pyenv environment must not leak into the system interpreter.
  delete env.PYTHONHOME;
  delete env.PYTHONPATH;

  const args = buildArgs(opts, port);
  const child = spawn(SYSTEM_PYTHON, args, {
    // stdin stays an open pipe: the fixture exits when it closes (--watch-stdin),
    // so a crashed test run cannot leave servers behind.
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  trackChild(child);

  const exited = new Promise<void>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) res();
    else child.once('exit', () => res());
  });

  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  child.stdin?.on('error', () => {
    // EPIPE when the child is already gone: nothing to do
  });

  return new Promise<Launched>((resolveReady, reject) => {
    let stdoutBuf = '';
    let settled = false;
    const describe = (): string => {
      const err = stderrTail.trim();
      const cmd = [SYSTEM_PYTHON, ...args].join(' ');
      return err ? `${cmd}\n--- stderr ---\n${err}` : `${cmd}\n(no stderr output)`;
    };
    const fail = (msg: string, bindFailed: boolean, waitForExit = true): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const report = (): void => reject(new RtspServerStartError(`${msg}\n${describe()}`, bindFailed));
      // let the exit (and the last stderr bytes) arrive before reporting
      if (waitForExit) void exited.then(report);
      else report();
    };
    const timer = setTimeout(
      () => fail(`RTSP fixture not ready after ${READY_TIMEOUT_MS} ms`, false),
      READY_TIMEOUT_MS,
    );

    child.once('error', (err) => fail(`cannot spawn ${SYSTEM_PYTHON}: ${err.message}`, false, false));
    child.once('exit', (code, signal) =>
      fail(
        `RTSP fixture exited before READY (code ${code ?? 'null'}, signal ${signal ?? 'none'})`,
        code === EXIT_BIND_FAILED,
      ),
    );
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (settled) return; // keep draining, ignore
      stdoutBuf += chunk;
      let nl: number;
      while ((nl = stdoutBuf.indexOf('\n')) >= 0) {
        const line = stdoutBuf.slice(0, nl).trim();
        stdoutBuf = stdoutBuf.slice(nl + 1);
        if (line.startsWith('READY ')) {
          settled = true;
          clearTimeout(timer);
          resolveReady({ child, exited });
          return;
        }
      }
    });
  });
}

async function terminate(launched: Launched): Promise<void> {
  const { child, exited } = launched;
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGCONT'); // in case it was paused
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, KILL_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `test/fixtures/rtsp_server.py` and resolves once it accepts RTSP connections
 * (typically ~0.2 s). Each mount behaves like a live camera: real-time playback,
 * looping by default, H.264 passed through without re-encoding, RTP over UDP or
 * TCP (interleaved), any number of concurrent clients. A client connecting
 * mid-stream starts at once on the latest keyframe (so it runs up to one GOP behind
 * the "camera"). Rejects after 15 s, or as soon as the fixture exits, with an error
 * that includes the fixture's command line and stderr.
 */
export async function startRtspServer(opts: RtspServerOptions): Promise<RtspServerHandle> {
  if (opts.mounts.length === 0 && !opts.avMounts?.length) throw new Error('startRtspServer: at least one mount is required');
  if ((opts.user === undefined) !== (opts.password === undefined)) {
    throw new Error('startRtspServer: user and password go together');
  }
  for (const m of opts.mounts) {
    const file = absoluteClip(m.file);
    if (!existsSync(file)) throw new Error(`startRtspServer: clip not found: ${file}`);
  }
  const options: RtspServerOptions = { ...opts, mounts: opts.mounts.map((m) => ({ ...m })) };
  const port = options.port ?? (await freePort());

  let current: Launched | undefined = await launch(options, port);
  let stopping: Promise<void> | undefined;

  const stop = async (): Promise<void> => {
    const launched = current;
    if (launched === undefined) return;
    stopping ??= terminate(launched).finally(() => {
      if (current === launched) current = undefined;
      stopping = undefined;
    });
    await stopping;
  };

  const signalChild = (signal: NodeJS.Signals): void => {
    const child = current?.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  };

  return {
    port,
    url(path: string, withCredentials = false): string {
      const auth =
        withCredentials && options.user !== undefined && options.password !== undefined
          ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}@`
          : '';
      return `rtsp://${auth}127.0.0.1:${port}${normalizeMountPath(path)}`;
    },
    stop,
    async restart(): Promise<void> {
      await stop();
      let lastError: unknown;
      for (let attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++) {
        try {
          current = await launch(options, port);
          return;
        } catch (err) {
          lastError = err;
          if (!(err instanceof RtspServerStartError && err.bindFailed)) throw err;
          await sleep(RESTART_RETRY_DELAY_MS);
        }
      }
      throw lastError instanceof Error ? lastError : new Error(String(lastError));
    },
    pause(): void {
      signalChild('SIGSTOP');
    },
    resume(): void {
      signalChild('SIGCONT');
    },
  };
}
