/**
 * A bounded gallery of diverse appearance samples of one track, for re-identification. A mean
 * embedding blurs the views of a visit (walking in half out of the frame, standing at the table,
 * walking out sideways) into one that matches none of them; a returning person is first seen in
 * one such view, so re-ID compares the new track's first samples with every kept view and takes
 * the best pair ({@link bestPair}). Samples too similar to a kept one add nothing and are skipped.
 */
import { cosine } from './appearance.js';

/** A similarity of two embeddings (higher: more alike). */
export type Similarity = (a: Float32Array, b: Float32Array) => number;

/** Gallery bounds. */
export interface GalleryOptions {
  /** Most samples kept. */
  size: number;
  /** A sample at least this similar to a kept one is not added. */
  novelty: number;
}

/**
 * Defaults for the built-in embedding: 12 views of a track; consecutive frames of a person who
 * stands still score above 0.985 and are skipped, a step or a turn is kept.
 */
export const DEFAULT_GALLERY: GalleryOptions = { size: 12, novelty: 0.985 };

/** The highest similarity of any sample of `a` with any sample of `b` (-Infinity when one is empty). */
export function bestPair(a: readonly Float32Array[], b: readonly Float32Array[], sim: Similarity): number {
  let best = -Infinity;
  for (const x of a) for (const y of b) if (x.length > 0 && x.length === y.length) best = Math.max(best, sim(x, y));
  return best;
}

/** Diverse samples of one track, at most `size`. */
export class Gallery {
  private readonly items: Float32Array[] = [];

  constructor(
    private readonly sim: Similarity = cosine,
    private readonly o: GalleryOptions = DEFAULT_GALLERY,
  ) {}

  /**
   * Offers a sample: it is kept when no kept sample is `novelty`-similar. A full gallery drops
   * one sample of its most alike pair instead, when that pair is more alike than the new sample
   * is to anything kept. Returns whether it was kept.
   */
  add(v: Float32Array): boolean {
    if (v.length === 0) return false;
    const near = bestPair([v], this.items, this.sim);
    if (near >= this.o.novelty) return false;
    if (this.items.length < this.o.size) {
      this.items.push(v);
      return true;
    }
    let drop = -1;
    let most = near;
    for (let i = 0; i < this.items.length; i++) {
      for (let j = i + 1; j < this.items.length; j++) {
        const s = this.sim(this.items[i] as Float32Array, this.items[j] as Float32Array);
        if (s > most) [most, drop] = [s, j];
      }
    }
    if (drop < 0) return false;
    this.items[drop] = v;
    return true;
  }

  /** The kept samples (the gallery's own array: read, do not change). */
  get samples(): readonly Float32Array[] {
    return this.items;
  }
}
