/**
 * Energy voice-activity detection: 30 ms frames are speech when their level is well above the
 * tracked noise floor; an utterance opens after 3 speech frames, closes after `hangMs` of
 * non-speech, and is cut at `maxMs`. Cheap enough to run on every camera; the speech engine only
 * sees the utterances.
 */
import { levelOf } from './levels.js';

/** VAD settings. */
export interface VadOptions {
  sampleRate: number;
  /** dB above the noise floor that counts as speech (default 12). */
  marginDb?: number;
  /** Absolute floor below which nothing is speech, dBFS (default -50). */
  minDbfs?: number;
  /** Silence that ends an utterance, ms (default 600). */
  hangMs?: number;
  /** Longest utterance, ms (default 15,000). */
  maxMs?: number;
  /** Shortest utterance kept, ms (default 300). */
  minMs?: number;
}

/** A detected utterance: its samples and where it starts and ends, in samples since the stream began. */
export interface Utterance {
  samples: Int16Array;
  startSample: number;
  endSample: number;
}

/** Streaming VAD: push samples, receive finished utterances. */
export class Vad {
  private readonly frame: number;
  private readonly o: Required<VadOptions>;
  private floor = -60;
  private pos = 0;
  private pending = new Int16Array(0);
  private open: { start: number; chunks: Int16Array[]; silence: number; length: number } | null = null;
  private run = 0;
  /** The last few frames before an utterance opens (pre-roll, so the first syllable is kept). */
  private lead: { at: number; f: Int16Array }[] = [];

  constructor(opts: VadOptions) {
    this.o = { marginDb: 12, minDbfs: -50, hangMs: 600, maxMs: 15_000, minMs: 300, ...opts };
    this.frame = Math.round(opts.sampleRate * 0.03);
  }

  /** Adds samples; returns utterances that ended inside them. */
  push(samples: Int16Array): Utterance[] {
    const buf = new Int16Array(this.pending.length + samples.length);
    buf.set(this.pending);
    buf.set(samples, this.pending.length);
    const out: Utterance[] = [];
    let i = 0;
    for (; i + this.frame <= buf.length; i += this.frame) {
      const f = buf.slice(i, i + this.frame);
      const u = this.step(f);
      if (u) out.push(u);
    }
    this.pending = buf.slice(i);
    return out;
  }

  /** Ends the stream: returns the open utterance, if long enough. */
  flush(): Utterance | null {
    return this.close();
  }

  private step(f: Int16Array): Utterance | null {
    const at = this.pos;
    this.pos += f.length;
    const db = levelOf(f).rmsDbfs;
    const speech = db > this.o.minDbfs && db > this.floor + this.o.marginDb;
    // the floor follows quiet frames quickly and loud ones slowly
    this.floor += (db - this.floor) * (db < this.floor ? 0.2 : speech ? 0.002 : 0.02);
    const ms = (n: number): number => (n / this.o.sampleRate) * 1000;
    if (!this.open) {
      this.lead.push({ at, f });
      if (this.lead.length > 6) this.lead.shift();
      this.run = speech ? this.run + 1 : 0;
      if (this.run >= 3) {
        const chunks = this.lead.map((x) => x.f);
        this.open = { start: this.lead[0]?.at ?? at, chunks, silence: 0, length: chunks.reduce((s, c) => s + c.length, 0) };
        this.lead = [];
        this.run = 0;
      }
      return null;
    }
    const o = this.open;
    o.chunks.push(f);
    o.length += f.length;
    o.silence = speech ? 0 : o.silence + f.length;
    if (ms(o.silence) >= this.o.hangMs || ms(o.length) >= this.o.maxMs) return this.close();
    return null;
  }

  private close(): Utterance | null {
    const o = this.open;
    this.open = null;
    if (!o) return null;
    const keep = o.length - Math.max(0, o.silence - Math.round(this.o.sampleRate * 0.2));
    if ((keep / this.o.sampleRate) * 1000 < this.o.minMs) return null;
    const samples = new Int16Array(keep);
    let p = 0;
    for (const c of o.chunks) {
      if (p >= keep) break;
      const n = Math.min(c.length, keep - p);
      samples.set(c.subarray(0, n), p);
      p += n;
    }
    return { samples, startSample: o.start, endSample: o.start + keep };
  }
}
