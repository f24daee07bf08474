/**
 * One ffmpeg child process: stderr tail kept for diagnosis, staged kill (`q`, SIGTERM, SIGKILL).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How the process ended. */
export interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running ffmpeg. */
export interface FfmpegProcess {
  child: ChildProcessWithoutNullStreams;
  /** Last stderr lines (at most 30). */
  readonly stderrTail: string[];
  /** Resolves once the process has exited. */
  readonly exited: Promise<FfmpegExit>;
  /** Staged stop: `q` on stdin, SIGTERM after `graceMs`, SIGKILL after another `graceMs`. */
  stop(graceMs?: number): Promise<FfmpegExit>;
}

/**
 * Spawns ffmpeg.
 * @param path binary to run
 * @param args arguments
 * @param onStderrLine called for each stderr line
 */
export function runFfmpeg(path: string, args: string[], onStderrLine?: (line: string) => void): FfmpegProcess {
  const child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderrTail: string[] = [];
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => {
    const lines = (partial + s).split(/\r?\n|\r/);
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      stderrTail.push(line);
      if (stderrTail.length > 30) stderrTail.shift();
      onStderrLine?.(line);
    }
  });
  // A dead child makes writes to stdin fail with EPIPE; that is expected during stop.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<FfmpegExit>((resolve) => {
    child.once('error', (err) => {
      stderrTail.push(`spawn failed: ${err.message}`);
      resolve({ code: -1, signal: null });
    });
    child.once('close', (code, signal) => {
      if (partial) stderrTail.push(partial);
      resolve({ code, signal });
    });
  });
  let stopping: Promise<FfmpegExit> | null = null;
  const stop = (graceMs = 2000): Promise<FfmpegExit> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.stdin.end('q');
      const timer1 = setTimeout(() => child.kill('SIGTERM'), graceMs);
      const timer2 = setTimeout(() => child.kill('SIGKILL'), graceMs * 2);
      const r = await exited;
      clearTimeout(timer1);
      clearTimeout(timer2);
      return r;
    })();
    return stopping;
  };
  return { child, stderrTail, exited, stop };
}
