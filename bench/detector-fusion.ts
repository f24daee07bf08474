/**
 * Two questions of issue 15, measured on the frames of the shared clips (640x360, the long clips at
 * 2 fps, the short ones at 6 fps), each frame scored against the per-frame truth in
 * `bench/detector-regions.ts` (counts of people, vehicles, bottles at the tracker's new-track score):
 *
 * 1. **Fusion**: centernet (ONNX, 512x288) and ssd-oidv4 on every frame, their boxes fused by
 *    class-aware NMS over the plain label groups, against each model alone; cost per frame.
 * 2. **Motion regions** (Frigate's approach): how much of the frame the motion boxes cover, and
 *    centernet run on one crop around motion and the previous frame's boxes instead of the whole
 *    frame: `crop-magnify` (crop at least 256x144, resized to 512x288: more pixels per object, same
 *    cost) and `crop-native` (crop at least 320x180, run at its own scale by a 320x192 model when
 *    it fits, else by the 512x288 one: less cost). Frames with no motion and nothing tracked skip the
 *    detector, as Frigate does; the gate's first frame and its 5 s refresh run the whole frame.
 *    `whole` runs every frame; `whole-gated` is the daemon today (whole frame when the motion gate
 *    fires, else the last detections carried forward). Cost per frame = runs x the median per run.
 *
 * Writes `bench/results/detector-fusion.json`. `BENCH_ONLY=fusion|regions` runs one part.
 * Run: `npm run build && npm run bench:detector-fusion`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { CenternetOnnxDetector } from '../ingest/perception/centernet-onnx-detector.js';
import { DETECTOR_TRACKING } from '../ingest/perception/pipeline.js';
import { MotionGate } from '../ingest/perception/motion.js';
import { SsdOidv4Detector } from '../ingest/perception/ssd-oidv4-detector.js';
import type { Box, DetectOptions, Detection, Detector, RgbImage } from '../ingest/perception/types.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';
import { CountScore, coverage, cropRgb, fromCrop, fuseDetections, regionAround, TRUTH_CLIPS, type TruthClip } from './detector-regions.js';

const W = 640;
const H = 360;
/** The daemon's defaults (config schema) for detection; counting uses the tracker's new-track score. */
const OPTS: DetectOptions = { scoreThreshold: 0.2, nmsIou: 0.5, sameObjectIou: 0.9, maxDetections: 100 };
const COUNT_SCORE = DETECTOR_TRACKING.newTrackThreshold ?? 0.35;
const ONLY = process.env.BENCH_ONLY;
const CACHE = process.env.VIGIL_MODEL_CACHE ?? join(tmpdir(), 'vigil-bench-models');

