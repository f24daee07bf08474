/**
 * Wide pictures detected in overlapping tiles. A detector scales the whole picture into its input
 * (512x288 for centernet): a panorama twice as wide as it is high is shrunk to half its height
 * there, and cars in it come out at half the size the detector saw them at on a 16:9 camera
 * (a 960x270 view of two lots side by side: ssd-oidv4 scored a car 0.17 whole, 0.65 in its tile). A picture
 * wider than `WIDE_ASPECT` is cut into two tiles that overlap by `OVERLAP` of its width, each
 * detected at the detector's full input size; the boxes are put back in picture coordinates, a box
 * cut at a tile's inner edge gives way to the other tile's view of the same thing, and the rest go
 * through the usual suppression.
 */
import { nms, overlapOfSmaller } from './postprocess.js';
import type { Detection, DetectOptions, Detector, RgbImage } from './types.js';

/** Width over height above which a picture is detected in two tiles (2:1 panoramas and wider). */
export const WIDE_ASPECT = 2.1;
/** Share of the picture's width the two tiles overlap. */
export const OVERLAP = 0.2;
/** Pixels from a tile's inner edge within which a box counts as cut there. */
const EDGE_PX = 2;

/** The columns `[x0, x1)` of a picture, as a picture of its own. */
export function cropColumns(image: RgbImage, x0: number, x1: number): RgbImage {
  const w = x1 - x0;
  const data = new Uint8Array(w * image.height * 3);
  for (let y = 0; y < image.height; y++) {
    const from = (y * image.width + x0) * 3;
    data.set(image.data.subarray(from, from + w * 3), y * w * 3);
  }
  return { width: w, height: image.height, data };
}

/** The two tiles' column ranges of a picture `width` wide: `[x0, x1)` each. */
export function tiles(width: number): [number, number][] {
  const w = Math.round(width * (1 + OVERLAP) / 2);
  return [
    [0, w],
    [width - w, width],
  ];
}

/** A detector that cuts wide pictures into two tiles (see the module note); other pictures pass through. */
export class TiledDetector implements Detector {
  /** @param base the detector that sees each tile (and every picture that is not wide) */
  constructor(readonly base: Detector) {}

  get model(): string {
    return this.base.model;
  }

  get backend(): string {
    return this.base.backend;
  }

  get labels(): readonly string[] {
    return this.base.labels;
  }

  load(): Promise<void> {
    return this.base.load();
  }

  dispose(): Promise<void> {
    return this.base.dispose();
  }

  pictureChanged(): void {
    this.base.pictureChanged?.();
  }

  async detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    if (image.width <= image.height * WIDE_ASPECT) return this.base.detect(image, opts);
    const parts: { dets: Detection[]; inner: number }[] = [];
    for (const [x0, x1] of tiles(image.width)) {
      const dets = await this.base.detect(cropColumns(image, x0, x1), opts);
      const inner = x0 === 0 ? x1 : x0;
      parts.push({ dets: dets.map((d) => ({ ...d, box: { ...d.box, x1: d.box.x1 + x0, x2: d.box.x2 + x0 } })), inner });
    }
    const kept = parts.flatMap((p, i) => p.dets.filter((d) => !cutAndSeen(d, p.inner, parts[1 - i]?.dets ?? [])));
    return nms(kept, opts.nmsIou, opts.maxDetections, opts.sameObjectIou ?? 1);
  }
}

/** Whether a box touches its tile's inner edge and the other tile has a box of its class over most of it. */
function cutAndSeen(d: Detection, inner: number, other: readonly Detection[]): boolean {
  const cut = Math.abs(d.box.x1 - inner) <= EDGE_PX || Math.abs(d.box.x2 - inner) <= EDGE_PX;
  return cut && other.some((o) => o.classId === d.classId && overlapOfSmaller(o.box, d.box) >= 0.5);
}
