/**
 * Live truth: questions about the present, asked of the real daemon WHILE a person is in view,
 * are answered from the visit in progress, through all three ways in: the CLI (`vigil ask --data
 * DIR --json`, a separate process reading the daemon's LMDB memory), the WebSocket API (`ask`) and
 * MQTT request/response (MQTT 5 response topic and correlation data, through the real Mosquitto at
 * 127.0.0.1:1883).
 *
 * Two cameras show the one-by-one clip (second person in view over clip seconds [23, 45)):
 * `table`, the file played in real time, and `table2`, the same clip from a real RTSP server
 * (GStreamer). Each answer is graded at its own instant, the daemon's "now" (between the end of the
 * camera's coverage the answer reports and the reply), in the clip's time:
 * - `table`'s clip second comes from the camera's frame stats (`GET /api/cameras`:
 *   `lastFrameAt - (framesIn - 1) / fps` is the wall time of clip second 0, as the live benchmark's
 *   clock does);
 * - `table2`'s from the moment this test started the RTSP "camera" with its own DESCRIBE, before the
 *   daemon connected (the server's producer starts at the first client and then runs like a camera;
 *   the daemon joins at the latest keyframe, 1 s GOP, so it trails by at most {@link RTSP_LAG_S}).
 *
 * Mid-visit (at least 2.5 s from the arrival and the departure) it proves:
 * - "is anyone at camera table now?" is `true` and "how many people are at camera table right
 *   now?" is 1 (on every path), and the same count for the RTSP camera `table2`;
 * - "when did the last person leave camera table?" is the first person's departure (clip second 20,
 *   within 2 s, before the current visitor came), and says that someone is still there;
 * - "how long has the current visitor been at camera table?" is the length so far (within 3 s of
 *   the truth at the answer's instant) and says so ("so far").
 * Before visits in progress were kept in memory (commit 646bf27) these read "No. There were 0 then.",
 * 0, a departure with no one "still there" (or none: "I cannot tell"), and a refusal ("current" not
 * understood): every graded check fails without the feature.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { Answer } from '../../planner/answer.js';
import { ONE_BY_ONE_PEOPLE } from '../fixtures/truth.js';
import { CLI, startDaemon, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer, type RtspServerHandle } from '../helpers/rtsp-server.js';
import { clearRetained, mqttConnect, mqttNext, WsTestClient } from './clients.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const CLIP = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
/** Stream duration of the clip (ffprobe): the period of its loops. */
const CLIP_SECONDS = 139.4;
const FPS = 2;
/** Ports this test may use. */
const PORTS: [number, number] = [18300, 18399];

const [FIRST, SECOND] = ONE_BY_ONE_PEOPLE as [[number, number], [number, number], ...[number, number][]];
/** The first person leaves at the end of their last second in view. */
const PREV_LEFT_S = FIRST[1] + 1;
const ARRIVAL_S = SECOND[0];
const DEPARTURE_S = SECOND[1] + 1;
/** Answers are graded only at instants this far inside the second visit. */
const MARGIN_S = 2.5;
/** Most the daemon's view of the RTSP camera trails the camera (1 s GOP plus latency). */
const RTSP_LAG_S = 1.5;
/**
 * WebSocket and MQTT questions are sent this far into the visit: the memory, and so the daemon's
 * "now", trails the frames by perception (seconds on a loaded machine).
 */
const SEND_AT_S = ARRIVAL_S + MARGIN_S + 3;
/**
 * CLI questions are sent earlier, even before the arrival: `vigil ask` reads the memory (takes its
 * "now") only once its modules are loaded, 2 to 20 s later depending on the machine's load.
 */
const CLI_SEND_AT_S = ARRIVAL_S - 2;
/**
 * Most attempts per question and path. A question is asked again only when its "now" came before
 * the graded part of the visit (too early to grade), never for what it answered.
 */
const ATTEMPTS = 8;

/**
 * A camera's clock: the wall time of clip second 0 of its first loop, and the most the daemon's
 * view may trail it (0 for the file camera, whose frames are stamped as they are decoded).
 */
interface Clock {
  zero: number;
  lagS: number;
}

