/**
 * `npm run bench:flood`: a request flood against the real daemon while it watches two cameras.
 *
 * Two cameras pull the shared clips from a real RTSP server (GStreamer's, as the tests do) into
 * the real daemon (CLI child process, defaults: centernet, 2 fps, 640 px), publishing through the
 * Mosquitto at 127.0.0.1:1883. The data directory is seeded with `FLOOD_SEED_HOURS` of 2 s segments
 * per camera (with text embeddings, as captioned segments carry) so that every request reads a
 * full page. Then:
 * 1. MQTT: `FLOOD_MQTT` (3000) `segments` requests (limit 2000 over the whole history) published at
 *    once on `vigil/<node>/request` (QoS 0: Mosquitto's default per-client queue of 1000 QoS 1
 *    messages would drop most of a QoS 1 burst before the daemon sees it), each with `replyTo` and
 *    an id; every reply is matched to its id;
 * 2. WebSocket: `FLOOD_WS_CONNS` (100) connections x `FLOOD_WS_REQS` (8) of the same request.
 * Throughout, `/healthz` is polled every 100 ms (latency of each answer), the daemon's RSS every
 * 500 ms, and cameras' `lastFrameAt` from the health answers (ingest gap). After the floods the
 * daemon runs idle for `FLOOD_SETTLE_S` (60) s and the RSS is read again. Coverage: the stored
 * segments of the flood window, gap = next segment's first frame - previous segment's last frame.
 * The resident memory is also split into anonymous and file-backed (LMDB's map) parts.
 * `FLOOD_INSPECT=1` also reads the daemon's `process.memoryUsage()` through its inspector before
 * the floods, after the settle time, and after a full GC then (heap still referenced, or only not
 * collected yet); `FLOOD_MALLOC_ARENA_MAX` sets the daemon's glibc `MALLOC_ARENA_MAX`; `FLOOD_DAEMON_LOG` writes the daemon's output to a file. `FLOOD_RUNS` (3) runs, each with a fresh daemon; medians printed and written to
 * bench/results/flood.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { packageRoot } from '../edge/paths.js';
import { MemoryStore } from '../memory/store.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle } from '../test/helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../test/helpers/rtsp-server.js';
import { memoryUsage, type MemoryUsageMb } from './inspect.js';
import { median, rssMb, rssParts } from './proc-stats.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const N_MQTT = Number(process.env.FLOOD_MQTT ?? 3000);
const N_CONNS = Number(process.env.FLOOD_WS_CONNS ?? 100);
const N_REQS = Number(process.env.FLOOD_WS_REQS ?? 8);
const SETTLE_S = Number(process.env.FLOOD_SETTLE_S ?? 60);
const RUNS = Number(process.env.FLOOD_RUNS ?? 3);
const SEED_HOURS = Number(process.env.FLOOD_SEED_HOURS ?? 2);
/** Read the daemon's heap through its inspector (before, after the settle time, and after a full GC then). */
const INSPECT = process.env.FLOOD_INSPECT === '1';
/** glibc malloc arenas of the daemon (`MALLOC_ARENA_MAX`), to see how much of the native memory is arena slack. */
const ARENAS = process.env.FLOOD_MALLOC_ARENA_MAX;
/** Extra environment for the daemon, `K=V,K2=V2` (e.g. glibc malloc tunables), recorded in the results. */
const DAEMON_ENV = Object.fromEntries(
  (process.env.FLOOD_DAEMON_ENV ?? '')
    .split(',')
    .filter((kv) => kv.includes('='))
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
/** Where to write the daemon's output. */
const DAEMON_LOG = process.env.FLOOD_DAEMON_LOG;
const CLIPS = ['one-by-one-person-detection.mp4', 'store-aisle-detection.mp4'];
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (nearest rank). */
function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** Resident memory split, MB. */
type Parts = ReturnType<typeof rssParts>;

const roundParts = (p: Parts): Parts => ({ anon: Math.round(p.anon), file: Math.round(p.file), shmem: Math.round(p.shmem) });

/** Figures of one run. */
interface RunResult {
  healthz_ms: { p50: number; p99: number; max: number; n: number };
  /** Longest hole in the stored coverage of any camera during the floods, ms. */
  maxCoverageGap_ms: number;
  /** The same before the floods (30 s), for comparison. */
  baselineCoverageGap_ms: number;
  /** Longest time any camera's lastFrameAt stood still in the health answers, ms. */
  maxIngestGap_ms: number;
  rss_mb: { before: number; peak: number; after: number };
  /** Resident memory split before the floods and after the settle time, MB. */
  rss_parts_mb: { before: Parts; after: Parts };
  /** With FLOOD_INSPECT=1: the daemon's `process.memoryUsage()`. */
  heap_mb?: { before: MemoryUsageMb | undefined; after: MemoryUsageMb; afterGc: MemoryUsageMb };
  mqtt: { ok: number; busy: number; other: number; missing: number; seconds: number };
  ws: { ok: number; busy: number; other: number; missing: number; seconds: number };
  watchdogFired: boolean;
  /** 1-minute load average at the end of the floods (other work shares the cores). */
  loadAverage: number;
}

/** Writes `hours` of 2 s segments per camera ending 5 minutes ago. */
async function seed(dir: string, cameras: string[], hours: number): Promise<void> {
  const store = new MemoryStore({ dir });
  store.open();
  const end = Date.now() - 300_000;
  const emb = Array.from({ length: 384 }, (_, i) => Math.sin(i) / 20);
  for (const camera of cameras) {
    const writes: Promise<boolean>[] = [];
    for (let t = end - hours * 3_600_000; t < end; t += 2000) {
      writes.push(store.writeSegment({ camera, start: t, end: t + 2000, frames: 4, firstFrameAt: t, lastFrameAt: t + 1500, counts: { person: 1 }, objectIds: [], motion: 0.1, occupancy: {}, ocr: [], caption: 'a person walks past the shelf', textEmbedding: emb }));
    }
    await Promise.all(writes);
  }
  await store.close();
}

/** Polls /healthz every 100 ms until stopped: answer latencies and camera frame times. */
function pollHealth(baseUrl: string): { stop(): Promise<void>; latencies: number[]; frames: Map<string, number[]> } {
  const latencies: number[] = [];
  const frames = new Map<string, number[]>();
  let running = true;
  const loop = (async (): Promise<void> => {
    while (running) {
      const t0 = performance.now();
      try {
        const h = (await (await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(60_000) })).json()) as { cameras: { id: string; lastFrameAt: string | null }[] };
        latencies.push(performance.now() - t0);
        for (const c of h.cameras) {
          const t = Date.parse(c.lastFrameAt ?? '');
          const list = frames.get(c.id) ?? [];
          frames.set(c.id, list);
          if (Number.isFinite(t) && t !== list[list.length - 1]) list.push(t);
        }
      } catch {
        latencies.push(performance.now() - t0);
      }
      await sleep(100);
    }
  })();
  return {
    latencies,
    frames,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Id, status and code from the head of a reply (replies are large: the bench reads only their start). */
function head(payload: Buffer): { id?: string; status?: string; code?: string } {
  const text = payload.subarray(0, 300).toString('utf8');
  const field = (k: string): string | undefined => new RegExp(`"${k}":"([^"]*)"`).exec(text)?.[1];
  const id = field('id');
  const status = field('status');
  const code = field('code');
  return { ...(id ? { id } : {}), ...(status ? { status } : {}), ...(code ? { code } : {}) };
}

/** Counts replies by outcome; `missing` are ids never answered. */
function tally(sent: Set<string>, replies: Map<string, { status?: string; code?: string }>): { ok: number; busy: number; other: number; missing: number } {
  let ok = 0;
  let busy = 0;
  let other = 0;
  for (const r of replies.values()) {
    if (r.status === 'ok') ok++;
    else if (r.code === 'BUSY') busy++;
    else other++;
  }
  return { ok, busy, other, missing: [...sent].filter((id) => !replies.has(id)).length };
}

/** The MQTT flood: every request published at once, then every reply awaited (2 min at most). */
async function mqttFlood(node: string, from: number, to: number): Promise<RunResult['mqtt']> {
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const replyTo = `vigil-bench/${node}/replies`;
  const replies = new Map<string, { status?: string; code?: string }>();
  const sent = new Set<string>();
  let all: () => void = () => undefined;
  const done = new Promise<void>((r) => (all = r));
  client.on('message', (_t, payload) => {
    const m = head(payload);
    if (m.id && sent.has(m.id)) replies.set(m.id, { ...(m.status ? { status: m.status } : {}), ...(m.code ? { code: m.code } : {}) });
    if (replies.size === N_MQTT) all();
  });
  // QoS 0 both ways: Mosquitto queues at most 1000 QoS 1 messages per client (max_queued_messages)
  // and drops the rest of a burst before it reaches the daemon or comes back
  await client.subscribeAsync(replyTo, { qos: 0 });
  const t0 = Date.now();
  for (let i = 0; i < N_MQTT; i++) {
    const id = `m${i}`;
    sent.add(id);
    client.publish(`vigil/${node}/request`, JSON.stringify({ id, type: 'segments', from, to, limit: 2000, replyTo }), { qos: 0 });
  }
  await Promise.race([done, sleep(120_000)]);
  const seconds = (Date.now() - t0) / 1000;
  await client.endAsync();
  return { ...tally(sent, replies), seconds };
}

/** The WebSocket flood: every connection opened, then each sends its requests at once. */
async function wsFlood(url: string, from: number, to: number): Promise<RunResult['ws']> {
  const replies = new Map<string, { status?: string; code?: string }>();
  const sent = new Set<string>();
  const sockets = await Promise.all(
    Array.from({ length: N_CONNS }, () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { maxPayload: 256 * 1024 * 1024 });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    })),
  );
  const t0 = Date.now();
  const done = new Promise<void>((resolve) => {
    for (const ws of sockets) {
      ws.on('message', (d: Buffer) => {
        const m = head(d);
        if (m.id && sent.has(m.id)) replies.set(m.id, { ...(m.status ? { status: m.status } : {}), ...(m.code ? { code: m.code } : {}) });
        if (replies.size === N_CONNS * N_REQS) resolve();
      });
    }
  });
  sockets.forEach((ws, c) => {
    for (let i = 0; i < N_REQS; i++) {
      const id = `w${c}-${i}`;
      sent.add(id);
      ws.send(JSON.stringify({ id, type: 'segments', from, to, limit: 2000 }));
    }
  });
  await Promise.race([done, sleep(120_000)]);
  const seconds = (Date.now() - t0) / 1000;
  for (const ws of sockets) ws.terminate();
  return { ...tally(sent, replies), seconds };
}

