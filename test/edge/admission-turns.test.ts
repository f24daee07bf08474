/**
 * The admission gate starts API work at once only within a time budget per turn of the loop, so a
 * burst of requests that each finish inside the turn cannot hold the loop (and /healthz) for the
 * whole burst: past the budget, requests wait for a later turn.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdmissionGate, TURN_BUDGET_MS } from '../../edge/api/admission.js';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: a request's synchronous work
  }
}

test('past the turn budget, a free slot is not granted at once: the request waits for a later turn, then runs', async () => {
  const gate = new AdmissionGate({ maxInFlight: 8, maxQueued: 16 });
  const first = gate.acquire();
  assert.ok(first);
  const release = await first;
  release();
  // a new turn (the first grant's turn may have been long on a loaded machine): a is its first grant; spin past the budget
  await new Promise((resolve) => setImmediate(resolve));
  const a = gate.acquire();
  spin(TURN_BUDGET_MS + 5);
  const b = gate.acquire();
  assert.equal(gate.stats().inFlight, 1, 'a ran at once');
  assert.equal(gate.stats().queued, 1, 'b waits although a slot is free');
  const [ra, rb] = await Promise.all([a, b]);
  assert.equal(gate.stats().inFlight, 2, 'b was granted on a later turn');
  ra?.();
  rb?.();
});

test('within the budget, free slots are granted at once', async () => {
  const gate = new AdmissionGate({ maxInFlight: 4, maxQueued: 16 });
  const ps = [gate.acquire(), gate.acquire(), gate.acquire()].map((p) => p ?? Promise.reject(new Error('refused')));
  assert.deepEqual([gate.stats().inFlight, gate.stats().queued], [3, 0]);
  for (const r of await Promise.all(ps)) r?.();
});
