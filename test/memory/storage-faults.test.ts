/**
 * Storage faults (issue 23, item 4) on a real LMDB file: the start-time check finds each of the
 * five corruptions (truncated to half, truncated to 4 KB, zeroed, garbage at the head, garbage in
 * the middle) without mapping the file; a writable open keeps the damaged file aside and starts a
 * fresh memory; a read-only open refuses it; and reads of a file damaged while open answer
 * MEMORY_READ_FAILED with the fixed message, never LMDB's text.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { checkMetaPages } from '../../memory/meta-pages.js';
import { READ_FAILED_MESSAGE } from '../../memory/read-guard.js';
import { checkStorage } from '../../memory/storage-check.js';
import { MemoryError, MemoryStore } from '../../memory/store.js';
import { event, frame, object, segment } from './fixtures.js';
import { corruptions, garbage, overwrite } from '../helpers/corrupt.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'vigil-storage-faults-'));
const base = join(root, 'base');

/** The five corruptions; "the middle" is every page but the two meta pages, so whatever pages the trees use are hit. */
const CORRUPTIONS = corruptions((f) => overwrite(f, 8192, garbage(statSync(f).size - 8192)));

/** A copy of the intact memory, corrupted. */
function corrupted(name: string): string {
  const dir = join(root, name.replace(/\W+/g, '-'));
  cpSync(base, dir, { recursive: true });
  CORRUPTIONS[name]?.(join(dir, 'memory', 'data.mdb'));
  return dir;
}

before(async () => {
  const s = new MemoryStore({ dir: base });
  s.open();
  s.beginRun();
  for (let i = 0; i < 300; i++) {
    const ts = T0 + i * 500;
    void s.write(frame('door', ts, [`p${i % 7}`], { in: i % 3 }));
    if (i % 4 === 0) void s.writeSegment({ ...segment('door', ts, `two people at the door ${i}`), keyframe: garbage(6000, i) });
    if (i % 10 === 0) void s.write(object('door', `p${i % 7}`, 'person', ts, ts + 4000));
    if (i % 25 === 0) void s.write(event('door', ts, 'zone_enter'));
  }
  await s.flush();
  await s.close();
});

after(() => rmSync(root, { recursive: true, force: true }));

test('an intact memory passes the check (meta pages, then a walk of every database)', async () => {
  const file = join(base, 'memory', 'data.mdb');
  const meta = checkMetaPages(file, statSync(file).size);
  assert.ok(meta.ok, JSON.stringify(meta));
  assert.equal(meta.pageSize, 4096);
  const v = await checkStorage(join(base, 'memory'));
  assert.equal(v.verdict, 'ok', JSON.stringify(v));
  assert.ok(v.verdict === 'ok' && v.walked && v.walked.dbs >= 19 && v.walked.entries > 300, JSON.stringify(v));
  // no file yet: a new memory
  assert.equal((await checkStorage(join(root, 'nothing-here'))).verdict, 'ok');
});

test('a length read before a live daemon grew the file is not truncation: the file is measured again after its meta pages', () => {
  const file = join(base, 'memory', 'data.mdb');
  const meta = checkMetaPages(file, statSync(file).size);
  assert.ok(meta.ok);
  // the caller's stat came before the newest commit: its last page lies past that length, not past the file's
  const stale = meta.lastPage * meta.pageSize;
  assert.ok(stale >= 2 * meta.pageSize);
  assert.ok(checkMetaPages(file, stale).ok, 'a commit between the stat and the read is no damage');
});

for (const name of Object.keys(CORRUPTIONS)) {
  test(`${name}: found damaged before the file is mapped; a writable open keeps it aside and starts empty`, async () => {
    const dir = corrupted(name);
    const file = join(dir, 'memory', 'data.mdb');
    const bytes = readFileSync(file);
    const v = await checkStorage(join(dir, 'memory'));
    assert.equal(v.verdict, 'damaged', JSON.stringify(v));

    // read-only (vigil ask): refused with the stable code, the file left as it is
    const ro = new MemoryStore({ dir, readOnly: true });
    await assert.rejects(ro.openChecked(), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED' && e.message.includes('is damaged'));
    assert.deepEqual(readFileSync(file), bytes);

    // writable (the daemon, vigil replay): moved aside, byte for byte, and a fresh memory
    const s = new MemoryStore({ dir });
    const st = await s.openChecked();
    try {
      assert.equal(st.state, 'recovered');
      assert.ok(st.aside && /data\.mdb\.corrupt-\d{8}T\d{6}Z$/.test(st.aside), st.aside);
      assert.deepEqual(readFileSync(st.aside), bytes, 'the damaged file is kept as it was');
      assert.equal(s.health().storage?.state, 'recovered');
      assert.deepEqual(s.cameras(), [], 'a fresh memory');
      assert.equal(await s.write(frame('door', T0, ['x'])), true, 'and it takes writes');
    } finally {
      await s.close();
    }
    // the new file passes the next start's check
    assert.equal((await checkStorage(join(dir, 'memory'))).verdict, 'ok');
    assert.ok(existsSync(st.aside ?? ''), 'still kept after a clean stop');
  });
}

test('reads of a file damaged while open answer MEMORY_READ_FAILED with one fixed message (never the LMDB text), counted in the storage state', async () => {
  const dir = join(root, 'live');
  cpSync(base, dir, { recursive: true });
  const s = new MemoryStore({ dir, readOnly: true });
  await s.openChecked();
  try {
    assert.equal(s.segments(T0, T0 + 200_000, 'door').length > 0, true);
    // zeroed in place: LMDB reports zeroed pages (random bytes under an open reader may also crash it)
    const file = join(dir, 'memory', 'data.mdb');
    overwrite(file, 8192, Buffer.alloc(statSync(file).size - 8192));
    const failures: unknown[] = [];
    for (const read of [() => s.segments(T0, T0 + 200_000, 'door'), () => s.rollups('minute', T0, T0 + 200_000, 'door'), () => s.keyframe('door', T0), () => s.audioLevels(T0, T0 + 200_000, 'door')]) {
      try {
        read();
      } catch (e) {
        failures.push(e);
      }
    }
    assert.ok(failures.length >= 2, `reads of damaged pages fail (${failures.length})`);
    for (const e of failures) {
      assert.ok(e instanceof MemoryError, String(e));
      assert.equal(e.code, 'MEMORY_READ_FAILED');
      assert.equal(e.message, READ_FAILED_MESSAGE);
      assert.doesNotMatch(e.message, /MDB_/);
    }
    assert.equal(s.readFailures, failures.length);
    const st = s.storage();
    assert.equal(st?.state, 'damaged');
    assert.equal(st?.readErrors, failures.length);
  } finally {
    await s.close();
  }
});

test('a file the walk could not check in time, which LMDB then refuses to open, is kept aside too (read-only: refused)', async () => {
  const dir = corrupted('garbage in the middle');
  const ro = new MemoryStore({ dir, readOnly: true, checkTimeoutMs: 1 });
  await assert.rejects(ro.openChecked(), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED' && e.message.includes('opening it failed'));
  const s = new MemoryStore({ dir, checkTimeoutMs: 1 });
  const st = await s.openChecked();
  try {
    assert.equal(st.state, 'recovered', JSON.stringify(st));
    assert.match(st.reason ?? '', /opening it failed/);
    assert.ok(existsSync(st.aside ?? ''));
    assert.deepEqual(s.cameras(), []);
  } finally {
    await s.close();
  }
});
