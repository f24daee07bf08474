/**
 * Cuts a camera's frames into fixed time windows (2 s by default). Later perception stages add
 * their facts to the open window; a window is emitted when a frame past its end arrives or on flush.
 */
import type { Frame } from './types.js';

/** One closed window of one camera. */
export interface Segment {
  camera: string;
  /** Window start, epoch ms (aligned to the window length). */
  start: number;
  /** Window end, epoch ms (exclusive). */
  end: number;
  /** Analysis frames seen in the window. */
  frames: number;
  /** Time of the first and last frame inside the window. */
  firstFrameAt: number;
  lastFrameAt: number;
}

/** Per-camera window builder. */
export class Segmenter {
  private open: Segment | null = null;

  constructor(
    private readonly camera: string,
    private readonly windowMs = 2000,
  ) {}

  /** Adds a frame; returns the window it closed, if any. */
  push(frame: Pick<Frame, 'ts'>): Segment | null {
    const start = Math.floor(frame.ts / this.windowMs) * this.windowMs;
    let closed: Segment | null = null;
    if (this.open && this.open.start !== start) {
      closed = this.open;
      this.open = null;
    }
    if (!this.open) {
      this.open = { camera: this.camera, start, end: start + this.windowMs, frames: 0, firstFrameAt: frame.ts, lastFrameAt: frame.ts };
    }
    this.open.frames++;
    this.open.lastFrameAt = frame.ts;
    return closed;
  }

  /** Closes and returns the open window, if any. */
  flush(): Segment | null {
    const s = this.open;
    this.open = null;
    return s;
  }
}
