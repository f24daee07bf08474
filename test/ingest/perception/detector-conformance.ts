/**
 * Conformance suite every detector backend must pass. Each backend's test file calls
 * `detectorConformance()` with a factory and fixtures (images with known objects).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { iou } from '../../../ingest/perception/postprocess.js';
import type { Box, DetectOptions, Detection, Detector, RgbImage } from '../../../ingest/perception/types.js';

/** An object the detector must find, in original image pixels. */
export interface KnownObject {
  label: string;
  region: Box;
  /** Minimum IoU between the region and a detection of `label` (default 0.5). */
  minIou?: number;
}

/** A non-square image with known objects. */
export interface Scene {
  name: string;
  image: RgbImage;
  known: KnownObject[];
  /** Score threshold to find the known objects at (default 0.25). */
  scoreThreshold?: number;
}

/** Fixtures for {@link detectorConformance}. */
export interface ConformanceFixtures {
  /** An image with nothing to detect. */
  blank: RgbImage;
  /** Highest score tolerated on `blank` (default 0.3). */
  blankMaxScore?: number;
  /** At least one scene; the first is used for the option tests. */
  scenes: Scene[];
  /** Also check a scene pasted into a taller (portrait) canvas (only for models that look at pixels). */
  portrait?: boolean;
}

/** Default options: low threshold so option tests have material. */
export function options(over: Partial<DetectOptions> = {}): DetectOptions {
  return { scoreThreshold: 0.25, nmsIou: 0.5, maxDetections: 100, ...over };
}

/** Pastes `img` into a `width x height` canvas of `fill` at (dx, dy). */
export function paste(img: RgbImage, width: number, height: number, dx: number, dy: number, fill = 128): RgbImage {
  const data = new Uint8Array(width * height * 3).fill(fill);
  for (let y = 0; y < img.height; y++) {
    const src = img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3);
    data.set(src, ((y + dy) * width + dx) * 3);
  }
  return { width, height, data };
}

function shift(b: Box, dx: number, dy: number): Box {
  return { x1: b.x1 + dx, y1: b.y1 + dy, x2: b.x2 + dx, y2: b.y2 + dy };
}

function describeDets(dets: readonly Detection[]): string {
  return dets.map((d) => `${d.label} ${d.score.toFixed(2)} [${[d.box.x1, d.box.y1, d.box.x2, d.box.y2].map(Math.round).join(',')}]`).join('; ');
}

/** Asserts every known object has a matching detection. */
export function assertFound(dets: readonly Detection[], known: readonly KnownObject[], where: string): void {
  for (const k of known) {
    const best = Math.max(0, ...dets.filter((d) => d.label === k.label).map((d) => iou(d.box, k.region)));
    assert.ok(best >= (k.minIou ?? 0.5), `${where}: ${k.label} at ${JSON.stringify(k.region)} not found (best IoU ${best.toFixed(2)}); got ${describeDets(dets)}`);
  }
}

function assertWellFormed(d: Detector, dets: readonly Detection[], img: RgbImage): void {
  for (const x of dets) {
    const { x1, y1, x2, y2 } = x.box;
    assert.ok(x1 >= 0 && y1 >= 0 && x2 <= img.width && y2 <= img.height, `box outside image: ${JSON.stringify(x.box)}`);
    assert.ok(x1 < x2 && y1 < y2, `empty box ${JSON.stringify(x.box)}`);
    assert.ok(x.score >= 0 && x.score <= 1, `score ${x.score}`);
    assert.equal(x.label, d.labels[x.classId]);
  }
}

