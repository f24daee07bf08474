/**
 * Orientation: the pixel turns, zones and lines placed on the turned picture, the `auto` choice as
 * a state machine, and the pipeline probing and turning over a scripted detector (the real model on
 * turned recordings: test/edge/orientation.int.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OrientationChoice, viewScore, type ProbedOrientation, type ViewScore } from '../../../ingest/perception/orientation-choice.js';
import { turnImage, turnLines, turnPixels, turnPoint, turnZones } from '../../../ingest/perception/orientation.js';
import { CameraPerception } from '../../../ingest/perception/pipeline.js';
import type { Detection, DetectOptions, Detector, RgbImage } from '../../../ingest/perception/types.js';
import type { Frame } from '../../../ingest/types.js';

/** A 3x2 picture whose pixel (x, y) is [10y + x, 100 + 10y + x, 200 + 10y + x]. */
function grid(): RgbImage {
  const data = new Uint8Array(3 * 2 * 3);
  for (let y = 0; y < 2; y++) for (let x = 0; x < 3; x++) data.set([10 * y + x, 100 + 10 * y + x, 200 + 10 * y + x], (y * 3 + x) * 3);
  return { width: 3, height: 2, data };
}

/** The (x, y) the pixel at `at` of a turned grid came from. */
function from(img: RgbImage, x: number, y: number): [number, number] {
  const i = (y * img.width + x) * 3;
  const v = img.data[i] ?? -1;
  assert.equal(img.data[i + 1], v + 100, 'the pixel moves whole');
  assert.equal(img.data[i + 2], v + 200);
  return [v % 10, Math.floor(v / 10)];
}

test('rotate180, vflip and hflip move each pixel where it belongs; upright is the picture itself', () => {
  const g = grid();
  const before = Uint8Array.from(g.data);
  const r = turnImage(g, 'rotate180');
  assert.deepEqual(from(r, 0, 0), [2, 1]);
  assert.deepEqual(from(r, 2, 1), [0, 0]);
  assert.deepEqual(from(r, 1, 0), [1, 1]);
  const v = turnImage(g, 'vflip');
  assert.deepEqual(from(v, 0, 0), [0, 1]);
  assert.deepEqual(from(v, 2, 1), [2, 0]);
  const h = turnImage(g, 'hflip');
  assert.deepEqual(from(h, 0, 0), [2, 0]);
  assert.deepEqual(from(h, 0, 1), [2, 1]);
  assert.deepEqual(from(h, 1, 1), [1, 1]);
  assert.equal(turnImage(g, 'upright'), g);
  assert.deepEqual(g.data, before, 'the picture as it came is left as it was');
  // turning twice gives the picture back
  for (const o of ['rotate180', 'vflip', 'hflip'] as const) assert.deepEqual(turnImage(turnImage(g, o), o).data, g.data, o);
});

test('quarter turns swap width and height, move each pixel where turnPoint puts it, and four give the picture back', () => {
  const g = grid();
  const cw = turnImage(g, 'rotate90');
  assert.deepEqual([cw.width, cw.height], [2, 3]);
  // clockwise: the top-left corner goes to the top-right, the bottom-left to the top-left
  assert.deepEqual(from(cw, 1, 0), [0, 0]);
  assert.deepEqual(from(cw, 0, 0), [0, 1]);
  assert.deepEqual(from(cw, 0, 2), [2, 1]);
  const ccw = turnImage(g, 'rotate270');
  assert.deepEqual([ccw.width, ccw.height], [2, 3]);
  assert.deepEqual(from(ccw, 0, 2), [0, 0], 'anticlockwise: the top-left corner goes to the bottom-left');
  assert.deepEqual(from(ccw, 1, 0), [2, 1]);
  for (const o of ['rotate90', 'rotate270'] as const) {
    // a pixel's centre, normalised, lands where turnPoint says
    const t = turnImage(g, o);
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        const [sx, sy] = from(t, x, y);
        const [px, py] = turnPoint([(sx + 0.5) / g.width, (sy + 0.5) / g.height], o);
        assert.deepEqual([Math.round(px * t.width - 0.5) + 0, Math.round(py * t.height - 0.5) + 0], [x, y], `${o} (${sx}, ${sy})`);
      }
    }
    let back: RgbImage = g;
    for (let k = 0; k < 4; k++) back = turnImage(back, o);
    assert.deepEqual([back.width, back.height, back.data], [g.width, g.height, g.data], o);
  }
  assert.deepEqual(turnImage(turnImage(g, 'rotate90'), 'rotate270').data, g.data, 'the one undoes the other');
});

