/**
 * Live benchmark, `npm run bench:live` (`node dist/bench/live.js [--minutes 10] [--port 18081]
 * [--interval 1.5] [--margin 2.5] [--no-ws]`): does a running daemon answer questions about the
 * present, the last, the longest and the missing correctly?
 *
 * Starts the real daemon (`vigil start --config`, HTTP on --port, MQTT off, authentication on as by
 * default: the WebSocket sends the admin token the daemon wrote to its data directory) on a
 * fresh data dir /tmp/livebench-live-* with three real-time, looping file cameras at 2 fps:
 * `table` (one-by-one-person-detection.mp4, people), `bench` (bottle-detection.mp4, bottles, zone
 * `bench` over the bench top as in bench/alerts-bottles.ts) and `floor` (worker-zone-detection.mp4,
 * one worker always in view). For --minutes it asks, one question every --interval seconds, the
 * question of QUESTIONS whose present instant can be graded and that was asked least so far,
 * one in four through the CLI (`vigil ask --data DIR --json`), the rest over the WebSocket API (`ask` on /api/ws).
 * Truth per loop of each clip comes from test/fixtures/truth.ts (bench/live/scenes.ts); an
 * instant within --margin seconds of a truth change of its camera is not graded. Grades: right,
 * wrong or refused (bench/live/grade.ts). Prints a table per question and per channel, the answers
 * that were not right, and writes bench/results/live.json.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readAdminToken } from '../edge/api/admin-token.js';
import { WsAsker, type Channel } from './live/ask.js';
import { ClipClock } from './live/clock.js';
import { firstFrames, freshDataDir, ROOT, sleep, startDaemon, VIDEOS, waitStreaming, type CameraConfig } from './live/daemon.js';
import type { Question } from './live/expect.js';
import { inOrder, median, printMisses, printTable, tally, tallyBy, writeJson, type Row } from './live/report.js';
import { askAndGrade, rowLine, skipNow, type LiveBench } from './live/run.js';
import { BENCH_SCENE, FLOOR_SCENE, TABLE_SCENE } from './live/scenes.js';

/** The three cameras; the bench as bench/alerts-bottles.ts configures it. */
const CAMERAS: CameraConfig[] = [
  { id: 'table', url: join(VIDEOS, 'one-by-one-person-detection.mp4'), fps: 2 },
  { id: 'bench', url: join(VIDEOS, 'bottle-detection.mp4'), fps: 2, width: 640, zones: [{ id: 'bench', polygon: [[0, 0.7], [1, 0.7], [1, 1], [0, 1]] }] },
  { id: 'floor', url: join(VIDEOS, 'worker-zone-detection.mp4'), fps: 2 },
];

/**
 * The questions. The floor gets no duration questions: its clip (4.7 s) loops with the worker
 * jumping back to the foreground, and whether that is a new visit is not in the truth.
 */
const QUESTIONS: Question[] = [
  { text: 'how many people are at the table now?', camera: 'table', kind: 'count' },
  { text: 'is anyone at the table now?', camera: 'table', kind: 'anyone' },
  { text: 'how long has the current visitor been at the table?', camera: 'table', kind: 'current' },
  { text: 'how long has the table been occupied?', camera: 'table', kind: 'current' },
  { text: 'when did the last person leave the table?', camera: 'table', kind: 'lastLeft' },
  { text: 'which visit to the table was the longest?', camera: 'table', kind: 'longestVisit' },
  { text: 'how long was the longest visit to the table?', camera: 'table', kind: 'longestLength' },
  { text: 'how many people are on the floor now?', camera: 'floor', kind: 'count' },
  { text: 'is anyone on the floor now?', camera: 'floor', kind: 'anyone' },
  { text: 'how many bottles are on the bench now?', camera: 'bench', kind: 'bottles' },
  { text: 'how many bottles are missing from the bench?', camera: 'bench', kind: 'missing' },
];

/** The gradable question asked least so far (ties: list order), or null when none is gradable now. */
function pick(b: LiveBench, channel: Channel, asked: Map<string, number>): Question | null {
  const ok = QUESTIONS.filter((q) => skipNow(b, q, channel) === null);
  ok.sort((x, y) => (asked.get(x.text) ?? 0) - (asked.get(y.text) ?? 0));
  return ok[0] ?? null;
}