function frames(clip: TruthClip): RgbImage[] {
  const args = ['-v', 'error', '-i', join(SHARED_VIDEOS, clip.file), '-vf', `fps=${clip.fps},scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const data = execFileSync(locateFfmpeg().path, args, { maxBuffer: 1 << 30 });
  const size = W * H * 3;
  return Array.from({ length: Math.floor(data.length / size) }, (_, i) => ({ width: W, height: H, data: new Uint8Array(data.buffer, data.byteOffset + i * size, size) }));
}

const counted = (d: readonly Detection[]): Detection[] => d.filter((x) => x.score >= COUNT_SCORE);
const median = (xs: readonly number[]): number => +([...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN).toFixed(1);

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await f();
  return [r, performance.now() - t0];
}

/** Fusion: per clip, each model alone and fused, scored per frame; ms per frame of each model. */
async function fusion(clips: Map<TruthClip, RgbImage[]>, cn: Detector, ssd: Detector): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const ms = { centernet: [] as number[], ssd: [] as number[], fuse: [] as number[] };
  for (const [clip, imgs] of clips) {
    const score = { centernet: new CountScore(), ssd: new CountScore(), fused: new CountScore() };
    for (const [i, img] of imgs.entries()) {
      const [a, ta] = await timed(() => cn.detect(img, OPTS));
      const [b, tb] = await timed(() => ssd.detect(img, OPTS));
      const t0 = performance.now();
      const f = fuseDetections([a, b], OPTS.nmsIou);
      ms.fuse.push(performance.now() - t0);
      ms.centernet.push(ta);
      ms.ssd.push(tb);
      const want = clip.truth(i / clip.fps);
      if (!want) continue;
      score.centernet.add(counted(a), want);
      score.ssd.add(counted(b), want);
      score.fused.add(counted(f), want);
    }
    out[clip.file] = { centernet: score.centernet.summary(), ssd_oidv4: score.ssd.summary(), fused: score.fused.summary() };
    console.log(`fusion ${clip.file}: ${JSON.stringify(out[clip.file])}`);
  }
  out.ms_per_frame_median = { centernet: median(ms.centernet), ssd_oidv4: median(ms.ssd), fuse_nms: +(median(ms.fuse.map((x) => x * 100)) / 100).toFixed(2), both: +(median(ms.centernet) + median(ms.ssd)).toFixed(1) };
  return out;
}

interface RegionMode {
  name: string;
  /** Detections on the frame for `region` (null: the whole frame) and which model ran. */
  run(img: RgbImage, region: Box | null): Promise<[Detection[], ModelRun]>;
  min: [number, number];
}
type ModelRun = 'whole_512x288' | 'crop_512x288' | 'crop_320x192';

/** Motion regions: coverage of the motion boxes, then centernet on crops vs the whole frame. */
async function regions(clips: Map<TruthClip, RgbImage[]>, big: CenternetOnnxDetector, small: CenternetOnnxDetector): Promise<Record<string, unknown>> {
  const whole = async (img: RgbImage): Promise<[Detection[], ModelRun]> => [await big.detect(img, OPTS), 'whole_512x288'];
  const modes: RegionMode[] = [
    { name: 'whole', min: [W, H], run: whole },
    { name: 'whole-gated', min: [W, H], run: whole },
    { name: 'crop-magnify', min: [256, 144], run: async (img, r) => (r ? [fromCrop(await big.detect(cropRgb(img, r), OPTS), r), 'crop_512x288'] : whole(img)) },
    {
      name: 'crop-native',
      min: [320, 180],
      run: async (img, r) => {
        if (!r) return whole(img);
        const fits = r.x2 - r.x1 <= small.inputSize[0] && r.y2 - r.y1 <= small.inputSize[1];
        return [fromCrop(await (fits ? small : big).detect(cropRgb(img, r), OPTS), r), fits ? 'crop_320x192' : 'crop_512x288'];
      },
    },
  ];
  // cost per frame from the count of each kind of run times its median over the whole bench (robust to load spikes)
  const runMs: Record<ModelRun, number[]> = { whole_512x288: [], crop_512x288: [], crop_320x192: [] };
  const tally: { clip: string; mode: string; runs: Record<string, number>; frames: number }[] = [];
  const out: Record<string, unknown> = {};
  for (const [clip, imgs] of clips) {
    const res: Record<string, unknown> = {};
    for (const mode of modes) {
      const gate = new MotionGate();
      const score = new CountScore();
      const runs: Record<string, number> = { skipped: 0 };
      const motionCover: number[] = [];
      const cropCover: number[] = [];
      let tracked: Detection[] = [];
      for (const [i, img] of imgs.entries()) {
        const m = gate.check(img, (i * 1000) / clip.fps);
        if (m.region) motionCover.push(coverage(m.region, W, H));
        let dets: Detection[] = [];
        let kind: ModelRun | 'skipped' = 'skipped';
        let t = 0;
        if (mode.name === 'whole-gated') {
          // the daemon today: the whole frame when the gate fires, else the last detections carried forward
          if (m.detect) [[dets, kind], t] = await timed(() => mode.run(img, null));
          else dets = tracked;
          cropCover.push(m.detect ? 1 : 0);
        } else if (mode.name === 'whole' || m.reason === 'first' || m.reason === 'refresh') {
          [[dets, kind], t] = await timed(() => mode.run(img, null));
          cropCover.push(1);
        } else {
          const boxes = [...(m.level > 0 && m.region ? [m.region] : []), ...tracked.map((d) => d.box)];
          const r = regionAround(boxes, W, H, { pad: 0.15, minWidth: mode.min[0], minHeight: mode.min[1], aspect: 16 / 9 });
          if (r) [[dets, kind], t] = await timed(() => mode.run(img, r));
          cropCover.push(coverage(r, W, H));
        }
        runs[kind] = (runs[kind] ?? 0) + 1;
        if (kind !== 'skipped') runMs[kind].push(t);
        tracked = counted(dets);
        const want = clip.truth(i / clip.fps);
        if (want) score.add(tracked, want);
      }
      res[mode.name] = {
        ...score.summary(),
        runs,
        detector_area_pct: +(100 * (cropCover.reduce((a, b) => a + b, 0) / cropCover.length)).toFixed(1),
        ...(mode.name === 'whole'
          ? { motion_box_pct_mean: +(100 * (motionCover.reduce((a, b) => a + b, 0) / Math.max(1, motionCover.length))).toFixed(1), motion_box_frames: motionCover.length, clip_frames: imgs.length }
          : {}),
      };
      tally.push({ clip: clip.file, mode: mode.name, runs, frames: imgs.length });
    }
    out[clip.file] = res;
    console.log(`regions ${clip.file}: ${JSON.stringify(res)}`);
  }
  // a crop and a whole frame at 512x288 are the same model on the same input size: one median for both
  const at512 = median([...runMs.whole_512x288, ...runMs.crop_512x288]);
  const med: Record<ModelRun, number> = { whole_512x288: at512, crop_512x288: at512, crop_320x192: median(runMs.crop_320x192) };
  out.median_ms_per_run = med;
  for (const t of tally) {
    const ms = Object.entries(t.runs).reduce((a, [k, n]) => a + (k === 'skipped' ? 0 : n * med[k as ModelRun]), 0);
    ((out[t.clip] as Record<string, Record<string, unknown>>)[t.mode]!).ms_per_frame = +(ms / t.frames).toFixed(1);
  }
  return out;
}

const clips = new Map(TRUTH_CLIPS.map((c) => [c, frames(c)] as const));
const result: Record<string, unknown> = {
  machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, onnx-cpu, 1 intra-op thread, load average at start ${loadavg()[0]!.toFixed(1)}`,
  frame: `${W}x${H}`,
  count_score: COUNT_SCORE,
};
const big = new CenternetOnnxDetector({ cacheDir: CACHE });
await big.load();
if (ONLY !== 'regions') {
  const ssd = new SsdOidv4Detector({ cacheDir: CACHE });
  await ssd.load();
  result.fusion = await fusion(clips, big, ssd);
  await ssd.dispose();
}
if (ONLY !== 'fusion') {
  const small = new CenternetOnnxDetector({ cacheDir: CACHE, inputSize: [320, 192] });
  await small.load();
  result.regions = await regions(clips, big, small);
  await small.dispose();
}
await big.dispose();
result.load_average_at_end = +loadavg()[0]!.toFixed(1);
const dir = join(packageRoot(), 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'detector-fusion.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
