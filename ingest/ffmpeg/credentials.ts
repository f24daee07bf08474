/**
 * Keeps stream credentials out of ffmpeg's command line (which every local user can read with
 * `ps`): a URL with a user name or password is written to an owner-only ffconcat file in a
 * private directory (mode 0700), and ffmpeg reads it from there through its concat demuxer, with
 * the stream's own options as `option` lines. The directory is removed when the process exits.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Protocols the concat demuxer may open for a camera stream. */
const WHITELIST = 'file,rtsp,rtsps,rtp,srtp,udp,tcp,tls,crypto,http,https,httpproxy';

/** Whether a URL carries a user name or password. */
export function hasCredentials(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url);
}

/** Quotes a value for an ffconcat line (single quotes; a quote inside is written '\''). */
function quoted(v: string): string {
  return `'${v.replace(/'/g, "'\\''")}'`;
}

let dir: string | null = null;

/** The private directory of this process's credential files, made on first use. */
function privateDir(): string {
  if (dir) return dir;
  const made = mkdtempSync(join(tmpdir(), 'vigil-cred-'));
  dir = made;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}

/**
 * The input arguments that read `url` without putting it on the command line.
 * @param options the demuxer options of the stream (e.g. `{rtsp_transport: 'tcp'}`)
 * @returns `-f concat -safe 0 -protocol_whitelist ... -i <file>`
 */
export function credentialInput(url: string, options: Record<string, string>): string[] {
  const lines = ['ffconcat version 1.0', `file ${quoted(url)}`, ...Object.entries(options).map(([k, v]) => `option ${k} ${quoted(v)}`)];
  const file = join(privateDir(), `${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}.ffconcat`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return ['-f', 'concat', '-safe', '0', '-protocol_whitelist', WHITELIST, '-i', file];
}
