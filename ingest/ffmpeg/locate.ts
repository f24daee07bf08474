/**
 * Finds an ffmpeg binary: `VIGIL_FFMPEG`, then `ffmpeg` on PATH, then the static build shipped
 * inside the npm package `@ffmpeg-installer/ffmpeg`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** A usable ffmpeg binary. */
export interface FfmpegInfo {
  /** Absolute path or command name. */
  path: string;
  /** Major version number (for option names that changed between releases). */
  major: number;
  /** Where it was found. */
  source: 'env' | 'system' | 'npm';
}

function probe(path: string): number | null {
  const r = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (r.status !== 0 || typeof r.stdout !== 'string') return null;
  const m = /ffmpeg version n?(\d+)\.(\d+)/.exec(r.stdout);
  if (m?.[1] !== undefined) return Number(m[1]);
  // Static nightly builds print a date-based version; treat them as the oldest supported (4).
  return r.stdout.startsWith('ffmpeg version') ? 4 : null;
}

let cached: FfmpegInfo | undefined;

/**
 * Locates ffmpeg once per process.
 * @throws Error with a readable message when no ffmpeg can run.
 */
export function locateFfmpeg(): FfmpegInfo {
  if (cached) return cached;
  const fromEnv = process.env.VIGIL_FFMPEG;
  if (fromEnv) {
    const major = probe(fromEnv);
    if (major === null) throw new Error(`VIGIL_FFMPEG=${fromEnv} does not run as ffmpeg`);
    return (cached = { path: fromEnv, major, source: 'env' });
  }
  const sys = probe('ffmpeg');
  if (sys !== null) return (cached = { path: 'ffmpeg', major: sys, source: 'system' });
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('@ffmpeg-installer/ffmpeg') as { path: string };
    const major = probe(pkg.path);
    if (major !== null) return (cached = { path: pkg.path, major, source: 'npm' });
  } catch {
    // fall through to the error below
  }
  throw new Error(
    'ffmpeg not found: install it (Debian/Ubuntu: apt-get install ffmpeg), or run `npm run setup`, or set VIGIL_FFMPEG',
  );
}
