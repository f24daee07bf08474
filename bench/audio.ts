/**
 * `npm run bench:audio`: the offline speech engine's real-time factor, and the CPU cost of a
 * camera with audio.
 *
 * - Real-time factor: PocketSphinx on two espeak-ng utterances (2.5 s and 2.0 s), five runs each,
 *   with the general English model and with a site vocabulary. RTF = processing time / audio time.
 * - CPU per camera: 1 and 4 audio sessions (ffmpeg decoding to 16 kHz + levels + VAD + speech
 *   engine) on a looped file with speech every 10 s, played in real time for BENCH_SECONDS
 *   (default 30). CPU counts this process and its children (ffmpeg, pocketsphinx), from /proc.
 * Writes bench/results/audio.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { AudioPipeline } from '../ingest/audio/pipeline.js';
import { PocketsphinxEngine } from '../ingest/audio/pocketsphinx.js';
import { AUDIO_RATE, AudioSession } from '../ingest/audio/session.js';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import type { Logger } from '../ingest/types.js';
import { median } from './proc-stats.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };
const VOCAB = ['forklift', 'parked', 'bench two', 'please check the red valve'];

/** CPU seconds of this process plus its reaped children (utime, stime, cutime, cstime). */
function selfAndChildrenCpu(): number {
  const f = readFileSync('/proc/self/stat', 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + Number(x[12]) + Number(x[13]) + Number(x[14])) / 100;
}

function pcmOf(wav: string): Int16Array {
  const raw = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, '-ac', '1', '-ar', String(AUDIO_RATE), '-f', 's16le', 'pipe:1'], { maxBuffer: 64 << 20 });
  return new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
}

async function rtf(dir: string): Promise<{ general: number; vocabulary: number; texts: Record<string, string[]> }> {
  const clips = [
    ['u1', 'The forklift is parked at bench two.'],
    ['u2', 'Please check the red valve.'],
  ].map(([name, text]) => {
    const f = join(dir, `${name}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', f, text ?? '']);
    return pcmOf(f);
  });
  const out = { general: 0, vocabulary: 0, texts: {} as Record<string, string[]> };
  for (const mode of ['general', 'vocabulary'] as const) {
    const engine = new PocketsphinxEngine(mode === 'vocabulary' ? { vocabulary: VOCAB } : {});
    const ratios: number[] = [];
    out.texts[mode] = [];
    for (const pcm of clips) {
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const t = await engine.transcribe(pcm, AUDIO_RATE);
        ratios.push((performance.now() - t0) / 1000 / (pcm.length / AUDIO_RATE));
        if (i === 0) out.texts[mode].push(t.text);
      }
    }
    engine.close();
    out[mode] = Math.round(median(ratios) * 1000) / 1000;
  }
  return out;
}

/** A 20 s file: speech at 2 s and 12 s over faint noise, looped by the session. */
function loopClip(dir: string): string {
  const s1 = join(dir, 'u1.wav');
  const s2 = join(dir, 'u2.wav');
  const out = join(dir, 'loop.m4a');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', s1, '-i', s2, '-filter_complex', 'anoisesrc=d=20:c=pink:r=16000:a=0.003[n];[0]aresample=16000,adelay=2000:all=1[a];[1]aresample=16000,adelay=12000:all=1[b];[n][a][b]amix=inputs=3:duration=first:normalize=0[o]', '-map', '[o]', '-c:a', 'aac', '-ar', '16000', '-ac', '1', out]);
  return out;
}

async function cpuPerCamera(file: string, n: number): Promise<{ cameras: number; cpu_percent: number; cpu_percent_per_camera: number; utterances: number }> {
  const ffmpeg = locateFfmpeg();
  const pipes = Array.from({ length: n }, (_, i) => new AudioPipeline({ camera: `a${i}`, sampleRate: AUDIO_RATE, engine: new PocketsphinxEngine({ vocabulary: VOCAB }), emit: () => undefined, log: quiet }));
  const sessions = pipes.map((p, i) => new AudioSession({ id: `a${i}`, url: file, fps: 2, width: 640, enabled: true, transport: 'tcp', watchdogSeconds: 10 }, { ffmpeg, log: quiet, onPcm: (pcm, ts) => p.push(pcm, ts) }));
  const c0 = selfAndChildrenCpu();
  const t0 = performance.now();
  sessions.forEach((s) => s.start());
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  await Promise.all(sessions.map((s) => s.stop()));
  await Promise.all(pipes.map((p) => p.flush()));
  const cpu = ((selfAndChildrenCpu() - c0) / ((performance.now() - t0) / 1000)) * 100;
  return { cameras: n, cpu_percent: Math.round(cpu * 10) / 10, cpu_percent_per_camera: Math.round((cpu / n) * 10) / 10, utterances: pipes.reduce((s, p) => s + p.stats.transcribed, 0) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-audio-'));
  const r = await rtf(dir);
  console.log(`pocketsphinx real-time factor (median of 10): general model ${r.general}, site vocabulary ${r.vocabulary}`);
  const file = loopClip(dir);
  const cams = [];
  for (const n of [1, 4]) {
    const c = await cpuPerCamera(file, n);
    console.log(`${n} camera(s) with audio: ${c.cpu_percent}% of one core (${c.cpu_percent_per_camera}% each), ${c.utterances} utterances transcribed in ${SECONDS} s`);
    cams.push(c);
  }
  const result = { machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version }, seconds: SECONDS, rtf: { general: r.general, vocabulary: r.vocabulary }, heard: r.texts, cpu: cams };
  const outDir = join(packageRoot(), 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'audio.json'), JSON.stringify(result, null, 2) + '\n');
}

await main();
