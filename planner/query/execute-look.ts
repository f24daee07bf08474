/**
 * The executor's check of a query narrowed by a look ("the person in the black top"): every visit
 * of the subject in the query's time must be judged by its colours, or the answer could be wrong
 * (a visit with no colours named might be the one asked about). Refuses then; otherwise notes how
 * many visits the look kept. A yes/no question whether any visit looked so is answered where one
 * did, whatever the unjudged ones were.
 */
import { visitsIn } from './facts.js';
import { judgeVisits, lookWords } from './look.js';
import type { QueryValue, VisitFact, VisitRef } from './schema.js';
import { asOf, inWindowFor, pickVisit, visitEvidence, whoseVisit, type Run } from './execute-common.js';

/** Refusal value when some visits cannot be judged by the query's look; undefined (and a note) otherwise. */
export function lookCheck(r: Run): QueryValue | undefined {
  const look = r.q.subject.look;
  // "was the first visitor dressed in grey": one visit is judged, picked among all
  if (!look || (r.q.measure.measure === 'whether' && r.q.measure.test.kind === 'look')) return undefined;
  const { classes } = r.q.subject;
  const t = r.q.time;
  const w = t.at !== undefined ? { from: t.at - 1000, to: t.at + 1000 } : { from: t.from, to: t.to };
  const vs = visitsIn(r.memory, { classes }, { ...r.q.place, cameras: r.cams }, w.from, w.to);
  const judged = judgeVisits(r.memory, vs, look);
  const words = lookWords(look);
  // "did anyone in grey come": one visit that looks so is a yes whatever the unjudged ones were
  const m = r.q.measure;
  const moment = m.measure === 'whether' && m.test.kind === 'visit' && !m.test.count && !m.test.where ? (m.test.moment ?? 'any') : undefined;
  const inWindow = (v: VisitFact): boolean => moment === 'any' || (moment === 'arrival' ? v.start >= w.from && v.start < w.to : v.end >= w.from && v.end < w.to);
  const anyOne = moment !== undefined && judged.matches.some(inWindow);
  if (judged.unknown.length > 0 && !anyOne) {
    const n = judged.unknown.length;
    return { kind: 'none', why: `${n} of the ${vs.length} visit${vs.length === 1 ? '' : 's'} then ${n === 1 ? 'has' : 'have'} no colour to judge by (seen too briefly, stored before colours were named, or measured on the border of two colour names), so I cannot tell which look ${words}` };
  }
  const unjudged = judged.unknown.length > 0 ? ` (${judged.unknown.length} with no colour to judge by)` : '';
  r.notes.push(`By colour: ${judged.matches.length} of ${vs.length} visit${vs.length === 1 ? '' : 's'} then looked ${words}${unjudged}`);
  return undefined;
}

/**
 * Whether one visit looked as the subject's look says ("was the first visitor dressed in grey?",
 * "was the car red?"): the visit is picked among every visit of the subject (not only those that
 * look so), then judged by the colours named for it; none when it has none named.
 */
export function visitLook(r: Run, ref: VisitRef): QueryValue {
  const look = r.q.subject.look;
  if (!look) return { kind: 'none', why: 'the question describes no look' };
  const who = { classes: r.q.subject.classes, ...(r.q.subject.visits ? { visits: r.q.subject.visits } : {}) };
  const all = (from: number, to: number): VisitFact[] => asOf(visitsIn(r.memory, who, { ...r.q.place, cameras: r.cams }, from, to), r.now);
  const vs = all(r.q.time.from, r.q.time.to);
  // "was the car red?" with the car seen several times: every visit must agree
  if (ref.by === 'only' && vs.length > 1) return everyVisitLooks(r, vs);
  const v = pickVisit(inWindowFor(vs, ref, r.q.time), ref, all);
  if (!v) return { kind: 'none', why: `there is no such visit (${vs.length} in that time${ref.by === 'only' && vs.length > 1 ? ', not one' : ''})` };
  r.evidence.push(...visitEvidence([v]));
  const judged = judgeVisits(r.memory, [v], look);
  const words = lookWords(look);
  if (judged.unknown.length > 0) return { kind: 'none', why: `${whoseVisit(v)} has no colours named (seen too briefly), so I cannot tell whether it looked ${words}` };
  r.notes.push(`By colour: ${whoseVisit(v)} ${judged.matches.length > 0 ? 'looked' : 'did not look'} ${words}`);
  return { kind: 'boolean', b: judged.matches.length > 0 };
}

/** "The car" seen several times: yes when every visit looked so, no when none did; none when they differ or one cannot be judged. */
function everyVisitLooks(r: Run, vs: VisitFact[]): QueryValue {
  const look = r.q.subject.look;
  if (!look) return { kind: 'none', why: 'the question describes no look' };
  const judged = judgeVisits(r.memory, vs, look);
  const words = lookWords(look);
  if (judged.unknown.length > 0) return { kind: 'none', why: `${judged.unknown.length} of the ${vs.length} visits have no colours named, so I cannot tell whether it looked ${words}` };
  if (judged.matches.length > 0 && judged.matches.length < vs.length) return { kind: 'none', why: `there are ${vs.length} visits, not one, and ${judged.matches.length} of them looked ${words}; I do not pick one` };
  r.evidence.push(...visitEvidence(vs));
  r.notes.push(`By colour: ${judged.matches.length === 0 ? 'none' : 'every one'} of the ${vs.length} visits looked ${words}`);
  return { kind: 'boolean', b: judged.matches.length > 0 };
}