/** Clip seconds (within the loop) the daemon may have seen at wall time `t`: [earliest, latest]. */
function clipAt(c: Clock, t: number): [number, number] {
  const s = (t - c.zero) / 1000;
  const loop = Math.floor(s / CLIP_SECONDS) * CLIP_SECONDS;
  return [s - loop - c.lagS, s - loop];
}

/** Wall time of clip second `s` in the loop the camera is in at `t`. */
function wallOf(c: Clock, s: number, t: number): number {
  const loop = Math.floor((t - c.zero) / 1000 / CLIP_SECONDS);
  return c.zero + (loop * CLIP_SECONDS + s) * 1000;
}

type Path = 'cli' | 'ws' | 'mqtt';

/** One question sent through one path. */
interface Asked {
  path: Path;
  question: string;
  camera: 'table' | 'table2';
  sent: number;
  answered: number;
  answer: Answer | null;
  error?: string;
  /** How many times it was asked (see {@link ATTEMPTS}). */
  attempts?: number;
}

/** A question and what its answer must be at the instant `at`, which shows clip seconds `clip`. */
interface Expectation {
  question: string;
  camera: 'table' | 'table2';
  check(a: Answer, clip: [number, number], at: number, clock: Clock): void;
}

const EXPECTATIONS: Expectation[] = [
  {
    question: 'is anyone at camera table now?',
    camera: 'table',
    check: (a) => assert.equal(a.value, true, 'someone is at the table'),
  },
  {
    question: 'how many people are at camera table right now?',
    camera: 'table',
    check: (a) => assert.equal(a.value, 1, 'one person is at the table'),
  },
  {
    question: 'when did the last person leave camera table?',
    camera: 'table',
    check(a, _clip, at, clock) {
      assert.equal(typeof a.value, 'string', 'a time');
      const left = Date.parse(a.value as string);
      const truth = wallOf(clock, PREV_LEFT_S, at);
      assert.ok(Math.abs(left - truth) <= 2000, `left at clip second ${(PREV_LEFT_S + (left - truth) / 1000).toFixed(1)}, not ${PREV_LEFT_S} (±2 s)`);
      assert.ok(left < wallOf(clock, ARRIVAL_S, at), 'before the current visitor came');
      assert.match(a.answer, /still there/, 'says that the current visitor is still there');
    },
  },
  {
    question: 'how long has the current visitor been at camera table?',
    camera: 'table',
    check(a, [earliest, latest]) {
      assert.equal(typeof a.value, 'number', 'a length in seconds');
      const [lo, hi] = [earliest - ARRIVAL_S, latest - ARRIVAL_S];
      const v = a.value as number;
      assert.ok(v >= lo - 3 && v <= hi + 3, `${v} s, the length so far is ${lo.toFixed(1)}${hi > lo ? `-${hi.toFixed(1)}` : ''} s (±3 s)`);
      assert.match(a.answer, /so far/, 'says it is the length so far');
    },
  },
  {
    question: 'how many people are at camera table2 right now?',
    camera: 'table2',
    check: (a) => assert.equal(a.value, 1, 'one person is at the RTSP camera'),
  },
];

