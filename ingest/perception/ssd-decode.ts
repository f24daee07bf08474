/**
 * Anchors and box decoding of MediaPipe's SSD detectors (the `SsdAnchorsCalculator` and
 * `TensorsToDetectionsCalculator` algorithms), with the options of the Open Images v4
 * SSD-MobileNetV2 that `@mediapipe/objectron` ships.
 */
import type { Candidate } from './postprocess.js';

/** Options of MediaPipe's `SsdAnchorsCalculator` (the fields this model sets). */
export interface SsdAnchorOptions {
  inputWidth: number;
  inputHeight: number;
  minScale: number;
  maxScale: number;
  anchorOffsetX: number;
  anchorOffsetY: number;
  /** One stride per layer; feature maps are `ceil(input / stride)`. */
  strides: readonly number[];
  aspectRatios: readonly number[];
  /** Lowest layer uses 3 fixed anchors (scale 0.1 at 1:1, then 2:1 and 1:2). */
  reduceBoxesInLowestLayer: boolean;
  /** Extra anchor between this scale and the next, at this aspect ratio (0 = none). */
  interpolatedScaleAspectRatio: number;
}

/** Options of MediaPipe's `TensorsToDetectionsCalculator` (the fields this model sets). */
export interface SsdDecodeOptions {
  numClasses: number;
  numBoxes: number;
  xScale: number;
  yScale: number;
  wScale: number;
  hScale: number;
  /** Box sizes are `exp(raw / scale) * anchor` rather than `raw / scale * anchor`. */
  applyExponentialOnBoxSize: boolean;
  /** Class ids never reported (0 = background). */
  ignoreClasses: readonly number[];
  /** MediaPipe's own minimum score (callers pass their own threshold). */
  minScoreThresh: number;
}

/**
 * Options of the SSD-MobileNetV2 OIDv4 detector, as `@mediapipe/objectron` (0.4.1675468480)
 * configures it. They are not in `objectron.binarypb` (which holds only the top-level graph:
 * `ObjectronGpuSubgraph` with allowed labels "Footwear, Coffee cup, Mug, Chair, Camera") but in
 * the `ObjectDetectionOidV4Subgraph` CalculatorGraphConfig serialised inside
 * `objectron_solution_wasm_bin.wasm` (near byte 6,115,400; the same bytes are in the SIMD build).
 * Decoded by hand from its protobuf:
 * - `ImageToTensorCalculator`: output 300x300, keep_aspect_ratio false (the frame is stretched),
 *   float range [-1, 1].
 * - `SsdAnchorsCalculator`: input 300x300, min_scale 0.2, max_scale 0.95, anchor_offset 0.5/0.5,
 *   num_layers 6, strides 16, 32, 64, 128, 256, 512, aspect_ratios 1, 2, 0.5, 3, 0.3333,
 *   reduce_boxes_in_lowest_layer true (interpolated_scale_aspect_ratio left at its default 1).
 * - `TensorsToDetectionsCalculator`: num_classes 24, num_boxes 1917, num_coords 4, x_scale 10,
 *   y_scale 10, w_scale 5, h_scale 5, ignore_classes 0, apply_exponential_on_box_size true,
 *   sigmoid_score true, min_score_thresh 0.5 (box order y, x, h, w: reverse_output_order unset).
 * - `NonMaxSuppressionCalculator`: max_num_detections 100, min_suppression_threshold 0.5,
 *   overlap_type INTERSECTION_OVER_UNION.
 * - labels: `object_detection_oidv4_labelmap.txt` (24 lines, `???` first).
 * `test/ingest/perception/ssd-oidv4.test.ts` re-reads these from the wasm and checks them.
 */
export const OIDV4_SSD = {
  input: { width: 300, height: 300, range: [-1, 1] as const },
  anchors: {
    inputWidth: 300,
    inputHeight: 300,
    minScale: 0.2,
    maxScale: 0.95,
    anchorOffsetX: 0.5,
    anchorOffsetY: 0.5,
    strides: [16, 32, 64, 128, 256, 512],
    aspectRatios: [1, 2, 0.5, 3, 0.3333],
    reduceBoxesInLowestLayer: true,
    interpolatedScaleAspectRatio: 1,
  } satisfies SsdAnchorOptions,
  decode: {
    numClasses: 24,
    numBoxes: 1917,
    xScale: 10,
    yScale: 10,
    wScale: 5,
    hScale: 5,
    applyExponentialOnBoxSize: true,
    ignoreClasses: [0],
    minScoreThresh: 0.5,
  } satisfies SsdDecodeOptions,
  nmsIou: 0.5,
  maxDetections: 100,
};

