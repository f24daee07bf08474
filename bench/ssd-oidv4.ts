/**
 * SSD-OIDv4 (TFLite from @mediapipe/objectron converted to ONNX) speed on one intra-op thread:
 * conversion time, then the median per frame over real frames of the shared clips, for the
 * resize to 300x300 plus the network, and for `detect()` (also decoding and NMS).
 * Run: `npx tsc -p tsconfig.json && node dist/bench/ssd-oidv4.js`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { SsdOidv4Detector } from '../ingest/perception/ssd-oidv4-detector.js';
import type { RgbImage } from '../ingest/perception/types.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';

function frames(clip: string, width: number, height: number, vf: string): RgbImage[] {
  const args = ['-v', 'error', '-i', join(SHARED_VIDEOS, clip), '-vf', `${vf},scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const data = execFileSync(locateFfmpeg().path, args, { maxBuffer: 512 << 20 });
  const size = width * height * 3;
  return Array.from({ length: Math.floor(data.length / size) }, (_, i) => ({ width, height, data: new Uint8Array(data.buffer, data.byteOffset + i * size, size) }));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

async function timed(n: number, f: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f(i);
    out.push(performance.now() - t0);
  }
  return out;
}

const dir = await mkdtemp(join(tmpdir(), 'vigil-bench-ssd-'));
try {
  const det = new SsdOidv4Detector({ cacheDir: dir, threads: 1 });
  let t0 = performance.now();
  await det.load();
  const convertMs = performance.now() - t0;
  await det.dispose();
  t0 = performance.now();
  await det.load();
  const cachedLoadMs = performance.now() - t0;
  const opts = { scoreThreshold: 0.5, nmsIou: 0.5, maxDetections: 100 };
  const sets: [string, RgbImage[]][] = [
    ['person-bicycle-car 480x270', frames('person-bicycle-car-detection.mp4', 480, 270, 'null')],
    ['bottle 640x360', frames('bottle-detection.mp4', 640, 360, 'fps=1')],
  ];
  for (const [, imgs] of sets) await det.detect(imgs[0]!, opts); // warm-up
  const result: Record<string, unknown> = {
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${det.backend}, 1 intra-op thread`,
    convert_and_load_ms: Math.round(convertMs),
    cached_load_ms: Math.round(cachedLoadMs),
  };
  for (const [name, imgs] of sets) {
    const n = Math.max(30, imgs.length);
    const net = await timed(n, (i) => det.raw(imgs[i % imgs.length]!));
    const full = await timed(n, (i) => det.detect(imgs[i % imgs.length]!, opts));
    result[name] = { frames: n, resize_and_network_ms: +median(net).toFixed(1), detect_ms: +median(full).toFixed(1) };
  }
  await det.dispose();
  console.log(JSON.stringify(result, null, 2));
} finally {
  await rm(dir, { recursive: true, force: true });
}