/** A port in {@link PORTS} free a moment ago, starting at a random one. */
async function freePortInRange(): Promise<number> {
  const [lo, hi] = PORTS;
  const start = lo + Math.floor(Math.random() * (hi - lo + 1));
  for (let i = 0; i <= hi - lo; i++) {
    const port = lo + ((start - lo + i) % (hi - lo + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${lo}-${hi}`);
}

/**
 * Starts the RTSP "camera" now with a DESCRIBE of our own (the fixture's producer starts playing
 * the clip from frame 0 at its first client); resolves with the wall time of the reply.
 */
function primeRtsp(server: RtspServerHandle, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = connect(server.port, '127.0.0.1', () => s.write(`DESCRIBE ${server.url(path)} RTSP/1.0\r\nCSeq: 1\r\nAccept: application/sdp\r\n\r\n`));
    let reply = '';
    s.setTimeout(10_000, () => s.destroy(new Error('no DESCRIBE reply in 10 s')));
    s.on('data', (d: Buffer) => {
      reply += d.toString();
      if (!reply.includes('\r\n\r\n')) return;
      const at = Date.now();
      s.destroy();
      if (reply.startsWith('RTSP/1.0 200')) resolve(at);
      else reject(new Error(`DESCRIBE: ${reply.split('\r\n')[0] ?? ''}`));
    });
    s.on('error', reject);
  });
}

/** Camera stats of `GET /api/cameras` (the fields read here). */
interface CameraStats {
  id: string;
  state: string;
  lastFrameAt: string | null;
  framesIn: number;
  framesOut: number;
  drops: number;
  reconnects: number;
}

async function cameraStats(d: DaemonHandle, id: string): Promise<CameraStats | undefined> {
  const r = await d.getJson<{ cameras?: CameraStats[] }>('/api/cameras');
  return r.cameras?.find((c) => c.id === id);
}

/**
 * The file camera's clock from its frame stats: the median of several estimates of the wall time
 * of clip second 0 (each `lastFrameAt - (framesIn - 1) / fps`). Requires no reconnect (a restart
 * of ffmpeg restarts the clip).
 */
async function fileClock(d: DaemonHandle, id: string): Promise<Clock> {
  const estimates: number[] = [];
  let last: string | null = null;
  const deadline = Date.now() + 90_000;
  while (estimates.length < 5) {
    if (Date.now() > deadline) throw new Error(`no frames of camera ${id} in 90 s:\n${d.output().slice(-2000)}`);
    if (d.child.exitCode !== null) throw new Error(`the daemon exited:\n${d.output().slice(-2000)}`);
    const c = await cameraStats(d, id).catch(() => undefined);
    if (c?.lastFrameAt && c.framesIn > 0 && c.lastFrameAt !== last) {
      assert.equal(c.reconnects, 0, `camera ${id} reconnected: its clip restarted`);
      estimates.push(Date.parse(c.lastFrameAt) - ((c.framesIn - 1) * 1000) / FPS);
      last = c.lastFrameAt;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  estimates.sort((x, y) => x - y);
  return { zero: estimates[2] ?? NaN, lagS: 0 };
}

/** Resolves once the daemon has surely seen clip second `s` of the camera's first loop. */
async function untilClip(c: Clock, s: number): Promise<void> {
  const wait = c.zero + (c.lagS + s) * 1000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Waits until the daemon streams the camera (the RTSP one may connect later than the file). */
async function untilStreaming(d: DaemonHandle, id: string): Promise<void> {
  await d.waitFor(async () => {
    const c = await cameraStats(d, id);
    return c?.state === 'streaming' && c.framesIn > 0;
  }, 30_000, `camera ${id} streaming`);
}

/** Runs `vigil ask QUESTION --data DIR --json --tz UTC`, as a user would while the daemon runs. */
function runAsk(data: string, question: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'ask', question, '--data', data, '--json', '--tz', 'UTC'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function askCli(data: string, q: Expectation): Promise<Asked> {
  const sent = Date.now();
  const r = await runAsk(data, q.question);
  const base = { path: 'cli' as const, question: q.question, camera: q.camera, sent, answered: Date.now() };
  try {
    if (r.code !== 0) throw new Error(`exit ${String(r.code)}: ${r.stderr.trim().slice(0, 500)}`);
    return { ...base, answer: JSON.parse(r.stdout) as Answer };
  } catch (e) {
    return { ...base, answer: null, error: (e as Error).message };
  }
}

async function askWs(ws: WsTestClient, q: Expectation): Promise<Asked> {
  const sent = Date.now();
  const reply = await ws.request({ type: 'ask', question: q.question, timeZone: 'UTC' });
  const base = { path: 'ws' as const, question: q.question, camera: q.camera, sent, answered: Date.now() };
  if (reply.status !== 'ok') return { ...base, answer: null, error: JSON.stringify(reply) };
  return { ...base, answer: (reply as { result: Answer }).result };
}

async function askMqtt(client: MqttClient, node: string, q: Expectation): Promise<Asked> {
  const responseTopic = `test/${node}/answers`;
  const correlationData = randomBytes(8);
  const sent = Date.now();
  const replyP = mqttNext(client, responseTopic, 30_000, (_t, _p, props) => Boolean(props.correlationData?.equals(correlationData)));
  await client.publishAsync(`vigil/${node}/ask`, JSON.stringify({ question: q.question }), { qos: 1, properties: { responseTopic, correlationData } });
  const reply = JSON.parse((await replyP).payload.toString()) as Answer | { status: 'error' };
  const base = { path: 'mqtt' as const, question: q.question, camera: q.camera, sent, answered: Date.now() };
  if ('status' in reply) return { ...base, answer: null, error: JSON.stringify(reply) };
  return { ...base, answer: reply };
}

/** Everything a run needs. */
interface Rig {
  daemon: DaemonHandle;
  ws: WsTestClient;
  mqtt: MqttClient;
  node: string;
  clocks: Record<'table' | 'table2', Clock>;
}

/** Whether the answer's "now" (or, without one, its reply) came before the graded part of the visit. */
function tooEarly(asked: Asked, clock: Clock): boolean {
  const to = asked.answer?.coverage.to;
  return clipAt(clock, to ? Date.parse(to) : asked.answered)[0] < ARRIVAL_S + MARGIN_S;
}

/** Asks (again after `pauseMs`) until the answer's "now" is not too early, at most {@link ATTEMPTS} times. */
async function askMidVisit(ask: () => Promise<Asked>, clock: Clock, pauseMs: number): Promise<Asked> {
  let asked = await ask();
  let attempts = 1;
  for (; attempts < ATTEMPTS && tooEarly(asked, clock); attempts++) {
    await new Promise((r) => setTimeout(r, pauseMs));
    asked = await ask();
  }
  return { ...asked, attempts };
}

/** Asks the questions of one camera through the three paths, once that camera is mid-visit. */
async function askCamera(rig: Rig, camera: 'table' | 'table2'): Promise<Asked[]> {
  const qs = EXPECTATIONS.filter((q) => q.camera === camera);
  const clock = rig.clocks[camera];
  await untilStreaming(rig.daemon, camera);
  await untilClip(clock, CLI_SEND_AT_S);
  const cli = Promise.all(qs.map((q) => askMidVisit(() => askCli(rig.daemon.data, q), clock, 0)));
  await untilClip(clock, SEND_AT_S);
  const wire = await Promise.all(
    qs.flatMap((q) => [askMidVisit(() => askWs(rig.ws, q), clock, 1000), askMidVisit(() => askMqtt(rig.mqtt, rig.node, q), clock, 1000)]),
  );
  return [...(await cli), ...wire];
}

/**
 * Grades one answer at its own instant: the daemon's "now", which lies between the end of the
 * camera's coverage the answer reports and the reply. Checks first that this instant is the
 * present and well inside the visit.
 */
function grade(asked: Asked, clocks: Rig['clocks']): void {
  const { answer: a } = asked;
  assert.ok(a, `no answer: ${asked.error ?? '?'}`);
  assert.notEqual(a.refused, true, `refused: ${a.answer}`);
  assert.ok(a.coverage.to, `nothing of camera ${asked.camera} recorded at the answer's "now": ${a.answer}`);
  const at = Date.parse(a.coverage.to);
  assert.ok(at >= asked.sent - 5000 && at <= asked.answered + 1000, `"now" ${a.coverage.to} is the present (asked ${new Date(asked.sent).toISOString()}, answered ${new Date(asked.answered).toISOString()})`);
  const clock = clocks[asked.camera];
  const clip: [number, number] = [clipAt(clock, at)[0], clipAt(clock, asked.answered)[1]];
  // a precondition of the test, not of the daemon: the instant is well inside the visit
  const inside = clip[0] >= ARRIVAL_S + MARGIN_S && clip[1] <= DEPARTURE_S - MARGIN_S;
  assert.ok(inside, `graded instant at clip seconds ${clip.map((c) => c.toFixed(1)).join('-')} is not inside [${ARRIVAL_S + MARGIN_S}, ${DEPARTURE_S - MARGIN_S}] (asked too late?)`);
  const q = EXPECTATIONS.find((e) => e.question === asked.question);
  assert.ok(q);
  q.check(a, clip, at, clock);
}

/** What was started, stopped in reverse order at the end. */
type Cleanup = (() => Promise<void>)[];

/**
 * Starts the RTSP camera (at a known instant), the daemon and the clients; registers their stops.
 * @param exit receives the daemon's exit code once it is stopped
 */
async function startRig(cleanup: Cleanup, exit: { code?: number | null }): Promise<Rig> {
  const rtsp = await startRtspServer({ port: await freePortInRange(), mounts: [{ path: '/table', file: CLIP }] });
  cleanup.push(() => rtsp.stop());
  const rtspZero = await primeRtsp(rtsp, '/table');
  const node = `livetruth${randomBytes(4).toString('hex')}`;
  const mqtt = await mqttConnect(BROKER, { protocolVersion: 5 });
  cleanup.push(async () => {
    await clearRetained(mqtt, `vigil/${node}`);
    await mqtt.endAsync();
  });
  const port = await freePortInRange();
  const cameras = [
    { id: 'table', url: CLIP, fps: FPS },
    { id: 'table2', url: rtsp.url('/table'), fps: FPS },
  ];
  const daemon = startDaemon({ port, config: { node, mqtt: { url: BROKER }, cameras }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  cleanup.push(async () => {
    exit.code = await daemon.stop();
  });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 90_000, 'healthz');
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${port}/api/ws`);
  cleanup.push(() => Promise.resolve(ws.close()));
  const table = await fileClock(daemon, 'table');
  return { daemon, ws, mqtt, node, clocks: { table, table2: { zero: rtspZero, lagS: RTSP_LAG_S } } };
}

function summary(a: Asked, clocks: Rig['clocks']): string {
  const at = a.answer?.coverage.to ? Date.parse(a.answer.coverage.to) : NaN;
  const clip = Number.isNaN(at) ? '?' : clipAt(clocks[a.camera], at).map((c) => c.toFixed(1)).join('-');
  const took = `${((a.answered - a.sent) / 1000).toFixed(1)} s${(a.attempts ?? 1) > 1 ? ` (attempt ${String(a.attempts)})` : ''}`;
  return `[${a.path} ${took}, now ${a.answer?.coverage.to ?? '?'} = clip ${clip}] ${a.question} -> ${JSON.stringify(a.answer?.value)} | ${a.answer?.answer ?? a.error ?? ''}`;
}

async function gradeAll(t: TestContext, unordered: Asked[], clocks: Rig['clocks']): Promise<void> {
  const rank = (a: Asked): number => EXPECTATIONS.findIndex((e) => e.question === a.question) * 3 + ['cli', 'ws', 'mqtt'].indexOf(a.path);
  const asked = [...unordered].sort((x, y) => rank(x) - rank(y));
  for (const a of asked) t.diagnostic(summary(a, clocks));
  for (const a of asked) await t.test(`${a.path}: ${a.question}`, () => grade(a, clocks));
}

test('mid-visit, "now" questions are answered from the visit in progress through the CLI, WebSocket and MQTT, for a file and an RTSP camera', { timeout: 180_000 }, async (t) => {
  const t0 = Date.now();
  const cleanup: Cleanup = [];
  const exit: { code?: number | null } = {};
  let rig: Rig | undefined;
  try {
    rig = await startRig(cleanup, exit);
    const [rtspAsked, fileAsked] = await Promise.all([askCamera(rig, 'table2'), askCamera(rig, 'table')]);
    const [table, table2] = await Promise.all([cameraStats(rig.daemon, 'table'), cameraStats(rig.daemon, 'table2')]);
    const frames = (c: CameraStats | undefined): string => `${String(c?.framesIn)} frames in, ${String(c?.framesOut)} out, ${String(c?.drops)} dropped, ${String(c?.reconnects)} reconnects`;
    t.diagnostic(`table: clip 0 at ${new Date(rig.clocks.table.zero).toISOString()}, ${frames(table)}`);
    t.diagnostic(`table2: RTSP camera started at ${new Date(rig.clocks.table2.zero).toISOString()}, ${frames(table2)}`);
    assert.equal(table?.reconnects, 0, 'the file camera never restarted (its clip clock held)');
    await gradeAll(t, [...fileAsked, ...rtspAsked], rig.clocks);
  } finally {
    for (const stop of cleanup.reverse()) await stop();
    t.diagnostic(`wall time ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  assert.equal(exit.code, 0, `the daemon stopped cleanly:\n${rig?.daemon.output().slice(-2000) ?? ''}`);
});
