/**
 * Conversion entry for the bundled TF.js CenterNet (MobileNetV3, COCO) to ONNX at a chosen input
 * size. The graph is fully convolutional; only constants TF folded from the 512x512 shapes must
 * follow the size: the three upsample sizes (1/16, 1/8, 1/4 of the input), the heatmap width the
 * decode tail divides flat indices by, and the wh gather's row count.
 */
import { join } from 'node:path';
import { convertTfjsGraph } from './tfjs-convert.js';
import { readTfjsGraph, type TfGraph } from './tfjs-graph.js';

/** Bumped whenever the conversion's output changes, so cached models are rebuilt. */
export const CENTERNET_CONVERTER_VERSION = '1';

/** The TF input and output names of the graph. */
export const CENTERNET_INPUT = 'tower_0/images';
/** Decoded top-100 detections [1,100,6] = x1,y1,x2,y2,score,class in input pixels. */
export const CENTERNET_OUTPUT = 'tower_0/detections';

/** Checks an input size: positive multiples of 32 (the backbone's stride). */
export function checkCenternetSize(width: number, height: number): void {
  for (const [k, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 32 || v % 32 !== 0) throw new Error(`centernet input ${k} must be a positive multiple of 32 (got ${v})`);
  }
}

/** Constant overrides for an input of `width x height` (the graph's folded shapes). */
export function centernetConstants(width: number, height: number): Record<string, number[]> {
  const [fw, fh] = [width / 4, height / 4];
  return {
    'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul': [height / 16, width / 16],
    'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul': [height / 8, width / 8],
    'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul': [fh, fw],
    'tower_0/strided_slice_6': [fw],
    'tower_0/BatchGather/concat': [fh * fw, 4],
  };
}

/** Path of `centernet.json` in a model folder. */
export const centernetJson = (modelDir: string): string => join(modelDir, 'centernet.json');

/**
 * Converts the TF.js CenterNet graph to ONNX bytes. Input `tower_0/images` [1,H,W,3] float RGB
 * 0..255 (NHWC); output `tower_0/detections` [1,100,6].
 * @param graph the graph read by `readTfjsGraph`, or the path of `centernet.json`
 */
export async function convertCenternet(graph: TfGraph | string, width: number, height: number): Promise<Uint8Array> {
  checkCenternetSize(width, height);
  const g = typeof graph === 'string' ? await readTfjsGraph(graph) : graph;
  return convertTfjsGraph(g, {
    inputShapes: { [CENTERNET_INPUT]: [1, height, width, 3] },
    outputs: [CENTERNET_OUTPUT],
    constants: centernetConstants(width, height),
    producerVersion: CENTERNET_CONVERTER_VERSION,
  });
}
