/**
 * A camera's light, taken out before appearance is compared. The scene stands still, so a change
 * in the typical colour of the whole frame is a change of light (the lamps came on, the sun went
 * down, a dimmer): per-channel gains bring each frame's typical colour back to the camera's
 * reference frame, so a person who comes back under other light keeps the hue, saturation and
 * brightness histograms of their clothes. Under the reference light nothing changes.
 */
import type { RgbImage } from './types.js';

/** Per-channel multipliers (R, G, B). */
export type Gains = readonly [number, number, number];

/** No change. */
export const UNIT_GAINS: Gains = [1, 1, 1];

/** Gains are kept within these bounds (a channel the light all but took away is not stretched into noise). */
const MIN_GAIN = 1 / 3;
const MAX_GAIN = 3;
/** Gains this close to 1 (all three) are the reference light: people moving about shift the medians this much. */
const SAME_LIGHT = 0.08;
/** Points of the coarse grid the medians are read on (about). */
const GRID_POINTS = 900;

const levels = new WeakMap<RgbImage, Gains>();

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  xs.sort((p, q) => p - q);
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
}

/** The median of each channel on a coarse grid of the whole frame (computed once per frame). */
export function channelMedians(img: RgbImage): Gains {
  const known = levels.get(img);
  if (known) return known;
  const step = Math.max(2, Math.floor(Math.sqrt((img.width * img.height) / GRID_POINTS)));
  const ch: [number[], number[], number[]] = [[], [], []];
  const d = img.data;
  for (let y = step >> 1; y < img.height; y += step) {
    for (let x = step >> 1; x < img.width; x += step) {
      const i = (y * img.width + x) * 3;
      ch[0].push(d[i] ?? 0);
      ch[1].push(d[i + 1] ?? 0);
      ch[2].push(d[i + 2] ?? 0);
    }
  }
  const out: Gains = [median(ch[0]), median(ch[1]), median(ch[2])];
  levels.set(img, out);
  return out;
}

/** One camera's reference light: the first frame it is asked about. */
export class LightReference {
  private ref: Gains | null = null;

  /**
   * Gains that bring `img`'s light to the reference: per channel, the reference median over the
   * frame's, within [1/3, 3]; {@link UNIT_GAINS} for the reference frame and any frame whose
   * gains are all within {@link SAME_LIGHT} of 1.
   */
  gains(img: RgbImage): Gains {
    const cur = channelMedians(img);
    if (!this.ref) {
      this.ref = cur;
      return UNIT_GAINS;
    }
    const ref = this.ref;
    const g = cur.map((c, k) => Math.min(MAX_GAIN, Math.max(MIN_GAIN, Math.max(1, ref[k] ?? 1) / Math.max(1, c)))) as unknown as Gains;
    return g.every((x) => Math.abs(x - 1) <= SAME_LIGHT) ? UNIT_GAINS : g;
  }
}
