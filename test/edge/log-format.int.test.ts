/**
 * Log lines: one human line each on a terminal (a real pseudo-terminal from util-linux's
 * `script`), one JSON object each when piped; secrets redacted in both. The daemon is the real
 * `vigil start`, with a camera whose URL carries a password.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { createLogger, logFormat } from '../../edge/log.js';
import { CLI, tempDir } from '../helpers/daemon.js';

const PASSWORD = 'hunter2secretXY';
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** A pretty line: `[HH:MM:SS.mmm] LEVEL: message ...`. */
const PRETTY = /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /;

/** A config with one camera behind a password (its stream is not there: it only has to be logged). */
function config(dir: string): string {
  const file = join(dir, 'vigil.yaml');
  writeFileSync(file, stringify({ data: join(dir, 'data'), mqtt: { enabled: false }, auth: 'off', cameras: [{ id: 'door', url: `rtsp://viewer:${PASSWORD}@127.0.0.1:9/live`, detector: { model: 'none' }, audio: { enabled: false } }] }));
  return file;
}

/**
 * Runs `vigil start` (on a pseudo-terminal when `tty`), waits for "vigil ready", stops it with
 * SIGTERM through the pid its data lock names, and returns everything it wrote.
 */
async function runDaemon(dir: string, tty: boolean): Promise<string> {
  const args = [CLI, 'start', '--config', config(dir), '--port', '0'];
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.VIGIL_LOG_FORMAT;
  delete env.NO_COLOR;
  const command = [process.execPath, ...args].map((a) => `'${a}'`).join(' ');
  const child = tty ? spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] }) : spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const lock = join(dir, 'data', 'vigil.lock');
  for (let i = 0; i < 300 && !(out.includes('vigil ready') && existsSync(lock)); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(out.includes('vigil ready'), `the daemon did not start:\n${out}`);
  process.kill((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid, 'SIGTERM');
  await closed;
  return out;
}

test('on a terminal the daemon logs one human line per entry, coloured, the password redacted', async () => {
  const out = await runDaemon(tempDir('logtty'), true);
  const lines = out.replace(ANSI, '').split(/\r?\n/).filter((l) => l.trim());
  assert.ok(out.includes('\u001b['), 'coloured on a terminal');
  const logged = lines.filter((l) => PRETTY.test(l));
  assert.ok(logged.length >= 3, out);
  assert.ok(!lines.some((l) => l.startsWith('{')), `no JSON line on a terminal:\n${out}`);
  assert.ok(logged.some((l) => /INFO: vigil starting .*rtsp:\/\/viewer:\*\*\*@127\.0\.0\.1:9\/live/.test(l)), out);
  assert.ok(logged.some((l) => /INFO: edge:http: HTTP listening/.test(l)), 'the namespace leads the message');
  assert.ok(!out.includes(PASSWORD), 'the password never reaches the terminal');
});

test('piped, the daemon logs one JSON object per line, the password redacted', async () => {
  const out = await runDaemon(tempDir('logpipe'), false);
  const lines = out.split('\n').filter((l) => l.startsWith('{'));
  assert.ok(lines.length >= 3, out);
  for (const l of lines) {
    const entry = JSON.parse(l) as { level: number; time: number; msg: string; pid: number };
    assert.equal(typeof entry.level, 'number', l);
    assert.equal(typeof entry.msg, 'string', l);
  }
  assert.ok(lines.some((l) => l.includes('"msg":"vigil ready"')), out);
  assert.ok(!out.split('\n').some((l) => PRETTY.test(l)), 'no human line when piped');
  assert.ok(!out.includes(PASSWORD), 'the password never reaches the pipe');
});

test('the format: auto follows the destination, VIGIL_LOG_FORMAT overrides auto, the config overrides both', () => {
  const fd = openSync(join(tempDir('logfd'), 'x.log'), 'w');
  try {
    assert.equal(logFormat('auto', fd, {}), 'json');
    assert.equal(logFormat('auto', fd, { VIGIL_LOG_FORMAT: 'pretty' }), 'pretty');
    assert.equal(logFormat('json', fd, { VIGIL_LOG_FORMAT: 'pretty' }), 'json');
    assert.equal(logFormat('pretty', fd, {}), 'pretty');
  } finally {
    closeSync(fd);
  }
});

test('pretty lines carry no credential of any form either: message, nested field or error', () => {
  const file = join(tempDir('logpretty'), 'out.log');
  const fd = openSync(file, 'w');
  const log = createLogger('info', fd, 'pretty', {});
  log.child({ ns: 'ingest:camera' }).info({ camera: { url: 'rtsp://viewer:p@ssW0rdAT@10.0.0.2/s' } }, 'starting rtsp://u:p@ss@h/s?user=a&password=Hunter22');
  log.error({ err: new Error('ffmpeg: http://cam/x.cgi?api_key=K3yK3yK3y failed') }, 'camera failed');
  closeSync(fd);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((l) => PRETTY.test(l));
  assert.equal(lines.length, 2, text);
  assert.match(lines[0] ?? '', /INFO: ingest:camera: starting rtsp:\/\/u:\*\*\*@h\/s\?user=a&password=\*\*\* .*rtsp:\/\/viewer:\*\*\*@10\.0\.0\.2\/s/);
  assert.match(lines[1] ?? '', /ERROR: camera failed/);
  assert.match(text, /api_key=\*\*\*/);
  assert.ok(!text.includes('\u001b['), 'no colours in a file');
  for (const secret of ['ssW0rdAT', 'p@ss', 'Hunter22', 'K3yK3yK3y']) assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
});
