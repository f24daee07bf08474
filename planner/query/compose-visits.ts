/**
 * Composition steps about one visit: compared with another ("did the second person stay longer
 * than the first"), named alone ("the third one", "the longest visit"), or set against an instant
 * ("did the fifth person leave before 09:01:50", "was the second person still there at 09:00:55").
 */
import { all, use, type Ctx } from './ctx.js';
import type { Verb } from './compose-parts.js';
import type { Measure, VisitRef } from './schema.js';
import type { Token } from './scan.js';

type TimeTok = Extract<Token, { t: 'time' }>;

/**
 * Two visits compared by length: "did the second person stay longer than the first (one)?",
 * "was the last visit shorter than the third?" (an ordinal on each side of "longer/shorter than").
 */
export function visitComparison(c: Ctx): { a: VisitRef; op: 'gt' | 'lt'; b: VisitRef } | undefined {
  const cmp = all(c, 'cmp').find((x) => !c.used.has(x.i) && /^(?:longer|shorter|more|less) than$/.test(x.text) && c.toks[x.i + 1]?.t !== 'num');
  if (!cmp || (cmp.v !== 'gt' && cmp.v !== 'lt')) return undefined;
  const ords = all(c, 'ord').filter((x) => !c.used.has(x.i));
  const a = ords.filter((x) => x.i < cmp.i);
  const b = ords.filter((x) => x.i > cmp.i);
  if (a.length !== 1 || b.length !== 1) return undefined;
  const [oa, ob] = [a[0] as Extract<Token, { t: 'ord' }>, b[0] as Extract<Token, { t: 'ord' }>];
  // "longer" needs a length: staying, a visit, or "longer/shorter" itself
  if (!/^(?:longer|shorter)/.test(cmp.text) && all(c, 'verb', 'stay').length === 0 && all(c, 'visitnoun').length === 0) return undefined;
  use(c, cmp, oa, ob, ...all(c, 'verb', 'stay'));
  for (const o of [oa, ob]) {
    const one = c.toks[o.i + 1];
    if (one?.t === 'num' && one.text === 'one') use(c, one);
  }
  return { a: { by: 'nth', n: oa.v }, op: cmp.v, b: { by: 'nth', n: ob.v } };
}

/** The one visit an ordinal ("the second person", "the third one") or a superlative ("the longest visit") names, without a length condition. */
export function oneVisit(c: Ctx): VisitRef | undefined {
  const ord = all(c, 'ord').find((x) => !c.used.has(x.i));
  if (ord) {
    const one = c.toks[ord.i + 1];
    use(c, ord, one?.t === 'num' && one.text === 'one' ? one : undefined);
    return { by: 'nth', n: ord.v };
  }
  const sup = all(c, 'super').find((x) => !c.used.has(x.i));
  if (sup) {
    use(c, sup);
    return { by: sup.v };
  }
  return undefined;
}

/**
 * One visit named by an ordinal or superlative, set against the question's one instant (in progress
 * then) or its one "before/after" time (began or ended then). The caller picks the visit among all
 * visits of the default window and drops the instant, which is the test's.
 */
export function visitTimeTest(c: Ctx, v: Map<string, Verb>, q: { windows: TimeTok[]; instants: TimeTok[]; at: number | undefined }): Measure | undefined {
  const arrive = v.get('arrive');
  const leave = v.get('leave');
  const named = all(c, 'ord').some((x) => !c.used.has(x.i)) || all(c, 'super').some((x) => !c.used.has(x.i));
  if (!named || all(c, 'unit').length > 0 || all(c, 'cmp').some((x) => !c.used.has(x.i))) return undefined;
  const w = q.windows[0];
  const side = q.windows.length === 1 && q.at === undefined && w ? (w.opens === 'before' || w.opens === 'until' || w.opens === 'till' || w.opens === 'by' ? 'before' : w.opens === 'after' || w.opens === 'since' ? 'after' : undefined) : undefined;
  if ((arrive || leave) && !(arrive && leave) && side && w) {
    const visit = oneVisit(c);
    if (!visit) return undefined;
    use(c, arrive, leave);
    return { measure: 'whether', test: { kind: 'visitTime', visit, moment: arrive ? 'arrival' : 'departure', side, t: side === 'before' ? w.v.to : w.v.from } };
  }
  if (!arrive && !leave && q.at !== undefined && q.instants.length === 1 && q.windows.length === 0) {
    const visit = oneVisit(c);
    if (!visit) return undefined;
    use(c, v.get('stay'));
    return { measure: 'whether', test: { kind: 'visitTime', visit, moment: 'presence', t: q.at } };
  }
  return undefined;
}

