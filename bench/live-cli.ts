/**
 * Live CLI benchmark (`node dist/bench/live-cli.js [--port 18080] [--margin 2.5] [--period 2]`):
 * does a running daemon answer questions about the present correctly?
 *
 * Starts the real daemon (`vigil start --config`, HTTP on --port, MQTT off, no auth tokens) on a
 * fresh data dir /tmp/livebench-cli-* with one real-time file camera, `table`, playing
 * one-by-one-person-detection.mp4 at 2 fps. During the clip's first loop (139.4 s from the wall
 * time of clip second 0, see bench/live/clock.ts) it asks, every --period seconds, through
 * `vigil ask --data DIR --json`, one after the other: "is anyone at the table now?", "how many
 * people are at the table right now?" and "when did the last person leave?". An instant within
 * --margin seconds of an arrival or a departure (truth: ONE_BY_ONE_PEOPLE, a person present over
 * [first, last + 1) clip seconds) is not asked. Each answer is graded right, wrong or refused
 * (bench/live/grade.ts). Prints a table per question and writes bench/results/live-cli.json.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ClipClock } from './live/clock.js';
import { firstFrames, freshDataDir, ROOT, sleep, startDaemon, VIDEOS, waitStreaming } from './live/daemon.js';
import type { Question } from './live/expect.js';
import { inOrder, median, printMisses, printTable, tally, tallyBy, writeJson, type Row } from './live/report.js';
import { askAndGrade, rowLine, skipNow, skippedRow, type LiveBench } from './live/run.js';
import { CLIP_SECONDS, TABLE_SCENE } from './live/scenes.js';

const CLIP = join(VIDEOS, 'one-by-one-person-detection.mp4');

/** The three questions, asked in this order at every tick. */
const QUESTIONS: Question[] = [
  { text: 'is anyone at the table now?', camera: 'table', kind: 'anyone' },
  { text: 'how many people are at the table right now?', camera: 'table', kind: 'count' },
  { text: 'when did the last person leave?', camera: 'table', kind: 'lastLeft' },
];

/** Asks the three questions every `periodMs` until the end of the clip's first loop. */
async function askFirstLoop(b: LiveBench, periodMs: number): Promise<Row[]> {
  const zero = b.clock.clipZero('table');
  if (zero === null) throw new Error('no clip anchor');
  const end = zero + CLIP_SECONDS.oneByOne * 1000;
  const rows: Row[] = [];
  while (Date.now() < end) {
    const tick = Date.now();
    for (const q of QUESTIONS) {
      if (Date.now() >= end) break;
      const skip = skipNow(b, q, 'cli');
      const row = skip ? skippedRow(b, q, skip) : await askAndGrade(b, q, 'cli');
      rows.push(row);
      console.log(rowLine(row));
    }
    await sleep(Math.max(0, tick + periodMs - Date.now()));
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '18080' }, margin: { type: 'string', default: '2.5' }, period: { type: 'string', default: '2' } } });
  const port = Number(values.port);
  const data = freshDataDir('cli');
  const daemon = startDaemon({ port, data, cameras: [{ id: 'table', url: CLIP, fps: 2 }] });
  console.log(`daemon on port ${port}, data ${data}, log ${daemon.logFile}`);
  const clock = new ClipClock(daemon, { table: 2 });
  let rows: Row[];
  try {
    await waitStreaming(daemon);
    clock.start();
    await clock.ready();
    console.log(`clip second 0 of camera table at ${new Date(clock.clipZero('table') ?? 0).toISOString()}`);
    const b: LiveBench = { daemon, clock, scenes: { table: TABLE_SCENE }, marginMs: Number(values.margin) * 1000, ws: null };
    rows = await askFirstLoop(b, Number(values.period) * 1000);
  } finally {
    clock.stop();
    console.log(`daemon stopped (exit ${String(await daemon.stop())})`);
  }
  report(rows, clock, daemon.logFile, data);
}

/** Prints the tables and writes the results file. */
function report(rows: Row[], clock: ClipClock, logFile: string, data: string): void {
  const total = tally(rows);
  const byQuestion = inOrder(tallyBy(rows, (r) => r.question), QUESTIONS);
  printTable('live CLI: one camera (table), first loop of the clip', byQuestion, total);
  const skipped = rows.filter((r) => r.verdict === 'skipped').length;
  const failed = rows.filter((r) => r.verdict === 'failed').length;
  const lag = median(rows.flatMap((r) => (r.lagMs === undefined ? [] : [r.lagMs])));
  const ms = median(rows.flatMap((r) => (r.ms === undefined ? [] : [r.ms])));
  console.log(`skipped ${skipped} (near a truth change), failed ${failed}; median round trip ${ms} ms; median lag of the daemon's "now" behind the moment asked ${lag} ms`);
  printMisses(rows);
  const clockReport = clock.report(firstFrames(logFile));
  console.log(`clip mapping: ${JSON.stringify(clockReport)}`);
  const file = join(ROOT, 'bench', 'results', 'live-cli.json');
  writeJson(file, { ...total, skipped, failed, byQuestion, medianRoundTripMs: ms, medianLagMs: lag, clock: clockReport, data, rows });
  console.log(`wrote ${file}`);
}

await main();
