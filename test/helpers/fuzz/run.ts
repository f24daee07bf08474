/**
 * The fuzz loop against one running daemon (a "phase"): batches of generated inputs over every
 * interface at once (raw HTTP and upgrades from a pool of connections, WebSocket frames on several
 * API connections, MQTT publishes with a window of acknowledgements, config files in-process),
 * and after each batch the liveness checks. Every input is rebuilt from (seed, phase, interface,
 * index), which each failure records.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { configInput } from './config-gen.js';
import { runConfig } from './config-run.js';
import { healthzAnswers } from './health.js';
import { httpInput, type TokenSet } from './http-gen.js';
import { mqttInput, replyPrefix } from './mqtt-gen.js';
import { MqttLane } from './mqtt-lane.js';
import { Rng } from './prng.js';
import { sendRaw } from './raw-send.js';
import { printable, type FuzzReport, type Iface } from './report.js';
import type { FuzzTarget } from './wire-gen.js';
import { frameInput, upgradeInput } from './ws-gen.js';
import { WsLane } from './ws-lane.js';

/** One daemon under fuzz. */
export interface FuzzPhase {
  name: string;
  port: number;
  target: FuzzTarget;
  /** Tokens when auth is on. */
  tokens: TokenSet | null;
  /** The broker the daemon uses (v5: MQTT 5 with response topics; else 3.1.1 with `replyTo`). */
  mqtt: { url: string; v5: boolean };
  /** Whether the daemon process is still running. */
  alive(): boolean;
  /** A scratch directory for config files. */
  scratch: string;
}

/** How much to run. */
export interface FuzzBudget {
  seed: number;
  inputs: number;
  seconds: number;
}

/** Share of the inputs per interface. */
const WEIGHTS: Record<Iface, number> = { http: 34, upgrade: 6, ws: 30, mqtt: 20, config: 10 };
/** Inputs per batch (checks run between batches). */
const BATCH = 500;
const HTTP_CONCURRENCY = 24;
const WS_LANES = 8;
const MQTT_WINDOW = 32;
/** Longest wait for one answer before the input counts as a hang, ms. */
const ANSWER_MS = 15_000;
/** Longest a config input may take in the loader, ms. */
const CONFIG_MS = 2_000;

/**
 * The daemon's two deliberate 503s: a camera without a frame yet (`NO_FRAME`) and the dashboard
 * page when `dist/dashboard` is not built (the only HTML error it sends). A HEAD answer has no
 * body to tell: its content type does.
 */
export function deliberate503(status: number, answer: string): boolean {
  if (status !== 503) return false;
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  if (body.trim() === '') return /content-type: (text\/html|application\/json)/i.test(answer);
  return /"code":"NO_FRAME"|dashboard not built|dashboard is not built/.test(body);
}

