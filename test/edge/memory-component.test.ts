/**
 * The memory component's health log: "memory writable again" only after the memory had stopped
 * writing (it used to be logged on every start, by the first sweep of a healthy store).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryComponent } from '../../edge/components/memory.js';
import type { MemoryHealth } from '../../memory/types.js';
import { silentLogger } from '../helpers/logger.js';

test('health is logged on transitions only: not at start, once when writing stops, once when it resumes', async () => {
  const lines: string[] = [];
  const m = new MemoryComponent(mkdtempSync(join(tmpdir(), 'vigil-memcomp-')), silentLogger(lines));
  await m.start();
  try {
    m.sweep();
    m.sweep();
    assert.deepEqual(lines.filter((l) => /writable again|stopped writing/.test(l)), [], 'a healthy start logs no health change');

    const real = m.store.health.bind(m.store);
    let full = true;
    m.store.health = (): MemoryHealth => (full ? { writable: false, reason: 'disk nearly full' } : real());
    m.sweep();
    m.sweep();
    full = false;
    m.sweep();
    m.sweep();
    const changes = lines.filter((l) => /writable again|stopped writing/.test(l));
    assert.equal(changes.length, 2, changes.join('\n'));
    assert.match(changes[0] ?? '', /^error .*disk nearly full.*memory stopped writing/);
    assert.match(changes[1] ?? '', /^info memory writable again/);
  } finally {
    await m.stop();
  }
});

test('a store that cannot write from the first sweep says so once, and nothing is "again"', async () => {
  const lines: string[] = [];
  const m = new MemoryComponent(mkdtempSync(join(tmpdir(), 'vigil-memcomp-')), silentLogger(lines));
  await m.start();
  try {
    m.store.health = (): MemoryHealth => ({ writable: false, reason: 'disk nearly full' });
    m.sweep();
    m.sweep();
    const changes = lines.filter((l) => /writable again|stopped writing/.test(l));
    assert.equal(changes.length, 1, changes.join('\n'));
    assert.match(changes[0] ?? '', /stopped writing/);
  } finally {
    await m.stop();
  }
});
