/**
 * Whether the named colours of two tracks say they are different people or vehicles, for
 * re-identification. Only a plain clash counts (a blue top against an orange one, black trousers
 * against white ones), read on colours several samples agreed on, with the scene's cast taken out
 * (`colours.ts`): colour names near each other (grey and blue jeans, red and orange in dim light)
 * and colours read once say nothing, so re-ID's appearance similarity decides alone.
 */
import type { ObjectColour, ObjectColours } from '../observations.js';
import { ACHROMATIC_CHROMA, hueApart } from './colour-names.js';

/** Samples one side (the object re-ID knows) needs before colours can veto a match; a new track's first sample may. */
export const CLASH_SAMPLES = 3;
/** Share of a part's samples its term needs (a part read two ways half the time is not known). */
const CLASH_SHARE = 0.6;
/** Chroma (C*) both colours need for their hues to be compared. */
const HUE_CHROMA = 25;
/** Hue angles this far apart (degrees) are different colours in any light: orange and blue, red and green. */
const HUE_APART = 90;
/** Lightness this far apart between two hueless colours: black and white. */
const LIGHTNESS_APART = 50;

function chroma(c: ObjectColour): number {
  return Math.hypot(c.lab[1], c.lab[2]);
}

/** Whether two well-read colours of one part clash (by hue, or black against white). */
export function partsClash(a: ObjectColour, b: ObjectColour): boolean {
  if (a.share < CLASH_SHARE || b.share < CLASH_SHARE) return false;
  const ca = chroma(a);
  const cb = chroma(b);
  if (ca >= HUE_CHROMA && cb >= HUE_CHROMA) return hueApart(a.lab, b.lab) >= HUE_APART;
  // two hueless colours (black, grey, white: under the naming's achromatic chroma)
  return ca < ACHROMATIC_CHROMA && cb < ACHROMATIC_CHROMA && Math.abs(a.lab[0] - b.lab[0]) >= LIGHTNESS_APART;
}

/**
 * Whether the colours of two tracks clash on any part both have (upper, lower, body), one of them
 * read on at least {@link CLASH_SAMPLES} frames: then they are not one person or vehicle. A new
 * track is compared on its first frames (re-ID decides as it starts); the plain clash it needs
 * (hues a quarter-turn apart, or black against white) does not come from one bad frame.
 */
export function coloursClash(a: ObjectColours | undefined, b: ObjectColours | undefined): boolean {
  if (!a || !b || Math.max(a.samples, b.samples) < CLASH_SAMPLES) return false;
  for (const part of ['upper', 'lower', 'body'] as const) {
    const x = a[part];
    const y = b[part];
    if (x && y && partsClash(x, y)) return true;
  }
  return false;
}
