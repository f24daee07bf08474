/**
 * The fleet question protocol (issue 16): one question published to `<prefix>/ask`, every box
 * replies its part to its own topic under the asker's, `<prefix>/reply/<asker>/<box>` (so a
 * broker ACL can bind a box to its node id), the asker merges the parts by the query's measure.
 * Payloads are JSON; both sides validate them with these schemas, so a malformed message is
 * dropped, never half-read. A part is signed by its box (issue 23, `edge/fleet/sign.ts`): the
 * asker drops, and names in the answer, every part it cannot verify.
 */
import { z } from 'zod';
import { Query } from '../query/schema.js';

/** Protocol version carried in every payload. */
export const FLEET_VERSION = 1;

/** Topics of a fleet under its prefix. */
export const FLEET_TOPICS = {
  ask: (prefix: string): string => `${prefix}/ask`,
  replyRoot: (prefix: string): string => `${prefix}/reply/`,
  reply: (prefix: string, asker: string): string => `${prefix}/reply/${asker}`,
  /** The topic a box publishes its part on: its own level under the ask's `replyTo`. */
  replyFrom: (replyTo: string, box: string): string => `${replyTo}/${box}`,
} as const;

/** A question to the fleet (asker -> boxes, QoS 1, not retained). */
export const FleetAsk = z
  .object({
    v: z.literal(FLEET_VERSION),
    id: z.string().min(1).max(128),
    question: z.string().trim().min(1).max(2000),
    now: z.number().finite(),
    timeZone: z.string().min(1).max(64).optional(),
    deadlineMs: z.number().int().min(1).max(600_000),
    replyTo: z.string().min(1).max(1024),
    asker: z.string().min(1).max(128),
  })
  .strict();
export type FleetAsk = z.infer<typeof FleetAsk>;

const num = z.number().finite();
const visit = z.object({ camera: z.string(), objectId: z.string(), label: z.string(), zone: z.string().optional(), start: num, end: num, open: z.boolean().optional() });
const moment = z.object({ camera: z.string(), ts: num, objectId: z.string().optional() });
/** A list item as the executor returns it (visit, event or identity), kept loose: it is displayed, not computed on. */
const item = z.record(z.string(), z.unknown());

/**
 * The typed partial a box returns for merging, by the query's measure (see `merge.ts`):
 * - `count`: counts, countAt, missing, identities, and the visits/events a yes/no is about;
 * - `timeline`: the box's summed settled count as a step function over `[from, to)`: `steps` are
 *   `[t, n]` change points, the first at `from`; `n` null where nothing was recorded; `usual` is
 *   the box's usual count (for "full"/"missing" conditions);
 * - `visits`: candidate visits for a visit reference (first, last, longest...), by arrival;
 * - `moments`: candidate event times for a pick;
 * - `stats`: visit lengths that began in the window (ms): total, count, max, min;
 * - `list`: the items of the window (at most `FLEET_LIST_MAX`), with the box's total;
 * - `opaque`: the box's sentence only (speech questions): listed per box, not merged.
 */
export const FleetPartValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('count'), n: num }).strict(),
  z.object({ kind: z.literal('timeline'), from: num, to: num, steps: z.array(z.tuple([num, num.nullable()])).max(100_000), usual: num }).strict(),
  z.object({ kind: z.literal('visits'), items: z.array(visit).max(1000) }).strict(),
  z.object({ kind: z.literal('moments'), items: z.array(moment).max(1000) }).strict(),
  z.object({ kind: z.literal('stats'), total: num, count: num, max: num, min: num }).strict(),
  z.object({ kind: z.literal('list'), items: z.array(item).max(1000), total: num }).strict(),
  z.object({ kind: z.literal('opaque') }).strict(),
]);
export type FleetPartValue = z.infer<typeof FleetPartValue>;

/** Most list items one box sends. */
export const FLEET_LIST_MAX = 500;

const evidence = z.object({ camera: z.string(), start: z.string(), end: z.string(), trackIds: z.array(z.string()).optional(), snapshot: z.string().optional() });

/** A box's coverage: the span its memory holds (ISO times). */
export const FleetCoverage = z.object({ from: z.string(), to: z.string() }).strict().nullable();
export type FleetCoverage = z.infer<typeof FleetCoverage>;

/**
 * One box's part (box -> asker, QoS 1). `status`: `ok` answered; `none` the box holds no camera,
 * zone, line or class the question names (it still replies, so the asker knows it is alive);
 * `refused` the box could not read the question; `error` it failed (`why` says how).
 */
export const FleetPart = z
  .object({
    v: z.literal(FLEET_VERSION),
    id: z.string().min(1).max(128),
    node: z.string().min(1).max(128),
    status: z.enum(['ok', 'none', 'refused', 'error']),
    ms: num,
    coverage: FleetCoverage,
    cameras: z.array(z.string()).max(1000),
    query: Query.optional(),
    part: FleetPartValue.optional(),
    answer: z.string().max(20_000).optional(),
    evidence: z.array(evidence).max(100).optional(),
    why: z.string().max(2000).optional(),
    /** The yes/no of the question is negated ("was nobody there"): the asker negates the merged one. */
    negate: z.boolean().optional(),
  })
  .strict();
export type FleetPart = z.infer<typeof FleetPart>;

/** One box in a merged answer. */
export interface FleetBox {
  node: string;
  status: FleetPart['status'];
  ms: number;
  coverage: FleetCoverage;
  cameras: string[];
  answer?: string;
}

/** A part the asker dropped: the box it claimed to come from and why (unsigned, bad signature, no pinned key...). */
export interface FleetDropped {
  node: string;
  why: string;
}

/** A merged fleet answer (also the WebSocket `fleet.ask` result). */
export interface FleetAnswer {
  /** Text for a person: the merged answer, the boxes that answered (with coverage), the silent ones and those with no matching camera. */
  answer: string;
  /** Machine value as in a box's answer: number, boolean, ISO time, `{start, end, seconds}` of a visit, a list's total, or null. */
  value: number | boolean | string | { start: string; end: string; seconds: number; node: string } | null;
  /** True when a box known to be online did not answer by the deadline (or some parts could not be merged). */
  partial: boolean;
  boxes: FleetBox[];
  /** Boxes known to be online that did not answer by the deadline. */
  missing: string[];
  /** Evidence of every box, each naming its box. */
  evidence: (z.infer<typeof evidence> & { node: string })[];
  /** Parts dropped because they could not be verified (they change no value), each naming the box it claimed. */
  dropped: FleetDropped[];
}
