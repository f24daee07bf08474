/**
 * The history of first blind scores (issue 24): each blind set's first run, committed by
 * `bench/blind/score.py` as bench/results/blind-<set>.json before anyone fixed anything for it.
 * Regression re-runs (`*-regression.json`) are not scores and are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One first score. */
export interface FirstScore {
  set: string;
  runAt: string;
  commit: string;
  answerable: { total: number; right: number; wrong: number; refused: number };
  mustRefuse: { total: number; refused: number; answered: number };
}

/** The first scores found under `dir`, oldest first. */
export function firstScores(dir: string): FirstScore[] {
  const out: FirstScore[] = [];
  for (const f of readdirSync(dir).filter((n) => /^blind-.*\.json$/.test(n) && !n.includes('regression')).sort()) {
    const d = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { set: string; run_at: string; commit: string; totals: { answerable: FirstScore['answerable']; must_refuse: FirstScore['mustRefuse'] } };
    out.push({ set: d.set, runAt: d.run_at, commit: d.commit.slice(0, 7), answerable: d.totals.answerable, mustRefuse: d.totals.must_refuse });
  }
  return out.sort((a, b) => a.runAt.localeCompare(b.runAt));
}

/** The history as printed lines. */
export function historyLines(scores: readonly FirstScore[]): string[] {
  const pct = (a: FirstScore['answerable']): string => `${Math.round((100 * a.right) / Math.max(1, a.total))} %`;
  return [
    'first blind scores (questions nobody on the team had seen, over new recordings; each set scored once before any fix):',
    `${'set'.padEnd(36)} ${'run at'.padEnd(26)} commit  answerable right/wrong/refused       must-refuse`,
    ...scores.map((s) => `${s.set.padEnd(36)} ${s.runAt.padEnd(26)} ${s.commit} ${`${s.answerable.right}/${s.answerable.wrong}/${s.answerable.refused} of ${s.answerable.total} (${pct(s.answerable)})`.padEnd(36)} ${s.mustRefuse.refused}/${s.mustRefuse.total} refused`),
  ];
}
