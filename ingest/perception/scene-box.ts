/**
 * Boxes the size of the picture: a detector that scores the whole scene as one object (an empty
 * parking lot seen from above, upside down, read as a "car" at a low score) is not seeing an
 * object; no object a fixed camera counts fills its whole view both ways.
 */
import type { Box } from './types.js';

/** Share of the picture's width and of its height a box must both reach to be the scene. */
export const SCENE_SHARE = 0.9;

/** Whether a box spans at least {@link SCENE_SHARE} of the picture's width and of its height. */
export function sceneSized(b: Box, frame: { width: number; height: number }): boolean {
  return b.x2 - b.x1 >= SCENE_SHARE * frame.width && b.y2 - b.y1 >= SCENE_SHARE * frame.height;
}
