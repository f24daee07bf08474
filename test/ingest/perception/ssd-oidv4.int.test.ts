/**
 * The SSD-OIDv4 detector (TFLite from @mediapipe/objectron converted to ONNX) on real frames
 * decoded by ffmpeg: the detector conformance suite, then whole clips with expectations written
 * by looking at the frames.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { locateFfmpeg } from '../../../ingest/ffmpeg/locate.js';
import { iou } from '../../../ingest/perception/postprocess.js';
import { SsdOidv4Detector } from '../../../ingest/perception/ssd-oidv4-detector.js';
import type { Box, Detection, RgbImage } from '../../../ingest/perception/types.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';
import { assertFound, detectorConformance, options, type Scene } from './detector-conformance.js';

/** Frames of `clip` at its own size (`vf` selects them), as packed RGB. */
function frames(clip: string, width: number, height: number, args: string[]): RgbImage[] {
  const data = execFileSync(locateFfmpeg().path, ['-v', 'error', ...args.slice(0, -1), '-i', join(SHARED_VIDEOS, clip), '-vf', args.at(-1)!, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    maxBuffer: 256 << 20,
  });
  const size = width * height * 3;
  assert.ok(data.length > 0 && data.length % size === 0, `unexpected output size ${data.length}`);
  return Array.from({ length: data.length / size }, (_, i) => ({ width, height, data: new Uint8Array(data.buffer, data.byteOffset + i * size, size) }));
}
const at = (clip: string, w: number, h: number, t: number): RgbImage => frames(clip, w, h, ['-ss', String(t), 'select=eq(n\\,0)'])[0]!;

const CAR_CLIP = 'person-bicycle-car-detection.mp4';
const carFrames = frames(CAR_CLIP, 480, 270, ['null']);
// Looked at by eye (480x270): frame 12, the silver car mid-way up the lower half; frame 30, near the top left.
const CAR_AT: Record<number, Box> = { 12: { x1: 85, y1: 95, x2: 178, y2: 220 }, 30: { x1: 38, y1: 40, x2: 142, y2: 117 } };

const car: Scene = { name: `${CAR_CLIP} frame 12`, image: carFrames[12]!, known: [{ label: 'car', region: CAR_AT[12]!, minIou: 0.75 }], scoreThreshold: 0.5 };
// Three bottles on a bench at 0 s (640x360).
const BOTTLES: Box[] = [
  { x1: 56, y1: 107, x2: 122, y2: 312 },
  { x1: 288, y1: 108, x2: 346, y2: 313 },
  { x1: 510, y1: 106, x2: 572, y2: 314 },
];
const bottles: Scene = {
  name: 'bottle-detection.mp4 at 0 s',
  image: at('bottle-detection.mp4', 640, 360, 0),
  known: BOTTLES.map((region) => ({ label: 'bottle', region, minIou: 0.65 })),
  scoreThreshold: 0.5,
};
const blank: RgbImage = { width: 640, height: 360, data: new Uint8Array(640 * 360 * 3).fill(128) };

const dirs: string[] = [];
async function cacheDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'vigil-ssd-'));
  dirs.push(d);
  return d;
}
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const shared = await cacheDir();
// The model stretches frames to 300x300 (as MediaPipe feeds it), so no portrait-canvas check.
detectorConformance('ssd-oidv4 (onnx)', () => new SsdOidv4Detector({ cacheDir: shared }), { blank, scenes: [car, bottles] });

const describeDets = (d: readonly Detection[]) => d.map((x) => `${x.label} ${x.score.toFixed(2)}`).join(', ');

describe('ssd-oidv4 on whole clips', () => {
  const det = new SsdOidv4Detector({ cacheDir: shared });
  before(() => det.load());
  after(() => det.dispose());

  it('finds the overhead car in every frame of the parking-lot clip, and nothing else at 0.5', async () => {
    assert.equal(carFrames.length, 41);
    for (const [i, img] of carFrames.entries()) {
      const dets = await det.detect(img, options({ scoreThreshold: 0.5 }));
      assert.deepEqual(dets.map((d) => d.label), ['car'], `frame ${i}: ${describeDets(dets)}`);
      const known = CAR_AT[i];
      if (known) assert.ok(iou(dets[0]!.box, known) > 0.75, `frame ${i}: car box ${JSON.stringify(dets[0]!.box)}`);
    }
  });

  it('sees only bottles in the bottle clip, at least one in every frame, all three while they stand', async () => {
    // By eye: the hand lifts bottles one at a time (e.g. the right one at 32 s), so frames differ.
    const every2s = frames('bottle-detection.mp4', 640, 360, ['fps=0.5']);
    assert.ok(every2s.length >= 19);
    for (const [i, img] of every2s.entries()) {
      const dets = await det.detect(img, options({ scoreThreshold: 0.5 }));
      assert.ok(dets.length >= 1 && dets.every((d) => d.label === 'bottle'), `${2 * i} s: ${describeDets(dets)}`);
    }
    for (const img of every2s.slice(0, 3)) assertFound(await det.detect(img, options({ scoreThreshold: 0.5 })), bottles.known, 'first 4 s');
  });

  it('sees the person at the table when someone is there, and no one when the room is empty', async () => {
    // By eye on the frames ffmpeg gives at these -ss times (768x432): a person stands at the table
    // at 10, 30, 55 and 110 s; the room is empty at 0, 20, 45 and 90 s (at 70 and 120 s a leg or
    // a shoulder shows at the edge, at 85 and 135 s someone walks in or off: not empty).
    const present = [10, 30, 55, 110];
    const empty = [0, 20, 45, 90];
    const opts = options({ scoreThreshold: 0.35, classes: ['person'] });
    for (const t of present) {
      const dets = await det.detect(at('one-by-one-person-detection.mp4', 768, 432, t), opts);
      assertFound(dets, [{ label: 'person', region: { x1: 375, y1: 10, x2: 540, y2: 385 }, minIou: 0.6 }], `${t} s`);
    }
    for (const t of empty) {
      const dets = await det.detect(at('one-by-one-person-detection.mp4', 768, 432, t), opts);
      assert.deepEqual(dets, [], `${t} s: ${describeDets(dets)}`);
    }
  });

  it('reuses the cached conversion on the next load; a new cache directory converts again', async () => {
    assert.equal(det.cached, true);
    const fresh = new SsdOidv4Detector({ cacheDir: await cacheDir() });
    await fresh.load();
    assert.equal(fresh.cached, false);
    assert.deepEqual(await fresh.detect(carFrames[12]!, options()), await det.detect(carFrames[12]!, options()));
    await fresh.dispose();
  });

  it('names its labels in plain lower case, COCO names where they agree', () => {
    assert.equal(det.labels.length, 24);
    for (const l of ['person', 'car', 'bicycle', 'bottle', 'vehicle']) assert.ok(det.labels.includes(l), l);
    assert.equal(det.backend, 'onnx-cpu');
  });
});
