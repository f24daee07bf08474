/**
 * Whether one moment came before another ("did the man in the light grey shirt turn up before the
 * woman in black?", "did the first person leave before the second arrived?"): each moment is found
 * as the `when` measure finds it (a moment with a look of its own by its own `when` query, so a
 * look two visits fit is refused there), and their times are compared. Two moments at the same
 * time (within a second) are not ordered: not said.
 */
import type { Coverage } from '../../memory/types.js';
import type { AllVisits } from './measures/module.js';
import type { Run } from './execute-common.js';
import { momentNotes, momentTime } from './execute-elapsed.js';
import { looked, momentAt } from './execute-elapsed-looks.js';
import type { Executed } from './executed.js';
import type { Measure, Query, QueryValue } from './schema.js';

type Order = Extract<Extract<Measure, { measure: 'whether' }>['test'], { kind: 'order' }>;
/** Moments closer than this are not ordered: a visit's ends are placed to half a sampling interval or so. */
const CLOSE_MS = 1000;

type Found2 = { t: number } | { why: string };

/** The answer from the two moments' times (or why either is missing), and a note of both. */
function compared(a: Found2, b: Found2, notes: string[]): QueryValue {
  if ('why' in a) return { kind: 'none', why: `the first moment: ${a.why}` };
  if ('why' in b) return { kind: 'none', why: `the second moment: ${b.why}` };
  notes.push(`The one at ${new Date(a.t).toISOString()}, the other at ${new Date(b.t).toISOString()}`);
  if (Math.abs(a.t - b.t) < CLOSE_MS) return { kind: 'none', why: 'the two moments were within a second of each other, closer than the memory places a visit\'s ends' };
  return { kind: 'boolean', b: a.t < b.t };
}

/** Whether moment `a` came before moment `b`, over the run's memory (moments without looks of their own). */
export function runOrder(r: Run, x: Order, all: AllVisits): QueryValue {
  const before = r.notes.length;
  const a = momentTime(r, x.a, all, false);
  const b = 'why' in a ? a : momentTime(r, x.b, all, false);
  r.notes.push(...momentNotes(r.notes.splice(before)));
  return compared(a, b, r.notes);
}

/**
 * The same as whole queries, when a moment names a look of its own (each moment's look narrows
 * only its own `when` query); undefined when neither does.
 */
export function orderByLooks(q: Query, x: Order, run: (x: Query) => Executed, coverage: Coverage): Executed | undefined {
  if (!looked(x.a) && !looked(x.b)) return undefined;
  const a = momentAt(q, x.a, q.time.from, false, run);
  const b = 'why' in a ? undefined : momentAt(q, x.b, q.time.from, false, run);
  const xs = [a.x, b?.x];
  const notes = momentNotes(xs.flatMap((e) => e?.notes ?? []));
  const value = compared(a, b ?? a, notes);
  return { value, evidence: xs.flatMap((e) => e?.evidence ?? []), coverage, notes };
}
