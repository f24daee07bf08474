/** The fusion and crop helpers of bench/detector-fusion.ts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CountScore, cropRgb, fromCrop, fuseDetections, regionAround, TRUTH_CLIPS } from '../../bench/detector-regions.js';
import type { Box, Detection } from '../../ingest/perception/types.js';

const det = (label: string, score: number, box: Box): Detection => ({ label, score, classId: 0, box });
const B = { x1: 10, y1: 10, x2: 110, y2: 60 };

describe('fuseDetections', () => {
  it('keeps one box per object across models when the labels share a group (car and vehicle)', () => {
    const fused = fuseDetections([[det('car', 0.6, B)], [det('vehicle', 0.8, { ...B, x1: 12 })]]);
    assert.deepEqual(
      fused.map((d) => [d.label, d.score]),
      [['vehicle', 0.8]],
    );
  });

  it('keeps overlapping boxes of different groups and separate boxes of one group', () => {
    const fused = fuseDetections([[det('person', 0.5, B), det('car', 0.9, { x1: 300, y1: 10, x2: 400, y2: 60 })], [det('bicycle', 0.7, B), det('person', 0.4, { x1: 200, y1: 0, x2: 240, y2: 90 })]]);
    assert.deepEqual(fused.map((d) => d.label).sort(), ['bicycle', 'car', 'person', 'person']);
  });
});

describe('regionAround', () => {
  const o = { pad: 0.1, minWidth: 64, minHeight: 36, aspect: 16 / 9 };
  it('pads the union of the boxes and widens it to the aspect ratio, inside the frame', () => {
    const r = regionAround([{ x1: 100, y1: 100, x2: 140, y2: 200 }, { x1: 150, y1: 150, x2: 160, y2: 180 }], 640, 360, o)!;
    const [w, h] = [r.x2 - r.x1, r.y2 - r.y1];
    assert.ok(Math.abs(w / h - 16 / 9) < 0.02, `${w}x${h}`);
    assert.equal(h, 120);
    assert.ok(r.x1 <= 100 && r.x2 >= 160 && r.y1 <= 100 && r.y2 >= 200, JSON.stringify(r));
  });

  it('shifts a crop at the edge back inside, clamps one larger than the frame, and is null without boxes', () => {
    const edge = regionAround([{ x1: 0, y1: 0, x2: 20, y2: 20 }], 640, 360, o)!;
    assert.deepEqual(edge, { x1: 0, y1: 0, x2: 64, y2: 36 });
    assert.deepEqual(regionAround([{ x1: 0, y1: 0, x2: 640, y2: 360 }], 640, 360, o), { x1: 0, y1: 0, x2: 640, y2: 360 });
    assert.equal(regionAround([], 640, 360, o), null);
  });
});

it('cropRgb and fromCrop: a crop holds the region pixels and boxes found in it map back to the frame', () => {
  const img = { width: 4, height: 3, data: Uint8Array.from({ length: 36 }, (_, i) => i) };
  const c = cropRgb(img, { x1: 1, y1: 1, x2: 3, y2: 3 });
  assert.deepEqual([...c.data], [15, 16, 17, 18, 19, 20, 27, 28, 29, 30, 31, 32]);
  assert.deepEqual(fromCrop([det('bottle', 0.5, { x1: 0, y1: 0, x2: 1, y2: 1 })], { x1: 1, y1: 1, x2: 3, y2: 3 })[0]!.box, { x1: 1, y1: 1, x2: 2, y2: 2 });
});

it('CountScore counts labels by group against the truth, and the truth leaves arrivals out', () => {
  const s = new CountScore();
  s.add([det('vehicle', 0.9, B), det('person', 0.9, B)], { car: 1, person: 2 });
  s.add([det('truck', 0.9, B)], { car: 1 });
  assert.deepEqual(s.summary(), { frames: 2, exact_pct: 50, mean_abs_error: 0.5 });
  const aisle = TRUTH_CLIPS.find((c) => c.file.startsWith('store-aisle'))!;
  assert.deepEqual([aisle.truth(0.5), aisle.truth(1.5), aisle.truth(3)], [{ person: 2 }, undefined, { person: 3 }]);
});
