/**
 * Alert history in the LMDB memory: alerts kept on disk across a reopen, paged newest or oldest
 * first with a cursor that neither skips nor repeats, filtered by rule and camera, dropped by the
 * retention sweep with their ids reported (so their pictures go too), bad input refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { open } from 'lmdb';
import { MemoryError, MemoryStore, type AlertCursor } from '../../memory/store.js';
import type { AlertRecord } from '../../memory/types.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const DAY = 24 * 3600_000;
const tmp = (): string => mkdtempSync(join(tmpdir(), 'vigil-alerts-'));

function alert(n: number, ts: number, rule: string, camera: string): AlertRecord {
  const id = `${rule}-${camera}-${ts}-${n}`;
  return {
    id,
    rule,
    node: 'n1',
    camera,
    class: 'person',
    zone: null,
    message: `alert ${n}`,
    frameTs: ts,
    firedAt: ts + 5,
    evidence: { start: new Date(ts).toISOString(), end: new Date(ts).toISOString(), objectIds: [], snapshot: `/api/alerts/${id}/snapshot.jpg` },
  };
}

/** 60 alerts, one a minute, rules r0..r2 and cameras a/b in turn; two share a time. */
async function filled(dir = tmp()): Promise<{ s: MemoryStore; all: AlertRecord[] }> {
  const s = new MemoryStore({ dir });
  s.open();
  const all: AlertRecord[] = [];
  for (let i = 0; i < 60; i++) all.push(alert(i, T0 + i * 60_000, `r${i % 3}`, i % 2 ? 'b' : 'a'));
  all.push(alert(60, T0 + 30 * 60_000, 'r0', 'b'));
  await Promise.all(all.map((a) => s.writeAlert(a)));
  await s.flush();
  return { s, all };
}

/** Every page of a query, following `next`. */
function allPages(s: MemoryStore, q: Omit<Parameters<MemoryStore['alerts']>[0], 'after'>): { ids: string[]; pages: number } {
  const ids: string[] = [];
  let after: AlertCursor | undefined;
  let pages = 0;
  for (;;) {
    const p = s.alerts({ ...q, ...(after ? { after } : {}) });
    pages++;
    ids.push(...p.rows.map((a) => a.id));
    if (!p.next) return { ids, pages };
    after = p.next;
  }
}

const byTime = (a: AlertRecord, b: AlertRecord): number => a.frameTs - b.frameTs || a.camera.localeCompare(b.camera) || a.id.localeCompare(b.id);

test('alerts are kept on disk and paged newest first with a cursor that neither skips nor repeats', async () => {
  const dir = tmp();
  const { s, all } = await filled(dir);
  await s.close();
  const r = new MemoryStore({ dir, readOnly: true });
  r.open();
  const first = r.alerts({ from: 0, to: Infinity, limit: 7 });
  assert.equal(first.rows.length, 7);
  assert.equal(first.rows[0]?.id, all[59]?.id, 'newest first');
  assert.ok(first.next, 'more pages');
  assert.deepEqual(r.alert(all[3]?.id ?? ''), all[3]);
  const { ids, pages } = allPages(r, { from: 0, to: Infinity, limit: 7 });
  assert.equal(pages, 9);
  assert.deepEqual(ids, [...all].sort(byTime).reverse().map((a) => a.id));
  const oldest = allPages(r, { from: 0, to: Infinity, limit: 10, order: 'oldest' });
  assert.deepEqual(oldest.ids, [...all].sort(byTime).map((a) => a.id));
  await r.close();
});

test('the window, rule and camera filters select exactly the matching alerts', async () => {
  const { s, all } = await filled();
  const from = T0 + 10 * 60_000;
  const to = T0 + 40 * 60_000;
  const expect = (f: (a: AlertRecord) => boolean): string[] => all.filter((a) => a.frameTs >= from && a.frameTs < to && f(a)).sort(byTime).reverse().map((a) => a.id);
  assert.deepEqual(allPages(s, { from, to, limit: 4 }).ids, expect(() => true));
  assert.deepEqual(allPages(s, { from, to, limit: 4, rule: 'r0' }).ids, expect((a) => a.rule === 'r0'));
  assert.deepEqual(allPages(s, { from, to, limit: 4, camera: 'b' }).ids, expect((a) => a.camera === 'b'));
  assert.deepEqual(allPages(s, { from, to, limit: 2, rule: 'r0', camera: 'b' }).ids, expect((a) => a.rule === 'r0' && a.camera === 'b'));
  assert.ok(expect((a) => a.rule === 'r0' && a.camera === 'b').length >= 5, 'the combined filter has matches to page through');
  assert.deepEqual(s.alerts({ from, to, limit: 10, rule: 'nope' }), { rows: [], next: null });
  // a page that ends exactly at the last match says there is no more
  const n = expect(() => true).length;
  assert.equal(s.alerts({ from, to, limit: n }).next, null);
  assert.ok(s.alerts({ from, to, limit: n - 1 }).next);
  await s.close();
});

