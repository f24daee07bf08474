/**
 * The `auto` detector's choice and pooling, over scripted detectors (the real models' behaviour
 * is covered by test/ingest/lot-recording.int.test.ts and test/edge/detector-auto.int.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AutoChoice } from '../../../ingest/perception/auto-choice.js';
import { ProbeSlots } from '../../../ingest/perception/probe-slots.js';
import { AutoDetector, containment, vehicleClasses } from '../../../ingest/perception/auto-detector.js';
import type { Box, Detection, DetectOptions, Detector, RgbImage } from '../../../ingest/perception/types.js';

const OPTS: DetectOptions = { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 100 };
const IMG: RgbImage = { width: 4, height: 4, data: new Uint8Array(48) };
const box = (x1: number, y1: number, x2: number, y2: number): Box => ({ x1, y1, x2, y2 });
const det = (label: string, score: number, b: Box): Detection => ({ label, score, box: b, classId: 0 });

/** A detector that answers each call with the next scripted list and counts its calls. */
class Scripted implements Detector {
  readonly backend = 'test';
  calls = 0;
  constructor(
    readonly model: string,
    readonly labels: readonly string[],
    private readonly frames: Detection[][],
  ) {}
  async load(): Promise<void> {}
  detect(): Promise<Detection[]> {
    return Promise.resolve(this.frames[this.calls++ % this.frames.length] ?? []);
  }
  async dispose(): Promise<void> {}
}

const OPT = { probeFrames: 4, reprobeEvery: 5, reprobeFrames: 2, minAddedFrames: 2 };

test('a camera where the secondary adds no vehicle runs the primary alone, and probes again later', () => {
  const c = new AutoChoice({ primary: 'p', secondary: 's' }, OPT);
  const modes: string[] = [];
  for (let i = 0; i < 4; i++) {
    assert.equal(c.runsSecondary(), true);
    modes.push(c.record(0) ?? '-');
  }
  assert.deepEqual(modes, ['-', '-', '-', 'primary']);
  for (let i = 0; i < 4; i++) assert.equal(c.record(null), null);
  assert.equal(c.runsSecondary(), false);
  assert.equal(c.record(null), 'probing', 'probes again after reprobeEvery frames');
  assert.equal(c.status().running, 'p+s');
});

test('a camera where the secondary adds vehicles on enough frames keeps both', () => {
  const c = new AutoChoice({ primary: 'p', secondary: 's' }, OPT);
  assert.equal(c.record(1), null);
  assert.equal(c.record(0), null);
  assert.equal(c.record(2), 'fused');
  for (let i = 0; i < 20; i++) assert.equal(c.record(0), null);
  assert.equal(c.mode, 'fused');
  assert.match(c.status().reason, /found vehicles p missed/);
});

test('cameras sharing probe slots probe in turn: one waiting runs the primary alone, and its frames count for nothing until a slot frees', () => {
  const slots = new ProbeSlots(1);
  const a = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  const b = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  assert.equal(a.runsSecondary(), true, 'the first camera takes the slot');
  assert.equal(b.runsSecondary(), false, 'the second waits');
  assert.equal(b.record(null), null);
  assert.equal(b.status().running, 'p');
  assert.match(b.status().reason, /waiting to probe/);
  assert.equal(b.status().probed, 0, 'a waiting frame is not a probed frame');
  // a finishes its probe (no vehicle added): its slot frees, b probes its full count
  for (let i = 0; i < 3; i++) a.record(0);
  assert.equal(a.record(0), 'primary');
  assert.equal(slots.held, 0);
  const modes: string[] = [];
  for (let i = 0; i < 4; i++) {
    assert.equal(b.runsSecondary(), true);
    modes.push(b.record(0) ?? '-');
  }
  assert.deepEqual(modes, ['-', '-', '-', 'primary']);
  // a camera that keeps both frees its slot too, and a closed choice (a stopped camera) frees it
  const c = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  assert.equal(c.runsSecondary(), true);
  c.record(1);
  assert.equal(c.record(1), 'fused');
  assert.equal(slots.held, 0);
  const d = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  assert.equal(d.runsSecondary(), true);
  d.close();
  assert.equal(slots.held, 0);
  assert.throws(() => new ProbeSlots(0), RangeError);
});

test('a holder past its lease yields its slot to one that asks (a camera over a still, empty scene cannot hold it for hours)', () => {
  let now = 0;
  const slots = new ProbeSlots(1, 30_000, () => now);
  const quiet = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  const busy = new AutoChoice({ primary: 'p', secondary: 's' }, OPT, slots);
  assert.equal(quiet.runsSecondary(), true);
  quiet.record(0);
  now = 20_000;
  assert.equal(busy.runsSecondary(), false, 'within the lease the holder keeps it');
  now = 31_000;
  assert.equal(busy.runsSecondary(), true, 'past the lease it yields');
  assert.equal(quiet.runsSecondary(), false, 'the quiet camera waits its turn now');
  assert.equal(quiet.status().probed, 1, 'what it probed before is kept');
});

test('pooling: a missed vehicle is added, a surer one replaces the primary box, people stay the primary\'s', async () => {
  const car = box(10, 10, 60, 40);
  const prim = new Scripted('centernet', ['person', 'car', 'truck'], [[det('person', 0.9, box(100, 0, 120, 50)), det('truck', 0.3, car)]]);
  const sec = new Scripted('ssd-oidv4', ['person', 'car', 'vehicle'], [[det('car', 0.8, box(12, 11, 61, 41)), det('vehicle', 0.7, box(200, 100, 260, 140)), det('person', 0.95, box(300, 0, 320, 50))]]);
  const changes: string[] = [];
  const auto = new AutoDetector(prim, sec, (s) => changes.push(s.mode), OPT);
  const out = await auto.detect(IMG, OPTS);
  assert.deepEqual(
    out.map((d) => [d.label, d.score]),
    [
      ['person', 0.9],
      ['car', 0.8],
      ['car', 0.7],
    ],
  );
  await auto.detect(IMG, OPTS);
  assert.deepEqual(changes, ['fused'], 'two frames with added vehicles: both kept');
});

test('pooling: a part inside a surer vehicle box is not a second vehicle', async () => {
  const prim = new Scripted('centernet', ['car'], [[]]);
  const sec = new Scripted('ssd-oidv4', ['car'], [[det('car', 0.8, box(0, 0, 100, 60)), det('car', 0.4, box(10, 30, 50, 60))]]);
  const out = await new AutoDetector(prim, sec, undefined, OPT).detect(IMG, OPTS);
  assert.equal(out.length, 1);
  assert.equal(containment(box(0, 0, 100, 60), box(10, 30, 50, 60)), 1);
});

test('a camera whose classes hold no vehicle never runs the secondary', async () => {
  const prim = new Scripted('centernet', ['person'], [[det('person', 0.9, box(0, 0, 10, 10))]]);
  const sec = new Scripted('ssd-oidv4', ['car'], [[det('car', 0.9, box(0, 0, 10, 10))]]);
  const auto = new AutoDetector(prim, sec, undefined, OPT);
  const out = await auto.detect(IMG, { ...OPTS, classes: ['person', 'bottle'] });
  assert.deepEqual(out.map((d) => d.label), ['person']);
  assert.equal(sec.calls, 0);
  assert.deepEqual(vehicleClasses(['person', 'truck']), ['truck']);
  assert.deepEqual(vehicleClasses(['person']), []);
});
