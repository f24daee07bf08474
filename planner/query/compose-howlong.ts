/**
 * The measure of a "how long" question: a state's stretch or total, one visit's length, an
 * aggregate of the visits' lengths, or the time anyone was there (split from compose.ts).
 */
import { countCondition, visitRef } from './compose-parts.js';
import { rankedVisit } from './compose-rank.js';
import { stretchLength } from './compose-stretch.js';
import { all, countCond, first, use } from './ctx.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { Measure } from './schema.js';
import type { Reading, Words } from './compose-reading.js';

/** "how long ...": the length of a state, a visit or the visits. */
export function howLong(r: Reading, w: Words): Measure | Refused {
  const { c, v, ref, classToks, negWords, dropTo, explicitWindow, theOnly } = r;
  const { stay, arrive, agg } = w;
  use(c, stay, arrive && !ref ? undefined : undefined);
  const cc = countCondition(c, { not: true, ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
  // the stretches of a state: one of them, or their total
  if (cc) return stretchLength(c, cc, { explicitWindow });
  // "the second longest visit", "the visit after the longest one"
  const ranked = rankedVisit(c);
  if (ranked) {
    use(c, arrive, stay);
    return { measure: 'duration', of: { kind: 'visit', visit: ranked } };
  }
  // "how long in total was someone at the counter", "how much total time was a car in view": the
  // time anyone was there (two at once count once), not the visits' lengths added up
  const someone = classToks.find((t) => /^(?:someone|somebody|anyone|anybody)$/.test(t.text) || /^(?:a|an|any)$/.test(c.toks[t.i - 1]?.text ?? ''));
  const headTotal = all(c, 'head', 'howlong').find((h) => /\btotal\b/.test(h.text));
  if (someone && (agg?.v === 'total' || (!agg && headTotal)) && !stay && !arrive && !v.has('leave')) {
    use(c, agg);
    c.assumed.push(`the time anyone was there, as "${someone.text}" names no one visit (two there at once count once)`);
    return { measure: 'duration', of: { kind: 'condition', cond: countCond('gt', 0) } };
  }
  if (agg && (agg.v === 'avg' || agg.v === 'total' || agg.v === 'max' || agg.v === 'min')) {
    use(c, agg, arrive);
    return { measure: 'duration', of: { kind: 'visits', agg: agg.v } };
  }
  // "total time people spent there": the head says the aggregate
  if (!agg && headTotal) {
    use(c, arrive);
    return { measure: 'duration', of: { kind: 'visits', agg: 'total' } };
  }
  const sup = first(c, 'super');
  if (sup) {
    use(c, sup, arrive);
    return { measure: 'duration', of: { kind: 'visits', agg: sup.v === 'longest' ? 'max' : 'min' } };
  }
  const vr = theOnly(visitRef(c, ref));
  if (vr) {
    use(c, arrive);
    return { measure: 'duration', of: { kind: 'visit', visit: vr } };
  }
  // "how long was someone at the counter": the time anyone was there (not one visit's length)
  if (someone && !stay && !arrive && !v.has('leave')) {
    c.assumed.push(`the time anyone was there, as "${someone.text}" names no one visit`);
    return { measure: 'duration', of: { kind: 'condition', cond: countCond('gt', 0) } };
  }
  return refuse('AMBIGUOUS_VISIT', 'it does not say which visit (the first, the last, the longest, the average?) or which state (empty, occupied, exactly N)');
}
