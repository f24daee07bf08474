/**
 * The executor's check of a query narrowed by a look ("the person in the black top"): every visit
 * of the subject in the query's time must be judged by its colours, or the answer could be wrong
 * (a visit with no colours named might be the one asked about). Refuses then; otherwise notes how
 * many visits the look kept.
 */
import { visitsIn } from './facts.js';
import { judgeVisits, lookWords } from './look.js';
import type { QueryValue } from './schema.js';
import type { Run } from './execute-common.js';

/** Refusal value when some visits cannot be judged by the query's look; undefined (and a note) otherwise. */
export function lookCheck(r: Run): QueryValue | undefined {
  const look = r.q.subject.look;
  if (!look) return undefined;
  const { classes } = r.q.subject;
  const t = r.q.time;
  const w = t.at !== undefined ? { from: t.at - 1000, to: t.at + 1000 } : { from: t.from, to: t.to };
  const vs = visitsIn(r.memory, { classes }, { ...r.q.place, cameras: r.cams }, w.from, w.to);
  const judged = judgeVisits(r.memory, vs, look);
  const words = lookWords(look);
  if (judged.unknown.length > 0) {
    const n = judged.unknown.length;
    return { kind: 'none', why: `${n} of the ${vs.length} visit${vs.length === 1 ? '' : 's'} then ${n === 1 ? 'has' : 'have'} no colours named (seen too briefly, or stored before colours were named), so I cannot tell which look ${words}` };
  }
  r.notes.push(`By colour: ${judged.matches.length} of ${vs.length} visit${vs.length === 1 ? '' : 's'} then looked ${words}`);
  return undefined;
}
