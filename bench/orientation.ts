/**
 * `npm run bench:orientation`: a camera mounted upside down. The shared bottle clip as it is,
 * turned upside down (`hflip,vflip`, a ceiling mount), flipped (`vflip`), and turned a quarter either
 * way (`transpose`, a camera on its side: a portrait picture), made with ffmpeg into a temp dir, each perceived at 2 fps with the default camera settings (`auto` detector, `auto`
 * orientation) by the pipeline `vigil replay` builds. Printed per recording: the orientation
 * chosen and its probe scores, the bottles counted (live counts) at 2 s, 14 s and 20 s against
 * the truth (test/fixtures/truth.ts), the mean count error over the settled seconds, and the
 * probe's cost: its extra detector runs and their ms (the detect time of the probed frames less
 * as many unprobed frames at the median). Writes bench/results/orientation.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { replayFrames } from '../ingest/replay.js';
import { cameraPerception, detectorFor } from '../edge/components/perception.js';
import { defaultCamera } from '../edge/config/default-camera.js';
import { packageRoot } from '../edge/paths.js';
import { BOTTLES_PER_SECOND, bottleCountError } from '../test/fixtures/truth.js';
import { PROBED } from '../ingest/perception/orientation-choice.js';

const BOTTLES = join(packageRoot(), '..', 'shared', 'videos', 'bottle-detection.mp4');
const T0 = Date.parse('2026-11-21T09:00:00Z');
/** Moments read against the truth: during the probe, and after it (3 bottles, then 1). */
const MOMENTS = [2, 14, 20];

interface Figures {
  recording: string;
  orientation: string;
  scores: Record<string, number>;
  probeFrames: number;
  bottles: { at: number; counted: number; truth: number }[];
  mae: number;
  probe: { extraRuns: number; extraMs: number; detectMsMedian: number };
  frames: number;
  seconds: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] ?? 0) : 0;
};

async function run(file: string, name: string): Promise<Figures> {
  const cam = defaultCamera('bench', file);
  const detector = detectorFor(cam, join(packageRoot(), 'data', 'models'));
  await detector?.load();
  const p = cameraPerception(cam, detector);
  const counts = new Map<number, number>();
  const probedMs: number[] = [];
  const plainMs: number[] = [];
  let frames = 0;
  const t0 = Date.now();
  try {
    for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file, camera: 'bench', startMs: T0, fps: 2, width: cam.width, realtime: false })) {
      const before = { ms: p.stats.ms.detect, probed: p.orientationStatus().probed, detected: p.stats.detected };
      for (const o of await p.process(f)) if (o.kind === 'frame') counts.set(Math.round((o.ts - T0) / 500) / 2, o.counts.bottle ?? 0);
      frames++;
      if (p.stats.detected === before.detected) continue;
      (p.orientationStatus().probed > before.probed ? probedMs : plainMs).push(p.stats.ms.detect - before.ms);
    }
  } finally {
    await detector?.dispose();
  }
  const s = p.orientationStatus();
  const at = (sec: number): number => counts.get(sec) ?? 0;
  const perFrame = median(plainMs);
  const extraMs = Math.round(probedMs.reduce((a, b) => a + b, 0) - probedMs.length * perFrame);
  return {
    recording: name,
    orientation: s.orientation,
    scores: s.scores,
    probeFrames: s.probed,
    bottles: MOMENTS.map((m) => ({ at: m, counted: at(m), truth: BOTTLES_PER_SECOND[m] ?? 0 })),
    mae: Math.round(bottleCountError((sec) => at(sec)).mae * 100) / 100,
    probe: { extraRuns: (PROBED.length - 1) * s.probed, extraMs, detectMsMedian: Math.round(perFrame) },
    frames,
    seconds: (Date.now() - t0) / 1000,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-orientation-'));
  const files: [string, string][] = [['upright', BOTTLES]];
  // a camera on its side: the clip turned a quarter clockwise (transpose=clock) and anticlockwise (transpose=cclock)
  for (const [name, vf] of [['rotate180 copy', 'hflip,vflip'], ['vflip copy', 'vflip'], ['quarter cw copy', 'transpose=clock'], ['quarter ccw copy', 'transpose=cclock']] as const) {
    const out = join(dir, `${vf.replace(/[,=]/g, '-')}.mp4`);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-i', BOTTLES, '-vf', vf, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', out]);
    files.push([name, out]);
  }
  const rows: Figures[] = [];
  for (const [name, file] of files) {
    const f = await run(file, name);
    rows.push(f);
    const b = f.bottles.map((x) => `${x.at} s ${x.counted}/${x.truth}`).join(', ');
    const sc = Object.entries(f.scores)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `${name.padEnd(16)} chose ${f.orientation.padEnd(9)} (${sc}; ${f.probeFrames} probed frames)  bottles counted/truth ${b}, MAE ${f.mae}  probe +${f.probe.extraRuns} detector runs, +${f.probe.extraMs} ms (a detected frame ${f.probe.detectMsMedian} ms)  ${f.frames} frames in ${f.seconds.toFixed(1)} s`,
    );
  }
  const out = { when: new Date().toISOString(), machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(1)).join('/')}`, rows };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'orientation.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