/** Anchors as flat arrays: centre x, centre y, width, height, all normalised 0..1. */
export interface SsdAnchors {
  count: number;
  /** `4 * count` values: cx, cy, w, h per anchor. */
  data: Float32Array;
}

function layerScale(o: SsdAnchorOptions, i: number): number {
  const n = o.strides.length;
  return n === 1 ? (o.minScale + o.maxScale) / 2 : o.minScale + ((o.maxScale - o.minScale) * i) / (n - 1);
}

/** Generates the anchors the way MediaPipe's `SsdAnchorsCalculator` does (no fixed anchor size). */
export function ssdAnchors(o: SsdAnchorOptions): SsdAnchors {
  const out: number[] = [];
  const n = o.strides.length;
  let layer = 0;
  while (layer < n) {
    const ratios: number[] = [];
    const scales: number[] = [];
    let last = layer;
    // Layers sharing a stride share one feature map; their anchors interleave per cell.
    while (last < n && o.strides[last] === o.strides[layer]) {
      const scale = layerScale(o, last);
      if (last === 0 && o.reduceBoxesInLowestLayer) {
        ratios.push(1, 2, 0.5);
        scales.push(0.1, scale, scale);
      } else {
        for (const r of o.aspectRatios) {
          ratios.push(r);
          scales.push(scale);
        }
        if (o.interpolatedScaleAspectRatio > 0) {
          const next = last === n - 1 ? 1 : layerScale(o, last + 1);
          scales.push(Math.sqrt(scale * next));
          ratios.push(o.interpolatedScaleAspectRatio);
        }
      }
      last++;
    }
    const stride = o.strides[layer]!;
    const fh = Math.ceil(o.inputHeight / stride);
    const fw = Math.ceil(o.inputWidth / stride);
    for (let y = 0; y < fh; y++) {
      for (let x = 0; x < fw; x++) {
        for (let k = 0; k < ratios.length; k++) {
          const sq = Math.sqrt(ratios[k]!);
          out.push((x + o.anchorOffsetX) / fw, (y + o.anchorOffsetY) / fh, scales[k]! * sq, scales[k]! / sq);
        }
      }
    }
    layer = last;
  }
  return { count: out.length / 4, data: Float32Array.from(out) };
}

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-v));

/**
 * Decodes raw SSD outputs into candidates in normalised 0..1 coordinates (x right, y down):
 * per box the best class (skipping ignored classes) by sigmoid score, kept when it reaches that
 * class's threshold (`thresholds[classId]`; `Infinity` excludes a class).
 * @param boxes `[numBoxes, 4]` raw y, x, h, w offsets
 * @param logits `[numBoxes, numClasses]` class logits
 */
export function decodeSsd(boxes: ArrayLike<number>, logits: ArrayLike<number>, anchors: SsdAnchors, o: SsdDecodeOptions, thresholds: Float64Array): Candidate[] {
  const nc = o.numClasses;
  if (boxes.length !== anchors.count * 4 || logits.length !== anchors.count * nc) {
    throw new Error(`SSD outputs do not match ${anchors.count} anchors x ${nc} classes`);
  }
  const ignored = new Set(o.ignoreClasses);
  // Compare logits against each class's threshold mapped through the inverse sigmoid.
  const logitMin = Array.from({ length: nc }, (_, c) => {
    const t = thresholds[c] ?? Infinity;
    if (ignored.has(c) || !(t <= 1)) return Infinity;
    return t <= 0 ? -Infinity : Math.log(t / (1 - t));
  });
  const a = anchors.data;
  const out: Candidate[] = [];
  for (let i = 0; i < anchors.count; i++) {
    let best = -Infinity;
    let cls = -1;
    for (let c = 0; c < nc; c++) {
      const v = logits[i * nc + c]!;
      if (v >= logitMin[c]! && v > best) {
        best = v;
        cls = c;
      }
    }
    if (cls < 0) continue;
    const [acx, acy, aw, ah] = [a[4 * i]!, a[4 * i + 1]!, a[4 * i + 2]!, a[4 * i + 3]!];
    const cy = (boxes[4 * i]! / o.yScale) * ah + acy;
    const cx = (boxes[4 * i + 1]! / o.xScale) * aw + acx;
    const h = o.applyExponentialOnBoxSize ? Math.exp(boxes[4 * i + 2]! / o.hScale) * ah : (boxes[4 * i + 2]! / o.hScale) * ah;
    const w = o.applyExponentialOnBoxSize ? Math.exp(boxes[4 * i + 3]! / o.wScale) * aw : (boxes[4 * i + 3]! / o.wScale) * aw;
    out.push({ box: { x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 }, score: sigmoid(best), classId: cls });
  }
  return out;
}
