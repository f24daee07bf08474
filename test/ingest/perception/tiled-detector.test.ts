/**
 * Wide pictures are detected in two overlapping tiles, each at the detector's full input: the
 * boxes come back in picture coordinates, a box cut at a tile's inner edge gives way to the other
 * tile's whole view of the thing, and pictures up to 2:1 pass through untouched.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { cropColumns, OVERLAP, TiledDetector, tiles } from '../../../ingest/perception/tiled-detector.js';
import type { Box, Detection, DetectOptions, Detector, RgbImage } from '../../../ingest/perception/types.js';

const OPTS: DetectOptions = { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 100 };

/** A picture whose red and green channels spell the column index: a tile's first column says where it was cut. */
function picture(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data[(y * width + x) * 3] = x % 256;
      data[(y * width + x) * 3 + 1] = Math.floor(x / 256);
    }
  }
  return { width, height, data };
}

/** The column of the picture a crop's first pixel came from. */
const column = (image: RgbImage): number => (image.data[0] ?? 0) + 256 * (image.data[1] ?? 0);

/**
 * A stand-in backend that "sees" a car wherever given, in the picture it is handed: the cars of
 * the whole picture (picture coordinates) that fall in the columns it received, clipped to them.
 */
class Seer implements Detector {
  readonly model = 'seer';
  readonly backend = 'test';
  readonly labels = ['car'];
  readonly seen: { width: number; first: number }[] = [];
  constructor(private readonly cars: Box[]) {}
  async load(): Promise<void> {}
  async dispose(): Promise<void> {}
  detect(image: RgbImage): Promise<Detection[]> {
    const x0 = column(image);
    this.seen.push({ width: image.width, first: x0 });
    const out: Detection[] = [];
    for (const c of this.cars) {
      const a = Math.max(c.x1, x0);
      const b = Math.min(c.x2, x0 + image.width);
      if (b - a > 4) out.push({ box: { x1: a - x0, y1: c.y1, x2: b - x0, y2: c.y2 }, score: 0.6, classId: 0, label: 'car' });
    }
    return Promise.resolve(out);
  }
}

test('the two tiles cover the picture and overlap by the set share of its width', () => {
  const [[a0, a1], [b0, b1]] = tiles(960) as [[number, number], [number, number]];
  assert.equal(a0, 0);
  assert.equal(b1, 960);
  assert.equal(a1 - b0, Math.round(960 * OVERLAP));
  const crop = cropColumns(picture(960, 4), b0, b1);
  assert.equal(crop.width, b1 - b0);
  assert.equal(column(crop), b0, 'the crop starts at its first column');
});

test('a wide picture is detected per tile; boxes come back in picture coordinates, once each', async () => {
  // one car well inside each half, one across the middle (inside the overlap: whole in both tiles)
  const cars: Box[] = [{ x1: 80, y1: 90, x2: 180, y2: 220 }, { x1: 790, y1: 50, x2: 880, y2: 160 }, { x1: 440, y1: 60, x2: 520, y2: 150 }];
  const seer = new Seer(cars);
  const dets = await new TiledDetector(seer).detect(picture(960, 270), OPTS);
  assert.deepEqual(seer.seen, [{ width: 576, first: 0 }, { width: 576, first: 384 }], 'two tiles, each 60 % of the width');
  assert.deepEqual(dets.map((d) => d.box.x1).sort((a, b) => a - b), [80, 440, 790]);
  assert.deepEqual(dets.map((d) => d.box.x2).sort((a, b) => a - b), [180, 520, 880]);
});

test('a box cut at a tile\'s inner edge gives way to the other tile\'s whole view', async () => {
  // a car from 540 to 620: cut at the left tile's edge (576), whole in the right tile (from 384)
  const seer = new Seer([{ x1: 540, y1: 60, x2: 620, y2: 150 }]);
  const dets = await new TiledDetector(seer).detect(picture(960, 270), OPTS);
  assert.equal(dets.length, 1);
  assert.deepEqual([dets[0]?.box.x1, dets[0]?.box.x2], [540, 620]);
});

test('a picture up to 2:1 goes to the backend whole', async () => {
  const seer = new Seer([{ x1: 80, y1: 90, x2: 180, y2: 220 }]);
  const dets = await new TiledDetector(seer).detect(picture(640, 360), OPTS);
  assert.deepEqual(seer.seen.map((s) => s.width), [640]);
  assert.equal(dets.length, 1);
});
