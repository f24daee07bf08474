/**
 * A full disk (issue 23, item 9): writes fail with coded errors and stop the write gate, and no
 * lmdb-js promise is left rejected without a handler. The disk fills for real: a child process
 * writes a store under a file-size limit (`ulimit -f`), so the commits that cross it fail (EFBIG,
 * reported by LMDB as an I/O error) just as they do on a full disk.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const STORE = pathToFileURL(join(import.meta.dirname, '..', '..', 'memory', 'store.js')).href;

/** The child: fills a store past the limit, then prints what happened as one JSON line. */
const CHILD = `
process.on('SIGXFSZ', () => undefined);
let unhandled = [];
process.on('unhandledRejection', (e) => unhandled.push(String(e && e.message)));
const { MemoryStore } = await import(${JSON.stringify(STORE)});
const s = new MemoryStore({ dir: process.argv[2], minFreeMB: 0, checkMs: 10 });
await s.openChecked();
s.beginRun();
let t = Date.now() - 3600_000, ok = 0;
const codes = {};
for (let i = 0; i < 300; i++) {
  t += 2000;
  const ps = [
    s.writeSegment({ kind: 'segment', camera: 'c', start: t, end: t + 2000, firstFrameAt: t, lastFrameAt: t + 1900, counts: { person: 1 }, caption: 'x', objectIds: ['o' + i], keyframe: Buffer.alloc(30000, i % 256) }),
    s.write({ kind: 'frame', camera: 'c', ts: t, counts: { person: 1 }, occupancy: {}, objects: [{ objectId: 'o' + i }] }),
    s.write({ kind: 'object', ts: t, camera: 'c', event: 'end', object: { objectId: 'o' + i, camera: 'c', label: 'person', firstSeen: t, lastSeen: t + 1500, zones: [], crossings: [] } }),
  ];
  for (const p of ps) await p.then(() => ok++, (e) => (codes[e.code] = (codes[e.code] ?? 0) + 1));
}
const health = s.health();
await s.close().catch(() => undefined);
await new Promise((r) => setTimeout(r, 300));
process.stdout.write(JSON.stringify({ ok, codes, unhandled, health }) + '\\n');
`;

test('a full disk: writes fail with codes, the gate says why, and no lmdb rejection goes unhandled', { skip: process.platform !== 'linux' && 'needs ulimit -f (Linux)' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-full-'));
  const script = join(dir, 'fill.mjs');
  writeFileSync(script, CHILD);
  // 2 MB: the store crosses it after a few hundred writes
  const r = spawnSync('bash', ['-c', `ulimit -f 2048 && exec "${process.execPath}" "${script}" "${join(dir, 'data')}"`], { encoding: 'utf8', timeout: 120_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  assert.ok(line.startsWith('{'), `child output: ${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(line) as { ok: number; codes: Record<string, number>; unhandled: string[]; health: { writable: boolean; reason: string | null } };
  assert.ok(out.ok > 0, 'writes went through until the disk filled');
  assert.ok((out.codes.MEMORY_WRITE_FAILED ?? 0) > 0, JSON.stringify(out.codes));
  assert.deepEqual(Object.keys(out.codes).filter((c) => c !== 'MEMORY_WRITE_FAILED' && c !== 'MEMORY_NOT_WRITABLE'), []);
  assert.deepEqual(out.unhandled, [], 'no unhandled rejection');
});
