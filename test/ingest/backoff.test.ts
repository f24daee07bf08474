import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Backoff, sleep } from '../../ingest/backoff.js';

test('backoff doubles up to the cap and resets', () => {
  const b = new Backoff({ baseMs: 100, maxMs: 1000, jitter: 0 });
  assert.deepEqual([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()], [100, 200, 400, 800, 1000, 1000]);
  b.reset();
  assert.equal(b.next(), 100);
});

test('jitter stays within the configured fraction', () => {
  const lo = new Backoff({ baseMs: 1000, maxMs: 1000, jitter: 0.2 }, () => 0);
  const hi = new Backoff({ baseMs: 1000, maxMs: 1000, jitter: 0.2 }, () => 0.999999);
  assert.equal(lo.next(), 800);
  assert.equal(hi.next(), 1200);
});

test('sleep returns early when aborted', async () => {
  const ac = new AbortController();
  const t0 = Date.now();
  setTimeout(() => ac.abort(), 20);
  await sleep(10_000, ac.signal);
  assert.ok(Date.now() - t0 < 1000);
});
