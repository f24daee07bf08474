/**
 * Rows of a live run (one per question asked or skipped), their tallies, the printed table and the
 * results file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Channel } from './ask.js';
import type { Verdict } from './grade.js';

/** One question of a run. A skipped row was not graded (see `skip`). */
export interface Row {
  /** Wall time the question was sent (ISO). */
  at: string;
  camera: string;
  /** Clip second (within its loop) at that time, and the loop (0 = first). */
  clipSecond: number | null;
  loop: number | null;
  question: string;
  channel: Channel | null;
  verdict: Verdict | 'skipped' | 'failed';
  expected?: string;
  got?: string;
  note?: string;
  skip?: string;
  /** The answer's text (graded rows). */
  answer?: string;
  /** Round trip, ms. */
  ms?: number;
  /** How far the daemon's "now" (the end of its coverage) was behind the moment of asking, ms. */
  lagMs?: number;
}

/** Right, wrong and refused of graded rows; `asked` = their sum. */
export interface Tally {
  asked: number;
  right: number;
  wrong: number;
  refused: number;
}

/** Tallies graded rows (skipped and failed rows are counted apart). */
export function tally(rows: readonly Row[]): Tally {
  const t: Tally = { asked: 0, right: 0, wrong: 0, refused: 0 };
  for (const r of rows) {
    if (r.verdict === 'skipped' || r.verdict === 'failed') continue;
    t.asked++;
    t[r.verdict]++;
  }
  return t;
}

/** Tallies per key (question text, channel, ...). */
export function tallyBy(rows: readonly Row[], key: (r: Row) => string): Record<string, Tally> {
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return Object.fromEntries([...groups].map(([k, rs]) => [k, tally(rs)]));
}

/** The tallies in the order of the questions (a question never graded shows zeros). */
export function inOrder(groups: Record<string, Tally>, questions: readonly { text: string }[]): Record<string, Tally> {
  return Object.fromEntries(questions.map((q) => [q.text, groups[q.text] ?? { asked: 0, right: 0, wrong: 0, refused: 0 }]));
}

/** Prints one line per group and a total line. */
export function printTable(title: string, groups: Record<string, Tally>, total: Tally): void {
  const width = Math.max(8, ...Object.keys(groups).map((k) => k.length));
  const line = (name: string, t: Tally): string =>
    `${name.padEnd(width)}  ${String(t.asked).padStart(5)}  ${String(t.right).padStart(5)}  ${String(t.wrong).padStart(5)}  ${String(t.refused).padStart(7)}  ${t.asked ? `${((100 * t.right) / t.asked).toFixed(0)} %`.padStart(6) : '     -'}`;
  console.log(`\n${title}`);
  console.log(`${''.padEnd(width)}  asked  right  wrong  refused  right%`);
  for (const [k, t] of Object.entries(groups)) console.log(line(k, t));
  console.log(line('TOTAL', total));
}

/** Prints the rows that were not right (at most `max`), with what the daemon said. */
export function printMisses(rows: readonly Row[], max = 25): void {
  const misses = rows.filter((r) => r.verdict === 'wrong' || r.verdict === 'refused' || r.verdict === 'failed');
  if (misses.length === 0) return;
  console.log(`\nanswers that were not right (${Math.min(max, misses.length)} of ${misses.length}):`);
  for (const r of misses.slice(0, max)) {
    const clip = r.clipSecond === null ? '' : ` clip ${r.clipSecond.toFixed(1)} s`;
    console.log(`- ${r.at.slice(11, 23)}${clip} [${r.channel ?? '-'}] ${r.verdict.toUpperCase()} "${r.question}" expected ${r.expected ?? '?'}, got ${r.got ?? '?'}${r.note ? ` (${r.note})` : ''}`);
    if (r.answer) console.log(`    ${r.answer.slice(0, 240)}`);
  }
}

/** Median of numbers (NaN when empty). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? NaN) : NaN;
}

/** Writes `data` as indented JSON, creating the folder. */
export function writeJson(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
