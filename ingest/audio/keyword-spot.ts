/**
 * Keyword spotting with PocketSphinx (`pocketsphinx_continuous -keyphrase`) over stored
 * utterances, for words nobody configured in advance: "when was pressure mentioned?" asked after
 * the fact. The general English model transcribes synthetic speech poorly ("please check the
 * pressure gauge" came out "the the oppression you"), but asked for one phrase it finds it with its
 * time and stays silent on speech without it (measured: README Audio).
 *
 * The utterances are joined into one 16 kHz file with half a second of silence between them, so
 * one process reads them all; each hit is mapped back to its utterance and wall time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POCKETSPHINX_BIN, pocketsphinxAvailable } from './pocketsphinx.js';
import { wavFile } from './stt.js';

/** Detection threshold of the key phrase (PocketSphinx's -kws_threshold; lower finds more). */
export const KWS_THRESHOLD = '1e-20';
const DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
const GAP_S = 0.5;

/** One stored utterance to search. */
export interface SpotClip {
  camera: string;
  /** Wall time of its first sample, epoch ms. */
  start: number;
  rate: number;
  samples: Int16Array;
}

/** A phrase heard in a clip. */
export interface SpotHit {
  camera: string;
  /** When the phrase began and ended, epoch ms. */
  start: number;
  end: number;
}

let dictWords: Set<string> | null = null;

/** The phrase's words the pronunciation dictionary lacks (spotting needs every word in it). */
export function unknownWords(phrase: string): string[] {
  dictWords ??= new Set(
    readFileSync(DICT, 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[0] ?? ''),
  );
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  return words.filter((w) => !(dictWords as Set<string>).has(w));
}

/** True when keyword spotting can run here (Debian's pocketsphinx and its model). */
export function spottingAvailable(): boolean {
  return pocketsphinxAvailable();
}

/** Joins 16 kHz clips with silence between them; returns the samples and each clip's offset, s. */
function joinClips(clips: readonly SpotClip[]): { samples: Int16Array; at: number[] } {
  const rate = 16000;
  const gap = Math.round(GAP_S * rate);
  const total = clips.reduce((n, c) => n + c.samples.length + gap, gap);
  const samples = new Int16Array(total);
  const at: number[] = [];
  let pos = gap;
  for (const c of clips) {
    at.push(pos / rate);
    samples.set(c.samples, pos);
    pos += c.samples.length + gap;
  }
  return { samples, at };
}

/** Runs the spotter on a file; resolves with `[start, end]` seconds of each hit. */
function runKws(file: string, phrase: string, timeoutMs: number): Promise<[number, number][]> {
  const args = ['-infile', file, '-keyphrase', phrase, '-kws_threshold', KWS_THRESHOLD, '-time', 'yes', '-logfn', '/dev/null'];
  return new Promise((resolve, reject) => {
    const child = spawn(POCKETSPHINX_BIN, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`pocketsphinx could not run: ${e.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`keyword spotting failed (exit ${code ?? 'killed'})`));
      const hits: [number, number][] = [];
      for (const line of out.split('\n')) {
        const m = /^(.+) (\d+\.\d+) (\d+\.\d+) \d+(?:\.\d+)?$/.exec(line.trim());
        if (m && m[1]?.toLowerCase() === phrase) hits.push([Number(m[2]), Number(m[3])]);
      }
      resolve(hits);
    });
  });
}

/**
 * Where `phrase` was said in `clips` (16 kHz only; others are skipped). Rejects when the spotter
 * cannot run; resolves empty when a word of the phrase is not in the dictionary.
 */
export async function spotPhrase(clips: readonly SpotClip[], phrase: string, timeoutMs = 20_000): Promise<SpotHit[]> {
  const p = phrase.toLowerCase().trim().replace(/\s+/g, ' ');
  const usable = clips.filter((c) => c.rate === 16000 && c.samples.length > 0);
  if (!p || usable.length === 0 || unknownWords(p).length > 0) return [];
  const { samples, at } = joinClips(usable);
  const dir = mkdtempSync(join(tmpdir(), 'vigil-kws-'));
  try {
    const file = join(dir, 'joined.wav');
    writeFileSync(file, wavFile(samples, 16000));
    const hits = await runKws(file, p, timeoutMs);
    const out: SpotHit[] = [];
    for (const [s, e] of hits) {
      let i = at.length - 1;
      while (i > 0 && (at[i] ?? 0) > s) i--;
      const c = usable[i];
      const off = at[i];
      if (!c || off === undefined || s - off > c.samples.length / 16000) continue;
      out.push({ camera: c.camera, start: Math.round(c.start + (s - off) * 1000), end: Math.round(c.start + (e - off) * 1000) });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
