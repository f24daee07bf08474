/**
 * Test clips with sound: a shared clip's video with sentences spoken by espeak-ng at given
 * times, faint pink noise under them, and optional loud 1 kHz beeps.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A sentence and the second of the clip at which it starts. */
export interface Spoken {
  text: string;
  at: number;
}

/**
 * The noise generator's seed. Fixed, so a clip is the same bytes on every machine: with ffmpeg's
 * default (a random seed per run) the noise, and so the voice detector's cuts and what the offline
 * recogniser hears, changed from run to run (a CI run once missed a spoken word that every local run
 * heard).
 */
const NOISE_SEED = Number(process.env.TEST_NOISE_SEED ?? 1);

/** Writes `<dir>/<name>` (mp4, AAC 16 kHz mono) and returns its path. */
export function speechClip(dir: string, video: string, name: string, o: { seconds: number; spoken: Spoken[]; beeps?: number[] }): string {
  const inputs: string[] = [];
  const graph = [`anoisesrc=d=${o.seconds}:c=pink:r=16000:a=0.003:seed=${NOISE_SEED}[n]`];
  const mix = ['[n]'];
  o.spoken.forEach((s, i) => {
    const wav = join(dir, `${name}-s${i}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, s.text]);
    inputs.push('-i', wav);
    graph.push(`[${i + 1}]aresample=16000,adelay=${Math.round(s.at * 1000)}:all=1[a${i}]`);
    mix.push(`[a${i}]`);
  });
  (o.beeps ?? []).forEach((at, i) => {
    graph.push(`sine=f=1000:d=0.6:r=16000,volume=6,adelay=${Math.round(at * 1000)}:all=1[b${i}]`);
    mix.push(`[b${i}]`);
  });
  graph.push(`${mix.join('')}amix=inputs=${mix.length}:duration=first:normalize=0[a]`);
  const out = join(dir, name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', video, ...inputs, '-filter_complex', graph.join(';'), '-map', '0:v', '-map', '[a]', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '64k', '-ar', '16000', '-ac', '1', '-shortest', out]);
  return out;
}
