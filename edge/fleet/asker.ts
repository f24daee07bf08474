/**
 * The asker's side of fleet questions: publishes one `FleetAsk` to `<prefix>/ask`, collects the
 * boxes' `FleetPart`s on its own `<prefix>/reply/<asker>/<box>` topics until the deadline, or until
 * every expected box has answered, and merges them. Every part must carry the signature of the
 * box it names, made for this very ask, under the key pinned for that box (`sign.ts`): a part
 * that is unsigned, mis-signed, from a box with no pinned key or on another box's topic is
 * dropped, changes no value, and is named in the answer ("Dropped a part claiming to be from
 * ...").
 *
 * A box is expected when its retained `vigil/<node>/status` says online and its retained
 * `vigil/<node>/manifest`, signed by its pinned key, names this fleet's prefix (`fleet.prefix`):
 * a box on the same broker with fleet questions off, in another fleet, or whose key is not
 * pinned, is not waited for. Expected boxes that sent nothing by the deadline are named in the
 * answer as missing (partial).
 *
 * Retained messages arrive after the broker acknowledges a subscription, so `start` also waits
 * for a probe the asker publishes on one of its own reply topics: a broker delivers a client's
 * messages in order, so once the probe is back the retained statuses and manifests are in.
 */
import { randomUUID } from 'node:crypto';
import type { ISubscriptionMap, MqttClient } from 'mqtt';
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { Logger } from '../../ingest/types.js';
import { mergeParts } from '../../planner/fleet/merge.js';
import { FLEET_TOPICS, FLEET_VERSION, FleetAsk, type FleetAnswer, type FleetDropped, type FleetPart } from '../../planner/fleet/protocol.js';
import { checkManifest, checkPart, type FleetKeyRing, type PartCheck } from './sign.js';

const STATUS = /^vigil\/([^/]+)\/status$/;
const MANIFEST = /^vigil\/([^/]+)\/manifest$/;
/** The topics the asker follows besides its reply topics. */
const RETAINED = ['vigil/+/status', 'vigil/+/manifest'];
/** Most dropped parts named in one answer. */
const MAX_DROPPED = 20;

/** Asker options. */
export interface FleetAskerOptions {
  client: MqttClient;
  prefix: string;
  /** The public keys parts and manifests are verified with (`fleet.peers.<node>.key`). */
  keys: FleetKeyRing;
  /** This asker's name: boxes reply on `<prefix>/reply/<asker>/<box>` (default: a random one). */
  asker?: string;
  /**
   * The level the sync probe is published under, `<prefix>/reply/<asker>/<self>` (default the
   * asker's name): a daemon's asker uses its node id, which a broker ACL lets it write.
   */
  self?: string;
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
  ask: FleetAsk;
  parts: Map<string, FleetPart>;
  dropped: FleetDropped[];
  expected: Set<string>;
  bytes: number;
  finish: () => void;
}

/** Asks the fleet over one MQTT client. */
export class FleetAsker {
  readonly asker: string;
  /** The `replyTo` of this asker's questions; each box replies on `<replyTopic>/<box>`. */
  readonly replyTopic: string;
  /** Boxes by their retained status (true: online). */
  readonly online = new Map<string, boolean>();
  /**
   * The fleet prefix each box's retained manifest names (null: fleet questions off there, or not
   * said): for a box with a pinned key, its last manifest that verified.
   */
  readonly fleets = new Map<string, string | null>();
  /** The last reason a box's manifest was ignored, logged once until it changes. */
  private readonly warned = new Map<string, string>();
  private readonly pending = new Map<string, Pending>();
  private started: Promise<void> | null = null;
  private readonly syncToken = randomUUID();
  private synced: (() => void) | null = null;
  private readonly onMessage = (topic: string, payload: Buffer): void => this.message(topic, payload);

  constructor(private readonly o: FleetAskerOptions) {
    this.asker = (o.asker ?? `asker-${randomUUID().slice(0, 8)}`).replace(/[/+#\s]/g, '_');
    this.replyTopic = FLEET_TOPICS.reply(o.prefix, this.asker);
  }

  /** The topic filter of the boxes' replies. */
  private get replyFilter(): string {
    return FLEET_TOPICS.replyFrom(this.replyTopic, '+');
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
      const subs = Object.assign(Object.fromEntries([this.replyFilter, ...RETAINED].map((t) => [t, { qos: 1 as const }])), { resubscribe: true }) as ISubscriptionMap;
      this.o.client.subscribe(subs, (err) => (err ? reject(err) : resolve()));
    }).then(() => this.sync());
    return this.started;
  }