test('a camera on its side: a quarter turn that clearly wins is chosen over upright and the half turns', () => {
  const c = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) c.record(score(0.3, 0.4, 0.4, [1, 1, 1], [0.3, 2.1]));
  assert.equal(c.apply(true), true);
  assert.equal(c.orientation, 'rotate270');
  assert.match(c.status().reason, /rotate270 clearly beat upright/);
  const kept = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) kept.record(score(1.2, 0.3, 0.3, [2, 1, 1], [1.3, 0.2]));
  assert.equal(kept.waiting, false, 'a quarter turn that does not clearly beat upright is not taken');
  assert.equal(kept.orientation, 'upright');
  // an empty scene on its side turned the wrong way: odd shapes (clocks, scissors) score, but no person or thing a camera watches
  const odd = new OrientationChoice('auto', false, OPT);
  const shapes = (): Record<ProbedOrientation, ViewScore> => ({ ...score(0.3, 0.3, 0.3, [1, 1, 1]), rotate270: { score: 1.2, count: 3 } });
  for (let i = 0; i < 4; i++) odd.record(shapes());
  assert.equal(odd.waiting, false, 'no quarter turn on shapes that are not subjects');
  assert.deepEqual(viewScore([{ label: 'scissors', score: 0.5 }, { label: 'person', score: 0.6 }, { label: 'tv', score: 0.9 }]), { score: 1.1, count: 2, subjects: 0.6 }, 'a fixture scores nothing; a person is a subject');
});

test('a frame stays a frame: its Buffer stays a Buffer and its other fields are kept', () => {
  const g = grid();
  const f: Frame = { camera: 'c', seq: 7, ts: 1000, width: 3, height: 2, data: Buffer.from(g.data) };
  const t = turnImage(f, 'rotate180');
  assert.ok(Buffer.isBuffer(t.data));
  assert.equal(t.seq, 7);
  assert.equal(t.ts, 1000);
  assert.notEqual(t.data, f.data);
  const out = new Uint8Array(18);
  assert.equal(turnPixels(g.data, 3, 2, 'vflip', out), out);
});

test('zones and lines drawn on the picture as it comes are placed on the turned picture; a mirror keeps "forward"', () => {
  assert.deepEqual(turnPoint([0.25, 0.1], 'rotate180'), [0.75, 0.9]);
  assert.deepEqual(turnPoint([0.25, 0.1], 'vflip'), [0.25, 0.9]);
  assert.deepEqual(turnPoint([0.25, 0.1], 'hflip'), [0.75, 0.1]);
  const [z] = turnZones([{ id: 'a', polygon: [[0, 0], [0.5, 0], [0.5, 0.5]] }], 'rotate180');
  assert.deepEqual(z?.polygon, [[1, 1], [0.5, 1], [0.5, 0.5]]);
  const line = { id: 'l', from: [0.5, 0] as [number, number], to: [0.5, 1] as [number, number] };
  assert.deepEqual(turnLines([line], 'rotate180')[0], { id: 'l', from: [0.5, 1], to: [0.5, 0] }, 'a rotation turns the line with the picture');
  assert.deepEqual(turnLines([line], 'hflip')[0], { id: 'l', from: [0.5, 1], to: [0.5, 0] }, 'a mirror swaps the ends: the sides swapped too');
  assert.deepEqual(turnLines([line], 'vflip')[0], { id: 'l', from: [0.5, 0], to: [0.5, 1] });
});

const score = (upright: number, rotate180: number, vflip: number, counts: [number, number, number] = [Math.ceil(upright), Math.ceil(rotate180), Math.ceil(vflip)], quarters: [number, number] = [0, 0]): Record<ProbedOrientation, ViewScore> => ({
  upright: { score: upright, count: counts[0] },
  rotate180: { score: rotate180, count: counts[1] },
  vflip: { score: vflip, count: counts[2] },
  rotate90: { score: quarters[0], count: Math.ceil(quarters[0]), subjects: quarters[0] },
  rotate270: { score: quarters[1], count: Math.ceil(quarters[1]), subjects: quarters[1] },
});
const OPT = { frames: 4, maxFrames: 10, ratio: 1.5, minScore: 0.3, waitFrames: 3 };

