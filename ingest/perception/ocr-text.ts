/**
 * OCR text identity and de-duplication across frames: the same sign read on every frame of a
 * minute is one text.
 */
import type { OcrText } from '../observations.js';
import type { Box } from './types.js';

/** Trimmed, NFKC-folded, lower-cased, whitespace-collapsed: the identity of a text. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** One distinct text kept by a {@link TextDeduper}. */
export interface SeenText {
  /** Normalised text (see {@link normalizeText}). */
  key: string;
  /** Text as read in the best-scored sighting. */
  text: string;
  /** Box of the best-scored sighting, frame pixels. */
  box: Box;
  /** Best score. */
  score: number;
  /** Epoch ms of the first and last sighting. */
  firstSeen: number;
  lastSeen: number;
  /** Sightings merged into this entry. */
  count: number;
}

/**
 * Deduplicates OCR texts across frames (use one per camera, or per segment). A text whose
 * normalised form was last seen at most `windowSeconds` earlier is merged into that entry
 * (best score and its box kept, last-seen time advanced); after a longer gap it starts a new
 * entry. So a sign read every frame for a minute is one entry, and one that reappears after
 * the window is another.
 */
export class TextDeduper {
  private readonly windowMs: number;
  /** All entries, in first-seen order. */
  private readonly all: SeenText[] = [];
  /** The latest entry per key. */
  private readonly latest = new Map<string, SeenText>();

  /** @param windowSeconds merge window in seconds (default 10) */
  constructor(windowSeconds = 10) {
    if (!(windowSeconds >= 0)) throw new Error(`windowSeconds must be >= 0, got ${windowSeconds}`);
    this.windowMs = windowSeconds * 1000;
  }

  /**
   * Adds the texts of one frame seen at `ts` (epoch ms, non-decreasing).
   * @returns the entries this call created (texts not seen within the window)
   */
  add(texts: readonly OcrText[], ts: number): SeenText[] {
    const created: SeenText[] = [];
    for (const t of texts) {
      const key = normalizeText(t.text);
      if (!key) continue;
      const e = this.latest.get(key);
      if (e && ts - e.lastSeen <= this.windowMs) {
        e.lastSeen = Math.max(e.lastSeen, ts);
        e.count++;
        if (t.score > e.score) {
          e.score = t.score;
          e.text = t.text;
          e.box = { ...t.box };
        }
        continue;
      }
      const n: SeenText = { key, text: t.text, box: { ...t.box }, score: t.score, firstSeen: ts, lastSeen: ts, count: 1 };
      this.all.push(n);
      this.latest.set(key, n);
      created.push(n);
    }
    return created.map((e) => ({ ...e, box: { ...e.box } }));
  }

  /** Copies of all entries, in first-seen order. */
  entries(): SeenText[] {
    return this.all.map((e) => ({ ...e, box: { ...e.box } }));
  }

  /**
   * Removes and returns the entries that can no longer be merged into (last seen more than the
   * window before `now`), in first-seen order. Bounds memory on a long-running camera.
   */
  prune(now: number): SeenText[] {
    const closed: SeenText[] = [];
    for (let i = 0; i < this.all.length; ) {
      const e = this.all[i];
      if (e && now - e.lastSeen > this.windowMs) {
        closed.push({ ...e, box: { ...e.box } });
        this.all.splice(i, 1);
        if (this.latest.get(e.key) === e) this.latest.delete(e.key);
      } else i++;
    }
    return closed;
  }

  /** Forgets everything. */
  clear(): void {
    this.all.length = 0;
    this.latest.clear();
  }
}
