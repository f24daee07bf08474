import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Component } from '../../edge/lifecycle.js';
import { Lifecycle } from '../../edge/lifecycle.js';
import { silentLogger } from '../helpers/logger.js';

function comp(name: string, log: string[], opts: { failStart?: boolean; startMs?: number } = {}): Component {
  return {
    name,
    async start(signal) {
      log.push(`start ${name}`);
      if (opts.startMs) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, opts.startMs);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      if (opts.failStart) throw new Error(`${name} failed`);
    },
    stop() {
      log.push(`stop ${name}`);
      return Promise.resolve();
    },
  };
}

test('starts in order and stops in reverse order, once', async () => {
  const log: string[] = [];
  const lc = new Lifecycle([comp('a', log), comp('b', log), comp('c', log)], silentLogger());
  await lc.start();
  await Promise.all([lc.stop(), lc.stop()]);
  assert.deepEqual(log, ['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
});

test('a failing start stops what had started, in reverse', async () => {
  const log: string[] = [];
  const lc = new Lifecycle([comp('a', log), comp('b', log, { failStart: true }), comp('c', log)], silentLogger());
  await assert.rejects(lc.start(), /b failed/);
  assert.deepEqual(log, ['start a', 'start b', 'stop b', 'stop a']);
});

test('stop cancels a start in progress through the AbortSignal', async () => {
  const log: string[] = [];
  const lc = new Lifecycle([comp('a', log), comp('slow', log, { startMs: 30_000 }), comp('never', log)], silentLogger());
  const t0 = Date.now();
  const started = lc.start();
  setTimeout(() => void lc.stop(), 50);
  await assert.rejects(started, { name: 'AbortError' });
  await lc.stop();
  assert.ok(Date.now() - t0 < 5000);
  assert.ok(!log.includes('start never'));
  assert.ok(log.includes('stop a'));
});

test('readiness: the phase and the components not up, while starting, when ready and while stopping', async () => {
  const log: string[] = [];
  const lc = new Lifecycle([comp('http', log), comp('slow', log, { startMs: 200 }), comp('last', log)], silentLogger());
  assert.equal(lc.phase(), 'idle');
  const started = lc.start();
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(lc.phase(), 'starting');
  assert.ok(lc.isUp('http'));
  assert.ok(!lc.isUp('slow'));
  assert.deepEqual(lc.pending(), ['slow', 'last']);
  await started;
  assert.equal(lc.phase(), 'ready');
  assert.deepEqual(lc.pending(), []);
  const stopping = lc.stop();
  assert.equal(lc.phase(), 'stopping');
  // the last started is down from the moment its stop begins
  assert.ok(!lc.isUp('last'));
  await stopping;
  assert.equal(lc.phase(), 'stopped');
  assert.deepEqual(lc.pending(), ['http', 'slow', 'last']);
});
