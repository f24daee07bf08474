/**
 * Offline speech recognition with CMU PocketSphinx (Debian's `pocketsphinx` and
 * `pocketsphinx-en-us`), one `pocketsphinx_continuous` run per utterance.
 *
 * Limits, measured here: with the general English language model, accuracy on synthetic
 * (espeak-ng) speech is poor: most words come out wrong. With a site vocabulary (a list of the
 * words that matter: machine names, places, alarms), recognition is restricted to those words by
 * a JSGF word-loop grammar and the key words come through with their times, at the price of
 * mapping every other sound to some vocabulary word. A better engine (Whisper through an
 * OpenAI-compatible endpoint) replaces it through config.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpeechEngine, Transcript, Word } from './stt.js';
import { wavFile } from './stt.js';

/** Where Debian installs the binary and the US English model. */
export const POCKETSPHINX_BIN = '/usr/bin/pocketsphinx_continuous';
const DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/** True when the engine and its model are installed. */
export function pocketsphinxAvailable(): boolean {
  return existsSync(POCKETSPHINX_BIN) && existsSync(DICT);
}

/** Options of the engine. */
export interface PocketsphinxOptions {
  /** Site vocabulary: phrases whose words restrict recognition (empty: the general model). */
  vocabulary?: readonly string[];
  /** Longest run per utterance, ms (default 30,000). */
  timeoutMs?: number;
}

/** Words of the vocabulary the pronunciation dictionary knows, and those it does not. */
export function vocabularyWords(vocabulary: readonly string[]): { known: string[]; unknown: string[] } {
  const words = [...new Set(vocabulary.flatMap((p) => p.toLowerCase().split(/[^a-z']+/)).filter(Boolean))];
  const dict = new Set(
    readFileSync(DICT, 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[0] ?? ''),
  );
  return { known: words.filter((w) => dict.has(w)), unknown: words.filter((w) => !dict.has(w)) };
}

/** A JSGF grammar that accepts any sequence of the words. */
export function wordLoopGrammar(words: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar site;\npublic <utterance> = <word>+;\n<word> = ${words.join(' | ')};\n`;
}

/** Parses `-time yes` output: one `word start end confidence` line per word. */
export function parsePocketsphinx(stdout: string): Transcript {
  const words: Word[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const raw = m[1] ?? '';
    if (raw.startsWith("<") || raw.startsWith("[") || raw.startsWith("++") || raw === "(NULL)") continue;
    words.push({ word: raw.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]), conf: Number(m[4]) });
  }
  return { text: words.map((w) => w.word).join(' '), words };
}

/** The PocketSphinx engine. */
export class PocketsphinxEngine implements SpeechEngine {
  readonly name = 'pocketsphinx';
  private readonly dir = mkdtempSync(join(tmpdir(), 'vigil-stt-'));
  private readonly grammar: string | null;
  private n = 0;

  constructor(private readonly opts: PocketsphinxOptions = {}) {
    const words = opts.vocabulary?.length ? vocabularyWords(opts.vocabulary).known : [];
    this.grammar = words.length ? join(this.dir, 'site.jsgf') : null;
    if (this.grammar) writeFileSync(this.grammar, wordLoopGrammar(words));
  }

  transcribe(samples: Int16Array, sampleRate: number, signal?: AbortSignal): Promise<Transcript> {
    const file = join(this.dir, `u${this.n++ % 4}.wav`);
    writeFileSync(file, wavFile(samples, sampleRate));
    const args = ['-infile', file, '-time', 'yes', '-samprate', String(sampleRate), '-logfn', '/dev/null', ...(this.grammar ? ['-jsgf', this.grammar] : [])];
    return new Promise((resolve, reject) => {
      const child = spawn(POCKETSPHINX_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
      child.stderr.setEncoding('utf8').on('data', (s: string) => (err = (err + s).slice(-2000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), this.opts.timeoutMs ?? 30_000);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(new Error(`pocketsphinx could not run: ${e.message}`));
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(parsePocketsphinx(out));
        else reject(new Error(`pocketsphinx failed (exit ${code ?? 'killed'}): ${err.trim().split('\n').pop() ?? ''}`));
      });
    });
  }

  /** Removes the engine's temporary files. */
  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
