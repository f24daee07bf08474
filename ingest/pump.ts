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
  /** True once the source was stopped: a frame still in hand is then discarded. */
  readonly stopped: boolean;
}

/**
 * Consumes a frame. `detected`, when given, ends the camera's turn at the detector: the consumer
 * calls it as soon as it no longer needs the detector (after detection, or at once when the frame
 * is not detected), so tracking, re-ID and OCR do not hold up other cameras.
 */
export type FrameConsumer = (frame: Frame, detected?: () => void) => Promise<void> | void;

/**
 * Feeds every frame the consumer can take to `sink` until the source stops. With `turns`, the
 * pump waits for its turn once a frame is there and then hands over the freshest frame, so a frame
 * never waits behind other cameras' frames. A failing sink is reported and the loop goes on; a
 * source stopped during the wait ends the loop without consuming the frame in hand.
 */
export async function pumpFrames(source: FrameSource, sink: FrameConsumer, turns: Turns | null, onError: (e: unknown, f: Frame) => void): Promise<void> {
  for (;;) {
    let f = await source.nextFrame();
    if (!f) return;
    const release = turns ? await turns.acquire() : null;
    if (source.stopped) {
      release?.();
      return;
    }
    if (release) f = source.fresher(f);
    try {
      await sink(f, release ?? undefined);
    } catch (e) {
      onError(e, f);
    } finally {
      release?.();
    }
  }
}