/** Longest hole in the stored coverage of each camera in `[from, to)`, asked over the WebSocket API. */
async function coverageGap(url: string, cameras: string[], from: number, to: number): Promise<number> {
  const ws = await new Promise<WebSocket>((resolve, reject) => {
    const s = new WebSocket(url, { maxPayload: 256 * 1024 * 1024 });
    s.once('open', () => resolve(s));
    s.once('error', reject);
  });
  let worst = 0;
  for (const camera of cameras) {
    const segs = await new Promise<{ firstFrameAt: number; lastFrameAt: number }[]>((resolve) => {
      ws.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString()) as { id?: string; result?: { segments: { firstFrameAt: number; lastFrameAt: number }[] } };
        if (m.id === `cov-${camera}`) resolve(m.result?.segments ?? []);
      });
      ws.send(JSON.stringify({ id: `cov-${camera}`, type: 'segments', camera, from, to, limit: 2000 }));
    });
    // the window's edges count as holes too when no segment covers them
    let last = from;
    for (const s of segs) {
      worst = Math.max(worst, s.firstFrameAt - last);
      last = Math.max(last, s.lastFrameAt);
    }
    worst = Math.max(worst, to - last);
  }
  ws.terminate();
  return worst;
}

/** Longest stretch between successive frame times of any camera. */
function maxGap(frames: Map<string, number[]>): number {
  let worst = 0;
  for (const list of frames.values()) for (let i = 1; i < list.length; i++) worst = Math.max(worst, (list[i] as number) - (list[i - 1] as number));
  return worst;
}

