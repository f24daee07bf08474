/**
 * `npm run bench:lot`: vehicles seen from above, per detector, on the ten-pass parking-lot
 * recording (bench/lot/make-lot-recordings.sh): each of `auto` (the default), `centernet` and
 * `ssd-oidv4` replays it with `vigil replay` at 2 fps into its own data directory; printed per
 * detector: passes counted, missed, extra visits, most cars at once, what `auto` chose, and the
 * replay's wall time (one run, so the ratios compare). Writes bench/results/lot.json.
 */
import { LOT_PASSES as PASSES } from './lot/passes.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { readMemory } from './identity/memory.js';

const CLI = join(packageRoot(), 'dist', 'edge', 'cli', 'main.js');
const T0 = Date.parse('2026-11-21T09:00:00Z');
const ALL = { from: T0, to: T0 + 600_000 };
const VEHICLES = new Set(['car', 'truck', 'bus', 'vehicle']);

interface LotFigures {
  detector: string;
  passes: number;
  missed: number;
  extra: number;
  mostAtOnce: number;
  chose: string;
  replaySeconds: number;
}

async function run(file: string, detector: string): Promise<LotFigures> {
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
      .flatMap((o) => ((o as typeof o & { visits?: { start: number; end: number }[] }).visits ?? [{ start: o.firstSeen, end: o.lastSeen }]).map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000] as const)),
    most: Math.max(...['car', 'truck', 'bus', 'vehicle'].map((label) => q.maxSimultaneous(ALL, { label }).count)),
  }));
  const counted = PASSES.filter(([a, b]) => visits.some(([s, e]) => s < b && e > a)).length;
  return { detector, passes: PASSES.length, missed: PASSES.length - counted, extra: Math.max(0, visits.length - counted), mostAtOnce: most, chose, replaySeconds };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-lot-'));
  execFileSync(join(packageRoot(), 'bench', 'lot', 'make-lot-recordings.sh'), [dir], { stdio: 'pipe' });
  const file = join(dir, 'lot-ten.mp4');
  const rows: LotFigures[] = [];
  for (const d of ['auto', 'centernet', 'ssd-oidv4']) {
    const f = await run(file, d);
    rows.push(f);
    console.log(`${d.padEnd(10)} passes counted ${f.passes - f.missed}/${f.passes}, extra ${f.extra}, most at once ${f.mostAtOnce} (truth 1), running ${f.chose}, replay ${f.replaySeconds.toFixed(1)} s`);
  }
  const out = { when: new Date().toISOString(), machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(1)).join('/')}`, rows };
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'lot.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
