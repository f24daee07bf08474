/**
 * The asker's side of fleet questions: publishes one `FleetAsk` to `<prefix>/ask`, collects the
 * boxes' `FleetPart`s on its own `<prefix>/reply/<asker>` topic until the deadline, or until every
 * expected box has answered, and merges them. A box is expected when its retained
 * `vigil/<node>/status` says online and its retained `vigil/<node>/manifest` names this fleet's
 * prefix (`fleet.prefix`): a box on the same broker with fleet questions off, or in another fleet,
 * is not waited for. Expected boxes that sent nothing by the deadline are named in the answer as
 * missing (partial); parts of boxes not expected (no manifest yet) are still merged.
 *
 * Retained messages arrive after the broker acknowledges a subscription, so `start` also waits
 * for a probe the asker publishes on its own reply topic: a broker delivers a client's messages
 * in order, so once the probe is back the retained statuses and manifests are in.
 */
import { randomUUID } from 'node:crypto';
import type { ISubscriptionMap, MqttClient } from 'mqtt';
import type { Logger } from '../../ingest/types.js';
import { mergeParts } from '../../planner/fleet/merge.js';
import { FLEET_TOPICS, FLEET_VERSION, FleetPart, type FleetAnswer, type FleetAsk } from '../../planner/fleet/protocol.js';
import { parseManifest } from './payloads.js';

const STATUS = /^vigil\/([^/]+)\/status$/;
const MANIFEST = /^vigil\/([^/]+)\/manifest$/;
/** The topics the asker follows besides its reply topic. */
const RETAINED = ['vigil/+/status', 'vigil/+/manifest'];

/** Asker options. */
export interface FleetAskerOptions {
  client: MqttClient;
  prefix: string;
  /** This asker's name: its reply topic is `<prefix>/reply/<asker>` (default: a random one). */
  asker?: string;
  log?: Logger;
  /**
   * Longest wait in `start` for the probe that follows the retained messages, ms (default 500): a
   * broker whose ACL does not let this client write its own reply topic drops the probe.
   */
  syncMs?: number;
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
  /** The fleet prefix each box's retained manifest names (null: fleet questions off there, or not said). */
  readonly fleets = new Map<string, string | null>();
  private readonly pending = new Map<string, Pending>();
  private started: Promise<void> | null = null;
  private readonly syncToken = randomUUID();
  private synced: (() => void) | null = null;
  private readonly onMessage = (topic: string, payload: Buffer): void => this.message(topic, payload);

  constructor(private readonly o: FleetAskerOptions) {
    this.asker = (o.asker ?? `asker-${randomUUID().slice(0, 8)}`).replace(/[/+#\s]/g, '_');
    this.replyTopic = FLEET_TOPICS.reply(o.prefix, this.asker);
  }

  /**
   * Subscribes to the reply topic and the retained statuses and manifests (once); resolves once
   * the retained messages are in (the probe came back), or after `syncMs`.
   */
  start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      this.o.client.on('message', this.onMessage);
      // `resubscribe`: on a connection that already follows these topics (a daemon's, for its fleet
      // view) mqtt.js would otherwise send no SUBSCRIBE, and the broker would resend no retained message
      const subs = Object.assign(Object.fromEntries([this.replyTopic, ...RETAINED].map((t) => [t, { qos: 1 as const }])), { resubscribe: true }) as ISubscriptionMap;
      this.o.client.subscribe(subs, (err) => (err ? reject(err) : resolve()));
    }).then(() => this.sync());
    return this.started;
  }

  /** Publishes the probe on the reply topic and waits for it (at most `syncMs`). */
  private sync(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.o.log?.debug({ topic: this.replyTopic }, 'fleet asker: the sync probe did not come back; asking with the retained messages read so far');
        this.synced?.();
      }, this.o.syncMs ?? 500);
      this.synced = () => {
        clearTimeout(timer);
        this.synced = null;
        resolve();
      };
      this.o.client.publish(this.replyTopic, JSON.stringify({ sync: this.syncToken }), { qos: 1 });
    });
  }

  /**
   * Stops listening (the client stays connected). It unsubscribes the status and manifest topics
   * too: a connection shared with a fleet view (the daemon's) keeps its asker for its lifetime.
   */
  stop(): void {
    this.o.client.off('message', this.onMessage);
    this.o.client.unsubscribe([this.replyTopic, ...RETAINED]);
    this.synced?.();
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

  /** Boxes a question waits for: online, with a manifest naming this fleet's prefix. */
  expectedBoxes(): string[] {
    return this.onlineBoxes().filter((n) => this.fleets.get(n) === this.o.prefix);
  }

  private message(topic: string, payload: Buffer): void {
    const st = STATUS.exec(topic);
    if (st) {
      const s = payload.toString();
      if (s === 'online') this.online.set(st[1] as string, true);
      else if (s === 'offline' || s === '') this.online.set(st[1] as string, false);
      return;
    }
    const mf = MANIFEST.exec(topic);
    if (mf) {
      // an empty payload clears the retained manifest; one of an older box says nothing of its fleet
      const m = payload.length ? parseManifest(payload.toString('utf8')) : null;
      if (m) this.fleets.set(mf[1] as string, m.fleet?.prefix ?? null);
      else this.fleets.delete(mf[1] as string);
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
    if (isProbe(v)) {
      if (v.sync === this.syncToken) this.synced?.();
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
   * Asks the fleet and merges the parts received by the deadline, or once every expected box
   * ({@link expectedBoxes}) has answered.
   */
  async ask(question: string, o: FleetAskOptions): Promise<FleetResult> {
    await this.start();
    const t0 = performance.now();
    const ask: FleetAsk = { v: FLEET_VERSION, id: randomUUID(), question, now: o.now ?? Date.now(), timeZone: o.timeZone, deadlineMs: o.deadlineMs, replyTo: this.replyTopic, asker: this.asker };
    const body = JSON.stringify(ask);
    const p: Pending = { parts: new Map(), expected: new Set(this.expectedBoxes()), bytes: body.length, finish: () => undefined };
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

/** Whether a reply-topic payload is an asker's sync probe (its own or another asker's of the same name). */
function isProbe(v: unknown): v is { sync: string } {
  return typeof v === 'object' && v !== null && typeof (v as { sync?: unknown }).sync === 'string';
}
