/**
 * The asker's side of fleet questions: publishes one `FleetAsk` to `<prefix>/ask`, collects the
 * boxes' `FleetPart`s on its own `<prefix>/reply/<asker>` topic until the deadline, or until every
 * box known to be online has answered (the online boxes are read from the retained
 * `vigil/<node>/status` topics), and merges them. Boxes online when the question went out that
 * sent nothing by the deadline are named in the answer as missing (partial).
 */
import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import { mergeParts } from '../../planner/fleet/merge.js';
import { FLEET_TOPICS, FLEET_VERSION, FleetPart, type FleetAnswer, type FleetAsk } from '../../planner/fleet/protocol.js';

const STATUS = /^vigil\/([^/]+)\/status$/;

/** Asker options. */
export interface FleetAskerOptions {
  client: MqttClient;
  prefix: string;
  /** This asker's name: its reply topic is `<prefix>/reply/<asker>` (default: a random one). */
  asker?: string;
  log?: Logger;
}

/** Options of one question. */
export interface FleetAskOptions {
  deadlineMs: number;
  timeZone: string;
  /** When the question is asked, epoch ms (default now). */
  now?: number;
}

/** A fleet answer with the asker's measurements. */
export type FleetResult = FleetAnswer & { ms: number; bytes: number };

interface Pending {
  parts: Map<string, FleetPart>;
  expected: Set<string>;
  bytes: number;
  finish: () => void;
}

/** Asks the fleet over one MQTT client. */
export class FleetAsker {
  readonly asker: string;
  readonly replyTopic: string;
  /** Boxes by their retained status (true: online). */
  readonly online = new Map<string, boolean>();
  private readonly pending = new Map<string, Pending>();
  private started: Promise<void> | null = null;
  private readonly onMessage = (topic: string, payload: Buffer): void => this.message(topic, payload);

  constructor(private readonly o: FleetAskerOptions) {
    this.asker = (o.asker ?? `asker-${randomUUID().slice(0, 8)}`).replace(/[/+#\s]/g, '_');
    this.replyTopic = FLEET_TOPICS.reply(o.prefix, this.asker);
  }

  /** Subscribes to the reply topic and the retained statuses (once); resolves when the broker has acknowledged. */
  start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      this.o.client.on('message', this.onMessage);
      this.o.client.subscribe([this.replyTopic, 'vigil/+/status'], { qos: 1 }, (err) => (err ? reject(err) : resolve()));
    });
    return this.started;
  }

  /** Stops listening (the client stays connected). */
  stop(): void {
    this.o.client.off('message', this.onMessage);
    this.o.client.unsubscribe([this.replyTopic, 'vigil/+/status']);
    for (const p of this.pending.values()) p.finish();
  }

  /** Whether `id` is a question of this asker still collecting parts. */
  has(id: string): boolean {
    return this.pending.has(id);
  }

  /** Boxes whose retained status says online. */
  onlineBoxes(): string[] {
    return [...this.online].filter(([, up]) => up).map(([n]) => n);
  }

  private message(topic: string, payload: Buffer): void {
    const st = STATUS.exec(topic);
    if (st) {
      const s = payload.toString();
      if (s === 'online') this.online.set(st[1] as string, true);
      else if (s === 'offline' || s === '') this.online.set(st[1] as string, false);
      return;
    }
    if (topic !== this.replyTopic) return;
    let v: unknown;
    try {
      v = JSON.parse(payload.toString('utf8'));
    } catch {
      this.o.log?.warn({ topic }, 'fleet part is not JSON; ignored');
      return;
    }
    const r = FleetPart.safeParse(v);
    if (!r.success) {
      this.o.log?.warn({ topic, why: r.error.issues[0]?.message }, 'malformed fleet part; ignored');
      return;
    }
    const p = this.pending.get(r.data.id);
    if (!p || p.parts.has(r.data.node)) return;
    p.parts.set(r.data.node, r.data);
    p.bytes += payload.length;
    if (p.expected.size > 0 && [...p.expected].every((n) => p.parts.has(n))) p.finish();
  }

  /**
   * Asks the fleet and merges the parts received by the deadline (or once every box online has answered).
   */
  async ask(question: string, o: FleetAskOptions): Promise<FleetResult> {
    await this.start();
    const t0 = performance.now();
    const ask: FleetAsk = { v: FLEET_VERSION, id: randomUUID(), question, now: o.now ?? Date.now(), timeZone: o.timeZone, deadlineMs: o.deadlineMs, replyTo: this.replyTopic, asker: this.asker };
    const body = JSON.stringify(ask);
    const p: Pending = { parts: new Map(), expected: new Set(this.onlineBoxes()), bytes: body.length, finish: () => undefined };
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => p.finish(), o.deadlineMs);
      p.finish = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.pending.set(ask.id, p);
    this.o.client.publish(FLEET_TOPICS.ask(this.o.prefix), body, { qos: 1 }, (err) => {
      if (err) this.o.log?.warn({ err: err.message }, 'fleet ask not published');
    });
    await done;
    this.pending.delete(ask.id);
    const silent = [...p.expected].filter((n) => !p.parts.has(n));
    const merged = mergeParts([...p.parts.values()], { timeZone: o.timeZone, silent });
    return { ...merged, ms: Math.round((performance.now() - t0) * 10) / 10, bytes: p.bytes };
  }
}
