/**
 * The measure of "what ..." and "list ..." questions: the most or fewest at once, what
 * happened, a state's stretch, a ranked or aggregate visit, the footfall; the visits, events or
 * identities of a list (split from compose.ts).
 */
import { countCondition, eventKind, visitRef } from './compose-parts.js';
import { rankedVisit } from './compose-rank.js';
import { stretchLength } from './compose-stretch.js';
import { all, first, stationary, use, type Ctx } from './ctx.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { Measure } from './schema.js';
import type { Token } from './scan.js';
import type { Reading, Words } from './compose-reading.js';

/** "what was ...": which value. */
export function whatMeasure(r: Reading, w: Words): Measure | Refused {
  const { c, v, negWords, explicitWindow } = r;
  const { stay, arrive, leave, agg, once } = w;
  if (agg && (agg.v === 'max' || agg.v === 'min')) {
    use(c, agg, once);
    // "what was the most bottles missing at one time": the usual count less the fewest
    const missing = agg.v === 'max' ? all(c, 'cond').find((x) => x.v === 'missing' && !c.used.has(x.i)) : undefined;
    if (missing) {
      use(c, missing);
      return { measure: 'missing', most: true };
    }
    use(c, ...reachedExtreme(c, agg.v));
    return { measure: 'extreme', which: agg.v };
  }
  if (v.has('happen')) return { measure: 'list', of: 'events' };
  // "what was the longest time nobody was there", "the longest stretch with all three bottles": a state's stretch
  // "the longest time the kiosk sat unused": a verb of staying said of the state is no visit
  // ("the longest time all three bottles stood there", "stayed on the shelf": things that stand
  // still hold a state by staying)
  // ("the longest the counter sat with nobody at it": staying with none there is the state too)
  const withNone = stay !== undefined && c.toks[stay.i + 1]?.text === 'with' && negWords.some((t) => t.i === stay.i + 2);
  const stateStay = stay !== undefined && (c.toks[stay.i + 1]?.t === 'cond' || withNone || (r.classes.length > 0 && stationary(r.classes)));
  const cc = first(c, 'super') && (!stay || stateStay) && !arrive && !leave && all(c, 'visitnoun').length === 0 ? countCondition(c, { not: true, none: negWords }) : undefined;
  if (cc) {
    use(c, stateStay ? stay : undefined);
    return stretchLength(c, cc, { explicitWindow });
  }
  // "the second longest visit", "the visit after the longest one"
  const ranked = rankedVisit(c);
  if (ranked) {
    use(c, stay, arrive);
    return { measure: 'duration', of: { kind: 'visit', visit: ranked } };
  }
  // "what was the longest stay", "what was the average visit"
  const sup = first(c, 'super');
  if (sup || agg?.v === 'avg') {
    use(c, sup, agg, stay, arrive);
    return { measure: 'duration', of: { kind: 'visits', agg: sup ? (sup.v === 'longest' ? 'max' : 'min') : 'avg' } };
  }
  // "what was the footfall": the number of visits
  const footfall = all(c, 'visitnoun').find((x) => /^(?:footfall|(?:foot )?traffic)$/.test(x.text));
  if (footfall && !agg) {
    use(c, arrive);
    return { measure: 'count', of: 'visits' };
  }
  return refuse('NO_MEASURE', 'it does not say what to find (how many, when, how long, whether)');
}

/** "list ...", "which ...": the visits, events or identities. */
export function listMeasure(r: Reading, w: Words): Measure | Refused {
  const { c, v, ref, classes } = r;
  const { stay, arrive, leave, distinct } = w;
  const ev = eventKind(c, v, classes);
  if (ev) return { measure: 'list', of: 'events', event: ev };
  use(c, arrive, leave, stay, distinct);
  const vr = visitRef(c, ref);
  if (vr) return { measure: 'visit', visit: vr };
  return { measure: 'list', of: distinct ? 'identities' : arrive || all(c, 'visitnoun').length > 0 ? 'visits' : 'present' };
}

/**
 * "the lowest number of bottles the cabinet was down to", "the most it went up to": a drop (rise)
 * with no number after it, said of the fewest (most), is the extreme itself and adds nothing.
 */
export function reachedExtreme(c: Ctx, which: 'min' | 'max'): Token[] {
  const verb = which === 'min' ? 'drop' : 'rise';
  return all(c, 'verb', verb).filter((t) => !c.used.has(t.i) && c.toks[t.i + 1]?.t !== 'num');
}