test('a turned picture that clearly wins is chosen, once, and kept', () => {
  const c = new OrientationChoice('auto', false, OPT);
  assert.equal(c.probing, true);
  const made: boolean[] = [];
  for (let i = 0; i < 4; i++) made.push(c.record(score(0.4, 1.4, 1.3, [1, 3, 3])));
  assert.deepEqual(made, [false, false, false, true]);
  assert.equal(c.probing, false);
  assert.equal(c.waiting, true, 'the turn waits for a frame on which nothing is counted');
  assert.equal(c.orientation, 'upright');
  assert.equal(c.apply(true), true);
  assert.equal(c.orientation, 'rotate180');
  assert.equal(c.record(score(5, 0, 0)), false, 'chosen for the run');
  const s = c.status();
  assert.equal(s.mode, 'chosen');
  assert.deepEqual(s.scores, { upright: 1.6, rotate180: 5.6, vflip: 5.2, rotate90: 0, rotate270: 0 });
  assert.equal(s.warning, undefined);
  assert.match(s.reason, /rotate180 clearly beat upright/);
});

test('the first frame that saw anything, seen only turned (two things or more): turned at once; one thing is no proof', () => {
  const c = new OrientationChoice('auto', false, OPT);
  assert.equal(c.record(score(0, 0, 0, [0, 0, 0])), false, 'nothing seen: probing on');
  assert.equal(c.record(score(0, 1.2, 1.1, [0, 3, 3])), true, 'decided on the first frame that saw anything');
  assert.equal(c.waiting, true);
  assert.equal(c.apply(true), true);
  assert.equal(c.orientation, 'rotate180');
  // upright saw something too, or the turned picture only one thing: the probe goes on
  const d = new OrientationChoice('auto', false, OPT);
  assert.equal(d.record(score(0.4, 1.2, 1.1, [1, 3, 3])), false);
  const e = new OrientationChoice('auto', false, OPT);
  assert.equal(e.record(score(0, 0.9, 0.8, [0, 1, 1])), false);
});

test('a chosen turn waits while something is counted, at most waitFrames detected frames', () => {
  const c = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) c.record(score(0, 2, 0, [0, 3, 0]));
  assert.deepEqual([c.apply(false), c.apply(false), c.apply(false)], [false, false, false]);
  assert.equal(c.status().mode, 'waiting');
  assert.equal(c.apply(false), true, 'bounded');
  assert.equal(c.orientation, 'rotate180');
  assert.equal(c.status().mode, 'chosen');
});

test('rotate180 and vflip about even (a mirror image): rotate180; vflip only when it clearly beats rotate180', () => {
  const even = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) even.record(score(0, 1.3, 1.5, [0, 3, 3]));
  even.apply(true);
  assert.equal(even.orientation, 'rotate180');
  const v = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) v.record(score(0.3, 0.3, 1.5, [1, 1, 3]));
  v.apply(true);
  assert.equal(v.orientation, 'vflip');
});

test('a tie, a turned picture not clearly better, or one with fewer detections on most frames stays upright', () => {
  const tie = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) tie.record(score(1, 1, 1, [2, 2, 2]));
  assert.equal(tie.orientation, 'upright');
  assert.equal(tie.probing, false);
  const close = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 4; i++) close.record(score(1, 1.4, 0, [2, 3, 0]));
  assert.equal(close.orientation, 'upright', '1.4x is not clearly better');
  // the turned score comes from one frame: more detections on one frame of four is not most
  const once = new OrientationChoice('auto', false, OPT);
  once.record(score(0.5, 9, 0, [1, 12, 0]));
  for (let i = 0; i < 3; i++) once.record(score(0.5, 0.5, 0, [1, 1, 0]));
  assert.equal(once.orientation, 'upright');
  assert.match(once.status().reason, /upright not clearly beaten/);
});

test('nothing seen: the probe goes on, bounded, and the picture stays as it comes', () => {
  const c = new OrientationChoice('auto', false, OPT);
  for (let i = 0; i < 9; i++) assert.equal(c.record(score(0, 0, 0)), false);
  assert.equal(c.probing, true, 'still probing while nothing was seen');
  assert.equal(c.record(score(0, 0, 0)), true, 'maxFrames bounds the probe');
  assert.equal(c.orientation, 'upright');
  assert.match(c.status().reason, /nothing seen/);
});

