/**
 * The last few analysis frames of each camera, so that what happened at a frame (an alert) can
 * keep that very frame: the perception sink puts every frame here before perceiving it.
 */
import type { Frame } from '../../ingest/types.js';

/** A small per-camera ring of frames. */
export class RecentFrames {
  private readonly rings = new Map<string, Frame[]>();

  /** @param keep frames kept per camera (at 2 fps, 8 is 4 s) */
  constructor(private readonly keep = 8) {}

  /** Adds a camera's newest frame, dropping its oldest past `keep`. */
  put(frame: Frame): void {
    let ring = this.rings.get(frame.camera);
    if (!ring) this.rings.set(frame.camera, (ring = []));
    ring.push(frame);
    if (ring.length > this.keep) ring.shift();
  }

  /** The camera's frame taken at `ts`, or undefined when it is no longer (or never was) kept. */
  at(camera: string, ts: number): Frame | undefined {
    return this.rings.get(camera)?.find((f) => f.ts === ts);
  }

  /** Forgets a camera's frames (it stopped). */
  drop(camera: string): void {
    this.rings.delete(camera);
  }
}
