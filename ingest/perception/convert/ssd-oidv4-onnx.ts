/**
 * The SSD-MobileNetV2 Open Images v4 detector of `@mediapipe/objectron` (Apache-2.0), converted
 * from its TFLite fp16 file to ONNX: finds the model and its label map inside the package's packed
 * assets (offsets from `objectron_solution_packed_assets_loader.js`), converts with
 * {@link convertTflite} and caches the result with {@link cachedModel}.
 *
 * The ONNX model takes `image` [1, 3, 300, 300] (RGB scaled to -1..1) and returns `boxes`
 * [1, 1917, 4] (raw y, x, h, w offsets from the anchors) and `scores` [1, 1917, 24] (logits).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cachedModel, type CachedModel } from './model-cache.js';
import { convertTflite, operatorInventory } from './tflite-onnx.js';
import { readTflite } from './tflite-reader.js';

/** Bump when the conversion's output changes; invalidates cached conversions. */
export const SSD_OIDV4_CONVERTER_VERSION = 'ssd-oidv4-onnx/1';

/** Name of the cached ONNX file. */
export const SSD_OIDV4_ONNX_NAME = 'ssd-oidv4.onnx';

/** The packed files of the npm package this converter reads. */
const MODEL_FILE = 'object_detection_ssd_mobilenetv2_oidv4_fp16.tflite';
const LABEL_FILE = 'object_detection_oidv4_labelmap.txt';

/** The source model and label map as read from the package. */
export interface SsdOidv4Source {
  /** The TFLite flatbuffer bytes. */
  tflite: Uint8Array;
  /** Class names from the package's label map (index = class id, `???` first). */
  names: string[];
  /** Where they were read from. */
  path: string;
}

/** Directory of the installed `@mediapipe/objectron` package. */
export function objectronDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@mediapipe/objectron/package.json'));
}

/** Parses the `files` list (name, start, end) of an Emscripten packed-assets loader script. */
export function packedFiles(loaderJs: string): Map<string, { start: number; end: number }> {
  const out = new Map<string, { start: number; end: number }>();
  const re = /"filename":\s*"([^"]+)",\s*"start":\s*(\d+),\s*"end":\s*(\d+)/g;
  for (const m of loaderJs.matchAll(re)) {
    const base = m[1]!.slice(m[1]!.lastIndexOf('/') + 1);
    out.set(base, { start: Number(m[2]), end: Number(m[3]) });
  }
  return out;
}

/** Reads the TFLite model and label map out of `@mediapipe/objectron`'s packed assets. */
export async function readSsdOidv4Source(dir = objectronDir()): Promise<SsdOidv4Source> {
  const path = join(dir, 'objectron_solution_packed_assets.data');
  const files = packedFiles(await readFile(join(dir, 'objectron_solution_packed_assets_loader.js'), 'utf8'));
  const model = files.get(MODEL_FILE);
  const labels = files.get(LABEL_FILE);
  if (!model || !labels) throw new Error(`${dir}: the packed assets list no ${model ? LABEL_FILE : MODEL_FILE}`);
  const data = new Uint8Array(await readFile(path));
  if (data.length < model.end || data.length < labels.end) throw new Error(`${path}: shorter than its loader says (${data.length} bytes)`);
  const names = new TextDecoder()
    .decode(data.subarray(labels.start, labels.end))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return { tflite: data.subarray(model.start, model.end), names, path };
}

/** Converts the TFLite bytes to the ONNX model described above. */
export function convertSsdOidv4(tflite: Uint8Array): Uint8Array {
  const model = readTflite(tflite);
  const [input] = model.inputs;
  const shape = input === undefined ? [] : model.tensors[input]!.shape;
  if (shape.join(',') !== '1,300,300,3' || model.outputs.length !== 2) {
    throw new Error(`unexpected SSD-OIDv4 model: input [${shape.join(',')}], ${model.outputs.length} outputs`);
  }
  return convertTflite(model, {
    inputNames: ['image'],
    outputNames: ['boxes', 'scores'],
    inputLayout: 'nchw',
    graphName: 'ssd_mobilenetv2_oidv4',
    producerVersion: SSD_OIDV4_CONVERTER_VERSION,
    metadata: { source: `@mediapipe/objectron ${MODEL_FILE}`, ops: JSON.stringify(operatorInventory(model)) },
  });
}

/** The converted model (from the cache in `cacheDir` when it is current) and the label names. */
export async function loadSsdOidv4Onnx(cacheDir: string): Promise<CachedModel & { names: string[] }> {
  const src = await readSsdOidv4Source();
  const cached = await cachedModel({
    dir: cacheDir,
    name: SSD_OIDV4_ONNX_NAME,
    source: src.tflite,
    converter: SSD_OIDV4_CONVERTER_VERSION,
    build: () => convertSsdOidv4(src.tflite),
  });
  return { ...cached, names: src.names };
}
