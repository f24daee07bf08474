/**
 * Cuts a camera's frame observations into fixed time windows (2 s by default) and summarises
 * each: counts per class (most at once), objects seen, mean motion, zone occupancy, OCR text,
 * a keyframe and a fact caption. A window closes when a frame past its end arrives, or on flush.
 *
 * The keyframe is the frame with the most objects in the window. Its JPEG is encoded when the
 * frame becomes the window's best (asynchronously: the encoder runs off the event loop, e.g.
 * `sharp` on libuv's thread pool), and `push` resolves once it is ready, so a window always
 * closes, by `push` or by the synchronous `flush`, with its keyframe in hand.
 */
import { factCaption } from './caption.js';
import type { FrameObservation, OcrText, SegmentObservation } from './observations.js';

/** A frame observation with, optionally, a way to encode that frame as JPEG. */
export interface SegmenterInput {
  obs: Pick<FrameObservation, 'ts'> & Partial<FrameObservation>;
  /** Encodes the frame; called when the frame becomes its window's best keyframe so far. */
  jpeg?: () => Promise<Buffer>;
  ocr?: OcrText[];
}

interface Open {
  seg: { start: number };
  frames: number;
  firstFrameAt: number;
  lastFrameAt: number;
  counts: Record<string, number>;
  occupancy: Record<string, number>;
  objectIds: Set<string>;
  motionSum: number;
  ocr: Map<string, OcrText>;
  keyScore: number;
  key?: Buffer;
}

/** Per-camera window builder. */
export class Segmenter {
  private open: Open | null = null;
  /** Keyframe encodes that failed (their windows kept an earlier keyframe or none). */
  readonly stats = { keyframeErrors: 0 };

  constructor(
    private readonly camera: string,
    private readonly windowMs = 2000,
  ) {}

  /**
   * Adds a frame; resolves with the window it closed, if any, once the frame's JPEG is encoded
   * (when it became its window's keyframe). A failed encode is counted in `stats` and the window
   * keeps its previous keyframe; the closed window is returned all the same.
   */
  async push(input: SegmenterInput): Promise<SegmentObservation | null> {
    const { obs } = input;
    const start = Math.floor(obs.ts / this.windowMs) * this.windowMs;
    let closed: SegmentObservation | null = null;
    if (this.open && this.open.seg.start !== start) closed = this.close();
    const o: Open = (this.open ??= {
      seg: { start },
      frames: 0,
      firstFrameAt: obs.ts,
      lastFrameAt: obs.ts,
      counts: {},
      occupancy: {},
      objectIds: new Set(),
      motionSum: 0,
      ocr: new Map(),
      keyScore: -1,
    });
    o.frames++;
    o.lastFrameAt = obs.ts;
    o.motionSum += obs.motion ?? 0;
    for (const [k, n] of Object.entries(obs.counts ?? {})) o.counts[k] = Math.max(o.counts[k] ?? 0, n);
    for (const [k, n] of Object.entries(obs.occupancy ?? {})) o.occupancy[k] = Math.max(o.occupancy[k] ?? 0, n);
    for (const ob of obs.objects ?? []) o.objectIds.add(ob.objectId);
    for (const t of input.ocr ?? []) {
      const prev = o.ocr.get(t.text);
      if (!prev || prev.score < t.score) o.ocr.set(t.text, t);
    }
    const score = (obs.objects?.length ?? 0) + (obs.detected ? 0.5 : 0);
    if (input.jpeg && score > o.keyScore) {
      const prevScore = o.keyScore;
      o.keyScore = score;
      try {
        const key = await input.jpeg();
        // a flush while encoding closed this window: its keyframe is the one it had
        if (this.open === o) o.key = key;
      } catch {
        this.stats.keyframeErrors++;
        if (o.keyScore === score) o.keyScore = prevScore;
      }
    }
    return closed;
  }

  /** Closes and returns the open window, if any. */
  flush(): SegmentObservation | null {
    return this.open ? this.close() : null;
  }

  private close(): SegmentObservation {
    const o = this.open;
    if (!o) throw new Error('no open window');
    this.open = null;
    const ocr = [...o.ocr.values()];
    const seg: SegmentObservation = {
      kind: 'segment',
      camera: this.camera,
      start: o.seg.start,
      end: o.seg.start + this.windowMs,
      frames: o.frames,
      firstFrameAt: o.firstFrameAt,
      lastFrameAt: o.lastFrameAt,
      counts: o.counts,
      objectIds: [...o.objectIds].sort(),
      motion: o.frames ? o.motionSum / o.frames : 0,
      occupancy: o.occupancy,
      ocr,
      caption: factCaption(o.counts, o.occupancy, ocr.map((t) => t.text)),
    };
    if (o.key) seg.keyframe = o.key;
    return seg;
  }
}