test('a camera with zones or lines is never turned by auto: upright, with a warning naming the setting', () => {
  const c = new OrientationChoice('auto', true, OPT);
  for (let i = 0; i < 4; i++) c.record(score(0.3, 1.5, 1.4, [1, 3, 3]));
  assert.equal(c.orientation, 'upright');
  const s = c.status();
  assert.equal(s.mode, 'chosen');
  assert.match(s.warning ?? '', /looks turned.*orientation: rotate180/);
});

test('a pinned orientation never probes', () => {
  const c = new OrientationChoice('vflip', false, OPT);
  assert.equal(c.probing, false);
  assert.equal(c.orientation, 'vflip');
  assert.equal(c.record(score(5, 0, 0)), false);
  assert.equal(c.status().mode, 'pinned');
  assert.equal(c.apply(true), false);
});

test('viewScore sums the scores from minScore, of every class but the fixtures of a scene', () => {
  assert.deepEqual(viewScore([{ score: 0.5, label: 'person' }, { score: 0.29, label: 'bottle' }, { score: 0.3, label: 'dog' }]), { score: 0.8, count: 2, subjects: 0.5 });
  // a monitor a little surer upside down says nothing of how the camera hangs
  assert.deepEqual(viewScore([{ score: 0.43, label: 'laptop' }, { score: 0.4, label: 'tv' }, { score: 0.35, label: 'chair' }]), { score: 0, count: 0 });
});

// ---- the pipeline over a scripted detector ----

const W = 32;
const H = 18;
/** A grey frame with a bright 4x4 mark in its bottom-right corner: the camera's picture upside down. */
function turnedFrame(ts: number): Frame {
  const data = Buffer.alloc(W * H * 3, 60);
  for (let y = H - 4; y < H; y++) for (let x = W - 4; x < W; x++) data.fill(250, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { camera: 'c', seq: ts, ts, width: W, height: H, data };
}

/** Sees two bottles when the mark is in the top-left corner (the picture upright), a weak "umbrella" otherwise. */
class MarkDetector implements Detector {
  readonly model = 'mark';
  readonly backend = 'test';
  readonly labels = ['bottle', 'umbrella'];
  readonly calls: { upright: boolean; probe: boolean }[] = [];
  changed = 0;
  async load(): Promise<void> {}
  async dispose(): Promise<void> {}
  pictureChanged(): void {
    this.changed++;
  }
  detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    const upright = (image.data[0] ?? 0) > 200;
    this.calls.push({ upright, probe: opts.probe === true });
    if (!upright) return Promise.resolve([{ label: 'umbrella', score: 0.32, classId: 1, box: { x1: 10, y1: 2, x2: 14, y2: 10 } }]);
    return Promise.resolve([
      { label: 'bottle', score: 0.8, classId: 0, box: { x1: 2, y1: 6, x2: 6, y2: 16 } },
      { label: 'bottle', score: 0.7, classId: 0, box: { x1: 20, y1: 6, x2: 24, y2: 16 } },
    ]);
  }
}

const DETECT: DetectOptions = { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 10 };

test('auto probes the first detected frames in three orientations, turns an upside-down camera, and only then runs once per frame', async () => {
  const det = new MarkDetector();
  const chosen: string[] = [];
  const p = new CameraPerception({ camera: 'c', detector: det, detect: DETECT, gate: false, keyframes: false, orientation: 'auto', orientationProbe: OPT, onOrientation: (s) => chosen.push(s.orientation) });
  const counts: number[] = [];
  for (let i = 0; i < 8; i++) {
    const out = await p.process(turnedFrame(1000 + i * 500));
    const f = out.find((o) => o.kind === 'frame');
    counts.push(f?.kind === 'frame' ? (f.counts.bottle ?? 0) : -1);
  }
  assert.deepEqual(chosen, ['rotate180'], 'told once');
  assert.equal(p.orientationStatus().orientation, 'rotate180');
  assert.equal(det.calls.length, 4 * 5 + 4, 'five runs per probed frame, then one');
  assert.deepEqual(det.calls.slice(0, 5).map((c) => c.probe), [false, true, true, true, true], 'the turned runs are marked as probes');
  assert.ok(det.calls.slice(20).every((c) => c.upright && !c.probe), 'after the choice the detector sees the turned picture');
  assert.equal(det.changed, 1, 'the detector is told the picture changed');
  assert.equal(counts[7], 2, `the bottles of the turned picture are counted: ${counts.join(' ')}`);
  const pic = p.lastPicture;
  assert.ok(pic && (pic.data[0] ?? 0) > 200, 'the frame perception keeps (thumbnails, snapshots) is the turned one');
});

