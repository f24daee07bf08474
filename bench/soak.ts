/**
 * `npm run soak`: a long run of the real daemon, to show its memory stays flat (issue 13, item 8).
 *
 * Two cameras pull the shared clips (looping, real time) from a real RTSP server (GStreamer's, as
 * the tests do) into the real daemon (CLI child process, defaults: centernet, 2 fps, 640 px),
 * publishing through the Mosquitto at 127.0.0.1:1883. One WebSocket client asks a question every
 * 2 s, rotating a few real questions. The daemon's RSS is sampled every `SOAK_SAMPLE_S` (10) s for
 * `SOAK_MINUTES` (120) minutes. Written to bench/results/soak.json (rewritten every minute while it
 * runs, `complete: false` until the end): every sample, RSS at start and end, and the min, max and
 * median RSS over the last hour (the whole run if shorter) with the spread as a % of the median
 * ((max - min) / median); acceptance is a spread within 5 %. Also questions asked, answered,
 * failed and unanswered, and whether the daemon stayed up.
 *
 * Retention is `SOAK_RETENTION_MINUTES` (20) for every level, so the memory reaches its steady size
 * within the first hour and the last hour shows what the process itself keeps: with the default
 * retention (24 h of segments) the LMDB map grows with the data for the whole run, and its
 * file-backed pages, mapped into the process, grow RSS with it. `SOAK_RETENTION_MINUTES=0` keeps
 * the daemon's defaults.
 */
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { packageRoot } from '../edge/paths.js';
import { freeTcpPort, startDaemon, type DaemonHandle, type Health } from '../test/helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../test/helpers/rtsp-server.js';
import { median, rssMb, rssParts } from './proc-stats.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 120);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 10);
const ASK_EVERY_MS = Number(process.env.SOAK_ASK_MS ?? 2000);
const RETENTION_MINUTES = Number(process.env.SOAK_RETENTION_MINUTES ?? 20);
/** A question not answered within this time counts as unanswered. */
const ASK_TIMEOUT_MS = 60_000;
const WINDOW_MS = 3_600_000;
const BROKER = 'mqtt://127.0.0.1:1883';
const CAMERAS = [
  { id: 'table', clip: 'one-by-one-person-detection.mp4' },
  { id: 'aisle', clip: 'store-aisle-detection.mp4' },
];
const QUESTIONS = [
  'how many people were at the table?',
  'how many different people did the camera see in the last 10 minutes?',
  'when was the last person seen in the aisle?',
  "what's the maximum number of people seen together?",
  'how long did people stay at the table?',
  'is anyone in the aisle right now?',
];
const OUT = join(packageRoot(), 'bench', 'results', 'soak.json');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One RSS sample: seconds since the start and MB. */
interface Sample {
  t_s: number;
  rss_mb: number;
  /** The RSS split: anonymous memory (heaps) and file-backed pages (LMDB's map, code). */
  anon_mb?: number;
  file_mb?: number;
}

/** Counters of the question stream. */
interface AskStats {
  asked: number;
  answered: number;
  errors: number;
  /** Error codes seen, with counts. */
  errorCodes: Record<string, number>;
  unanswered: number;
  /** Median answer time, ms. */
  medianAnswer_ms?: number;
}

