/**
 * `npm run bench:identity`: identities against visits on recordings where the same people come
 * back (the one-by-one clip looped, reversed and slowed, mirrored), and bottles across a restart.
 * Each recording is replayed with `vigil replay` into its own data directory, the memory is read
 * back read-only, and per recording it prints visits, identities, the true people and visits,
 * ids per true person, true people per id, IDF1 over time and the offline planner's answer to
 * "How many different people came?". Writes bench/results/identity.json.
 *
 * Env: IDENTITY_CLIPS (where the built recordings are kept, default `<tmp>/identity-clips`),
 * BENCH_ONLY (comma-separated recording names: single, looped3, composite, mirrored, bottles, restart).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import type { MemoryQueries } from '../memory/queries.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';
import { recordings, type Recording } from './identity/material.js';
import { readMemory } from './identity/memory.js';
import { scoreIdentities, type IdentityScore } from './identity/score.js';

const CLI = join(packageRoot(), 'dist', 'edge', 'cli', 'main.js');
const T0 = Date.parse('2026-01-05T08:00:00Z');
const ALL = { from: T0, to: T0 + 24 * 3600_000 };
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const want = (name: string): boolean => ONLY.size === 0 || ONLY.has(name);

/** Runs the CLI; throws on a non-zero exit. Returns stdout. */
function cli(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, VIGIL_LOG__LEVEL: 'warn' }, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`vigil ${args[0] ?? ''} failed (${r.status ?? r.signal}): ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

function replay(file: string, data: string, startMs: number, camera: string): number {
  const t = Date.now();
  cli(['replay', file, '--camera', camera, '--start', new Date(startMs).toISOString(), '--data', data]);
  return (Date.now() - t) / 1000;
}

/** The offline planner's answer (value, or the refusal's text). */
function askDistinct(data: string): number | string {
  const out = JSON.parse(cli(['ask', 'How many different people came?', '--data', data, '--json', '--tz', 'UTC'])) as { value?: unknown; answer?: string };
  return typeof out.value === 'number' ? out.value : (out.answer ?? 'no answer');
}

interface PeopleRow extends IdentityScore {
  name: string;
  what: string;
  seconds: number;
  countDistinct: number;
  asked: number | string;
}

async function people(rec: Recording): Promise<PeopleRow> {
  const data = mkdtempSync(join(tmpdir(), `identity-${rec.name}-`));
  try {
    const seconds = replay(rec.file, data, T0, 'table');
    const { seen, countDistinct } = await readMemory(data, (q) => ({
      seen: (q.cameraVisits(ALL, { label: 'person', camera: 'table' }) ?? []).map((v) => ({ objectId: v.objectId, start: (v.start - T0) / 1000, end: (v.end - T0) / 1000 })),
      countDistinct: q.countDistinct(ALL, { label: 'person', camera: 'table' }),
    }));
    return { name: rec.name, what: rec.what, seconds, countDistinct, asked: askDistinct(data), ...scoreIdentities(seen, rec.visits) };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** A clip replayed twice into one data directory (the second replay is a new run: a restart), read back. */
interface RestartRow {
  name: 'bottles' | 'restart';
  what: string;
  /** Distinct ids of each run, and overall. */
  perRun: number[];
  overall: number;
  /** Ids of the second run that the first run had. */
  kept: number;
  /** The offline planner's "How many different people came?" over both runs (people only). */
  asked?: number | string;
}

/**
 * Replays `clip` into one fresh data directory twice, the second run starting at `second`, and reads
 * the ids each run saw (`ids(q, from, to)`) and the distinct `label` objects overall.
 */
async function twoRuns(clip: string, camera: string, label: string, second: number, ids: (q: MemoryQueries, from: number, to: number) => Set<string>, ask: boolean): Promise<Omit<RestartRow, 'name' | 'what'>> {
  const data = mkdtempSync(join(tmpdir(), `identity-${camera}-twice-`));
  try {
    replay(clip, data, T0, camera);
    replay(clip, data, second, camera);
    const row = await readMemory(data, (q) => {
      const a = ids(q, T0, second);
      const b = ids(q, second, ALL.to);
      return { perRun: [a.size, b.size], overall: q.countDistinct(ALL, { label, camera }), kept: [...b].filter((id) => a.has(id)).length };
    });
    return ask ? { ...row, asked: askDistinct(data) } : row;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** The bottle clip twice: the bottles still on their places keep their ids. */
async function bottles(): Promise<RestartRow> {
  const ids = (q: MemoryQueries, from: number, to: number): Set<string> =>
    new Set(q.objectsIn({ from, to: to - 1 }, { label: 'bottle', camera: 'bench' }).filter((o) => from === T0 || (o.visits?.some((v) => v.start >= from) ?? o.firstSeen >= from)).map((o) => o.objectId));
  const row = await twoRuns(join(SHARED_VIDEOS, 'bottle-detection.mp4'), 'bench', 'bottle', T0 + 45_000, ids, false);
  return { name: 'bottles', what: 'bottle clip, replayed again into the same data dir (restart)', ...row };
}

/** The one-by-one clip twice: the same six people come back after a restart. */
async function peopleRestart(): Promise<RestartRow> {
  const ids = (q: MemoryQueries, from: number, to: number): Set<string> =>
    new Set((q.cameraVisits({ from, to }, { label: 'person', camera: 'table' }) ?? []).filter((v) => v.start >= from && v.start < to).map((v) => v.objectId));
  const row = await twoRuns(join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), 'table', 'person', T0 + 200_000, ids, true);
  return { name: 'restart', what: 'one-by-one clip, replayed again into the same data dir (restart)', ...row };
}

function printPeople(rows: PeopleRow[]): void {
  console.log('recording   visits  ids  true-visits  true-people  ids/person(mean,max)  persons/id(mean,max,pure)  IDF1   asked');
  for (const r of rows) {
    const cols = [r.name.padEnd(10), String(r.visits).padStart(6), String(r.identities).padStart(4), String(r.trueVisits).padStart(12), String(r.truePeople).padStart(12), `${r.idsPerPerson.mean},${r.idsPerPerson.max}`.padStart(21), `${r.personsPerId.mean},${r.personsPerId.max},${r.personsPerId.pure}`.padStart(26), r.idf1.toFixed(3).padStart(6), `  ${r.asked}`];
    console.log(cols.join(' '));
  }
}

const clipDir = process.env.IDENTITY_CLIPS ?? join(tmpdir(), 'identity-clips');
const rows: PeopleRow[] = [];
for (const rec of recordings(join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), clipDir)) {
  if (!want(rec.name)) continue;
  process.stderr.write(`identity: replaying ${rec.name} (${rec.what})\n`);
  rows.push(await people(rec));
}
printPeople(rows);
let bottleRow: RestartRow | null = null;
if (want('bottles')) {
  process.stderr.write('identity: bottle clip, twice into one data dir\n');
  bottleRow = await bottles();
  console.log(`bottles: distinct per run ${bottleRow.perRun.join(' + ')}, overall ${bottleRow.overall} (truth 3); second-run ids kept from the first: ${bottleRow.kept}`);
}
let restartRow: RestartRow | null = null;
if (want('restart')) {
  process.stderr.write('identity: one-by-one clip, twice into one data dir\n');
  restartRow = await peopleRestart();
  console.log(`people across a restart: distinct per run ${restartRow.perRun.join(' + ')}, overall ${restartRow.overall} (truth 6); second-run ids kept from the first: ${restartRow.kept}; asked: ${restartRow.asked}`);
}
const dir = join(packageRoot(), 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'identity.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, people: rows, bottles: bottleRow, restart: restartRow }, null, 2)}\n`);
