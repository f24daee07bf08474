import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHeapStatistics } from 'node:v8';
import { AdmissionGate } from '../../edge/api/admission.js';
import { HeapTrimmer } from '../../edge/api/heap-trim.js';

/** A burst's garbage: 800k strings, unreachable once it returns. */
function burst(): number {
  const rows = Array.from({ length: 400 }, (_, i) => Array.from({ length: 2000 }, (_, j) => `row ${i} ${j} ${'x'.repeat(40)}`));
  return rows.reduce((n, r) => n + r.length, 0);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('a trim after a burst gives the heap it grew back to the system', async () => {
  assert.equal(burst(), 800_000);
  const grown = getHeapStatistics().total_heap_size;
  const t = new HeapTrimmer({ busy: () => false, activity: () => 1 }, { slackBytes: 0 });
  assert.equal(await t.trim(), true);
  const after = getHeapStatistics().total_heap_size;
  assert.ok(after < grown - 20 * 1048576, `committed heap ${Math.round(grown / 1048576)} -> ${Math.round(after / 1048576)} MB`);
  assert.equal(t.stats.trims, 1);
  assert.ok(t.stats.freedMb >= 20);
});

test('no collection while the slack is under the threshold', async () => {
  const t = new HeapTrimmer({ busy: () => false, activity: () => 1 }, { slackBytes: 1024 ** 4 });
  assert.equal(await t.trim(), false);
  assert.equal(t.stats.trims, 0);
});

test('idle: one check once the gate stayed quiet, none while busy, again only after new activity', async () => {
  let busy = false;
  let activity = 1;
  const t = new HeapTrimmer({ busy: () => busy, activity: () => activity }, { quietMs: 30, slackBytes: 0 });
  t.idle();
  t.idle();
  await sleep(80);
  assert.equal(t.stats.trims, 1, 'one check for one quiet spell');
  t.idle();
  await sleep(80);
  assert.equal(t.stats.trims, 1, 'nothing new since the last trim');
  activity++;
  busy = true;
  t.idle();
  await sleep(80);
  assert.equal(t.stats.trims, 1, 'busy when the check came');
  busy = false;
  t.idle();
  activity++; // a request came and went during the quiet time: the check waits for another one
  await sleep(45);
  assert.equal(t.stats.trims, 1);
  await sleep(60);
  assert.equal(t.stats.trims, 2);
  t.stop();
});

test('the admission gate tells its trimmer when its last request is done', async () => {
  const gate = new AdmissionGate({ maxInFlight: 2, maxQueued: 4 });
  let idles = 0;
  gate.trimmer.idle = () => void idles++;
  const a = await gate.acquire();
  const b = await gate.acquire();
  assert.ok(a && b);
  a();
  assert.equal(idles, 0, 'one still in flight');
  b();
  assert.equal(idles, 1);
});
