/**
 * What the measures' fleet merges (`measures/*.ts`) share: the boxes' parts as the merge reads
 * them, the merged value, picks among the boxes' candidates, the summed count timeline, and the
 * context one merge is computed in.
 */
import { pickVisit } from '../query/execute-common.js';
import type { Pick, Query, VisitFact, VisitRef } from '../query/schema.js';
import type { FleetPartValue } from './protocol.js';
import { sumTimelines, type Piece } from './timeline.js';

/** One box's part, as the merge reads it. */
export interface MergeInput {
  node: string;
  part: FleetPartValue;
  /** Latest coverage end of the box (epoch ms), for "how long has it been so". */
  coverageEnd?: number;
}

/** A tagged visit or moment. */
export type Tagged<T> = T & { node: string };

/** The merged value: the machine value, its text, notes and the box and time the value comes from. */
export interface Merged {
  value: number | boolean | string | { start: string; end: string; seconds: number; node: string } | null;
  kind: 'count' | 'seconds' | 'boolean' | 'time' | 'visit' | 'list' | 'none';
  /** Why there is no value (kind `none`). */
  why?: string;
  notes: string[];
  /** The box the picked visit or moment comes from. */
  node?: string;
  /** List items, tagged with their box, by time. */
  items?: Tagged<Record<string, unknown>>[];
}

/** An ISO time. */
export const iso = (t: number): string => new Date(t).toISOString();
/** No value, and why. */
export const none = (why: string): Merged => ({ value: null, kind: 'none', why, notes: [] });
/** A number (seconds to a tenth, counts to a thousandth). */
export const num = (n: number, kind: 'count' | 'seconds', notes: string[] = []): Merged => ({ value: kind === 'seconds' ? Math.round(n * 10) / 10 : Math.round(n * 1000) / 1000, kind, notes });

/** The boxes' parts of one kind, tagged with their box. */
export function of<K extends FleetPartValue['kind']>(parts: readonly MergeInput[], kind: K): (Extract<FleetPartValue, { kind: K }> & { node: string; coverageEnd?: number })[] {
  return parts.filter((p) => p.part.kind === kind).map((p) => ({ ...(p.part as Extract<FleetPartValue, { kind: K }>), node: p.node, ...(p.coverageEnd !== undefined ? { coverageEnd: p.coverageEnd } : {}) }));
}

/** Picks one of sorted times. */
export function pickTime<T extends { ts: number }>(xs: readonly T[], p: Pick): T | undefined {
  if (p.by === 'nth') return p.n > 0 ? xs[p.n - 1] : xs[xs.length + p.n];
  return p.by === 'after' ? xs.find((x) => x.ts > p.t) : [...xs].reverse().find((x) => x.ts < p.t);
}

/** Picks the fleet's visit among the boxes' candidates. */
export function pickFleetVisit(cands: readonly Tagged<VisitFact>[], ref: VisitRef): Tagged<VisitFact> | undefined {
  const sorted = [...cands].sort((a, b) => a.start - b.start || a.node.localeCompare(b.node));
  // "after/before another visit": each box resolved the reference itself; the fleet's is the nearest one
  if ((ref.by === 'after' || ref.by === 'before') && ref.visit) return ref.by === 'after' ? sorted[0] : sorted[sorted.length - 1];
  // a return: each box found its first (identities are per box); the fleet's is the earliest
  if (ref.by === 'return') return sorted[0];
  return pickVisit(sorted, ref, () => []) as Tagged<VisitFact> | undefined;
}

/** The summed timeline of the boxes' timeline parts, and the sum of their usual counts. */
export function summedParts(parts: readonly MergeInput[], combine: 'sum' | 'max' = 'sum'): { pieces: Piece[]; usual: number; to: number } {
  const tls = of(parts, 'timeline');
  return { pieces: sumTimelines(tls, combine), usual: tls.reduce((a, t) => a + t.usual, 0), to: Math.max(-Infinity, ...tls.map((t) => t.to)) };
}

/** The sum of the boxes' count parts. */
export function sumCounts(parts: readonly MergeInput[]): number {
  return of(parts, 'count').reduce((a, p) => a + p.n, 0);
}

/** A picked visit as the merged value. */
export function visitValue(v: Tagged<VisitFact>): Merged {
  const seconds = Math.round(((v.end - v.start) / 1000) * 10) / 10;
  return { value: { start: iso(v.start), end: iso(v.end), seconds, node: v.node }, kind: 'visit', notes: [`${v.objectId} (${v.label}) on ${v.camera} of box ${v.node}`], node: v.node };
}

/** What a measure's merge reads: the query, the boxes' parts and helpers over them. */
export interface MergeContext {
  q: Query;
  parts: readonly MergeInput[];
  /** The boxes' visit candidates, tagged with their box. */
  visits: () => Tagged<VisitFact>[];
  /** A yes/no value (negated when the question asks whether not). */
  bool: (b: boolean, notes?: string[]) => Merged;
}

/** The context of one merge. */
export function mergeContext(q: Query, parts: readonly MergeInput[], negate: boolean): MergeContext {
  const visits = (): Tagged<VisitFact>[] => of(parts, 'visits').flatMap((p) => p.items.map((v) => ({ ...v, node: p.node })));
  const bool = (b: boolean, notes: string[] = []): Merged => ({ value: negate ? !b : b, kind: 'boolean', notes });
  return { q, parts, visits, bool };
}