async function runOnce(urls: string[]): Promise<RunResult> {
  const node = `flood${randomBytes(3).toString('hex')}`;
  const cameras = urls.map((url, i) => ({ id: `c${i}`, url, fps: 2, width: 640 }));
  const data = tempDir('flood');
  await seed(data, cameras.map((c) => c.id), SEED_HOURS);
  const port = await freeTcpPort();
  const inspectPort = INSPECT ? await freeTcpPort() : 0;
  const daemon: DaemonHandle = startDaemon({ port, data, config: { node, mqtt: { url: BROKER }, cameras }, env: { VIGIL_LOG__LEVEL: 'warn', ...(INSPECT ? { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` } : {}), ...(ARENAS ? { MALLOC_ARENA_MAX: ARENAS } : {}), ...DAEMON_ENV } });
  const wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  const pid = daemon.child.pid ?? 0;
  try {
    await daemon.waitFor(
      async () => {
        const h = (await (await fetch(`${daemon.baseUrl}/healthz`)).json()) as { cameras: { state: string }[] };
        return h.cameras.length === cameras.length && h.cameras.every((c) => c.state === 'streaming');
      },
      120_000,
      'every camera streaming',
    );
    // segments close every 2 s: 30 s of live data before the floods give the baseline
    await sleep(30_000);
    const rss: number[] = [];
    const rssTimer = setInterval(() => rss.push(rssMb(pid)), 500);
    const before = rssMb(pid);
    const partsBefore = rssParts(pid);
    const heapBefore = INSPECT ? await memoryUsage(inspectPort) : undefined;
    const health = pollHealth(daemon.baseUrl);
    const floodFrom = Date.now();
    const range = { from: floodFrom - (SEED_HOURS + 1) * 3_600_000, to: floodFrom + 3_600_000 };
    const m = await mqttFlood(node, range.from, range.to);
    const w = await wsFlood(wsUrl, range.from, range.to);
    const floodTo = Date.now();
    const load = loadavg()[0] ?? 0;
    await sleep(3000);
    await health.stop();
    await sleep(SETTLE_S * 1000);
    clearInterval(rssTimer);
    const after = rssMb(pid);
    const partsAfter = rssParts(pid);
    const heap = INSPECT ? { before: heapBefore, after: await memoryUsage(inspectPort), afterGc: await memoryUsage(inspectPort, true) } : undefined;
    // segments of the last seconds close a little later
    const gap = await coverageGap(wsUrl, cameras.map((c) => c.id), floodFrom, floodTo);
    const baseline = await coverageGap(wsUrl, cameras.map((c) => c.id), floodFrom - 30_000, floodFrom - 2000);
    const lat = health.latencies;
    const res: RunResult = {
      healthz_ms: { p50: Math.round(percentile(lat, 50)), p99: Math.round(percentile(lat, 99)), max: Math.round(Math.max(...lat)), n: lat.length },
      maxCoverageGap_ms: Math.round(gap),
      baselineCoverageGap_ms: Math.round(baseline),
      maxIngestGap_ms: Math.round(maxGap(health.frames)),
      rss_mb: { before: Math.round(before), peak: Math.round(Math.max(before, ...rss)), after: Math.round(after) },
      rss_parts_mb: { before: roundParts(partsBefore), after: roundParts(partsAfter) },
      ...(heap ? { heap_mb: heap } : {}),
      mqtt: m,
      ws: w,
      watchdogFired: daemon.output().includes('no data for'),
      loadAverage: Math.round(load * 100) / 100,
    };
    console.log(JSON.stringify(res));
    return res;
  } finally {
    await daemon.stop();
    if (DAEMON_LOG) writeFileSync(DAEMON_LOG, daemon.output());
  }
}

async function main(): Promise<void> {
  const server = await startRtspServer({ mounts: CLIPS.map((file, i) => ({ path: `/c${i}`, file: join(SHARED_VIDEOS, file) })) });
  const runs: RunResult[] = [];
  try {
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(CLIPS.map((_, j) => server.url(`/c${j}`))));
  } finally {
    await server.stop();
  }
  const med = (f: (r: RunResult) => number): number => Math.round(median(runs.map(f)));
  const summary = {
    healthz_p50_ms: med((r) => r.healthz_ms.p50),
    healthz_p99_ms: med((r) => r.healthz_ms.p99),
    maxCoverageGap_ms: med((r) => r.maxCoverageGap_ms),
    baselineCoverageGap_ms: med((r) => r.baselineCoverageGap_ms),
    maxIngestGap_ms: med((r) => r.maxIngestGap_ms),
    rss_mb: { before: med((r) => r.rss_mb.before), peak: med((r) => r.rss_mb.peak), after: med((r) => r.rss_mb.after) },
    watchdogFired: runs.some((r) => r.watchdogFired),
  };
  console.log(
    `median of ${runs.length} run(s): healthz p50 ${summary.healthz_p50_ms} ms, p99 ${summary.healthz_p99_ms} ms; max coverage gap ${summary.maxCoverageGap_ms} ms (before the floods ${summary.baselineCoverageGap_ms} ms); max ingest gap ${summary.maxIngestGap_ms} ms; RSS before ${summary.rss_mb.before} MB, peak ${summary.rss_mb.peak} MB, after ${SETTLE_S} s ${summary.rss_mb.after} MB; watchdog fired: ${summary.watchdogFired}`,
  );
  const out = {
    command: 'npm run bench:flood',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    setup: `2 cameras (${CLIPS.join(', ')}) from the GStreamer RTSP test server, daemon defaults (2 fps, 640 px), Mosquitto 127.0.0.1:1883, ${SEED_HOURS} h of seeded segments per camera; ${N_MQTT} MQTT segments requests (limit 2000), then ${N_CONNS} WebSocket connections x ${N_REQS} requests; settle ${SETTLE_S} s${Object.keys(DAEMON_ENV).length ? `; daemon env ${JSON.stringify(DAEMON_ENV)}` : ""}`,
    summary,
    runs,
  };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'flood.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
