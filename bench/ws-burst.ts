/**
 * `npm run bench:ws-burst`: does `/healthz` stay responsive while a burst of questions arrives
 * over the WebSocket? The one-by-one clip is replayed into a fresh memory, the real daemon (CLI
 * child process, authentication on as by default, one real-time file camera) serves it, and
 * `WSB_CONNS` (100) connections each send `WSB_ASKS` (8) questions at once. `/healthz` is polled
 * every 50 ms from before the burst until the last reply; its answer latencies (p50, p99, max) and
 * the burst's outcome (answered, BUSY, time to the last reply) are printed and written to
 * bench/results/ws-burst.json. `WSB_RUNS` (3) runs, medians.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { readAdminToken } from '../edge/api/admin-token.js';
import { packageRoot } from '../edge/paths.js';
import { CLI, freeTcpPort, startDaemon, tempDir } from '../test/helpers/daemon.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';
import { median } from './proc-stats.js';

const CONNS = Number(process.env.WSB_CONNS ?? 100);
const ASKS = Number(process.env.WSB_ASKS ?? 8);
const RUNS = Number(process.env.WSB_RUNS ?? 3);
const QUESTIONS = ['how many people came to the table?', 'when did the last person leave?', 'how long did the longest visit last?', 'was anyone at the table at 09:01?', 'how many people were there at most at once?'];

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/**
 * Polls /healthz every 50 ms until stopped, from a separate process (so the latencies are the
 * daemon's, not this process's, which is busy with the burst's replies); latencies in ms.
 */
function pollHealth(baseUrl: string): { stop: () => Promise<number[]> } {
  const script = `const lat=[];let on=true;process.on('SIGTERM',()=>on=false);(async()=>{while(on){const t0=performance.now();await fetch(${JSON.stringify(`${baseUrl}/healthz`)}).then(r=>r.arrayBuffer());lat.push(performance.now()-t0);await new Promise(r=>setTimeout(r,50));}process.stdout.write(JSON.stringify(lat));})();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<number[]>((resolve) => child.on('close', () => resolve(out ? (JSON.parse(out) as number[]) : [])));
  return {
    stop: () => {
      child.kill('SIGTERM');
      return done;
    },
  };
}

/** One connection's burst: resolves with the outcome of each of its asks. */
function connBurst(url: string, n: number, k: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const out: string[] = [];
    ws.on('error', reject);
    ws.on('open', () => {
      for (let i = 0; i < n; i++) ws.send(JSON.stringify({ id: `c${k}-${i}`, type: 'ask', question: QUESTIONS[(k + i) % QUESTIONS.length] }));
    });
    ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as { id?: string; status?: string; code?: string };
      if (!m.id || !m.status) return;
      out.push(m.status === 'ok' ? 'ok' : (m.code ?? 'error'));
      if (out.length === n) {
        ws.close();
        resolve(out);
      }
    });
  });
}

/** Outcome of one run. */
interface RunResult {
  healthz: { p50: number; p99: number; max: number; n: number };
  ok: number;
  busy: number;
  other: number;
  burstMs: number;
}

async function run(data: string): Promise<RunResult> {
  const port = await freeTcpPort();
  const daemon = startDaemon({ port, data, secure: true, config: { node: 'wsburst', mqtt: { enabled: false }, cameras: [{ id: 'shelf', url: join(SHARED_VIDEOS, 'bottle-detection.mp4'), fps: 2 }] }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  try {
    await daemon.waitFor(async () => ((await daemon.getJson<{ status: string }>('/healthz')).status === 'ok' ? true : undefined), 120_000, 'ready');
    const token = readAdminToken(data) ?? '';
    await new Promise((r) => setTimeout(r, 3000));
    // WSB_WARM=1: one question first, so the burst does not meet a cold memory
    if (process.env.WSB_WARM === '1') await connBurst(`ws://127.0.0.1:${port}/api/ws?token=${token}`, 1, 0);
    const poll = pollHealth(daemon.baseUrl);
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = performance.now();
    const results = (await Promise.all(Array.from({ length: CONNS }, (_, k) => connBurst(`ws://127.0.0.1:${port}/api/ws?token=${token}`, ASKS, k)))).flat();
    const burstMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    const lat = await poll.stop();
    return {
      healthz: { p50: Math.round(percentile(lat, 50)), p99: Math.round(percentile(lat, 99)), max: Math.round(Math.max(...lat)), n: lat.length },
      ok: results.filter((r) => r === 'ok').length,
      busy: results.filter((r) => r === 'BUSY').length,
      other: results.filter((r) => r !== 'ok' && r !== 'BUSY').length,
      burstMs: Math.round(burstMs),
    };
  } finally {
    await daemon.stop();
  }
}

async function main(): Promise<void> {
  const runs: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const data = tempDir('wsburst');
    const r = spawnSync(process.execPath, [CLI, 'replay', join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), '--camera', 'table', '--start', '2026-01-05T09:00:00Z', '--data', data], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`replay failed: ${r.stderr}`);
    const res = await run(data);
    process.stdout.write(`run ${i + 1}: healthz p50 ${res.healthz.p50} ms, p99 ${res.healthz.p99} ms, max ${res.healthz.max} ms (${res.healthz.n} polls); asks ok ${res.ok}, BUSY ${res.busy}, other ${res.other}; last reply after ${res.burstMs} ms\n`);
    runs.push(res);
  }
  const med = (f: (r: RunResult) => number): number => median(runs.map(f));
  const summary = { conns: CONNS, asksPerConn: ASKS, runs: runs.length, healthz_p50_ms: med((r) => r.healthz.p50), healthz_p99_ms: med((r) => r.healthz.p99), healthz_max_ms: med((r) => r.healthz.max), ok: med((r) => r.ok), busy: med((r) => r.busy), burst_ms: med((r) => r.burstMs) };
  process.stdout.write(`median of ${runs.length}: healthz p50 ${summary.healthz_p50_ms} ms, p99 ${summary.healthz_p99_ms} ms, max ${summary.healthz_max_ms} ms; ${summary.ok} answered, ${summary.busy} BUSY; burst ${summary.burst_ms} ms\n`);
  const dir = join(packageRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ws-burst.json'), `${JSON.stringify({ when: new Date().toISOString(), summary, runs }, null, 2)}\n`);
}

await main();
