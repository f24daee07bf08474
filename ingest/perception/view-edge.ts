/**
 * Where a box stands against the picture's sides: whether a track's last box says it left the view
 * (the tracker ends such a track sooner; the object book closes its visit).
 */
import type { Box } from './types.js';

/** Margin of the picture's sides, as a fraction of its width or height, within which a box touches a side. */
const EDGE = 0.02;

/**
 * Whether a track's last box says it left the view: it touches a side of the picture and spans less
 * than half the picture across that way (a person standing cut off by the bottom of the picture
 * has not left).
 */
export function leftView(b: Box, frame: { width: number; height: number }): boolean {
  const mx = EDGE * frame.width;
  const my = EDGE * frame.height;
  const narrow = b.x2 - b.x1 < frame.width / 2;
  const short = b.y2 - b.y1 < frame.height / 2;
  return (narrow && (b.x1 <= mx || b.x2 >= frame.width - mx)) || (short && (b.y1 <= my || b.y2 >= frame.height - my));
}

/** Whether a box is cut by a side of the picture (touches it within the margin): part of the object is out of view. */
export function cutByEdge(b: Box, frame: { width: number; height: number }): boolean {
  const mx = EDGE * frame.width;
  const my = EDGE * frame.height;
  return b.x1 <= mx || b.x2 >= frame.width - mx || b.y1 <= my || b.y2 >= frame.height - my;
}
