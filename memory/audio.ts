/**
 * Sound in the memory: per-window levels and transcribed utterances are stored apart from the
 * segments (they arrive later, after the speech engine ran) and joined onto segments on read.
 */
import type { Dbs } from './dbs.js';
import type { AudioRecord, SegmentRecord, SpeechRecord } from './types.js';

/** Longest utterance the reads look back for, ms. */
const MAX_UTTERANCE_MS = 60_000;

/** Utterances of the cameras overlapping `[from, to)`, by start. */
export function speechIn(d: Dbs, cams: readonly string[], from: number, to: number): SpeechRecord[] {
  const out: SpeechRecord[] = [];
  for (const cam of cams) {
    for (const { value } of d.speech.getRange({ start: [cam, from - MAX_UTTERANCE_MS], end: [cam, to] })) if (value.end > from && value.start < to) out.push(value);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Words of an utterance spoken inside `[from, to)` (by word midpoints; the whole text when it has no word times). */
export function spokenIn(u: SpeechRecord, from: number, to: number): string[] {
  if (u.words.length === 0) return u.text && u.start >= from && u.start < to ? [u.text] : [];
  return u.words.filter((w) => (w.start + w.end) / 2 >= from && (w.start + w.end) / 2 < to).map((w) => w.word);
}

/** Adds the sound level and the words spoken to segments `out[first..]` of one camera (sorted by start). */
export function joinAudio(d: Dbs, cam: string, out: SegmentRecord[], first: number): void {
  const from = out[first]?.start ?? 0;
  const to = out[out.length - 1]?.end ?? 0;
  const levels = new Map<number, AudioRecord>();
  for (const { key, value } of d.audio.getRange({ start: [cam, from], end: [cam, to] })) levels.set(Number(key[1]), value);
  const said = speechIn(d, [cam], from, to);
  if (levels.size === 0 && said.length === 0) return;
  for (let i = first; i < out.length; i++) {
    const seg = out[i];
    if (!seg) continue;
    const level = levels.get(seg.start);
    const words = said.flatMap((u) => (u.end > seg.start && u.start < seg.end ? spokenIn(u, seg.start, seg.end) : []));
    if (!level && words.length === 0) continue;
    out[i] = { ...seg, ...(level ? { audio: { rmsDbfs: level.rmsDbfs, peakDbfs: level.peakDbfs } } : {}), ...(words.length ? { transcript: words.join(' ') } : {}) };
  }
}