/** Runs `tasks` with at most `n` at once. */
async function pool(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let i = 0;
  const worker = async (): Promise<void> => {
    while (i < tasks.length) await (tasks[i++] as () => Promise<void>)();
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
}

/** Splits `n` inputs over the interfaces by {@link WEIGHTS}. */
function quotas(n: number): Record<Iface, number> {
  const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
  const q = Object.fromEntries(Object.entries(WEIGHTS).map(([k, w]) => [k, Math.floor((n * w) / total)])) as Record<Iface, number>;
  q.http += n - Object.values(q).reduce((a, b) => a + b, 0);
  return q;
}

/** The fuzz run of one phase. */
export class PhaseRunner {
  private readonly next: Record<Iface, number> = { http: 0, upgrade: 0, ws: 0, mqtt: 0, config: 0 };
  private readonly lanes: WsLane[];
  private mq: MqttLane | null = null;
  /** Time each interface's share of the batches took, ms (the slowest sets the pace). */
  readonly busyMs: Record<string, number> = {};

  constructor(
    private readonly p: FuzzPhase,
    private readonly budget: FuzzBudget,
    private readonly report: FuzzReport,
  ) {
    const url = `ws://127.0.0.1:${p.port}/api/ws`;
    this.lanes = Array.from({ length: WS_LANES }, (_, i) => new WsLane(url, p.tokens ? (i % 2 === 0 ? p.tokens.read : p.tokens.admin) : null));
  }

  private rng(iface: Iface, index: number): Rng {
    return Rng.forInput(this.budget.seed, `${this.p.name}/${iface}`, index);
  }

  private fail(kind: 'exit' | 'hang' | '5xx' | 'invariant', iface: Iface | 'daemon', index: number, detail: string, input: string): void {
    this.report.fail({ kind, iface, phase: this.p.name, seed: this.budget.seed, index, detail, input });
  }

  /** Runs batches until the budget is spent or the daemon fails; returns false when it failed. */
  async run(): Promise<boolean> {
    const t0 = Date.now();
    const first = this.report.total;
    this.mq = await MqttLane.connect(this.p.mqtt.url, this.p.mqtt.v5, replyPrefix(this.p.target));
    try {
      let shown = Date.now();
      while (this.report.total - first < this.budget.inputs && Date.now() - t0 < this.budget.seconds * 1000) {
        const before = { ...this.report.inputs };
        // a batch that takes long says what it still waits for
        const watchdog = setInterval(() => process.stderr.write(`fuzz ${this.p.name}: batch still running after ${Math.round((Date.now() - t0) / 1000)} s; done in it: ${JSON.stringify(Object.fromEntries(Object.entries(this.report.inputs).map(([k, v]) => [k, v - before[k as Iface]])))}\n`), 30_000);
        try {
          await this.batch(Math.min(BATCH, this.budget.inputs - (this.report.total - first)));
        } finally {
          clearInterval(watchdog);
        }
        if (!(await this.check())) return false;
        if (Date.now() - shown > 15_000) {
          shown = Date.now();
          process.stderr.write(`${this.p.name}: ${this.report.summary()}; busy ms ${JSON.stringify(this.busyMs)}\n`);
        }
      }
      return true;
    } finally {
      for (const l of this.lanes) l.close();
      await this.mq.close();
    }
  }

  private async batch(n: number): Promise<void> {
    const q = quotas(n);
    const take = (iface: Iface): number[] => Array.from({ length: q[iface] }, () => this.next[iface]++);
    const raw = [...take('http').map((k) => () => this.http(k)), ...take('upgrade').map((k) => () => this.upgrade(k))];
    // interleave upgrades with requests (a seeded shuffle)
    const mix = this.rng('http', -1 - this.next.http);
    for (let i = raw.length - 1; i > 0; i--) {
      const j = mix.int(0, i);
      [raw[i], raw[j]] = [raw[j] as () => Promise<void>, raw[i] as () => Promise<void>];
    }
    const ws = take('ws');
    const mqtt = take('mqtt');
    const config = take('config');
    const timed = async (what: string, p: Promise<unknown>): Promise<void> => {
      const t0 = Date.now();
      await p;
      this.busyMs[what] = (this.busyMs[what] ?? 0) + Date.now() - t0;
    };
    await Promise.all([
      timed('http', pool(raw, HTTP_CONCURRENCY)),
      timed('ws', Promise.all(this.lanes.map(async (lane) => {
        for (let k = ws.shift(); k !== undefined; k = ws.shift()) await this.frame(lane, k);
      }))),
      timed('mqtt', this.mqttBatch(mqtt)),
      timed('config', this.configBatch(config)),
    ]);
  }

  private async http(k: number): Promise<void> {
    const input = httpInput(this.rng('http', k), this.p.target, this.p.tokens);
    const a = await sendRaw(this.p.port, input.raw, ANSWER_MS);
    this.report.inputs.http++;
    const show = printable(input.raw);
    if (a.timedOut) return this.fail('hang', 'http', k, `no answer in ${ANSWER_MS} ms`, show);
    this.report.status(`http:${a.status === null ? 'none' : `${String(a.status)[0]}xx`}`);
    if (a.status !== null && a.status >= 500) {
      if (deliberate503(a.status, a.head)) this.report.unavailable++;
      else this.fail('5xx', 'http', k, `status ${a.status}: ${a.head.slice(0, 300)}`, show);
    }
    if (input.traversal && a.status === 200 && /root:x:0:0|"name": "vigil"|VIGIL_/.test(a.head)) this.fail('invariant', 'http', k, 'a path traversal served a file outside the dashboard', show);
  }

  private async upgrade(k: number): Promise<void> {
    const input = upgradeInput(this.rng('upgrade', k), this.p.target, this.p.tokens);
    const a = await sendRaw(this.p.port, input.raw, ANSWER_MS, input.after, true);
    this.report.inputs.upgrade++;
    const show = `${printable(input.raw)} then ${input.after ? input.after.toString('hex').slice(0, 200) : 'nothing'}`;
    if (a.timedOut) return this.fail('hang', 'upgrade', k, `no answer in ${ANSWER_MS} ms`, show);
    this.report.status(`upgrade:${a.status ?? 'none'}`);
    if (a.status !== null && a.status >= 500) {
      // an upgrade the server does not take (no "Connection: upgrade") is a plain request
      if (deliberate503(a.status, a.head)) this.report.unavailable++;
      else this.fail('5xx', 'upgrade', k, `status ${a.status}: ${a.head.slice(0, 300)}`, show);
    }
  }

  private async frame(lane: WsLane, k: number): Promise<void> {
    const f = frameInput(this.rng('ws', k), this.p.target, `f${k}`);
    const o = await lane.send(f.data, f.binary, ANSWER_MS);
    this.report.inputs.ws++;
    const show = `${f.binary ? 'binary' : 'text'} ${f.shape} ${printable(f.data, 800)}`;
    if (o.kind === 'timeout') return this.fail('hang', 'ws', k, `no reply in ${ANSWER_MS} ms`, show);
    if (o.kind === 'connect-failed') return this.fail('invariant', 'ws', k, `API socket could not connect: ${o.message}`, show);
    if (o.kind === 'close') {
      this.report.status(`ws:close ${o.code}`);
      if (f.expect !== 'close' || o.code === 1011) this.fail(o.code === 1011 ? '5xx' : 'invariant', 'ws', k, `server closed the socket with ${o.code}`, show);
      return;
    }
    this.report.status(`ws:${o.code ?? o.status}`);
    if (o.status === 'not-json') this.fail('invariant', 'ws', k, `reply is not JSON: ${o.message}`, show);
    if (o.code === 'INTERNAL') this.fail('5xx', 'ws', k, `INTERNAL: ${o.message}`, show);
  }

  private async mqttBatch(indices: number[]): Promise<void> {
    const mq = this.mq as MqttLane;
    const inputs = new Map(indices.map((k) => [k, mqttInput(this.rng('mqtt', k), this.p.target, k, this.p.mqtt.v5, this.p.tokens?.admin ?? null)]));
    const show = (k: number): string => {
      const i = inputs.get(k) ?? mqttInput(this.rng('mqtt', k), this.p.target, k, this.p.mqtt.v5, this.p.tokens?.admin ?? null);
      return `qos ${i.qos} topic ${printable(i.topic, 300)} responseTopic ${i.responseTopic ?? '-'} payload ${printable(i.payload, 800)}`;
    };
    await pool(
      indices.map((k) => async () => {
        try {
          await mq.publish(k, inputs.get(k) as ReturnType<typeof mqttInput>, ANSWER_MS);
        } catch (e) {
          this.fail('invariant', 'mqtt', k, `publish failed: ${(e as Error).message}`, show(k));
        }
        this.report.inputs.mqtt++;
      }),
      MQTT_WINDOW,
    );
    for (const left of await mq.settle(ANSWER_MS)) this.fail('hang', 'mqtt', left.index, `no reply in ${ANSWER_MS} ms`, show(left.index));
    for (const r of mq.replies.splice(0)) {
      let code: unknown;
      try {
        code = (JSON.parse(r.payload) as { code?: unknown }).code;
      } catch {
        code = 'not-json';
      }
      this.report.status(`mqtt:${typeof code === 'string' ? code : 'ok'}`);
      if (code === 'INTERNAL' || code === 'not-json') this.fail(code === 'INTERNAL' ? '5xx' : 'invariant', 'mqtt', r.index, `reply ${r.payload.slice(0, 300)}`, show(r.index));
    }
  }

  private async configBatch(indices: number[]): Promise<void> {
    for (const k of indices) {
      const input = configInput(this.rng('config', k));
      const t0 = Date.now();
      const o = runConfig(input, this.p.scratch);
      const ms = Date.now() - t0;
      this.report.inputs.config++;
      this.report.status(`config:${o.kind}`);
      const show = () => `${input.shape} env ${JSON.stringify(input.env)} text ${printable(input.text, 1000)}`;
      if (o.kind === 'threw' || o.kind === 'bad-error') this.fail('invariant', 'config', k, o.message, show());
      if (ms > CONFIG_MS) this.fail('hang', 'config', k, `the loader took ${ms} ms`, show());
      await turn();
    }
  }

  /** After a batch: the process runs and `/healthz` answers in time. */
  private async check(): Promise<boolean> {
    if (!this.p.alive()) {
      this.fail('exit', 'daemon', this.report.total, 'the daemon exited during the last batch (its inputs are the last ones of each interface)', JSON.stringify(this.next));
      return false;
    }
    const h = await healthzAnswers(`http://127.0.0.1:${this.p.port}`);
    if (!h.ok) {
      this.fail(this.p.alive() ? 'hang' : 'exit', 'daemon', this.report.total, `/healthz did not answer in time after the last batch: ${h.error}`, JSON.stringify(this.next));
      return false;
    }
    return true;
  }
}
