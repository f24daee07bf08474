/**
 * The alert history request's parts: the window grammar (`last`), the cursor (opaque, refused
 * with BAD_REQUEST when forged), absolute picture URLs under `fleet.publicUrl`, the request schema
 * (either `from` or `last`) and the HTTP query reading, against a real memory on disk.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { MemoryStore } from '../../memory/store.js';
import { alertHistory, decodeCursor, encodeCursor, publicAlert } from '../../edge/api/alerts.js';
import { validateRequest } from '../../edge/api/validate.js';
import { durationMs, resolveWindow } from '../../edge/api/window.js';
import { alertQuery } from '../../edge/http/alerts.js';
import type { Alert } from '../../edge/api/wire.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');

function alert(i: number, ts: number, rule = 'r', camera = 'cam'): Alert {
  const id = `${rule}-${camera}-${ts}-${i}`;
  return { id, rule, node: 'n', camera, class: 'person', zone: null, message: 'm', frameTs: ts, firedAt: ts, evidence: { start: '', end: '', objectIds: [], snapshot: `/api/alerts/${id}/snapshot.jpg` } };
}

const badRequest = (e: unknown): boolean => e instanceof VigilError && e.code === 'BAD_REQUEST';

test('durations and windows', () => {
  assert.equal(durationMs('90s'), 90_000);
  assert.equal(durationMs('1.5h'), 5_400_000);
  assert.equal(durationMs('7d'), 7 * 86_400_000);
  assert.equal(durationMs('2w'), 14 * 86_400_000);
  for (const bad of ['', '5', 'h', '0m', '-1h', '1y', '1e3s']) assert.equal(durationMs(bad), null, bad);
  assert.deepEqual(resolveWindow({ last: '1h' }, T0), { from: T0 - 3600_000, to: Infinity });
  assert.deepEqual(resolveWindow({ last: '1h', to: T0 }, 0), { from: T0 - 3600_000, to: T0 });
  assert.deepEqual(resolveWindow({ from: T0, to: T0 + 5 }, 0), { from: T0, to: T0 + 5 });
  assert.deepEqual(resolveWindow({}, T0), { from: -Infinity, to: Infinity });
});

test('cursors round-trip and a forged one is a BAD_REQUEST', () => {
  const c = { ts: T0, camera: 'cam', id: 'r-cam-1' };
  assert.deepEqual(decodeCursor(encodeCursor(c)), c);
  for (const bad of ['nope', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"ts":1}').toString('base64url')]) assert.throws(() => decodeCursor(bad), badRequest);
});

test('with a public URL the picture is an absolute URL under it; without, the path', () => {
  const a = alert(1, T0);
  assert.equal(publicAlert(a, null), a);
  assert.equal(publicAlert(a, 'http://10.0.0.5:8080').evidence.snapshot, `http://10.0.0.5:8080/api/alerts/${a.id}/snapshot.jpg`);
  assert.equal(publicAlert(a, 'https://cams.example/vigil/').evidence.snapshot, `https://cams.example/vigil/api/alerts/${a.id}/snapshot.jpg`);
  assert.equal(a.evidence.snapshot.startsWith('/'), true, 'the original is left as it was');
});

test('the request: either from or last, a known order, a bounded limit', () => {
  assert.equal(validateRequest({ id: '1', type: 'alerts', last: '24h', rule: 'r', camera: 'c', limit: 10, order: 'oldest' }).ok, true);
  const both = validateRequest({ id: '2', type: 'alerts', from: 0, last: '1h' });
  assert.equal(both.ok, false);
  assert.match(!both.ok ? both.error.message : '', /either from or last/);
  const r = validateRequest({ id: '3', type: 'alerts', last: 'yesterday', limit: 5000 });
  assert.equal(!r.ok && r.error.code, 'BAD_REQUEST');
  assert.match(!r.ok ? r.error.message : '', /last: a duration.*limit|limit.*last: a duration/);
});

test('pages of the history from a real memory, with absolute URLs, over the request and the HTTP query', async () => {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-ah-')) });
  s.open();
  for (let i = 0; i < 5; i++) void s.writeAlert(alert(i, T0 + i * 1000, i % 2 ? 'odd' : 'even'));
  await s.flush();
  const p1 = alertHistory(s, { limit: 2 }, 'http://box:8080', T0 + 10_000);
  assert.deepEqual(p1.alerts.map((a) => a.frameTs), [T0 + 4000, T0 + 3000]);
  assert.equal(p1.truncated, true);
  assert.match(p1.alerts[0]?.evidence.snapshot ?? '', /^http:\/\/box:8080\/api\/alerts\//);
  const p2 = alertHistory(s, { limit: 2, cursor: p1.next ?? '' }, null, T0 + 10_000);
  assert.deepEqual(p2.alerts.map((a) => a.frameTs), [T0 + 2000, T0 + 1000]);
  assert.match(p2.alerts[0]?.evidence.snapshot ?? '', /^\/api\/alerts\//, 'stored as a path');
  const p3 = alertHistory(s, { limit: 2, cursor: p2.next ?? '' }, null, T0 + 10_000);
  assert.deepEqual([p3.alerts.length, p3.truncated, p3.next], [1, false, null]);
  assert.deepEqual(alertHistory(s, { rule: 'odd', last: '2.5s' }, null, T0 + 5000).alerts.map((a) => a.frameTs), [T0 + 3000]);
  assert.throws(() => alertHistory(s, { cursor: 'forged' }, null), badRequest);
  // the HTTP query: ISO or epoch times, a numeric limit, unknown parameters named
  const q = (url: string): ReturnType<typeof alertQuery> => alertQuery({ url } as IncomingMessage);
  assert.deepEqual(q(`/api/alerts?from=${new Date(T0).toISOString()}&to=${T0 + 2500}&rule=even&limit=3&token=x`), { from: T0, to: T0 + 2500, rule: 'even', limit: 3 });
  assert.deepEqual(q('/api/alerts?last=24h&camera=cam&order=oldest'), { last: '24h', camera: 'cam', order: 'oldest' });
  assert.throws(() => q('/api/alerts?since=1h&limit=x&from=soon'), (e: unknown) => badRequest(e) && /since: unknown parameter/.test((e as Error).message) && /from: an ISO-8601/.test((e as Error).message) && /limit/.test((e as Error).message));
  await s.close();
});