/**
 * "who was at the table at 09:00:30 and when did they leave?", "who arrived at 09:00:50 and when
 * did they go?": the visit the "who" clause names by an instant (in progress, begun or ended then)
 * and the moment the "when" clause asks for. Marks the words it reads.
 */
export function whoAtInstant(c: Ctx): { visit: VisitRef; leaving: boolean } | undefined {
  const who = all(c, 'head', 'who')[0];
  const when = all(c, 'head', 'when').find((h) => who !== undefined && h.i > who.i);
  if (!who || !when) return undefined;
  const clause = c.toks.slice(who.i + 1, when.i);
  const time = clause.find((x): x is TimeTok => x.t === 'time' && x.v.instant !== undefined);
  if (!time || time.v.instant === undefined) return undefined;
  const verb = clause.find((x): x is Extract<Token, { t: 'verb' }> => x.t === 'verb' && x.v !== 'be' && x.v !== 'see');
  const asked = c.toks.slice(when.i + 1).find((x): x is Extract<Token, { t: 'verb' }> => x.t === 'verb' && (x.v === 'arrive' || x.v === 'leave'));
  if (!asked || (verb && verb.v !== 'arrive' && verb.v !== 'leave' && verb.v !== 'stay')) return undefined;
  use(c, time, verb, asked, ...clause.filter((x) => x.t === 'verb'));
  const t = time.v.instant;
  const visit: VisitRef = verb?.v === 'arrive' ? { by: 'arrivedAt', t } : verb?.v === 'leave' ? { by: 'leftAt', t } : { by: 'presentAt', t };
  return { visit, leaving: asked.v === 'leave' };
}

/** Whether a token is a plural noun of visits or visitors ("visitors", "visits", "people"). */
function pluralVisits(t: Token | undefined): boolean {
  return t !== undefined && ((t.t === 'class' && !t.agent && t.sPlural === true) || (t.t === 'visitnoun' && t.sPlural === true));
}

/**
 * The visits a list of ordinals names, in the order of arrival: "the second and third visitors"
 * is `[2, 3]`, "the first three visitors" `[1, 2, 3]`, "the last two visits" `[-2, -1]`. Every
 * ordinal of the question must be in the list. Marks the words it reads.
 */
export function visitSet(c: Ctx): number[] | undefined {
  const ords = all(c, 'ord').filter((x) => !c.used.has(x.i));
  const head = ords[0];
  if (!head) return undefined;
  // "the first three visitors", "the last two visits"
  const n = c.toks[head.i + 1];
  if (ords.length === 1 && (head.v === 1 || head.v === -1) && n?.t === 'num' && n.v >= 2 && n.v <= 64 && Number.isInteger(n.v) && pluralVisits(c.toks[head.i + 2])) {
    use(c, head, n);
    return Array.from({ length: n.v }, (_, k) => (head.v === 1 ? k + 1 : k - n.v));
  }
  // "the second and third visitors", "the first, second and fourth visits"
  const seq = [head];
  let j = head.i + 1;
  for (;;) {
    while (c.toks[j]?.t === 'sep' || c.toks[j]?.t === 'and' || c.toks[j]?.text === 'the') j++;
    const o = c.toks[j];
    if (o?.t !== 'ord' || c.used.has(o.i)) break;
    seq.push(o);
    j = o.i + 1;
  }
  const last = seq[seq.length - 1] as Token;
  const vs = seq.map((o) => o.v);
  if (seq.length < 2 || seq.length !== ords.length || new Set(vs).size !== vs.length || !pluralVisits(c.toks[last.i + 1])) return undefined;
  if (!vs.every((v) => v > 0) && !vs.every((v) => v < 0)) return undefined;
  use(c, ...seq, ...c.toks.slice(head.i, last.i).filter((t) => t.t === 'and'));
  return vs;
}