/** RSS figures over the window that ends at the last sample. */
function windowStats(samples: Sample[], of: (s: Sample) => number | undefined = (s) => s.rss_mb): { window_minutes: number; min: number; max: number; median: number; spread_pct: number } | null {
  const last = samples[samples.length - 1];
  if (!last || of(last) === undefined) return null;
  const inWindow = samples.filter((s) => s.t_s >= last.t_s - WINDOW_MS / 1000 && of(s) !== undefined);
  const rss = inWindow.map((s) => of(s) as number);
  const med = median(rss);
  const min = Math.min(...rss);
  const max = Math.max(...rss);
  const first = inWindow[0] ?? last;
  return { window_minutes: Math.round(((last.t_s - first.t_s) / 60) * 10) / 10, min: round1(min), max: round1(max), median: round1(med), spread_pct: round1(((max - min) / med) * 100) };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The trend over the window that ends at the last sample: the median of its last 10 minutes
 * against the median of its first 10, and the least-squares slope, both as % of the window's
 * median (per hour for the slope). The spread above also holds the garbage collectors' sawtooth
 * (RSS rises between collections and falls at each), which is not growth; these say whether the
 * level moves.
 */
function drift(samples: Sample[], of: (s: Sample) => number | undefined = (s) => s.rss_mb): { first10_median: number; last10_median: number; drift_pct: number; slope_pct_per_hour: number } | null {
  const last = samples[samples.length - 1];
  if (!last) return null;
  const w = samples.filter((s) => s.t_s >= last.t_s - WINDOW_MS / 1000 && of(s) !== undefined);
  const t0 = w[0]?.t_s ?? 0;
  const first = w.filter((s) => s.t_s < t0 + 600).map((s) => of(s) as number);
  const end = w.filter((s) => s.t_s > last.t_s - 600).map((s) => of(s) as number);
  const ys = w.map((s) => of(s) as number);
  const med = median(ys);
  if (first.length === 0 || end.length === 0 || !med) return null;
  const xs = w.map((s) => s.t_s);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const slope = sxx > 0 ? xs.reduce((a, x, i) => a + (x - mx) * ((ys[i] as number) - my), 0) / sxx : 0;
  return { first10_median: round1(median(first)), last10_median: round1(median(end)), drift_pct: round1(((median(end) - median(first)) / med) * 100), slope_pct_per_hour: round1(((slope * 3600) / med) * 100) };
}

/** Asks a question every {@link ASK_EVERY_MS} over one WebSocket until stopped. */
function askLoop(url: string): { stats: AskStats; stop(): void } {
  const stats: AskStats = { asked: 0, answered: 0, errors: 0, errorCodes: {}, unanswered: 0 };
  const pending = new Map<string, number>();
  const times: number[] = [];
  let ws: WebSocket | undefined;
  let n = 0;
  const connect = (): void => {
    const s = new WebSocket(url, { maxPayload: 64 * 1024 * 1024 });
    s.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as { id?: string; type?: string; status?: string; code?: string };
      if (!m.id || m.type === 'progress' || !pending.has(m.id)) return;
      const t0 = pending.get(m.id) ?? Date.now();
      pending.delete(m.id);
      if (m.status === 'ok') {
        stats.answered++;
        if (times.length < 100_000) times.push(Date.now() - t0);
      } else {
        stats.errors++;
        const code = m.code ?? 'UNKNOWN';
        stats.errorCodes[code] = (stats.errorCodes[code] ?? 0) + 1;
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      if (ws === s) ws = undefined;
    });
    ws = s;
  };
  connect();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [id, t0] of pending) {
      if (now - t0 > ASK_TIMEOUT_MS) {
        pending.delete(id);
        stats.unanswered++;
      }
    }
    if (!ws || ws.readyState === WebSocket.CLOSED) {
      stats.errors++;
      stats.errorCodes.DISCONNECTED = (stats.errorCodes.DISCONNECTED ?? 0) + 1;
      connect();
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return;
    const id = `q${n}`;
    const question = QUESTIONS[n % QUESTIONS.length] as string;
    n++;
    pending.set(id, now);
    stats.asked++;
    ws.send(JSON.stringify({ id, type: 'ask', question }));
  }, ASK_EVERY_MS);
  return {
    stats,
    stop: () => {
      clearInterval(timer);
      stats.unanswered += pending.size;
      stats.medianAnswer_ms = Math.round(median(times));
      ws?.terminate();
    },
  };
}

/** Writes the results so far. */
function write(out: object): void {
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
}

