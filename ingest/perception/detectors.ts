/**
 * Detector factory: the bundled CenterNet converted to ONNX (`centernet`, the default), the
 * bundled TF.js models (`centernet-tfjs`, `nanodet`), the Open Images SSD-MobileNetV2 shipped in
 * `@mediapipe/objectron` converted to ONNX (`ssd-oidv4`: people, vehicles, bottles; better from above) or a user-supplied ONNX export (YOLOv8/YOLO11
 * or RT-DETR) run by ONNX Runtime.
 */
import { CenternetOnnxDetector } from './centernet-onnx-detector.js';
import { centernetOnnxModel } from './convert/centernet-cache.js';
import { loadSsdOidv4Onnx } from './convert/ssd-oidv4-onnx.js';
import { OnnxDetector } from './onnx-detector.js';
import { createSsdOidv4Detector, DEFAULT_SSD_CACHE_DIR } from './ssd-oidv4-detector.js';
import { humanModelsDir, TfjsDetector } from './tfjs-detector.js';
import { TiledDetector } from './tiled-detector.js';
import type { Detector } from './types.js';

/** Detector configuration (as in the daemon's config file). */
export interface DetectorConfig {
  /** `centernet` runs on ONNX Runtime; `centernet-tfjs` is the same graph on TF.js. */
  model: 'centernet' | 'centernet-tfjs' | 'nanodet' | 'ssd-oidv4' | 'onnx';
  /** CenterNet (ONNX) input [width, height], multiples of 32. Default [512, 288]. */
  inputSize?: readonly [number, number];
  /** CenterNet and SSD-OIDv4 execution providers, e.g. `['cpu']` (default) or `['cuda','cpu']`. */
  providers?: readonly string[];
  /** Folder caching converted models (the daemon uses `<data>/models`). */
  cacheDir?: string;
  /** Required when `model` is `onnx`. */
  onnx?: {
    /** Path of the `.onnx` file. */
    path: string;
    /** Class names file (one per line or a JSON array). */
    labels?: string;
    /** Output layout; detected from the output shapes when omitted. */
    layout?: 'yolo' | 'rtdetr';
    /** Execution providers, e.g. `['cpu']`, `['cuda','cpu']`, `['tensorrt','cuda','cpu']`. */
    providers?: string[];
    /** Input size for models with dynamic input shapes. */
    inputSize?: number;
  };
}

/**
 * Creates an unloaded detector for `cfg`; call `load()` before `detect()`. Wide pictures (2:1
 * panoramas) are detected in two overlapping tiles (`TiledDetector`).
 */
export function createDetector(cfg: DetectorConfig): Detector {
  return new TiledDetector(backendFor(cfg));
}

/** The detector `cfg` names, untiled. */
function backendFor(cfg: DetectorConfig): Detector {
  switch (cfg.model) {
    case 'centernet':
      return new CenternetOnnxDetector({ inputSize: cfg.inputSize, providers: cfg.providers, cacheDir: cfg.cacheDir });
    case 'centernet-tfjs':
      return new TfjsDetector({ model: 'centernet' });
    case 'nanodet':
      return new TfjsDetector({ model: 'nanodet' });
    case 'ssd-oidv4':
      return createSsdOidv4Detector({ providers: cfg.providers, ...(cfg.cacheDir ? { cacheDir: cfg.cacheDir } : {}) });
    case 'onnx': {
      if (!cfg.onnx?.path) throw new Error('detector model "onnx" needs onnx.path (the .onnx file)');
      const { path, labels, layout, providers, inputSize } = cfg.onnx;
      return new OnnxDetector({ path, labels, layout, providers, inputSize });
    }
    default:
      throw new Error(`unknown detector model "${String(cfg.model)}" (expected centernet, centernet-tfjs, nanodet, ssd-oidv4 or onnx)`);
  }
}

/**
 * Does the one-time work a detector needs before several copies load (worker threads): for
 * `centernet`, converts and caches the ONNX model once, so the workers all read the cache.
 */
export async function prepareDetector(cfg: DetectorConfig): Promise<void> {
  if (cfg.model === 'ssd-oidv4') {
    await loadSsdOidv4Onnx(cfg.cacheDir ?? DEFAULT_SSD_CACHE_DIR);
    return;
  }
  if (cfg.model !== 'centernet') return;
  const [width, height] = cfg.inputSize ?? [512, 288];
  await centernetOnnxModel({ modelDir: humanModelsDir(), cacheDir: cfg.cacheDir, width, height });
}
