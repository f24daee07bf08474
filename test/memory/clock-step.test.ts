/**
 * Time that can go backwards (issue 23, item 5): a step of the wall clock is seen and counted, the
 * steady clock retention ages data by never follows a step forward, and a sweep during a day-long
 * step (NTP on a box without a real-time clock) deletes nothing recent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { WallClock, type ClockStep } from '../../memory/clock.js';
import { MemoryStore } from '../../memory/store.js';
import { frame, segment } from './fixtures.js';

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-21T09:00:00Z');

/** A wall clock and a monotonic clock the test moves. */
function fakeClocks(start: number): { clock: WallClock; steps: ClockStep[]; pass(ms: number, jump?: number): void } {
  let wall = start;
  let mono = 1000;
  const steps: ClockStep[] = [];
  const clock = new WallClock({ wall: () => wall, mono: () => mono, onStep: (s) => steps.push(s) });
  return {
    clock,
    steps,
    pass(ms, jump = 0) {
      mono += ms;
      wall += ms + jump;
      clock.read();
    },
  };
}

test('a step of the wall clock is seen and counted; slewing is not; the steady clock never follows a step forward', () => {
  const c = fakeClocks(T0);
  c.pass(1000);
  c.pass(1000, 300); // NTP slewing, or a late timer: no step
  assert.equal(c.clock.steps, 0);
  assert.equal(c.clock.steady(), T0 + 2300, 'in step, the steady clock is the wall clock');
  c.pass(1000, 25 * HOUR);
  assert.equal(c.clock.steps, 1);
  assert.equal(Math.round((c.steps[0]?.deltaMs ?? 0) / 1000), 25 * 3600, 'the step is measured: +25 h');
  assert.equal(c.clock.steady(), T0 + 3300, 'the steady clock went on with the monotonic clock');
  assert.equal(c.clock.behindMs, 25 * HOUR);
  for (let i = 0; i < 40; i++) c.pass(1000);
  assert.equal(c.clock.steady(), T0 + 43_300);
  c.pass(1000, -25 * HOUR);
  assert.equal(c.clock.steps, 2);
  assert.ok((c.steps[1]?.deltaMs ?? 0) < -24 * HOUR, 'the step back is measured');
  assert.equal(c.clock.steady(), T0 + 44_300, 'back in step: the steady clock is the wall clock again');
  assert.equal(c.clock.behindMs, 0);
  // a step back: the steady clock follows the wall clock down (never ahead of it)
  c.pass(1000, -HOUR);
  assert.equal(c.clock.steps, 3);
  assert.equal(c.clock.steady(), T0 + 45_300 - HOUR);
});

test('retention during a step of +25 h and back deletes nothing recent, and still deletes what is old', async () => {
  const now = Date.now();
  const c = fakeClocks(now);
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-clock-')), clock: c.clock });
  s.open();
  // the last 10 minutes of a camera (frames at 2 fps, 2 s segments), and one frame 25 h old
  for (let t = now - 600_000; t < now; t += 500) void s.write(frame('a', t, ['p1']));
  for (let t = now - 600_000; t < now; t += 2000) void s.write(segment('a', t));
  void s.write(frame('a', now - 25 * HOUR, ['old']));
  await s.flush();
  const count = (): { frames: number; segs: number } => ({ frames: s.dbs().frames.getKeysCount(), segs: s.dbs().segs.getKeysCount() });
  assert.deepEqual(count(), { frames: 1201, segs: 300 });
  const sweepAll = async (): Promise<number> => {
    let deleted = 0;
    for (let i = 0; i < 20; i++) {
      const r = await s.sweep();
      deleted += r.deleted;
      if (r.done) break;
    }
    return deleted;
  };
  assert.equal(await sweepAll(), 1, 'the 25-hour-old frame is past retention');
  c.pass(1000, 25 * HOUR);
  for (let i = 0; i < 40; i++) {
    c.pass(1000);
    assert.equal(await sweepAll(), 0, `nothing is deleted ${i + 1} s into the step`);
  }
  c.pass(1000, -25 * HOUR);
  assert.equal(await sweepAll(), 0, 'nothing is deleted after the step back');
  assert.deepEqual(count(), { frames: 1200, segs: 300 }, 'every recent frame and segment is kept');
  const kept = s.keptSince().raw ?? -Infinity;
  assert.ok(kept <= now + 42_000 - 24 * HOUR, `the frames' horizon never moved by the step (${new Date(kept).toISOString()})`);
  assert.equal(c.clock.steps, 2);
  await s.close();
});