async function main(): Promise<void> {
  const server = await startRtspServer({ mounts: CAMERAS.map((c) => ({ path: `/${c.id}`, file: join(SHARED_VIDEOS, c.clip) })) });
  const port = await freeTcpPort();
  const node = `soak${process.pid}`;
  const cameras = CAMERAS.map((c) => ({ id: c.id, url: server.url(`/${c.id}`) }));
  const h = RETENTION_MINUTES / 60;
  const memory = RETENTION_MINUTES > 0 ? { rawHours: h, eventsDays: h / 24, minutesDays: h / 24, hoursDays: h / 24 } : {};
  const daemon: DaemonHandle = startDaemon({ port, config: { node, mqtt: { url: BROKER }, cameras, memory }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  const pid = daemon.child.pid ?? 0;
  const samples: Sample[] = [];
  const startedAt = new Date().toISOString();
  let ask: ReturnType<typeof askLoop> | undefined;
  let daemonExit: number | null = null;
  const result = (complete: boolean): object => {
    const ws = windowStats(samples);
    return {
      command: 'npm run soak',
      machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version} (shared with other work)`,
      setup: `2 cameras (${CAMERAS.map((c) => c.clip).join(', ')}, looping) from the GStreamer RTSP test server, daemon defaults, Mosquitto ${BROKER}; a question every ${ASK_EVERY_MS / 1000} s over WebSocket (${QUESTIONS.length} rotating); RSS sampled every ${SAMPLE_S} s for ${MINUTES} min; retention ${RETENTION_MINUTES > 0 ? `${RETENTION_MINUTES} min for every level` : 'the defaults'}`,
      retention_minutes: RETENTION_MINUTES > 0 ? RETENTION_MINUTES : null,
      startedAt,
      complete,
      daemonExit,
      rss_start_mb: samples[0]?.rss_mb ?? null,
      rss_end_mb: samples[samples.length - 1]?.rss_mb ?? null,
      last_hour: ws,
      // what grows: anonymous memory (a leak would show here) or file-backed pages (LMDB's map grows with the data)
      last_hour_anon: windowStats(samples, (x) => x.anon_mb),
      last_hour_file: windowStats(samples, (x) => x.file_mb),
      last_hour_trend: drift(samples),
      last_hour_anon_trend: drift(samples, (x) => x.anon_mb),
      acceptance: ws ? { spread_within_5pct: ws.spread_pct <= 5, drift_within_5pct: Math.abs(drift(samples)?.drift_pct ?? Infinity) <= 5, window_is_full_hour: ws.window_minutes >= 59.5 } : null,
      questions: ask?.stats ?? null,
      samples,
    };
  };
  try {
    await daemon.waitFor(
      async () => {
        const h = await daemon.getJson<Health>('/healthz');
        return h.cameras.length === cameras.length && h.cameras.every((c) => c.state === 'streaming');
      },
      180_000,
      'every camera streaming',
    );
    const t0 = Date.now();
    ask = askLoop(`ws://127.0.0.1:${port}/api/ws`);
    console.log(`soak: daemon pid ${pid} on port ${port}, ${MINUTES} min, RSS every ${SAMPLE_S} s -> ${OUT}`);
    let lastWrite = 0;
    while (Date.now() - t0 < MINUTES * 60_000) {
      if (daemon.child.exitCode !== null) {
        daemonExit = daemon.child.exitCode;
        console.log(`soak: the daemon exited (${daemonExit}):\n${daemon.output().slice(-2000)}`);
        break;
      }
      const t_s = Math.round((Date.now() - t0) / 1000);
      const parts = rssParts(pid);
      samples.push({ t_s, rss_mb: round1(rssMb(pid)), anon_mb: round1(parts.anon), file_mb: round1(parts.file) });
      const w = windowStats(samples);
      const s = ask.stats;
      console.log(`${new Date().toISOString()} t=${t_s}s rss ${samples[samples.length - 1]?.rss_mb} MB; window ${w?.window_minutes} min min/median/max ${w?.min}/${w?.median}/${w?.max} MB spread ${w?.spread_pct} %; asked ${s.asked} answered ${s.answered} errors ${s.errors} unanswered ${s.unanswered}`);
      if (Date.now() - lastWrite >= 60_000) {
        write(result(false));
        lastWrite = Date.now();
      }
      await sleep(SAMPLE_S * 1000);
    }
  } finally {
    ask?.stop();
    if (daemon.child.exitCode === null) await daemon.stop();
    await server.stop();
  }
  const out = result(daemonExit === null);
  write(out);
  const w = windowStats(samples);
  console.log(`trend over the last hour: ${JSON.stringify(drift(samples))}`);
  console.log(`soak done: RSS start ${samples[0]?.rss_mb} MB, end ${samples[samples.length - 1]?.rss_mb} MB; last ${w?.window_minutes} min: min ${w?.min}, median ${w?.median}, max ${w?.max} MB, spread ${w?.spread_pct} % (target <= 5 %); questions ${JSON.stringify(ask?.stats)}`);
}

await main();
