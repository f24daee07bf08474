/**
 * The stretches of a state: a count condition (empty, nobody, at least N, fewer than N, all
 * there, missing one) holds in stretches, each with a start, an end and a length. A how-long
 * question picks one stretch (the first, the last, the one going on now, the n-th longest or
 * shortest) or adds them up (in total, or only those lasting over a length).
 */
import { all, use, type Ctx } from './ctx.js';
import { durationCondition } from './compose-parts.js';
import { rankedSuper } from './compose-rank.js';
import { refused, type Refused } from './parse-types.js';
import { isGap, type CountCondition, type Measure, type StretchEdge } from './schema.js';
import type { Token } from './scan.js';

/** Whether the question is about now: "now", "currently", "so far", "still", "at the moment". */
export function aboutNow(c: Ctx): boolean {
  return c.toks.some((t) => (t.t === 'instant' && t.v === 'now') || t.text === 'so far' || t.text === 'still');
}

/**
 * The tense the first auxiliary says: "has"/"have" the present perfect ("how long has it sat
 * empty"), "had" the past perfect ("how long had the lot been without a car"). ("Did the ledge have
 * one bottle" is the past, with "have" as the verb: only the first auxiliary counts.)
 */
function perfect(c: Ctx): 'present' | 'past' | undefined {
  const aux = c.toks.find((t) => t.t === 'aux')?.text;
  return aux === 'has' || aux === 'have' ? 'present' : aux === 'had' ? 'past' : undefined;
}

/**
 * The length of a state's stretch or stretches, for a how-long question over condition `cc`.
 * A question about now ("has ... now", "so far", "currently") reads the stretch going on at the
 * end; with an ordinal or a superlative as well it is refused (two stretches named).
 */
export function stretchLength(c: Ctx, cc: CountCondition, o: { explicitWindow: boolean }): Measure | Refused {
  const total = all(c, 'agg').find((x) => x.v === 'total' && !c.used.has(x.i));
  use(c, total);
  const lasting = durationCondition(c);
  const ord = all(c, 'ord').find((x) => !c.used.has(x.i) && (x.v === 1 || x.v === -1) && c.toks[x.i + 1]?.t !== 'super');
  const rs = ord ? undefined : rankedSuper(c);
  use(c, ord, rs?.sup, rs?.ord);
  const picked = ord ? (ord.v === 1 ? 'first' : 'last') : rs?.sup.v;
  const now = aboutNow(c);
  if (now && (picked || lasting) && !total) return refused('SEVERAL_STRETCHES', 'it asks about the stretch going on now and about another stretch at once; ask about one');
  // "at the end of the recording, how long had the lot been without a car", "how long was it empty at
  // the very end": the stretch going on at the end
  const atEnd = all(c, 'instant').find((x) => x.v === 'end');
  const current = !total && !lasting && !picked && (now || (perfect(c) === 'present' && !o.explicitWindow) || atEnd !== undefined);
  if (current) use(c, atEnd);
  // "how long was the gap between the cars": the one gap (the executor says so when there were several)
  const episode = current ? 'current' : (picked ?? (isGap(cc) && !total && !lasting ? 'only' : undefined));
  return { measure: 'duration', of: { kind: 'condition', cond: cc, ...(episode ? { episode } : {}), ...(rs && rs.rank > 1 ? { rank: rs.rank } : {}), ...(lasting ? { lasting } : {}) } };
}

/**
 * "When did the longest empty stretch begin?", "when did the long empty period end?", "from (until)
 * what time was it empty for its longest stretch": one end (`side`) of one stretch of a state, said
 * by the token `said`. "Long" with no superlative names the longest (said so); no stretch named at
 * all is refused.
 */
export function stretchEdge(c: Ctx, side: StretchEdge['side'], said: Token, cc: CountCondition): Measure | Refused {
  const ord = all(c, 'ord').find((x) => !c.used.has(x.i) && (x.v === 1 || x.v === -1) && c.toks[x.i + 1]?.t !== 'super');
  const rs = ord ? undefined : rankedSuper(c);
  // "(a quiet spell) after the first visitor left ... when did it end": the one right after that moment
  const lead = c.toks[0];
  const afterMoment = lead?.t === 'rank' && lead.v === 'after' && c.used.has(lead.i);
  const episode: StretchEdge['episode'] | undefined = ord ? (ord.v === 1 ? 'first' : 'last') : (rs?.sup.v ?? (afterMoment ? 'first' : undefined));
  if (rs?.sup.text === 'long') c.assumed.push('the longest stretch, as "long" names one');
  if (!ord && !rs && afterMoment) c.assumed.push('the first stretch after that moment');
  if (!episode) return refused('AMBIGUOUS_MOMENT', `"${said.text}" asks when a stretch ${side === 'start' ? 'began' : 'ended'}, but not which one (the first, the last, the longest?)`);
  use(c, said, ord, rs?.sup, rs?.ord);
  const stretch: StretchEdge = { episode, ...(rs && rs.rank > 1 ? { rank: rs.rank } : {}), side };
  return { measure: 'when', of: { kind: 'condition', cond: cc, pick: { by: 'nth', n: 1 }, stretch } };
}
