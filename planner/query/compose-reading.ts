/**
 * What the composition has read before it chooses the measure (split from compose.ts): the
 * subject, the reference, the times, the verbs and the head, shared by the measure choice of each
 * head (`compose-howlong.ts`, `compose-when.ts`, `compose-howmany.ts`, `compose-yesno.ts`,
 * `compose-what.ts`). `at` and `window` may be changed by the choice (a question about now, a
 * visit picked among all).
 */
import type { Head } from './compose-head.js';
import type { Verb } from './compose-parts.js';
import type { Ctx } from './ctx.js';
import type { ParseOptions } from './parse-types.js';
import type { VisitRef } from './schema.js';
import type { Token } from './scan.js';

type TimeTok = Extract<Token, { t: 'time' }>;

/** The question as read so far. */
export interface Reading {
  c: Ctx;
  opts: ParseOptions;
  /** The memory's coverage. */
  cov: { from: number; to: number };
  /** The verbs not yet used, by meaning. */
  v: Map<string, Verb>;
  head: Head | null;
  /** A visit or moment named by a relative clause ("the person who came at 09:01:14"). */
  ref: VisitRef | undefined;
  classes: string[];
  classToks: Extract<Token, { t: 'class' }>[];
  /** "nobody", "none", "not": a count of none, or a negation. */
  negWords: Token[];
  /** "drop to", "rise to", "become". */
  dropTo: Verb | undefined;
  explicitWindow: boolean;
  windows: TimeTok[];
  instants: TimeTok[];
  aux: Extract<Token, { t: 'aux' }> | undefined;
  /** The instant asked about (the choice may set it to now, or clear it). */
  at: number | undefined;
  /** The window asked about (the choice may widen it to everything). */
  window: { from: number; to: number };
  /** "the person", "the current visitor": the only visit, or the one in progress now. */
  theOnly: (vr: VisitRef | undefined) => VisitRef | undefined;
  /** "the first person to leave", "the last person seen": ordered by departure or by last sighting. */
  byDeparture: (vr: VisitRef | undefined, leaving: boolean) => VisitRef | undefined;
}

/** The words every head's choice reads first. */
export interface Words {
  stay: Verb | undefined;
  arrive: Verb | undefined;
  leave: Verb | undefined;
  agg: Extract<Token, { t: 'agg' }> | undefined;
  distinct: Extract<Token, { t: 'distinct' }> | undefined;
  once: Extract<Token, { t: 'once' }> | undefined;
}
