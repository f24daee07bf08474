import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatestSlot } from '../../ingest/latest-slot.js';
import { Turns } from '../../ingest/turns.js';

test('turns are granted one at a time, in arrival order', async () => {
  const turns = new Turns(1);
  const order: string[] = [];
  const first = await turns.acquire();
  const waiters = ['b', 'c', 'd'].map((id) =>
    turns.acquire().then((release) => {
      order.push(id);
      return release;
    }),
  );
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, [], 'nobody runs while the first turn is held');
  assert.equal(turns.queued, 3);
  first();
  first(); // a second call must not free a second turn
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, ['b']);
  (await waiters[0]!)();
  (await waiters[1]!)();
  (await waiters[2]!)();
  assert.deepEqual(order, ['b', 'c', 'd']);
  assert.equal(turns.granted, 4);
  assert.equal(turns.queued, 0);
});

test('a detector with two workers grants two turns at once', async () => {
  const turns = new Turns(2);
  const a = await turns.acquire();
  await turns.acquire();
  let third = false;
  const p = turns.acquire().then((r) => {
    third = true;
    return r;
  });
  await new Promise((r) => setImmediate(r));
  assert.equal(third, false);
  a();
  (await p)();
  assert.equal(third, true);
  assert.throws(() => new Turns(0), /at least 1/);
});

test('poll takes the waiting value without waiting; a later take waits for a new one', async () => {
  const s = new LatestSlot<number>();
  assert.equal(s.poll(), undefined);
  s.put(1);
  s.put(2);
  assert.equal(s.poll(), 2);
  assert.equal(s.poll(), undefined);
  const p = s.take();
  s.put(3);
  assert.equal(await p, 3);
});

test('cameras sharing a detector alternate and each sends its freshest frame when its turn comes', async () => {
  const { pumpFrames } = await import('../../ingest/pump.js');
  type F = { camera: string; seq: number; ts: number; width: number; height: number; data: Buffer };
  const turns = new Turns(1);
  const latest = new Map<string, number>();
  const sources = ['a', 'b', 'c'].map((camera) => {
    const slot = new LatestSlot<F>();
    let seq = 0;
    const timer = setInterval(() => {
      latest.set(camera, seq);
      slot.put({ camera, seq: seq++, ts: Date.now(), width: 1, height: 1, data: Buffer.alloc(3) });
    }, 4);
    return {
      camera,
      stop: () => {
        clearInterval(timer);
        slot.close();
      },
      source: {
        nextFrame: () => slot.take(),
        fresher: (f: F) => slot.poll() ?? f,
        stopped: false,
      },
    };
  });
  let busy = 0;
  let running = true;
  const order: string[] = [];
  const staleness: number[] = [];
  const sink = async (f: F): Promise<void> => {
    assert.equal(busy++, 0, 'the detector never runs two frames at once');
    if (running) staleness.push(latest.get(f.camera)! - f.seq);
    order.push(f.camera);
    await new Promise((r) => setTimeout(r, 25));
    busy--;
  };
  const pumps = sources.map((s) => pumpFrames(s.source, sink, turns, (e) => assert.fail(String(e))));
  await new Promise((r) => setTimeout(r, 600));
  running = false;
  for (const s of sources) s.stop();
  await Promise.all(pumps);
  assert.ok(order.length >= 12, `ran ${order.length} frames`);
  // round-robin: every window of three consecutive turns holds each camera once
  for (let i = 0; i + 3 <= order.length; i += 3) assert.deepEqual([...order.slice(i, i + 3)].sort(), ['a', 'b', 'c'], order.join(''));
  // each frame was the newest of its camera when it went in (the producer may add one meanwhile)
  assert.ok(Math.max(...staleness) <= 1, `staleness ${staleness.join(',')}`);
});

type Fr = { camera: string; seq: number; ts: number; width: number; height: number; data: Buffer };
const fr = (camera: string, seq: number): Fr => ({ camera, seq, ts: seq, width: 1, height: 1, data: Buffer.alloc(3) });

/** A source that yields the given frames, then stops. */
function listSource(frames: Fr[]): { nextFrame: () => Promise<Fr | undefined>; fresher: (f: Fr) => Fr; stopped: boolean } {
  const src = {
    stopped: false,
    nextFrame: () => Promise.resolve(frames.shift()),
    fresher: (f: Fr) => f,
  };
  return src;
}

test('a failing consumer is reported and still ends its turn', async () => {
  const { pumpFrames } = await import('../../ingest/pump.js');
  const turns = new Turns(1);
  const errors: string[] = [];
  const seen: string[] = [];
  const sink = (f: Fr): void => {
    seen.push(`${f.camera}${f.seq}`);
    if (f.camera === 'a') throw new Error('boom');
  };
  await Promise.all([
    pumpFrames(listSource([fr('a', 1), fr('a', 2)]), sink, turns, (e, f) => errors.push(`${f.camera}${f.seq}:${(e as Error).message}`)),
    pumpFrames(listSource([fr('b', 1), fr('b', 2)]), sink, turns, () => assert.fail('b never fails')),
  ]);
  assert.deepEqual(errors, ['a1:boom', 'a2:boom']);
  assert.deepEqual([...seen].sort(), ['a1', 'a2', 'b1', 'b2']);
  assert.equal(turns.queued, 0);
  // every turn was given back: a new one is granted at once
  (await turns.acquire())();
});

test('a camera stopped while it waits for its turn ends without perceiving the frame in hand', async () => {
  const { pumpFrames } = await import('../../ingest/pump.js');
  const turns = new Turns(1);
  const holder = await turns.acquire();
  const src = listSource([fr('a', 1), fr('a', 2)]);
  const seen: number[] = [];
  const pump = pumpFrames(src, (f) => void seen.push(f.seq), turns, () => undefined);
  await new Promise((r) => setImmediate(r));
  assert.equal(turns.queued, 1, 'the pump waits for its turn with a frame in hand');
  src.stopped = true;
  holder();
  await pump;
  assert.deepEqual(seen, [], 'no frame of a stopped camera reaches perception');
  assert.equal(turns.queued, 0);
  (await turns.acquire())();
});

test('the consumer ends its turn when detection is done, so the next camera detects while it tracks', async () => {
  const { pumpFrames } = await import('../../ingest/pump.js');
  const turns = new Turns(1);
  const log: string[] = [];
  const sink = async (f: Fr, detected?: () => void): Promise<void> => {
    log.push(`${f.camera} detect`);
    await new Promise((r) => setTimeout(r, 5));
    assert.ok(detected, 'a pump with turns hands over the end of the turn');
    detected();
    log.push(`${f.camera} detected`);
    await new Promise((r) => setTimeout(r, 30)); // tracking, re-ID, OCR
    log.push(`${f.camera} done`);
  };
  await Promise.all([pumpFrames(listSource([fr('a', 1)]), sink, turns, () => undefined), pumpFrames(listSource([fr('b', 1)]), sink, turns, () => undefined)]);
  assert.ok(log.indexOf('b detect') < log.indexOf('a done'), log.join(', '));
  assert.ok(log.indexOf('b detect') > log.indexOf('a detected'), log.join(', '));
});
