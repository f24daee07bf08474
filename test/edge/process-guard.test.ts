/**
 * The process guard: an unhandled rejection is logged once with its stack, counted in
 * `vigil_unexpected_errors_total{interface="process"}` and the daemon keeps running; an uncaught
 * exception is logged and counted, then the daemon is stopped (once) for its supervisor to restart.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { UnexpectedErrors } from '../../edge/api/guard.js';
import { packageRoot } from '../../edge/paths.js';
import { installProcessGuard } from '../../edge/process-guard.js';
import { silentLogger } from '../helpers/logger.js';

function guarded(): { proc: EventEmitter; lines: string[]; counter: UnexpectedErrors; fatal: unknown[]; remove: () => void } {
  const proc = new EventEmitter();
  const lines: string[] = [];
  const counter = new UnexpectedErrors();
  const fatal: unknown[] = [];
  const remove = installProcessGuard({ log: silentLogger(lines), count: () => counter.add('process'), fatal: (e) => fatal.push(e), target: proc });
  return { proc, lines, counter, fatal, remove };
}

test('an unhandled rejection is logged once with its stack and counted; nothing stops', () => {
  const g = guarded();
  const e = new Error('nobody awaited me');
  g.proc.emit('unhandledRejection', e, Promise.resolve());
  assert.equal(g.lines.length, 1, g.lines.join('\n'));
  assert.match(g.lines[0] ?? '', /^error .*nobody awaited me.*process-guard\.test\.js.*unhandled promise rejection/);
  assert.equal(g.counter.count('process'), 1);
  assert.match(g.counter.metrics(), /^vigil_unexpected_errors_total\{interface="process"\} 1$/m);
  assert.deepEqual(g.fatal, []);
  // a non-Error reason is logged as text
  g.proc.emit('unhandledRejection', { odd: true }, Promise.resolve());
  assert.match(g.lines[1] ?? '', /non-error value: \{\\"odd\\":true\}/);
  assert.equal(g.counter.count('process'), 2);
  g.remove();
  assert.equal(g.proc.listenerCount('unhandledRejection') + g.proc.listenerCount('uncaughtException'), 0);
});

test('an uncaught exception is logged with its stack, counted, and stops the daemon once', () => {
  const g = guarded();
  const e = new TypeError('undefined is not a function');
  g.proc.emit('uncaughtException', e, 'uncaughtException');
  assert.equal(g.lines.length, 1);
  assert.match(g.lines[0] ?? '', /^error .*undefined is not a function.*stack.*uncaught exception/);
  assert.equal(g.counter.count('process'), 1);
  assert.deepEqual(g.fatal, [e]);
  // another one during the stop: logged and counted, the stop is not started again
  g.proc.emit('uncaughtException', new Error('again'), 'uncaughtException');
  assert.equal(g.lines.length, 2);
  assert.equal(g.counter.count('process'), 2);
  assert.equal(g.fatal.length, 1);
  g.remove();
});

/** Runs a script in a real Node process with the guard installed. */
function runGuarded(body: string): Promise<{ code: number | null; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-guard-'));
  const file = join(dir, 'guarded.mjs');
  const guard = pathToFileURL(join(packageRoot(), 'dist', 'edge', 'process-guard.js')).href;
  writeFileSync(
    file,
    `import { installProcessGuard } from ${JSON.stringify(guard)};
const rec = (level) => (obj, msg) => console.log(level, JSON.stringify(obj), msg ?? '');
const log = { debug: rec('debug'), info: rec('info'), warn: rec('warn'), error: rec('error') };
log.child = () => log;
let counted = 0;
installProcessGuard({ log, count: () => counted++, fatal: () => { console.log('fatal: stopping, counted', counted); process.exitCode = 3; } });
${body}`,
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

test('in a real process: a rejection nobody handles does not end it (Node 20 would exit with 1)', async () => {
  const r = await runGuarded(`void Promise.reject(new Error('lost rejection'));
setTimeout(() => console.log('still running, counted', counted), 200);`);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /still running, counted 1/);
  const logged = r.out.split('\n').filter((l) => l.includes('lost rejection'));
  assert.equal(logged.length, 1, 'logged once');
  assert.match(logged[0] ?? '', /"stack":"Error: lost rejection\\n +at /);
});

test('in a real process: an uncaught exception goes to the guard, which decides the exit', async () => {
  const r = await runGuarded(`setTimeout(() => { throw new Error('thrown from a callback'); }, 10);`);
  assert.equal(r.code, 3, r.out);
  assert.match(r.out, /thrown from a callback/);
  assert.match(r.out, /fatal: stopping, counted 1/);
});
