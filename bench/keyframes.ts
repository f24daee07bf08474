/**
 * `node dist/bench/keyframes.js`: event-loop cost of a segment keyframe, jpeg-js (the encoder the
 * keyframes used before) against `sharp` (what they use now), on a real 640x360 frame of the
 * shared clips at quality 70, as the perception pipeline encodes it.
 *
 * For each encoder, `KF_N` (60) encodes one after another: the time the event loop is held per
 * frame (the synchronous part of the call, and the p99 event-loop delay seen by a 1 ms timer running
 * alongside), and the wall time per encode. Medians printed and written to
 * bench/results/keyframes.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import jpeg from 'jpeg-js';
import { packageRoot } from '../edge/paths.js';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { encodeJpeg } from '../ingest/jpeg.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';
import { median } from './proc-stats.js';

const N = Number(process.env.KF_N ?? 60);
const W = 640;
const H = 360;

/** jpeg-js as the segmenter called it: RGB24 widened to RGBA, encoded on the event loop. */
function jpegJs(data: Buffer): Promise<Buffer> {
  const rgba = Buffer.allocUnsafe(W * H * 4);
  for (let i = 0, j = 0; i < data.length; i += 3, j += 4) {
    rgba[j] = data[i] ?? 0;
    rgba[j + 1] = data[i + 1] ?? 0;
    rgba[j + 2] = data[i + 2] ?? 0;
    rgba[j + 3] = 255;
  }
  return Promise.resolve(Buffer.from(jpeg.encode({ data: rgba, width: W, height: H }, 70).data));
}

/** Per-frame figures of one encoder. */
async function measure(encode: (data: Buffer) => Promise<Buffer>, data: Buffer): Promise<{ sync_ms: number; loop_delay_p99_ms: number; wall_ms: number; bytes: number }> {
  const sync: number[] = [];
  const wall: number[] = [];
  let bytes = 0;
  const h = monitorEventLoopDelay({ resolution: 1 });
  const tick = setInterval(() => undefined, 1);
  h.enable();
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const p = encode(data);
    sync.push(performance.now() - t0);
    bytes = (await p).length;
    wall.push(performance.now() - t0);
    // let the loop turn (and the delay monitor sample) between frames, as between camera frames
    await new Promise((r) => setTimeout(r, 5));
  }
  h.disable();
  clearInterval(tick);
  return { sync_ms: round(median(sync)), loop_delay_p99_ms: round(h.percentile(99) / 1e6), wall_ms: round(median(wall)), bytes };
}

const round = (x: number): number => Math.round(x * 100) / 100;

async function main(): Promise<void> {
  const clip = join(SHARED_VIDEOS, 'store-aisle-detection.mp4');
  const data = execFileSync(locateFfmpeg().path, ['-v', 'error', '-i', clip, '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 64 * 1024 * 1024 });
  if (data.length !== W * H * 3) throw new Error(`expected a ${W}x${H} RGB frame, got ${data.length} bytes`);
  // warm both up
  await jpegJs(data);
  await encodeJpeg({ width: W, height: H, data }, 70);
  const before = await measure(jpegJs, data);
  const after = await measure((d) => encodeJpeg({ width: W, height: H, data: d }, 70), data);
  console.log(`jpeg-js: event loop held ${before.sync_ms} ms per frame (event-loop delay p99 ${before.loop_delay_p99_ms} ms), wall ${before.wall_ms} ms`);
  console.log(`sharp:   event loop held ${after.sync_ms} ms per frame (event-loop delay p99 ${after.loop_delay_p99_ms} ms), wall ${after.wall_ms} ms`);
  const out = {
    command: 'node dist/bench/keyframes.js',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version} (shared with other work)`,
    setup: `${N} encodes of one ${W}x${H} frame of store-aisle-detection.mp4 at quality 70 per encoder; medians`,
    jpegJs: before,
    sharp: after,
  };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'keyframes.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
