/**
 * The loop that moves a camera's frames to their consumer, taking turns at a shared detector.
 */
import type { Frame } from './types.js';
import type { Turns } from './turns.js';

/** Where a pump reads frames: a camera session. */
export interface FrameSource {
  /** The next frame; undefined once the source has stopped. */
  nextFrame(): Promise<Frame | undefined>;
  /** A frame newer than `taken` if one arrived meanwhile (counted as a drop of `taken`), else `taken`. */
  fresher(taken: Frame): Frame;
}

/**
 * Feeds every frame the consumer can take to `sink` until the source stops. With `turns`, the
 * pump waits for its turn once a frame is there and then hands over the freshest frame, so a frame
 * never waits behind other cameras' frames. A failing sink is reported and the loop goes on.
 */
export async function pumpFrames(source: FrameSource, sink: (f: Frame) => Promise<void> | void, turns: Turns | null, onError: (e: unknown, f: Frame) => void): Promise<void> {
  for (;;) {
    let f = await source.nextFrame();
    if (!f) return;
    const release = turns ? await turns.acquire() : null;
    if (release) f = source.fresher(f);
    try {
      await sink(f);
    } catch (e) {
      onError(e, f);
    } finally {
      release?.();
    }
  }
}
