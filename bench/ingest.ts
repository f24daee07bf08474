/**
 * `npm run bench:ingest`: CPU share and resident memory of ingest (ffmpeg children plus this
 * Node process) for 1, 2, 4 and 8 cameras pulled from a real RTSP server (GStreamer's) at 2 fps
 * analysis, 640 px wide. Prints a table and writes bench/results/ingest.json.
 *
 * Env: BENCH_RUNS (default 3), BENCH_SECONDS (measured window per run, default 15),
 * BENCH_CAMERAS (default "1,2,4,8").
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { CameraSession } from '../ingest/session.js';
import type { Logger } from '../ingest/types.js';
import { SHARED_VIDEOS, startRtspServer } from '../test/helpers/rtsp-server.js';
import { cpuSeconds, median, rssMb } from './proc-stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const COUNTS = (process.env.BENCH_CAMERAS ?? '1,2,4,8').split(',').map(Number);

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

interface RunResult {
  cpuPercent: number;
  rssMb: number;
  fps: number;
  drops: number;
}

async function runOnce(url: string, n: number): Promise<RunResult> {
  const ffmpeg = locateFfmpeg();
  const sessions = Array.from({ length: n }, (_, i) => new CameraSession({ id: `c${i}`, url, fps: 2, width: 640, enabled: true, transport: 'tcp', watchdogSeconds: 10 }, { ffmpeg, log: quiet }));
  const pumps = sessions.map(async (s) => {
    while (await s.nextFrame()) {
      /* consume */
    }
  });
  sessions.forEach((s) => s.start());
  // warm up until every camera streams, plus 3 s
  const t0 = Date.now();
  while (!sessions.every((s) => s.status().state === 'streaming')) {
    if (Date.now() - t0 > 30_000) throw new Error('cameras did not start streaming');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const pids = sessions.map((s) => s.ffmpegPid ?? 0);
  const framesBefore = sessions.reduce((a, s) => a + s.status().framesIn, 0);
  const cpu0 = pids.reduce((a, p) => a + cpuSeconds(p), 0) + cpuSeconds(process.pid);
  const w0 = Date.now();
  const rssSamples: number[] = [];
  for (let i = 0; i < SECONDS; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    rssSamples.push(pids.reduce((a, p) => a + rssMb(p), 0) + rssMb(process.pid));
  }
  const wall = (Date.now() - w0) / 1000;
  const cpu1 = pids.reduce((a, p) => a + cpuSeconds(p), 0) + cpuSeconds(process.pid);
  const frames = sessions.reduce((a, s) => a + s.status().framesIn, 0) - framesBefore;
  const drops = sessions.reduce((a, s) => a + s.status().drops, 0);
  await Promise.all(sessions.map((s) => s.stop()));
  await Promise.all(pumps);
  return { cpuPercent: ((cpu1 - cpu0) / wall) * 100, rssMb: median(rssSamples), fps: frames / wall / n, drops };
}

async function main(): Promise<void> {
  const server = await startRtspServer({ mounts: [{ path: '/cam', file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4') }] });
  const results: Record<string, { runs: RunResult[]; cpuPercentMedian: number; rssMbMedian: number; fpsPerCameraMedian: number }> = {};
  try {
    for (const n of COUNTS) {
      const runs: RunResult[] = [];
      for (let r = 0; r < RUNS; r++) runs.push(await runOnce(server.url('/cam'), n));
      results[String(n)] = {
        runs,
        cpuPercentMedian: median(runs.map((r) => r.cpuPercent)),
        rssMbMedian: median(runs.map((r) => r.rssMb)),
        fpsPerCameraMedian: median(runs.map((r) => r.fps)),
      };
      const m = results[String(n)];
      console.log(`${n} camera(s): CPU ${m?.cpuPercentMedian.toFixed(1)} % of one core, RSS ${m?.rssMbMedian.toFixed(0)} MB, ${m?.fpsPerCameraMedian.toFixed(2)} fps/camera (median of ${RUNS})`);
    }
  } finally {
    await server.stop();
  }
  const ffmpeg = locateFfmpeg();
  const out = {
    command: 'npm run bench:ingest',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ffmpeg ${ffmpeg.major} (${ffmpeg.source})`,
    source: 'GStreamer RTSP server, one-by-one-person-detection.mp4 (H.264 768x432 10 fps), RTSP/TCP',
    analysis: { fps: 2, width: 640 },
    runs: RUNS,
    windowSeconds: SECONDS,
    results,
  };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'ingest.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
