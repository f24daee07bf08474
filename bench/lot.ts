/**
 * `npm run bench:lot`: vehicles seen from above, per detector, on the ten-pass parking-lot
 * recording and the turned one (bench/lot/make-lot-recordings.sh: upside down, long stills of the
 * empty lot): each of `auto` (the default), `centernet` and `ssd-oidv4` replays each with `vigil
 * replay` at 2 fps into its own data directory; printed per recording and detector: passes
 * counted, missed, extra visits, seconds a car was held over the empty lot (outside every pass by
 * more than 1 s), most cars at once, what `auto` chose, and the replay's wall time (one run, so
 * the ratios compare). Writes bench/results/lot.json.
 */
import { LOT_PASSES as PASSES, LOT_TURNED_PASSES } from './lot/passes.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { readMemory } from './identity/memory.js';
import { scoreIdentities } from './identity/score.js';

const CLI = join(packageRoot(), 'dist', 'edge', 'cli', 'main.js');
const T0 = Date.parse('2026-11-21T09:00:00Z');
const ALL = { from: T0, to: T0 + 600_000 };
const VEHICLES = new Set(['car', 'truck', 'bus', 'vehicle']);

interface LotFigures {
  recording: string;
  detector: string;
  passes: number;
  missed: number;
  extra: number;
  heldOverEmpty: number;
  mostAtOnce: number;
  chose: string;
  replaySeconds: number;
  /** IDF1 over time against the passes, all of one car (bench/identity/score.ts). */
  idf1: number;
  /** Ids the car was stored under (1: re-identified on every pass). */
  identities: number;
  /** Extra stored visits a pass was split into. */
  fragments: number;
  /** Stored visits covering two passes. */
  merges: number;
}

/** Seconds of `[s, e]` more than 1 s outside every pass. */
function outside(s: number, e: number, passes: readonly (readonly [number, number])[]): number {
  let t = 0;
  for (let x = s; x < e; x += 0.1) if (!passes.some(([a, b]) => x > a - 1 && x < b + 1)) t += 0.1;
  return t;
}

async function run(file: string, passes: readonly (readonly [number, number])[], detector: string): Promise<LotFigures> {
  const data = mkdtempSync(join(tmpdir(), `vigil-lot-${detector}-`));
  const t = Date.now();
  const r = spawnSync(process.execPath, [CLI, 'replay', file, '--camera', 'lot', '--start', new Date(T0).toISOString(), '--data', data, '--detector', detector], { encoding: 'utf8', env: { ...process.env, VIGIL_LOG__LEVEL: 'warn' } });
  if (r.status !== 0) throw new Error(`replay with ${detector} failed: ${r.stderr.slice(-1000)}`);
  const replaySeconds = (Date.now() - t) / 1000;
  const chose = /running (\S+)/.exec(r.stderr)?.[1] ?? detector;
  const { visits, most } = await readMemory(data, (q) => ({
    visits: q
      .objectsIn(ALL, {})
      .filter((o) => VEHICLES.has(o.label))
      .flatMap((o) => ((o as typeof o & { visits?: { start: number; end: number }[] }).visits ?? [{ start: o.firstSeen, end: o.lastSeen }]).map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000, o.objectId] as const)),
    most: Math.max(...['car', 'truck', 'bus', 'vehicle'].map((label) => q.maxSimultaneous(ALL, { label }).count)),
  }));
  const counted = passes.filter(([a, b]) => visits.some(([s, e]) => s < b && e > a)).length;
  const heldOverEmpty = Math.round(visits.reduce((n, [s, e]) => n + outside(s, e, passes), 0) * 10) / 10;
  // every pass is the same silver car: one identity across passes is right
  const mot = scoreIdentities(
    visits.map(([start, end, objectId]) => ({ objectId, start, end })),
    passes.map(([start, end]) => ({ person: 0, start, end })),
  );
  return { recording: basename(file), detector, passes: passes.length, missed: passes.length - counted, extra: Math.max(0, visits.length - counted), heldOverEmpty, mostAtOnce: most, chose, replaySeconds, idf1: mot.idf1, identities: mot.identities, fragments: mot.fragments, merges: mot.merges };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-lot-'));
  execFileSync(join(packageRoot(), 'bench', 'lot', 'make-lot-recordings.sh'), [dir], { stdio: 'pipe' });
  const rows: LotFigures[] = [];
  for (const [name, passes] of [['lot-ten.mp4', PASSES], ['lot-turned.mp4', LOT_TURNED_PASSES]] as const) {
    for (const d of ['auto', 'centernet', 'ssd-oidv4']) {
      const f = await run(join(dir, name), passes, d);
      rows.push(f);
      console.log(`${name.padEnd(15)} ${d.padEnd(10)} passes counted ${f.passes - f.missed}/${f.passes}, extra ${f.extra}, held over the empty lot ${f.heldOverEmpty} s, most at once ${f.mostAtOnce} (truth 1), IDF1 ${f.idf1}, ids ${f.identities} (one car), fragments ${f.fragments}, merges ${f.merges}, running ${f.chose}, replay ${f.replaySeconds.toFixed(1)} s`);
    }
  }
  const out = { when: new Date().toISOString(), machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(1)).join('/')}`, rows };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'lot.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
