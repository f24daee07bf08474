/**
 * Fuzzing the real daemon (issue 13): seeded, reproducible inputs over every interface the daemon
 * reads (raw HTTP paths, queries and headers; WebSocket upgrades and frames; MQTT publishes on the
 * request topics and under the node's prefix; config files through the loader in-process), against
 * the CLI's child process with a file camera playing a shared clip. Two phases: auth on (tokens,
 * Mosquitto, MQTT 5) and auth off (embedded broker, MQTT 3.1.1). The run fails on any exit, hang
 * (no answer, or `/healthz` slower than 2 s after a batch), 5xx (or an INTERNAL wire error), or
 * other broken invariant; each failure carries the seed and index that rebuild its input.
 *
 * Size: `VIGIL_FUZZ_INPUTS` (default 100,000 over both phases), `VIGIL_FUZZ_SECONDS` (default
 * 150 s; without it, an explicit input count runs to the end), `VIGIL_FUZZ_SEED` (a number or
 * `random`).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fuzzBudget } from '../helpers/fuzz/budget.js';
import { unexpectedErrors } from '../helpers/fuzz/health.js';
import { FuzzReport } from '../helpers/fuzz/report.js';
import { PhaseRunner, type FuzzPhase } from '../helpers/fuzz/run.js';
import type { TokenSet } from '../helpers/fuzz/http-gen.js';
import { freeTcpPort, startDaemon, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';

const budget = fuzzBudget(process.env);
const NODE = `fuzz${randomBytes(4).toString('hex')}`;
const TOKENS: TokenSet = { read: `read-${randomBytes(12).toString('hex')}`, admin: `admin-${randomBytes(12).toString('hex')}` };

/** A light file camera (no detector, no audio) with a zone and a line, so rules can name them. */
const CAMERA = {
  id: 'shop',
  url: join(SHARED_VIDEOS, 'store-aisle-detection.mp4'),
  fps: 1,
  width: 320,
  detector: { model: 'none' },
  audio: { enabled: false },
  zones: [{ id: 'aisle', polygon: [[0.1, 0.1], [0.9, 0.1], [0.5, 0.9]] }],
  lines: [{ id: 'door', from: [0.1, 0.5], to: [0.9, 0.5] }],
};

/** The lines of a daemon's output that tell why it stopped (errors and stack frames). */
function crashLines(out: string): string {
  const lines = out.split('\n').filter((l) => /error|Error|throw|^\s+at |fatal|FATAL|exited/.test(l));
  return (lines.length ? lines : out.split('\n')).slice(-40).join('\n').slice(-3000);
}

async function fuzzPhase(report: FuzzReport, name: string, auth: boolean, share: number): Promise<void> {
  const port = await freeTcpPort();
  const brokerPort = await freeTcpPort();
  const mqtt = auth ? { url: 'mqtt://127.0.0.1:1883', protocolVersion: 5 } : { embedded: { host: '127.0.0.1', port: brokerPort } };
  const config = {
    node: NODE,
    cameras: [CAMERA],
    mqtt,
    log: { level: 'warn' },
    ...(auth ? { auth: { tokens: [{ name: 'reader', token: TOKENS.read, scope: 'read' }, { name: 'admin', token: TOKENS.admin, scope: 'admin' }] } } : {}),
  };
  // the VIGIL_FUZZ_* variables are this test's, not config overrides of the daemon
  const daemon = startDaemon({ port, config, env: { VIGIL_LOG__LEVEL: 'warn', VIGIL_FUZZ_INPUTS: undefined, VIGIL_FUZZ_SECONDS: undefined, VIGIL_FUZZ_SEED: undefined } });
  try {
    await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
    const phase: FuzzPhase = {
      name,
      port,
      target: { node: NODE, cameras: [CAMERA.id], zones: ['aisle'], lines: ['door'] },
      tokens: auth ? TOKENS : null,
      mqtt: auth ? { url: 'mqtt://127.0.0.1:1883', v5: true } : { url: `mqtt://127.0.0.1:${brokerPort}`, v5: false },
      alive: () => daemon.child.exitCode === null && daemon.child.signalCode === null,
      scratch: tempDir('fuzz-config'),
    };
    const ok = await new PhaseRunner(phase, { seed: budget.seed, inputs: Math.ceil(budget.inputs * share), seconds: budget.seconds * share }, report).run();
    if (ok) {
      // a request must never get the daemon's own MQTT connection closed (e.g. by replying to a topic the broker refuses)
      const drops = daemon.output().split('MQTT broker unreachable').length - 1;
      if (drops > 0) report.fail({ kind: 'invariant', iface: 'mqtt', phase: name, seed: budget.seed, index: -1, detail: `the daemon lost its MQTT connection ${drops} times during the run`, input: crashLines(daemon.output()) });
      const unexpected = await unexpectedErrors(daemon.baseUrl, auth ? TOKENS.read : null);
      for (const [iface, n] of Object.entries(unexpected)) report.fail({ kind: 'invariant', iface: 'daemon', phase: name, seed: budget.seed, index: -1, detail: `${n} unexpected errors at the ${iface} boundary (the daemon log has their stacks)`, input: daemon.output().slice(-3000) });
    }
  } finally {
    const code = await daemon.stop();
    const log = join(daemon.data, 'daemon-output.log');
    writeFileSync(log, daemon.output());
    if (code !== 0) report.fail({ kind: 'exit', iface: 'daemon', phase: name, seed: budget.seed, index: -1, detail: `the daemon exited with ${code}; its output is in ${log}`, input: crashLines(daemon.output()) });
  }
}

test(`fuzz: ${budget.inputs} inputs or ${budget.seconds} s over HTTP, upgrades, WebSocket, MQTT and config (seed ${budget.seed})`, { timeout: (budget.seconds + 600) * 1000 }, async () => {
  const report = new FuzzReport();
  await fuzzPhase(report, 'auth', true, 0.5);
  if (report.failures.every((f) => f.kind !== 'exit')) await fuzzPhase(report, 'open', false, 0.5);
  console.log(report.summary());
  console.log(`fuzz answers: ${JSON.stringify(Object.fromEntries([...report.statuses].sort()))}`);
  const all = join(tempDir('fuzz-failures'), 'failures.json');
  if (report.failures.length > 0) writeFileSync(all, JSON.stringify(report.failures, null, 1));
  assert.equal(report.failures.length, 0, `${report.summary()}\nrerun with VIGIL_FUZZ_SEED=${budget.seed}; every failure is in ${all}; the first ones:\n${report.details()}`);
  for (const [iface, n] of Object.entries(report.inputs)) assert.ok(n > 0, `no ${iface} inputs ran`);
});
