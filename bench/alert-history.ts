/**
 * `npm run bench:alert-history`: the cost of the alert history in the LMDB memory on disk. Writes
 * 10,000 alerts (4 cameras, 5 rules, over 7 days) and reports: the time to keep one alert (put
 * and durable commit, awaited one at a time, as a quiet daemon does), the bytes one alert takes,
 * and the latency of a page of the `alerts` request (the handler `GET /api/alerts`, WebSocket and
 * MQTT share, JSON encoding included): newest 50, one rule, one rule and camera, a page 100 pages
 * deep (by cursor), and a retention sweep dropping a day of alerts. Writes bench/results/alert-history.json.
 *
 * Env: BENCH_ALERTS (default 10000), BENCH_REPEAT (page reads per figure, default 200).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertHistory } from '../edge/api/alerts.js';
import type { Alert } from '../edge/api/wire.js';
import { packageRoot } from '../edge/paths.js';
import { MemoryStore } from '../memory/store.js';

const N = Number(process.env.BENCH_ALERTS ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const CAMS = ['table', 'shelf', 'door', 'dock'];
const RULES = ['someone', 'lingers', 'crowd', 'bottles-gone', 'door-in'];

function alert(i: number): Alert {
  const ts = T0 + Math.floor((i / N) * 7 * DAY);
  const camera = CAMS[i % CAMS.length] ?? 'table';
  const rule = RULES[i % RULES.length] ?? 'someone';
  const id = `${rule}-${camera}-${ts}-${i}`;
  return {
    id,
    rule,
    node: 'bench',
    camera,
    class: 'person',
    zone: 'table',
    message: '2 people in table (at least 1)',
    frameTs: ts,
    firedAt: ts + 40,
    evidence: { start: new Date(ts - 3000).toISOString(), end: new Date(ts).toISOString(), objectIds: [`${camera}:person:${i}-r1`, `${camera}:person:${i + 1}-r1`], count: 2, snapshot: `/api/alerts/${id}/snapshot.jpg` },
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? NaN;
const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Times `f` REPEAT times: median and p95 in ms. */
function timed(f: () => unknown): { median_ms: number; p95_ms: number } {
  const ts: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return { median_ms: round(median(ts)), p95_ms: round(p95(ts)) };
}

async function main(): Promise<void> {
  const s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-bench-ah-')), retention: { eventsMs: 7 * DAY } });
  s.open();
  const before = s.usedBytes();
  // the bulk, batched as lmdb-js does under load
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N - 200 }, (_, i) => s.writeAlert(alert(i))));
  await s.flush();
  const bulkMs = performance.now() - t0;
  // one at a time, each awaited to its durable commit (a quiet daemon)
  const one: number[] = [];
  for (let i = N - 200; i < N; i++) {
    const t = performance.now();
    await s.writeAlert(alert(i));
    one.push(performance.now() - t);
  }
  const bytes = (s.usedBytes() - before) / N;
  const json = (q: Parameters<typeof alertHistory>[1]) => () => JSON.stringify(alertHistory(s, q, 'http://10.0.0.5:8080'));
  let deep: string | null = null;
  for (let p = 0; p < 100; p++) deep = alertHistory(s, { limit: 50, ...(deep ? { cursor: deep } : {}) }, null).next;
  const pages = {
    newest50: timed(json({ limit: 50 })),
    newest50_last24h: timed(json({ limit: 50, last: '24h', to: T0 + 7 * DAY })),
    rule50: timed(json({ limit: 50, rule: 'crowd' })),
    ruleCamera50: timed(json({ limit: 50, rule: 'crowd', camera: 'door' })),
    page100deep50: timed(json({ limit: 50, cursor: deep ?? '' })),
    max2000: timed(json({ limit: 2000 })),
  };
  // retention: the oldest day of alerts
  const t1 = performance.now();
  let dropped = 0;
  for (;;) {
    const r = await s.sweep({ now: T0 + 8 * DAY, maxKeys: 100_000, maxMs: 10_000 });
    dropped += r.droppedAlerts.length;
    if (r.done) break;
  }
  const sweepMs = performance.now() - t1;
  const out = {
    alerts: N,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    bulkWrite_ms_per_alert: round(bulkMs / (N - 200)),
    oneWrite_ms: { median: round(median(one)), p95: round(p95(one)) },
    bytes_per_alert: Math.round(bytes),
    pages,
    sweep: { dropped, ms: round(sweepMs) },
  };
  await s.close();
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'alert-history.json'), JSON.stringify(out, null, 2) + '\n');
  console.log(JSON.stringify(out, null, 2));
}

await main();