test('retention drops old alerts with their index entries and reports their ids', async () => {
  const s = new MemoryStore({ dir: tmp(), retention: { eventsMs: 2 * DAY } });
  s.open();
  const old = [alert(1, T0, 'r0', 'a'), alert(2, T0 + 1000, 'r1', 'b')];
  const recent = [alert(3, T0 + 2 * DAY, 'r0', 'a')];
  for (const a of [...old, ...recent]) void s.writeAlert(a);
  await s.flush();
  const r = await s.sweep({ now: T0 + 3 * DAY });
  assert.deepEqual(r.droppedAlerts.sort(), old.map((a) => a.id).sort());
  assert.deepEqual(s.alerts({ from: 0, to: Infinity, limit: 10 }).rows.map((a) => a.id), recent.map((a) => a.id));
  assert.equal(s.alert(old[0]?.id ?? ''), undefined);
  // nothing of them is left in the indexes either
  assert.deepEqual(s.alerts({ from: 0, to: Infinity, limit: 10, rule: 'r1' }).rows, []);
  assert.deepEqual(s.alerts({ from: 0, to: Infinity, limit: 10, camera: 'b' }).rows, []);
  assert.equal([...(s.dbs().atime?.getKeys({}) ?? [])].length, 1);
  assert.equal([...(s.dbs().arules?.getKeys({}) ?? [])].length, 1);
  assert.equal([...(s.dbs().acams?.getKeys({}) ?? [])].length, 1);
  assert.deepEqual((await s.sweep({ now: T0 + 3 * DAY })).droppedAlerts, [], 'a second sweep finds nothing');
  await s.close();
});

test('a bounded sweep drops alerts over several calls', async () => {
  const s = new MemoryStore({ dir: tmp(), retention: { eventsMs: DAY } });
  s.open();
  for (let i = 0; i < 25; i++) void s.writeAlert(alert(i, T0 + i, 'r', 'a'));
  await s.flush();
  const dropped: string[] = [];
  let calls = 0;
  for (;;) {
    const r = await s.sweep({ now: T0 + 2 * DAY, maxKeys: 10 });
    calls++;
    dropped.push(...r.droppedAlerts);
    if (r.done) break;
  }
  assert.equal(dropped.length, 25);
  assert.ok(calls >= 3, `${calls} calls`);
  assert.equal(s.alerts({ from: 0, to: Infinity, limit: 1 }).rows.length, 0);
  await s.close();
});

test('a bad alert is refused with a coded error and stores nothing', async () => {
  const s = new MemoryStore({ dir: tmp() });
  s.open();
  const bad = { ...alert(1, T0, 'r', 'a'), frameTs: Number.NaN };
  await assert.rejects(s.writeAlert(bad), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_BAD_INPUT' && /frameTs/.test(e.message));
  await assert.rejects(s.writeAlert({ ...alert(2, T0, 'r', 'a'), id: '' }), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_BAD_INPUT');
  await assert.rejects(s.writeAlert(null as unknown as AlertRecord), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_BAD_INPUT');
  assert.deepEqual(s.alerts({ from: 0, to: Infinity, limit: 10 }).rows, []);
  await s.close();
  await assert.rejects(s.writeAlert(alert(3, T0, 'r', 'a')), (e: unknown) => e instanceof MemoryError && e.code === 'MEMORY_NOT_OPEN');
});

test('a memory written before alerts were kept opens read-only with an empty history, and writable gets one', async () => {
  const dir = tmp();
  // an environment with every other database but none of the alert ones
  const root = open({ path: join(dir, 'memory'), maxDbs: 32, compression: false });
  const before = ['segments', 'keyframes', 'frames', 'objects', 'spans', 'lspans', 'visits', 'cvisits', 'live', 'events', 'etypes', 'elines', 'zocc', 'coverage', 'minutes', 'hours', 'meta', 'audio', 'speech'];
  for (const name of before) root.openDB({ name });
  await root.openDB({ name: 'events' }).put(['a', T0, 1], { type: 'appear' });
  await root.close();
  const r = new MemoryStore({ dir, readOnly: true });
  r.open();
  assert.deepEqual(r.alerts({ from: 0, to: Infinity, limit: 5 }), { rows: [], next: null });
  assert.equal(r.alert('x'), undefined);
  assert.ok(r.usedBytes() > 0);
  await r.close();
  const w = new MemoryStore({ dir });
  w.open();
  await w.writeAlert(alert(1, T0, 'r', 'a'));
  assert.equal(w.alerts({ from: 0, to: Infinity, limit: 5 }).rows.length, 1);
  await w.close();
});
