/**
 * One writer per data directory (issue 23, item 7): the lock names its holder; a second take is
 * refused naming the first; a lock left by a dead process, by a process whose pid was reused, or
 * an unreadable one is taken over and reported to the caller.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DataDirLock, DataDirLockError, holdDataDir, LOCK_FILE, procStart } from '../../edge/data-lock.js';
import { silentLogger } from '../helpers/logger.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'vigil-lock-'));

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

test('the lock names its holder; a second take is refused naming the first; release frees it', () => {
  const d = dir();
  const a = new DataDirLock(d, 'start');
  assert.equal(a.acquire(), null);
  const held = JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')) as { pid: number; command: string; startedAt: string };
  assert.equal(held.pid, process.pid);
  assert.equal(held.command, 'start');
  const b = new DataDirLock(d, 'replay');
  assert.throws(
    () => b.acquire(),
    (e: unknown) => e instanceof DataDirLockError && e.code === 'DATA_DIR_LOCKED' && e.message.includes(`pid ${process.pid}`) && e.message.includes('vigil start') && e.holder.pid === process.pid,
  );
  a.release();
  assert.equal(existsSync(join(d, LOCK_FILE)), false);
  assert.equal(b.acquire(), null);
  b.release();
  b.release();
});

test('a lock whose holder is gone (kill -9, power cut) is taken over, and the taker is told whose it was', () => {
  const d = dir();
  const pid = deadPid();
  writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid, startedAt: '2026-01-01T00:00:00.000Z', procStart: 1, command: 'start' }));
  const lines: string[] = [];
  const lock = holdDataDir(d, 'start', silentLogger(lines));
  try {
    assert.equal((JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')) as { pid: number }).pid, process.pid);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', new RegExp(`^warn .*took over the lock of .* from pid ${pid} .*no longer running`));
  } finally {
    lock.release();
  }
});

test('a live pid that started at another time (a reused pid) and an unreadable lock are stale too', () => {
  const d = dir();
  const parent = process.ppid;
  const real = procStart(parent);
  if (real !== null) {
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: parent, startedAt: 'x', procStart: real + 1, command: 'start' }));
    const lock = new DataDirLock(d, 'start');
    assert.equal(lock.acquire()?.pid, parent);
    lock.release();
    // the same live process with its own start time holds it
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: parent, startedAt: 'x', procStart: real, command: 'start' }));
    assert.throws(() => new DataDirLock(d, 'start').acquire(), DataDirLockError);
  }
  // this very pid, not held by this process: a lock left by an earlier process that had the same pid (pid 1 of a restarted container)
  writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: process.pid, startedAt: 'x', procStart: procStart(process.pid), command: 'start' }));
  const again = new DataDirLock(d, 'start');
  assert.equal(again.acquire()?.pid, process.pid);
  again.release();
  writeFileSync(join(d, LOCK_FILE), '{"pid": tru');
  const lock = new DataDirLock(d, 'start');
  assert.equal(lock.acquire()?.pid, 0);
  lock.release();
});
