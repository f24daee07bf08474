/**
 * Audio perception for one camera: sound level per 2 s window (aligned like segments), loud-sound
 * events over a threshold (100 ms blocks, with a cooldown), and voice-activity gated speech
 * recognition whose transcripts carry wall-clock word times.
 */
import type { Observation } from '../observations.js';
import type { Logger } from '../types.js';
import { SILENCE_DBFS } from './levels.js';
import type { SpeechEngine } from './stt.js';
import { muLawEncode } from './mulaw.js';
import { Vad, type Utterance } from './vad.js';

/** Settings of a camera's audio perception. */
export interface AudioPipelineOptions {
  camera: string;
  sampleRate: number;
  /** Level window, ms (the segment length; default 2000). */
  windowMs?: number;
  /** A 100 ms block louder than this (RMS, dBFS) raises a loud_sound event (default -20). */
  loudDbfs?: number;
  /** Least time between two loud_sound events, ms (default 5000). */
  loudCooldownMs?: number;
  /** Speech engine, or null for levels only. */
  engine: SpeechEngine | null;
  /** Utterances waiting for the engine before new ones are dropped (default 4). */
  maxQueue?: number;
  emit: (o: Observation) => void;
  log: Logger;
  /** Keep each utterance's sound (mu-law) with its transcript, for keyword spotting (default true). */
  keepAudio?: boolean;
}

/** Counters of one pipeline. */
export interface AudioStats {
  windows: number;
  loudEvents: number;
  utterances: number;
  transcribed: number;
  dropped: number;
  failed: number;
}

/** Consumes a camera's PCM and emits audio, event and speech observations. */
export class AudioPipeline {
  private readonly windowMs: number;
  private readonly rate: number;
  private readonly vad: Vad;
  private readonly block: number;
  private win: { start: number; sum: number; n: number; peak: number } | null = null;
  private blockSum = 0;
  private blockN = 0;
  private lastLoud = -Infinity;
  /** Wall time of VAD sample 0, ms; moved on a discontinuity. */
  private base: number | null = null;
  private vadPos = 0;
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;
  readonly stats: AudioStats = { windows: 0, loudEvents: 0, utterances: 0, transcribed: 0, dropped: 0, failed: 0 };

  constructor(private readonly o: AudioPipelineOptions) {
    this.windowMs = o.windowMs ?? 2000;
    this.rate = o.sampleRate;
    this.vad = new Vad({ sampleRate: o.sampleRate });
    this.block = Math.round(o.sampleRate / 10);
  }

  /** Adds samples whose first one was captured at `ts` (epoch ms). */
  push(samples: Int16Array, ts: number): void {
    const expected = this.base === null ? null : this.base + (this.vadPos / this.rate) * 1000;
    if (expected === null || Math.abs(ts - expected) > 500) {
      // first samples, or a gap (reconnect): close what was open and re-anchor
      this.closeUtterance();
      this.closeWindow();
      this.base = ts - (this.vadPos / this.rate) * 1000;
    }
    for (let i = 0; i < samples.length; i++) this.sample(samples[i] ?? 0, ts + (i / this.rate) * 1000);
    this.vadPos += samples.length;
    for (const u of this.vad.push(samples)) this.transcribe(u);
  }

  /** Ends the stream: emits the open window and utterance and waits for the engine. */
  async flush(): Promise<void> {
    this.closeWindow();
    this.closeUtterance();
    await this.queue;
  }

  private sample(s: number, t: number): void {
    const start = Math.floor(t / this.windowMs) * this.windowMs;
    if (this.win && this.win.start !== start) this.closeWindow();
    this.win ??= { start, sum: 0, n: 0, peak: 0 };
    const v = s / 32768;
    this.win.sum += v * v;
    this.win.n++;
    const a = Math.abs(v);
    if (a > this.win.peak) this.win.peak = a;
    this.blockSum += v * v;
    if (++this.blockN === this.block) {
      const db = 10 * Math.log10(this.blockSum / this.blockN || 1e-12);
      this.blockSum = 0;
      this.blockN = 0;
      if (db > (this.o.loudDbfs ?? -20) && t - this.lastLoud >= (this.o.loudCooldownMs ?? 5000)) {
        this.lastLoud = t;
        this.stats.loudEvents++;
        this.o.emit({ kind: 'event', camera: this.o.camera, ts: Math.round(t - 100), type: 'loud_sound', dbfs: Math.round(db * 10) / 10 });
      }
    }
  }

  private closeWindow(): void {
    const w = this.win;
    this.win = null;
    if (!w || w.n === 0) return;
    const db = (x: number): number => (x > 0 ? Math.max(SILENCE_DBFS, Math.round(200 * Math.log10(x)) / 10) : SILENCE_DBFS);
    this.stats.windows++;
    this.o.emit({ kind: 'audio', camera: this.o.camera, start: w.start, end: w.start + this.windowMs, rmsDbfs: db(Math.sqrt(w.sum / w.n)), peakDbfs: db(w.peak) });
  }

  private closeUtterance(): void {
    const u = this.vad.flush();
    if (u) this.transcribe(u);
  }

  private transcribe(u: Utterance): void {
    this.stats.utterances++;
    const engine = this.o.engine;
    if (!engine || this.base === null) return;
    if (this.waiting >= (this.o.maxQueue ?? 4)) {
      this.stats.dropped++;
      this.o.log.warn({ camera: this.o.camera }, 'speech engine is behind: utterance dropped');
      return;
    }
    const start = this.base + (u.startSample / this.rate) * 1000;
    const end = this.base + (u.endSample / this.rate) * 1000;
    this.waiting++;
    this.queue = this.queue.then(async () => {
      try {
        const t = await engine.transcribe(u.samples, this.rate);
        this.stats.transcribed++;
        const keep = this.o.keepAudio !== false;
        // with its sound kept, an utterance the engine made nothing of can still be searched
        if (!t.text.trim() && !keep) return;
        const words = t.words.map((w) => ({ word: w.word, start: Math.round(start + w.start * 1000), end: Math.round(start + w.end * 1000), ...(w.conf !== undefined ? { conf: w.conf } : {}) }));
        const audio = keep ? { audio: { rate: this.rate, mulaw: muLawEncode(u.samples) } } : {};
        this.o.emit({ kind: 'speech', camera: this.o.camera, start: Math.round(start), end: Math.round(end), text: t.text.trim(), words, engine: engine.name, ...audio });
      } catch (e) {
        this.stats.failed++;
        this.o.log.warn({ camera: this.o.camera, err: (e as Error).message }, 'speech recognition failed');
      } finally {
        this.waiting--;
      }
    });
  }
}