  /** Publishes the probe on a reply topic and waits for it (at most `syncMs`). */
  private sync(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.o.log?.debug({ topic: this.replyFilter }, 'fleet asker: the sync probe did not come back; asking with the retained messages read so far');
        this.synced?.();
      }, this.o.syncMs ?? 500);
      this.synced = () => {
        clearTimeout(timer);
        this.synced = null;
        resolve();
      };
      const probe = FLEET_TOPICS.replyFrom(this.replyTopic, (this.o.self ?? this.asker).replace(/[/+#\s]/g, '_'));
      this.o.client.publish(probe, JSON.stringify({ sync: this.syncToken }), { qos: 1 });
    });
  }

  /**
   * Stops listening (the client stays connected). It unsubscribes the status and manifest topics
   * too: a connection shared with a fleet view (the daemon's) keeps its asker for its lifetime.
   */
  stop(): void {
    this.o.client.off('message', this.onMessage);
    this.o.client.unsubscribe([this.replyFilter, ...RETAINED]);
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

  /** Boxes a question waits for: online, with a key pinned and a manifest it signed naming this fleet's prefix. */
  expectedBoxes(): string[] {
    return this.onlineBoxes().filter((n) => this.o.keys.pinned(n) && this.fleets.get(n) === this.o.prefix);
  }

  private message(topic: string, payload: Buffer): void {
    if (this.retained(topic, payload)) return;
    const root = `${this.replyTopic}/`;
    const box = topic.startsWith(root) ? topic.slice(root.length) : '';
    if (!box || box.includes('/')) return;
    const text = payload.toString('utf8');
    if (text === JSON.stringify({ sync: this.syncToken })) {
      this.synced?.();
      return;
    }
    const c = checkPart(text, box, this.o.keys, (id) => this.pending.get(id)?.ask);
    if (!c.ok) return this.drop(c, topic);
    const p = this.pending.get(c.part.id);
    if (!p || p.parts.has(c.part.node)) return;
    p.parts.set(c.part.node, c.part);
    p.bytes += payload.length;
    if (p.expected.size > 0 && [...p.expected].every((n) => p.parts.has(n))) p.finish();
  }

  /** Reads a retained status or manifest; false when the topic is neither. */
  private retained(topic: string, payload: Buffer): boolean {
    const st = STATUS.exec(topic);
    if (st) {
      const s = payload.toString();
      if (s === 'online') this.online.set(st[1] as string, true);
      else if (s === 'offline' || s === '') this.online.set(st[1] as string, false);
      return true;
    }
    const mf = MANIFEST.exec(topic);
    if (!mf) return false;
    const node = mf[1] as string;
    // an empty payload clears the retained manifest; one of an older box says nothing of its fleet
    if (!payload.length) {
      this.fleets.delete(node);
      return true;
    }
    const c = checkManifest(payload.toString('utf8'), node, this.o.keys);
    if (c.ok) {
      this.fleets.set(node, c.manifest.fleet?.prefix ?? null);
      this.warned.delete(node);
    } else if (!this.o.keys.pinned(node)) this.fleets.delete(node);
    else if (this.warned.get(node) !== c.why) {
      this.warned.set(node, c.why);
      this.o.log?.warn({ node, why: c.why }, 'fleet manifest not verified; ignored');
    }
    return true;
  }

  /** A part that did not verify: named in the answer of its question (when one is in flight). */
  private drop(c: Extract<PartCheck, { ok: false }>, topic: string): void {
    const p = c.id === null ? undefined : this.pending.get(c.id);
    if (!p) {
      this.o.log?.debug({ topic, node: c.node, why: c.why }, 'fleet part for no question in flight; ignored');
      return;
    }
    // once per box and reason a question (a flood of forgeries makes one line each)
    if (p.dropped.length >= MAX_DROPPED || p.dropped.some((d) => d.node === c.node && d.why === c.why)) return;
    this.o.log?.warn({ topic, node: c.node, why: c.why }, 'fleet part dropped');
    p.dropped.push({ node: c.node, why: c.why });
  }

  /**
   * Asks the fleet and merges the parts received by the deadline, or once every expected box
   * ({@link expectedBoxes}) has answered.
   */
  async ask(question: string, o: FleetAskOptions): Promise<FleetResult> {
    await this.start();
    const t0 = performance.now();
    // parsed as a box parses it (the question trimmed): parts are signed for the ask the boxes read
    const r = FleetAsk.safeParse({ v: FLEET_VERSION, id: randomUUID(), question, now: o.now ?? Date.now(), timeZone: o.timeZone, deadlineMs: o.deadlineMs, replyTo: this.replyTopic, asker: this.asker });
    if (!r.success) throw new VigilError('BAD_REQUEST', `the fleet question cannot be sent: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const ask = r.data;
    const body = JSON.stringify(ask);
    const p: Pending = { ask, parts: new Map(), dropped: [], expected: new Set(this.expectedBoxes()), bytes: body.length, finish: () => undefined };
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
    const merged = mergeParts([...p.parts.values()], { timeZone: o.timeZone, silent, dropped: p.dropped });
    return { ...merged, ms: Math.round((performance.now() - t0) * 10) / 10, bytes: p.bytes };
  }
}