test('the default (no orientation) and a pinned upright camera run the detector once per frame on the picture as it comes', async () => {
  for (const orientation of [undefined, 'upright'] as const) {
    const det = new MarkDetector();
    const p = new CameraPerception({ camera: 'c', detector: det, detect: DETECT, gate: false, keyframes: false, ...(orientation ? { orientation } : {}) });
    for (let i = 0; i < 6; i++) await p.process(turnedFrame(1000 + i * 500));
    assert.equal(det.calls.length, 6);
    assert.ok(det.calls.every((c) => !c.upright && !c.probe));
    assert.equal(p.orientationStatus().orientation, 'upright');
  }
});

test('a pinned rotate180 camera sees the turned picture from its first frame, and its zones follow the picture as it came', async () => {
  const det = new MarkDetector();
  // a zone drawn over the left half of the picture as it comes is the right half once turned
  const p = new CameraPerception({ camera: 'c', detector: det, detect: DETECT, gate: false, keyframes: false, orientation: 'rotate180', zones: [{ id: 'right', polygon: [[0, 0], [0.5, 0], [0.5, 1], [0, 1]] }] });
  let occupancy: Record<string, number> = {};
  for (let i = 0; i < 4; i++) {
    const out = await p.process(turnedFrame(1000 + i * 500));
    const f = out.find((o) => o.kind === 'frame');
    if (f?.kind === 'frame') occupancy = f.occupancy;
  }
  assert.equal(det.calls.length, 4);
  assert.ok(det.calls.every((c) => c.upright));
  assert.equal(p.orientationStatus().mode, 'pinned');
  assert.equal(occupancy.right, 1, `the bottle on the turned picture's right half is in the zone: ${JSON.stringify(occupancy)}`);
  assert.deepEqual(p.geometry.zones[0]?.polygon, [[0, 0], [0.5, 0], [0.5, 1], [0, 1]], 'zones read back as drawn');
});

test('auto on a camera with zones keeps the picture as it comes and says it looks turned', async () => {
  const det = new MarkDetector();
  const told: { orientation: string; warning?: string }[] = [];
  const p = new CameraPerception({ camera: 'c', detector: det, detect: DETECT, gate: false, keyframes: false, orientation: 'auto', orientationProbe: OPT, zones: [{ id: 'z', polygon: [[0, 0], [1, 0], [1, 1]] }], onOrientation: (s) => told.push(s) });
  for (let i = 0; i < 6; i++) await p.process(turnedFrame(1000 + i * 500));
  assert.equal(told.length, 1);
  assert.equal(told[0]?.orientation, 'upright');
  assert.match(told[0]?.warning ?? '', /orientation: rotate180/);
  assert.equal(det.changed, 0);
  assert.ok(det.calls.slice(20).every((c) => !c.upright));
});

test('a chosen turn waits while something is tracked on the picture as it comes (no visit cut in two), then turns', async () => {
  // the picture as it comes shows a sure "parking meter" (tracked) on the first 6 frames, then nothing
  class Tracked extends MarkDetector {
    n = 0;
    override detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
      const upright = (image.data[0] ?? 0) > 200;
      if (upright || opts.probe) return super.detect(image, opts);
      this.calls.push({ upright, probe: false });
      return Promise.resolve(this.n++ < 6 ? [{ label: 'umbrella', score: 0.6, classId: 1, box: { x1: 10, y1: 2, x2: 14, y2: 10 } }] : []);
    }
  }
  const det = new Tracked();
  const p = new CameraPerception({ camera: 'c', detector: det, detect: DETECT, gate: false, keyframes: false, orientation: 'auto', orientationProbe: { ...OPT, waitFrames: 50 } });
  const modes: string[] = [];
  for (let i = 0; i < 30; i++) {
    await p.process(turnedFrame(1000 + i * 500));
    modes.push(p.orientationStatus().mode);
  }
  assert.equal(modes[3], 'waiting', 'chosen on the 4th probed frame, not applied while the meter is tracked');
  assert.equal(modes[29], 'chosen');
  const turnedAt = modes.indexOf('chosen');
  assert.ok(turnedAt > 6, `turned once the meter's track ended, at frame ${turnedAt}`);
  assert.equal(p.orientationStatus().orientation, 'rotate180');
  assert.equal(det.changed, 1);
});
