/**
 * The longest object life stored per camera (`meta` key `['maxSpan', camera]`). Index scans by
 * first sighting start that long before a window, so every object present in it is found.
 */
import type { Dbs } from './dbs.js';

/** Longest object span per camera, cached from `meta` and raised as objects grow. */
export class SpanBounds {
  private readonly max = new Map<string, number>();

  constructor(private readonly d: Dbs) {}

  /** Longest object life stored for a camera, in ms. */
  of(camera: string): number {
    let s = this.max.get(camera);
    if (s === undefined) {
      s = this.d.meta.get(['maxSpan', camera]) ?? 0;
      this.max.set(camera, s);
    }
    return s;
  }

  /** Raises a camera's longest object span to `span` when longer; returns the write, or null. */
  widen(camera: string, span: number): Promise<boolean> | null {
    if (!(span > this.of(camera))) return null;
    this.max.set(camera, span);
    return this.d.meta.put(['maxSpan', camera], span);
  }
}
