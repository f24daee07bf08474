/**
 * One live question, end to end: decide whether the present instant can be graded, ask through a
 * channel, compute the truth for the moments the question was sent and answered, grade, and make
 * the row.
 */
import { askCli, type Asked, type Channel, type WsAsker } from './ask.js';
import type { ClipClock } from './clock.js';
import type { LiveDaemon } from './daemon.js';
import { describeExpected, expected, type CameraTruth, type Question, type Skip } from './expect.js';
import { grade } from './grade.js';
import type { Row } from './report.js';
import { clipSecond, type Scene } from './scenes.js';

/** Everything a live run asks with. */
export interface LiveBench {
  daemon: LiveDaemon;
  clock: ClipClock;
  /** The truth of each camera. */
  scenes: Record<string, Scene>;
  /** ms around a question's round trip that must hold no truth change. */
  marginMs: number;
  /** The WebSocket channel, when used. */
  ws: WsAsker | null;
}

/** Typical round trip per channel so far (ms), for deciding before asking. */
const roundTrip: Record<Channel, number[]> = { cli: [], ws: [] };

function typicalMs(channel: Channel): number {
  const xs = roundTrip[channel].slice(-20).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] ?? (channel === 'cli' ? 1500 : 300);
}

/** The truth of a camera now. */
function truthOf(b: LiveBench, camera: string): CameraTruth {
  const scene = b.scenes[camera];
  if (!scene) throw new Error(`no truth for camera ${camera}`);
  return { scene, zero: b.clock.clipZero(camera) };
}

/** Why a question asked now through `channel` would not be graded; null when it would. */
export function skipNow(b: LiveBench, q: Question, channel: Channel): Skip | null {
  const now = Date.now();
  const x = expected(q, truthOf(b, q.camera), now, now + typicalMs(channel), b.marginMs);
  return 'skip' in x ? x.skip : null;
}

/** Where the camera's clip is at `t`. */
function clipAt(b: LiveBench, camera: string, t: number): Pick<Row, 'clipSecond' | 'loop'> {
  const { scene, zero } = truthOf(b, camera);
  if (zero === null) return { clipSecond: null, loop: null };
  return { clipSecond: Math.round(clipSecond(scene, zero, t) * 10) / 10, loop: Math.floor((t - zero) / 1000 / scene.duration) };
}

/** A row for a question not asked because its instant is not graded. */
export function skippedRow(b: LiveBench, q: Question, skip: Skip): Row {
  const t = Date.now();
  return { at: new Date(t).toISOString(), camera: q.camera, ...clipAt(b, q.camera, t), question: q.text, channel: null, verdict: 'skipped', skip };
}

/** Asks `q` through `channel`, grades the answer and returns its row. */
export async function askAndGrade(b: LiveBench, q: Question, channel: Channel): Promise<Row> {
  let asked: Asked;
  if (channel === 'ws') {
    if (!b.ws) throw new Error('no WebSocket channel');
    asked = await b.ws.ask(q.text);
  } else asked = await askCli(b.daemon.data, q.text);
  roundTrip[channel].push(asked.answered - asked.sent);
  const to = asked.answer?.coverage?.to;
  const row: Row = {
    at: new Date(asked.sent).toISOString(),
    camera: q.camera,
    ...clipAt(b, q.camera, asked.sent),
    question: q.text,
    channel,
    verdict: 'failed',
    ms: asked.answered - asked.sent,
    ...(to ? { lagMs: asked.sent - Date.parse(to) } : {}),
  };
  if (!asked.answer) return { ...row, note: asked.error ?? 'no answer' };
  const x = expected(q, truthOf(b, q.camera), asked.sent, asked.answered, b.marginMs);
  if ('skip' in x) return { ...row, verdict: 'skipped', skip: `${x.skip} (after the round trip)`, answer: asked.answer.answer };
  const g = grade(q, x.expected, asked.answer, Object.keys(b.scenes));
  return { ...row, verdict: g.verdict, expected: describeExpected(x.expected), got: g.got, ...(g.note ? { note: g.note } : {}), answer: asked.answer.answer };
}

/** One line for a row, printed as the run goes. */
export function rowLine(r: Row): string {
  const clip = r.clipSecond === null ? '   -   ' : `${r.clipSecond.toFixed(1).padStart(5)} s`;
  const what = r.verdict === 'skipped' ? r.skip : `expected ${r.expected ?? '?'}, got ${r.got ?? '?'}${r.note ? ` (${r.note})` : ''}`;
  return `${r.at.slice(11, 23)} ${r.camera.padEnd(5)} clip ${clip} [${r.channel ?? '--'}] ${r.verdict.padEnd(7)} ${r.question} -> ${what ?? ''}`;
}
