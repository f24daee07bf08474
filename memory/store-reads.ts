/**
 * The store's plain reads by camera and time: segments (with their sound joined), utterances,
 * sound levels, roll-ups, keyframes, and the cameras that have data. Reads are synchronous on
 * LMDB's read snapshot.
 */
import { joinAudio, speechIn } from './audio.js';
import type { Dbs, Key } from './dbs.js';
import type { Database } from 'lmdb';
import type { AudioRecord, RollupRecord, SegmentRecord, SpeechRecord } from './types.js';

/** Segments starting this long before a window are read, as they may reach into it. */
const SEGMENT_LOOKBACK_MS = 60_000;

/** The plain reads of one open store. */
export class StoreReader {
  /** Camera ids with data, once read (writes add theirs). */
  private cams: Set<string> | null = null;

  constructor(private readonly d: Dbs) {}

  /** Notes a camera that is being written. */
  noteCamera(camera: string): void {
    this.cams?.add(camera);
  }

  /** Camera ids that have any stored data (coverage, frames, segments, events, objects, roll-ups or sound). */
  cameras(): string[] {
    if (!this.cams) {
      const d = this.d;
      const ids = new Set<string>();
      for (const db of [d.cov, d.frames, d.segs, d.events, d.spans, d.minutes, d.hours, d.audio, d.speech] as Database<unknown, Key>[]) {
        // hop from one camera prefix to the next: [cam + '\0'] sorts after every [cam, ...]
        // (no start at first: an empty-array start would return the shared-structures symbol key)
        let start: Key | undefined;
        for (;;) {
          let next: string | undefined;
          for (const k of db.getKeys({ ...(start ? { start } : {}), limit: 1 })) if (Array.isArray(k)) next = String(k[0]);
          if (next === undefined) break;
          ids.add(next);
          start = [next + '\u0000'];
        }
      }
      this.cams = ids;
    }
    return [...this.cams].sort();
  }

  /** Segments of a camera (or all cameras) overlapping `[from, to)`, by start, with their sound level and words spoken. */
  segments(from: number, to: number, camera?: string): SegmentRecord[] {
    const out: SegmentRecord[] = [];
    for (const cam of camera ? [camera] : this.cameras()) {
      const first = out.length;
      for (const { value } of this.d.segs.getRange({ start: [cam, from - SEGMENT_LOOKBACK_MS], end: [cam, to] })) {
        if (value.end > from && value.start < to) out.push(value);
      }
      if (out.length > first) joinAudio(this.d, cam, out, first);
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** Utterances of a camera (or all) overlapping `[from, to)`, by start. */
  speech(from: number, to: number, camera?: string): SpeechRecord[] {
    return speechIn(this.d, camera ? [camera] : this.cameras(), from, to);
  }

  /** Sound levels of a camera's 2 s windows starting in `[from, to)`. */
  audioLevels(from: number, to: number, camera: string): (AudioRecord & { start: number })[] {
    return [...this.d.audio.getRange({ start: [camera, from], end: [camera, to] })].map(({ key, value }) => ({ start: Number(key[1]), ...value }));
  }

  /** Minute (or hour) roll-ups of a camera (or all) starting in `[from, to)`, by start. */
  rollups(level: 'minute' | 'hour', from: number, to: number, camera?: string): RollupRecord[] {
    const db = level === 'minute' ? this.d.minutes : this.d.hours;
    const out: RollupRecord[] = [];
    for (const cam of camera ? [camera] : this.cameras()) {
      for (const { value } of db.getRange({ start: [cam, from], end: [cam, to] })) out.push(value);
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** The keyframe JPEG of a segment, if stored. */
  keyframe(camera: string, start: number): Buffer | undefined {
    return this.d.keyframes.get([camera, start]);
  }
}
