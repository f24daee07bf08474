/**
 * Detector factory: the bundled TF.js models (`centernet`, `nanodet`) or a user-supplied ONNX
 * export (YOLOv8/YOLO11 or RT-DETR) run by ONNX Runtime.
 */
import { OnnxDetector } from './onnx-detector.js';
import { TfjsDetector } from './tfjs-detector.js';
import type { Detector } from './types.js';

/** Detector configuration (as in the daemon's config file). */
export interface DetectorConfig {
  model: 'centernet' | 'nanodet' | 'onnx';
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

/** Creates an unloaded detector for `cfg`; call `load()` before `detect()`. */
export function createDetector(cfg: DetectorConfig): Detector {
  switch (cfg.model) {
    case 'centernet':
    case 'nanodet':
      return new TfjsDetector({ model: cfg.model });
    case 'onnx': {
      if (!cfg.onnx?.path) throw new Error('detector model "onnx" needs onnx.path (the .onnx file)');
      const { path, labels, layout, providers, inputSize } = cfg.onnx;
      return new OnnxDetector({ path, labels, layout, providers, inputSize });
    }
    default:
      throw new Error(`unknown detector model "${String(cfg.model)}" (expected centernet, nanodet or onnx)`);
  }
}
