/**
 * Detector stage timings for `bench:perception`: milliseconds per 640x360 frame (letterbox,
 * inference, decode, NMS) of CenterNet on ONNX Runtime at 512x288 and 512x512 and on TF.js at
 * 512x512, and of the Open Images SSD on ONNX Runtime, on frames of the shared clips, in one process so the ratios compare like with like.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { CenternetOnnxDetector } from '../ingest/perception/centernet-onnx-detector.js';
import { createSsdOidv4Detector } from '../ingest/perception/ssd-oidv4-detector.js';
import { TfjsDetector } from '../ingest/perception/tfjs-detector.js';
import type { Detector, RgbImage } from '../ingest/perception/types.js';
import { replayFrames } from '../ingest/replay.js';
import { median } from './proc-stats.js';

const DETECT = { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 100 };

/** CenterNet stage timings (median ms per frame) and TF.js-over-ONNX ratios. */
export interface DetectorStageMs {
  centernet_onnx_512x288: number;
  centernet_onnx_512x512: number;
  centernet_tfjs_512x512: number;
  /** The Open Images SSD (ssd-oidv4) on ONNX Runtime, 300x300. */
  ssd_oidv4_onnx_300x300: number;
  /** Runtime TF.js used, e.g. `tfjs-wasm`. */
  tfjs_backend: string;
  /** TF.js ms / ONNX ms at each ONNX size (and the SSD against TF.js CenterNet). */
  speedup_vs_tfjs: { onnx_512x288: number; onnx_512x512: number; ssd_oidv4: number };
}

async function frames(clips: readonly string[], perClip: number): Promise<RgbImage[]> {
  const out: RgbImage[] = [];
  for (const file of clips) {
    let n = 0;
    for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file, camera: 'c', startMs: 0, fps: 1, width: 640, realtime: false })) {
      out.push({ width: f.width, height: f.height, data: new Uint8Array(f.data) });
      if (++n >= perClip) break;
    }
  }
  return out;
}

async function msPerFrame(d: Detector, images: readonly RgbImage[]): Promise<number> {
  await d.load();
  await d.detect(images[0]!, DETECT); // warm-up
  const times: number[] = [];
  for (const img of images) {
    const t = performance.now();
    await d.detect(img, DETECT);
    times.push(performance.now() - t);
  }
  await d.dispose();
  return Math.round(median(times) * 10) / 10;
}

/** Measures the CenterNet detector stage on `perClip` frames of each clip (one at a time, one thread). */
export async function detectorStageMs(clips: readonly string[], perClip = 8): Promise<DetectorStageMs> {
  const images = await frames(clips, perClip);
  const cacheDir = mkdtempSync(join(tmpdir(), 'vigil-bench-models-'));
  try {
    const onnx288 = await msPerFrame(new CenternetOnnxDetector({ cacheDir, inputSize: [512, 288] }), images);
    const onnx512 = await msPerFrame(new CenternetOnnxDetector({ cacheDir, inputSize: [512, 512] }), images);
    const ssd = await msPerFrame(createSsdOidv4Detector({ cacheDir }), images);
    const tfjs = new TfjsDetector({ model: 'centernet' });
    const tfjsMs = await msPerFrame(tfjs, images);
    const ratio = (a: number, b: number): number => Math.round((a / b) * 10) / 10;
    return {
      centernet_onnx_512x288: onnx288,
      centernet_onnx_512x512: onnx512,
      centernet_tfjs_512x512: tfjsMs,
      ssd_oidv4_onnx_300x300: ssd,
      tfjs_backend: tfjs.backend,
      speedup_vs_tfjs: { onnx_512x288: ratio(tfjsMs, onnx288), onnx_512x512: ratio(tfjsMs, onnx512), ssd_oidv4: ratio(tfjsMs, ssd) },
    };
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
