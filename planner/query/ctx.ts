/**
 * The composition state and small helpers shared by the parser's steps.
 */
import { MOVERS } from './lexicon.js';
import type { ParseOptions } from './parse-types.js';
import { countMeasure } from './measures/index.js';
import type { CountCondition, DurationCondition, Measure } from './schema.js';
import type { Token } from './scan.js';

/** Mutable state shared by the composition steps. */
export interface Ctx {
  toks: Token[];
  used: Set<number>;
  opts: ParseOptions;
  assumed: string[];
  /** A "nobody"/"not" was read as a count of none (it no longer negates a yes/no). */
  noneTaken?: boolean;
  /** "between his first and second visits": the visits are one person's (one identity, refused when several fit). */
  onePerson?: boolean;
  /** Look tokens a moment of the question used ("after the woman in grey left"): that moment's, not the subject's. */
  momentLooks?: number[];
}

/** Marks tokens as used by the reading. */
export function use(c: Ctx, ...ts: (Token | undefined)[]): void {
  for (const t of ts) if (t) c.used.add(t.i);
}

/** Tokens of a kind (optionally with a value). */
export function all<K extends Token['t']>(c: Ctx, t: K, v?: unknown): Extract<Token, { t: K }>[] {
  return c.toks.filter((x) => x.t === t && (v === undefined || (x as { v?: unknown }).v === v)) as Extract<Token, { t: K }>[];
}

/** First token of a kind (optionally with a value). */
export function first<K extends Token['t']>(c: Ctx, t: K, v?: unknown): Extract<Token, { t: K }> | undefined {
  return all(c, t, v)[0];
}

/** A count condition from a comparison token and a number ("fewer than 3", "only one"). */
export function countCond(op: 'gt' | 'ge' | 'lt' | 'le' | 'eq', n: number): CountCondition {
  return { op, n: Math.max(0, Math.round(n)) };
}

/** A duration condition ("longer than 25 seconds"). */
export function durationCond(op: 'gt' | 'ge' | 'lt' | 'le' | 'eq', seconds: number): DurationCondition {
  return { op, seconds };
}

/** Whether every class of a subject stands still (bottles, tools): drops are taken, rises returned. */
export function stationary(classes: readonly string[]): boolean {
  return classes.length > 0 && classes.every((c) => !MOVERS.has(c));
}

/**
 * The subject of a question that names no class: people when it speaks of people ("anyone",
 * "stay", "arrive"); for counts of a place, or with no class word at all (not even "objects"),
 * the class seen most at the place, said so; sounds have no class.
 */
export function defaultClasses(c: Ctx, m: Measure, q: { personish: boolean; agent: boolean; named: boolean; sound: boolean; camera: string | undefined; zone?: string }): string[] {
  const d = c.opts.dominant?.(q.camera, q.zone);
  // "when did the second pass begin" at a car park: vehicles come and go too; only "someone" is a person
  const vehicles = d !== undefined && VEHICLE_CLASSES.has(d);
  if (q.personish && (q.agent || !vehicles)) return ['person'];
  if (!q.personish && ((!countMeasure(m) && q.named) || q.sound)) return [];
  if (!d) return [];
  c.assumed.push(`${d}, the class seen most ${q.zone ? `in zone ${q.zone}` : q.camera ? `at ${q.camera}` : 'here'}, as the question names none`);
  return [d];
}

/** Classes that come and go as vehicles: the subject of arrivals and visits where they are what is seen most. */
const VEHICLE_CLASSES = new Set(['car', 'truck', 'bus', 'motorcycle', 'bicycle', 'train', 'boat', 'airplane']);

/** Whether the word at `i` is followed by "on/in/at (the) <place>": "left on the ledge" (remaining there). */
export function leftOnPlace(c: Ctx, i: number): boolean {
  if (!/^(?:on|in|at|upon|inside)$/.test(c.toks[i + 1]?.text ?? '')) return false;
  const next = c.toks.slice(i + 2).find((x) => x.t !== 'skip');
  return next?.t === 'place';
}