/** Registers the conformance suite for one backend. */
export function detectorConformance(name: string, make: () => Detector, fx: ConformanceFixtures): void {
  const scene = fx.scenes[0];
  if (!scene) throw new Error('detectorConformance needs at least one scene');
  const base = options({ scoreThreshold: scene.scoreThreshold ?? 0.25 });

  describe(`detector conformance: ${name}`, () => {
    it('detect before load throws a clear error', async () => {
      const d = make();
      await assert.rejects(d.detect(scene.image, base), /before load/);
      await d.dispose();
    });

    it('load and dispose are idempotent; load works again after dispose', async () => {
      const d = make();
      await Promise.all([d.load(), d.load()]);
      await d.load();
      assert.ok(d.backend.length > 0);
      await d.dispose();
      await d.dispose();
      await assert.rejects(d.detect(scene.image, base), /before load|dispose/);
      await d.load();
      assertFound(await d.detect(scene.image, base), scene.known, `${scene.name} after reload`);
      await d.dispose();
    });

    describe('loaded', () => {
      const d = make();
      let all: Detection[] = [];
      before(async () => {
        await d.load();
        all = await d.detect(scene.image, base);
      });
      after(() => d.dispose());

      it('has labels', () => {
        assert.ok(d.labels.length > 0);
        for (const l of d.labels) assert.ok(typeof l === 'string' && l.length > 0);
      });

      it('finds little or nothing on a blank image', async () => {
        const dets = await d.detect(fx.blank, options({ scoreThreshold: 0.05 }));
        const max = fx.blankMaxScore ?? 0.3;
        assert.ok(dets.every((x) => x.score < max), `blank image: ${describeDets(dets)}`);
      });

      for (const s of fx.scenes) {
        it(`finds the known objects in ${s.name} in original pixels (${s.image.width}x${s.image.height})`, async () => {
          assert.notEqual(s.image.width, s.image.height, 'scenes must be non-square');
          const dets = await d.detect(s.image, options({ scoreThreshold: s.scoreThreshold ?? 0.25 }));
          assertWellFormed(d, dets, s.image);
          assertFound(dets, s.known, s.name);
        });
      }

      if (fx.portrait) {
        it('maps boxes back from a portrait canvas', async () => {
          const h = Math.round(scene.image.height * 2.5);
          const dy = Math.round(scene.image.height * 0.8);
          const img = paste(scene.image, scene.image.width, h, 0, dy);
          const dets = await d.detect(img, base);
          assertWellFormed(d, dets, img);
          assertFound(dets, scene.known.map((k) => ({ ...k, region: shift(k.region, 0, dy) })), `${scene.name} in portrait`);
        });
      }

      it('returns well-formed boxes and scores with class-aware NMS applied', () => {
        assert.ok(all.length > 0);
        assertWellFormed(d, all, scene.image);
        for (const [i, a] of all.entries()) {
          for (const b of all.slice(i + 1)) {
            if (a.classId === b.classId) assert.ok(iou(a.box, b.box) <= base.nmsIou, `overlap: ${describeDets([a, b])}`);
          }
        }
      });

      it('honours the class filter', async () => {
        const label = scene.known[0]!.label;
        const only = await d.detect(scene.image, { ...base, classes: [label] });
        assert.ok(only.length > 0 && only.every((x) => x.label === label));
        assert.equal(only.length, all.filter((x) => x.label === label).length);
        assert.deepEqual(await d.detect(scene.image, { ...base, classes: ['no such class'] }), []);
      });

      it('honours per-class thresholds', async () => {
        const label = scene.known[0]!.label;
        const mine = all.filter((x) => x.label === label).map((x) => x.score);
        const limit = Math.max(...mine) + 1e-3;
        const dets = await d.detect(scene.image, { ...base, classThresholds: { [label]: limit } });
        assert.ok(dets.every((x) => x.label !== label), describeDets(dets));
        assert.equal(dets.length, all.length - mine.length);
        const lower = await d.detect(scene.image, { ...base, classThresholds: { [label]: Math.min(...mine) } });
        assert.ok(lower.filter((x) => x.label === label).length >= 1);
      });

      it('honours maxDetections', async () => {
        const one = await d.detect(scene.image, { ...base, maxDetections: 1 });
        assert.equal(one.length, 1);
        assert.equal(one[0]!.score, Math.max(...all.map((x) => x.score)));
        assert.deepEqual(await d.detect(scene.image, { ...base, maxDetections: 0 }), []);
      });

      it('serialises concurrent detect calls with the same results', async () => {
        const many = await Promise.all([1, 2, 3].map(() => d.detect(scene.image, base)));
        for (const r of many) assert.deepEqual(r, all);
      });
    });
  });
}