/** Asks for `minutes`, one question every `intervalMs`. */
async function askFor(b: LiveBench, minutes: number, intervalMs: number): Promise<Row[]> {
  const end = Date.now() + minutes * 60_000;
  const rows: Row[] = [];
  const asked = new Map<string, number>();
  let n = 0;
  while (Date.now() < end) {
    const slot = Date.now();
    // one question in four through the CLI (a process per question), the rest over the WebSocket
    const channel: Channel = b.ws && n % 4 !== 0 ? 'ws' : 'cli';
    const q = pick(b, channel, asked);
    if (!q) {
      await sleep(250);
      continue;
    }
    n++;
    asked.set(q.text, (asked.get(q.text) ?? 0) + 1);
    const row = await askAndGrade(b, q, channel);
    rows.push(row);
    console.log(rowLine(row));
    await sleep(Math.max(0, slot + intervalMs - Date.now()));
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      port: { type: 'string', default: '18081' },
      interval: { type: 'string', default: '1.5' },
      margin: { type: 'string', default: '2.5' },
      'no-ws': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  const data = freshDataDir('live');
  const daemon = startDaemon({ port, data, cameras: CAMERAS });
  console.log(`daemon on port ${port}, data ${data}, log ${daemon.logFile}`);
  const clock = new ClipClock(daemon, Object.fromEntries(CAMERAS.map((c) => [c.id, c.fps])));
  const ws = values['no-ws'] ? null : new WsAsker(daemon.baseUrl, () => readAdminToken(data));
  let rows: Row[];
  try {
    await waitStreaming(daemon);
    clock.start();
    await clock.ready();
    for (const c of clock.report()) console.log(`clip second 0 of camera ${c.camera} at ${c.clipZero ?? '?'}`);
    const b: LiveBench = { daemon, clock, scenes: { table: TABLE_SCENE, bench: BENCH_SCENE, floor: FLOOR_SCENE }, marginMs: Number(values.margin) * 1000, ws };
    rows = await askFor(b, Number(values.minutes), Number(values.interval) * 1000);
  } finally {
    clock.stop();
    ws?.close();
    console.log(`daemon stopped (exit ${String(await daemon.stop())})`);
  }
  report(rows, clock, daemon.logFile, { data, minutes: Number(values.minutes), intervalS: Number(values.interval), marginS: Number(values.margin), ws: ws !== null });
}

/** Prints the tables and writes the results file. */
function report(rows: Row[], clock: ClipClock, logFile: string, settings: Record<string, unknown>): void {
  const total = tally(rows);
  const byQuestion = inOrder(tallyBy(rows, (r) => r.question), QUESTIONS);
  const byChannel = tallyBy(rows, (r) => r.channel ?? '-');
  printTable(`live: three cameras, ${String(settings.minutes)} min`, byQuestion, total);
  printTable('by channel', byChannel, total);
  const skipped = rows.filter((r) => r.verdict === 'skipped').length;
  const failed = rows.filter((r) => r.verdict === 'failed').length;
  const lag = median(rows.flatMap((r) => (r.lagMs === undefined ? [] : [r.lagMs])));
  const ms = Object.fromEntries((['cli', 'ws'] as const).map((c) => [c, median(rows.flatMap((r) => (r.channel === c && r.ms !== undefined ? [r.ms] : [])))]));
  console.log(`asked but not graded ${skipped} (a truth change came within the margin during the round trip), failed ${failed}`);
  console.log(`median round trip: cli ${ms.cli} ms, ws ${ms.ws} ms; median lag of the daemon's "now" behind the moment asked ${lag} ms`);
  printMisses(rows, 40);
  const clockReport = clock.report(firstFrames(logFile));
  console.log(`clip mapping: ${JSON.stringify(clockReport)}`);
  const file = join(ROOT, 'bench', 'results', 'live.json');
  writeJson(file, { ...total, skipped, failed, byQuestion, byChannel, byCamera: tallyBy(rows, (r) => r.camera), medianRoundTripMs: ms, medianLagMs: lag, clock: clockReport, settings, rows });
  console.log(`wrote ${file}`);
}

await main();
