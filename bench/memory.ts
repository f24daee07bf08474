/**
 * Memory benchmark: `npm run bench:memory` (node dist/bench/memory.js).
 * Synthetic day of 8 cameras (BENCH_HOURS, default 24; BENCH_CAMERAS, default 8): 2 s segments,
 * per-frame records at 2 fps, a person about every 20 s per camera present 10-60 s with a zone
 * visit and a line crossing, and their events. Writes through MemoryStore.write in batches like
 * the daemon, then measures disk use, typed query latency over random windows, the same queries on
 * SQLite (better-sqlite3, on disk, WAL, indexed) and a retention sweep 25 h later.
 * Writes bench/results/memory.json and prints a table.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Observation } from '../ingest/observations.js';
import { summariseCoverage } from '../memory/coverage.js';
import { MemoryQueries, type Window } from '../memory/queries.js';
import { MemoryStore } from '../memory/store.js';
import { mulberry32, observations, people } from './synthetic-memory.js';

const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const CAMS = Number(process.env.BENCH_CAMERAS ?? 8);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const T0 = Date.parse('2026-11-20T00:00:00Z');
const END = T0 + HOURS * 3600_000;
const BATCH = 5000;
const cams = Array.from({ length: CAMS }, (_, i) => `cam${i}`);

const rnd = mulberry32(42);

function duMB(path: string): number {
  return Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split(/\s/)[0]) / 1024;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vigil-bench-mem-'));
  const all = new Map(cams.map((c) => [c, people(c, T0, END, rnd)]));
  const store = new MemoryStore({ dir: root });
  store.open();
  const sqlPath = join(root, 'bench.sqlite');
  const sq = new Database(sqlPath);
  sq.pragma('journal_mode = WAL');
  sq.pragma('synchronous = NORMAL');
  sq.exec(`
    CREATE TABLE frames (camera TEXT, ts INTEGER, object_ids TEXT, PRIMARY KEY (camera, ts)) WITHOUT ROWID;
    CREATE TABLE frame_counts (camera TEXT, label TEXT, ts INTEGER, n INTEGER, PRIMARY KEY (camera, label, ts)) WITHOUT ROWID;
    CREATE TABLE frame_zones (camera TEXT, zone TEXT, ts INTEGER, n INTEGER, PRIMARY KEY (camera, zone, ts)) WITHOUT ROWID;
    CREATE TABLE segments (camera TEXT, start INTEGER, "end" INTEGER, frames INTEGER, first_at INTEGER, last_at INTEGER, counts TEXT, object_ids TEXT, motion REAL, occupancy TEXT, caption TEXT, PRIMARY KEY (camera, start)) WITHOUT ROWID;
    CREATE TABLE objects (object_id TEXT PRIMARY KEY, camera TEXT, label TEXT, first_seen INTEGER, last_seen INTEGER, json TEXT);
    CREATE INDEX objects_label ON objects (label, first_seen);
    CREATE TABLE zone_visits (object_id TEXT, camera TEXT, zone TEXT, entered INTEGER, exited INTEGER, label TEXT, first_seen INTEGER, last_seen INTEGER);
    CREATE INDEX zone_visits_zone ON zone_visits (zone, entered, exited, last_seen, label, first_seen, object_id);
    CREATE TABLE events (id INTEGER PRIMARY KEY, camera TEXT, ts INTEGER, type TEXT, object_id TEXT, label TEXT, zone TEXT, line TEXT, direction TEXT, dwell REAL);
    CREATE INDEX events_ts ON events (ts);
    CREATE INDEX events_type ON events (type, line, ts);
    CREATE TABLE coverage (camera TEXT, start INTEGER, "end" INTEGER, PRIMARY KEY (camera, start)) WITHOUT ROWID;
  `);

  // ---- LMDB writes
  let n = 0;
  let last: Promise<boolean> = Promise.resolve(true);
  const tw = performance.now();
  for (const o of observations(all, cams, T0, END)) {
    last = store.write(o);
    if (++n % BATCH === 0) await last;
  }
  await last;
  await store.flush();
  const writeS = (performance.now() - tw) / 1000;
  const counts: Record<string, number> = {};
  const diskMb = duMB(store.path);
  console.log(`lmdb: wrote ${n} records in ${writeS.toFixed(1)} s (${Math.round(n / writeS)}/s), ${diskMb.toFixed(0)} MB`);

  // ---- SQLite writes (same observations)
  const ins = {
    frame: sq.prepare('INSERT INTO frames VALUES (?, ?, ?)'),
    count: sq.prepare('INSERT INTO frame_counts VALUES (?, ?, ?, ?)'),
    zone: sq.prepare('INSERT INTO frame_zones VALUES (?, ?, ?, ?)'),
    seg: sq.prepare('INSERT INTO segments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    obj: sq.prepare('INSERT OR REPLACE INTO objects VALUES (?, ?, ?, ?, ?, ?)'),
    visit: sq.prepare('INSERT INTO zone_visits VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    ev: sq.prepare('INSERT INTO events (camera, ts, type, object_id, label, zone, line, direction, dwell) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    cov: sq.prepare('INSERT OR REPLACE INTO coverage VALUES (?, ?, ?)'),
  };
  const insertOne = (o: Observation): void => {
    counts[o.kind] = (counts[o.kind] ?? 0) + 1;
    switch (o.kind) {
      case 'frame':
        ins.frame.run(o.camera, o.ts, JSON.stringify(o.objects.map((x) => x.objectId)));
        for (const [l, c] of Object.entries(o.counts)) ins.count.run(o.camera, l, o.ts, c);
        for (const [z, c] of Object.entries(o.occupancy)) ins.zone.run(o.camera, z, o.ts, c);
        break;
      case 'segment':
        ins.seg.run(o.camera, o.start, o.end, o.frames, o.firstFrameAt, o.lastFrameAt, JSON.stringify(o.counts), JSON.stringify(o.objectIds), o.motion, JSON.stringify(o.occupancy), o.caption);
        break;
      case 'object':
        ins.obj.run(o.object.objectId, o.camera, o.object.label, o.object.firstSeen, o.object.lastSeen, JSON.stringify(o.object));
        for (const z of o.object.zones) ins.visit.run(o.object.objectId, o.camera, z.zone, z.enteredAt, z.exitedAt, o.object.label, o.object.firstSeen, o.object.lastSeen);
        break;
      case 'event':
        ins.ev.run(o.camera, o.ts, o.type, o.objectId ?? null, o.label ?? null, o.zone ?? null, o.line ?? null, o.direction ?? null, o.dwellSeconds ?? null);
        break;
    }
  };
  const txn = sq.transaction((batch: Observation[]) => batch.forEach(insertOne));
  const ts = performance.now();
  let batch: Observation[] = [];
  for (const o of observations(all, cams, T0, END)) {
    batch.push(o);
    if (batch.length === BATCH) {
      txn(batch);
      batch = [];
    }
  }
  txn(batch);
  for (const r of store.coverage()) ins.cov.run(r.camera, r.start, r.end);
  const sqlWriteS = (performance.now() - ts) / 1000;
  sq.pragma('wal_checkpoint(TRUNCATE)');
  sq.exec('ANALYZE');
  const sqlDiskMb = duMB(sqlPath) + 0;
  console.log(`sqlite: wrote ${n} records in ${sqlWriteS.toFixed(1)} s (${Math.round(n / sqlWriteS)}/s), ${sqlDiskMb.toFixed(0)} MB`);

  // ---- queries
  const q = new MemoryQueries(store);
  const maxSpan = 60_000;
  const st = {
    lastFrame: sq.prepare('SELECT ts FROM frames WHERE camera = ? AND ts <= ? AND ts > ? ORDER BY ts DESC LIMIT 1').pluck(),
    countAtN: sq.prepare("SELECT n FROM frame_counts WHERE camera = ? AND label = 'person' AND ts = ?").pluck(),
    distinct: sq.prepare("SELECT COUNT(*) FROM objects WHERE label = 'person' AND first_seen >= ? AND first_seen < ? AND last_seen >= ?").pluck(),
    maxSim: sq.prepare("SELECT ts, n FROM frame_counts WHERE camera = ? AND label = 'person' AND ts >= ? AND ts < ? ORDER BY n DESC, ts LIMIT 1"),
    inWindow: sq.prepare("SELECT json FROM objects WHERE label = 'person' AND first_seen >= ? AND first_seen < ? AND last_seen >= ? ORDER BY first_seen").pluck(),
    // the zone-visit index of the LMDB store, as a covering index: no object is read until used
    dwell: sq.prepare(`SELECT object_id AS id, SUM(MAX(0, MIN(COALESCE(exited, last_seen), @to) - MAX(entered, @from))) / 1000.0 AS s
      FROM zone_visits
      WHERE zone = 'door' AND label = 'person' AND entered >= @lo AND entered < @to AND COALESCE(exited, last_seen) >= @from
      GROUP BY object_id ORDER BY s DESC, first_seen`),
    crossings: sq.prepare("SELECT * FROM events WHERE type = 'line_cross' AND line = 'gate' AND ts >= ? AND ts < ? ORDER BY ts"),
    occ: sq.prepare("SELECT ts, n FROM frame_zones WHERE camera = ? AND zone = 'door' AND ts >= ? AND ts < ?"),
    segs: sq.prepare('SELECT * FROM segments WHERE camera = ? AND start >= ? AND start < ? AND "end" > ?'),
    events: sq.prepare('SELECT * FROM events WHERE ts >= ? AND ts < ? ORDER BY ts'),
    object: sq.prepare('SELECT json FROM objects WHERE object_id = ?').pluck(),
    coverage: sq.prepare('SELECT camera, start, "end" FROM coverage ORDER BY start'),
  };
  const win = (len: number): Window => {
    const from = T0 + Math.floor(rnd() * Math.max(1, HOURS * 3600_000 - len));
    return { from, to: from + len };
  };
  const H = 3600_000;
  const M10 = 600_000;
  const allPeople = [...all.values()].flat();
  type Pair = [() => unknown, () => unknown];
  const cases: Record<string, (w: Window) => Pair> = {
    countDistinct: (w) => [() => q.countDistinct(w, { label: 'person' }), () => st.distinct.get(w.from - maxSpan, w.to, w.from)],
    countAt: (w) => [
      () => q.countAt(w.from, { label: 'person' }),
      () => cams.reduce((s, c) => {
        const f = st.lastFrame.get(c, w.from, w.from - 2000) as number | undefined;
        return f === undefined ? s : s + ((st.countAtN.get(c, f) as number | undefined) ?? 0);
      }, 0),
    ],
    maxSimultaneous: (w) => [() => q.maxSimultaneous(w, { label: 'person' }), () => cams.map((c) => st.maxSim.get(c, w.from, w.to))],
    firstLastSeen: (w) => [
      () => q.firstLastSeen(w, { label: 'person' }),
      () => {
        const objs = (st.inWindow.all(w.from - maxSpan, w.to, w.from) as string[]).map((j) => JSON.parse(j) as { lastSeen: number });
        return [objs[0], objs.reduce<{ lastSeen: number } | undefined>((a, b) => (!a || b.lastSeen > a.lastSeen ? b : a), undefined)];
      },
    ],
    // both sides read an object record only when a row's object is used (as the dwell rows do)
    dwell: (w) => [
      () => q.dwell(w, 'door', { label: 'person' }),
      () =>
        (st.dwell.all({ from: w.from, to: w.to, lo: w.from - maxSpan }) as { id: string; s: number }[]).map((r) => ({
          get object(): unknown {
            return JSON.parse(st.object.get(r.id) as string) as unknown;
          },
          seconds: r.s,
        })),
    ],
    crossings: (w) => [
      () => q.crossings(w, 'gate'),
      () => {
        const ev = st.crossings.all(w.from, w.to) as { direction: string }[];
        return { forward: ev.filter((e) => e.direction === 'forward').length, backward: ev.filter((e) => e.direction === 'backward').length, events: ev };
      },
    ],
    occupancyTimeline: (w) => [() => q.occupancyTimeline(w, 'door'), () => cams.flatMap((c) => st.occ.all(c, w.from, w.to))],
    segments: (w) => [
      () => q.segments(w),
      () =>
        cams
          .flatMap((c) => st.segs.all(c, w.from - 60_000, w.to, w.from) as { start: number; counts: string; object_ids: string; occupancy: string }[])
          .map((r) => ({ ...r, counts: JSON.parse(r.counts) as unknown, object_ids: JSON.parse(r.object_ids) as unknown, occupancy: JSON.parse(r.occupancy) as unknown }))
          .sort((a, b) => a.start - b.start),
    ],
    events: (w) => [() => q.events(w), () => st.events.all(w.from, w.to)],
    object: () => {
      const id = allPeople[Math.floor(rnd() * allPeople.length)]?.id ?? '';
      return [() => q.object(id), () => JSON.parse(st.object.get(id) as string) as unknown];
    },
    coverage: (w) => [() => q.coverage(w), () => summariseCoverage(st.coverage.all() as { camera: string; start: number; end: number }[], w)],
  };
  const lens: Record<string, number> = { countDistinct: H, countAt: H, maxSimultaneous: H, firstLastSeen: H, dwell: H, crossings: H, occupancyTimeline: M10, segments: M10, events: H, object: H, coverage: H };
  const queries: Record<string, { lmdb_p50_ms: number; lmdb_p99_ms: number; sqlite_p50_ms: number; sqlite_p99_ms: number; sqlite_ratio: number }> = {};
  for (const [name, make] of Object.entries(cases)) {
    const tl: number[] = [];
    const tq: number[] = [];
    for (let i = 0; i < SAMPLES + 10; i++) {
      const [a, b] = make(win(lens[name] ?? H));
      // alternate order so neither side always runs on a warm cache
      const first = i % 2 === 0;
      let t = performance.now();
      if (first) a();
      else b();
      const d1 = performance.now() - t;
      t = performance.now();
      if (first) b();
      else a();
      const d2 = performance.now() - t;
      if (i < 10) continue; // warm-up
      tl.push(first ? d1 : d2);
      tq.push(first ? d2 : d1);
    }
    const l50 = pct(tl, 50);
    const s50 = pct(tq, 50);
    queries[name] = { lmdb_p50_ms: round(l50), lmdb_p99_ms: round(pct(tl, 99)), sqlite_p50_ms: round(s50), sqlite_p99_ms: round(pct(tq, 99)), sqlite_ratio: round(s50 / l50, 2) };
  }

  // ---- freshness: from write() of a frame until a typed query sees it, while 8 cameras write
  const visible: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = END + i * 500;
    for (const cam of cams) void store.write({ kind: 'frame', camera: cam, ts: t, counts: { person: 1 }, objects: [], occupancy: {}, motion: 0.02, detected: true }).catch(() => undefined);
    const t0 = performance.now();
    void store.write({ kind: 'frame', camera: 'fresh', ts: t, counts: { person: 1 + (i % 3) }, objects: [], occupancy: {}, motion: 0.02, detected: true }).catch(() => undefined);
    while (q.countAt(t, { camera: 'fresh' }).frames.length === 0 || q.countAt(t, { camera: 'fresh' }).frames[0]?.ts !== t) await new Promise((r) => setImmediate(r));
    visible.push(performance.now() - t0);
  }

  // ---- sweep 25 h later: raw data expires
  const now = END + 25 * 3600_000;
  const sweeps: number[] = [];
  let deleted = 0;
  for (let i = 0; i < 9; i++) {
    const r = await store.sweep({ now });
    sweeps.push(r.ms);
    deleted += r.deleted;
  }
  const sweepMs = pct(sweeps, 50);
  await store.close();
  sq.close();

  const result = {
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', mem_gb: Math.round(totalmem() / 1024 ** 3), node: process.version },
    data: { hours: HOURS, cameras: CAMS, records: n, by_kind: counts, people: allPeople.length },
    write_records_per_s: Math.round(n / writeS),
    write_s: round(writeS, 1),
    disk_mb: round(diskMb, 1),
    sweep_ms: round(sweepMs, 1),
    sweep: { calls: sweeps.length, deleted, ms: sweeps.map((x) => round(x, 1)) },
    sqlite: { driver: 'better-sqlite3 (on disk, WAL, synchronous=NORMAL)', write_records_per_s: Math.round(n / sqlWriteS), disk_mb: round(sqlDiskMb, 1) },
    samples: SAMPLES,
    visible_ms: { p50: round(pct(visible, 50)), p95: round(pct(visible, 95)), samples: visible.length },
    /** The names: per typed query, LMDB p50/p99 in ms, and SQLite p50 / LMDB p50. */
    query_ms: Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, { p50: v.lmdb_p50_ms, p99: v.lmdb_p99_ms }])),
    sqlite_ratio: Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, v.sqlite_ratio])),
    queries,
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = join(here, '..', '..', 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'memory.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(`\nwrite ${result.write_records_per_s} records/s, disk ${result.disk_mb} MB (sqlite ${result.sqlite.disk_mb} MB, ${result.sqlite.write_records_per_s} records/s), sweep median ${result.sweep_ms} ms, write-to-query visibility p50 ${result.visible_ms.p50} ms p95 ${result.visible_ms.p95} ms`);
  console.log('| query | LMDB p50 ms | LMDB p99 ms | SQLite p50 ms | SQLite p99 ms | SQLite/LMDB (p50) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [k, v] of Object.entries(queries)) console.log(`| ${k} | ${v.lmdb_p50_ms} | ${v.lmdb_p99_ms} | ${v.sqlite_p50_ms} | ${v.sqlite_p99_ms} | ${v.sqlite_ratio} |`);
  rmSync(root, { recursive: true, force: true });
}

await main();
