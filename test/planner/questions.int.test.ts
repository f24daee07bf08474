/**
 * Questions in people's own words over the two long shared clips, replayed for real (ffmpeg, the
 * detector, tracking, re-ID, the LMDB memory), asked through the CLI, and the same questions over
 * the daemon's WebSocket and MQTT interfaces: one parser, one executor, the same values everywhere.
 * Truth read off the frames (see ../shared/questions/dev.json).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { clearRetained, mqttConnect, mqttNext, WsTestClient } from '../edge/clients.js';
import { freeTcpPort, runCli, startDaemon, tempDir, type DaemonHandle } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const TABLE_START = '2026-01-05T09:00:00Z';
const BENCH_START = '2026-01-05T10:00:00Z';
const BROKER = 'mqtt://127.0.0.1:1883';
const NODE = `q${randomBytes(4).toString('hex')}`;
/** The replays are stamped in the past: a daemon with the default retention would sweep them away mid-test. */
const KEEP_ALL = { rawHours: 1e6, eventsDays: 1e5, minutesDays: 1e5, hoursDays: 1e5 };

type Value = number | boolean | string | { start: string; end: string; seconds: number } | null;
interface Asked {
  answer: string;
  value: Value;
  refused?: boolean;
}
/** A question, its truth, and how close is right (seconds for times and durations). */
const REFUSED = { refused: true } as const;
type Case = [question: string, truth: Value | typeof REFUSED, tol?: number];

const TABLE: Case[] = [
  ['how many people turned up at the table?', 6],
  ['how many different people were seen?', 6],
  ['how many visitors arrived after 09:01:00?', 3],
  ['how many people had left by 09:01:30?', 4],
  ['what is the most people there at once?', 1],
  ['was there anyone at the table at 09:01:40?', true],
  ['was the table empty at 09:00:21?', true],
  ['when did the third visitor show up?', '2026-01-05T09:00:50.0Z', 2],
  ['when did the last person leave?', '2026-01-05T09:02:15.8Z', 2],
  ['how long did the fifth person stay?', 27.7, 3],
  ['how long was the longest visit?', 27.7, 3],
  ['how long did the person who arrived at 09:00:23 stay at the table?', 22.0, 3],
  ['did anyone stay longer than a minute?', false],
  ['how many visitors stayed less than 15 seconds?', 3],
  ['how long was the table occupied between 09:00:00 and 09:01:00?', 45.7, 4],
  ['how many people were at the table at the start?', 0],
  ['how many forklifts came by?', REFUSED],
  ['what was the second person wearing?', REFUSED],
];

const BENCH: Case[] = [
  ['how many bottles are on the bench now?', 3],
  ['how many bottles were there at 10:00:25?', 2],
  ['how many times was a bottle taken?', 4], // each bottle taken is a time one was taken (two went at once at 10:00:17.5)
  ['on how many separate occasions were bottles taken?', 3], // occasions count moments: the two at once are one
  ['how many bottles were taken?', 4],
  ['when was a bottle first taken?', '2026-01-05T10:00:06.5Z', 2],
  ['when was the last bottle put back?', '2026-01-05T10:00:35.5Z', 2],
  ['were any bottles missing at 10:00:20?', true],
  ['what is the most bottles seen at once?', 3],
  ['how long was there only one bottle?', 5.5, 3],
  ['were there fewer than 2 bottles at 10:00:10?', false],
];

let tableDir: string;
let benchDir: string;
let daemon: DaemonHandle;

/** Whether an asked value is the truth. */
function right(c: Case, a: Asked): boolean {
  const [, truth, tol = 0] = c;
  if (truth === REFUSED) return a.value === null && a.refused === true;
  if (typeof truth === 'string') return typeof a.value === 'string' && Math.abs(Date.parse(a.value) - Date.parse(truth)) <= tol * 1000;
  if (typeof truth === 'number') return typeof a.value === 'number' && Math.abs(a.value - truth) <= tol;
  return a.value === truth;
}

async function cliAsk(dir: string, question: string): Promise<Asked> {
  const r = await runCli(['ask', question, '--data', dir, '--json', '--tz', 'UTC']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Asked;
}

before(async () => {
  tableDir = tempDir('q-table');
  benchDir = tempDir('q-bench');
  const [a, b] = await Promise.all([
    runCli(['replay', join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), '--camera', 'table', '--start', TABLE_START, '--data', tableDir]),
    runCli(['replay', join(SHARED_VIDEOS, 'bottle-detection.mp4'), '--camera', 'bench', '--start', BENCH_START, '--data', benchDir]),
  ]);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
});

after(async () => {
  if (daemon) assert.equal(await daemon.stop(), 0, daemon.output().slice(-2000));
});

test('the CLI answers questions in varied wording over both clips, each right or refused, never wrong', async () => {
  const wrong: string[] = [];
  for (const [dir, cases] of [[tableDir, TABLE], [benchDir, BENCH]] as const) {
    for (const c of cases) {
      const a = await cliAsk(dir, c[0]);
      if (!right(c, a)) wrong.push(`${c[0]} -> ${JSON.stringify(a.value)} (truth ${JSON.stringify(c[1])}): ${a.answer.slice(0, 200)}`);
      else if (c[1] !== REFUSED) assert.match(a.answer, /^Read as: /, c[0]);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the daemon answers the same questions over WebSocket and MQTT with the same values', async () => {
  const port = await freeTcpPort();
  daemon = startDaemon({ port, data: tableDir, config: { node: NODE, mqtt: { url: BROKER }, cameras: [], memory: KEEP_ALL } });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${port}/api/ws`);
  const asker = await mqttConnect(BROKER, { protocolVersion: 5 });
  try {
    for (const c of TABLE.slice(0, 8)) {
      const cli = await cliAsk(tableDir, c[0]);
      const r = (await ws.request({ type: 'ask', question: c[0], timeZone: 'UTC' })) as unknown as { status: string; result: Asked };
      assert.equal(r.status, 'ok', c[0]);
      assert.deepEqual(r.result.value, cli.value, `WebSocket: ${c[0]}`);
      const responseTopic = `test/${NODE}/answers`;
      const correlationData = randomBytes(8);
      const replyP = mqttNext(asker, responseTopic, 30_000, (_t, _p, props) => Boolean(props.correlationData?.equals(correlationData)));
      await new Promise((res) => setTimeout(res, 100));
      await asker.publishAsync(`vigil/${NODE}/ask`, JSON.stringify({ question: c[0] }), { qos: 1, properties: { responseTopic, correlationData } });
      const m = JSON.parse((await replyP).payload.toString()) as Asked;
      assert.deepEqual(m.value, cli.value, `MQTT: ${c[0]}`);
      assert.ok(right(c, m), `${c[0]} over MQTT: ${JSON.stringify(m.value)}`);
    }
  } finally {
    ws.ws.close();
    await clearRetained(asker, `vigil/${NODE}`);
    asker.end(true);
  }
});
