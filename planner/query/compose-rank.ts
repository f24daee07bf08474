/**
 * Ranked and relative selectors: a superlative ("longest", "shortest") with an ordinal rank
 * before it ("the second longest", "the 3rd shortest") and a relative word before that ("the visit
 * before the longest", "the one after the second shortest"). One shape for visits and for the
 * stretches of a state: an order (length), a direction (longest or shortest) and a rank.
 */
import { use, type Ctx } from './ctx.js';
import type { Token } from './scan.js';
import type { VisitRef } from './schema.js';

type Super = Extract<Token, { t: 'super' }>;

/** A superlative not yet used, with the rank an ordinal right before it gives (1 without one). Marks nothing. */
export function rankedSuper(c: Ctx): { sup: Super; rank: number; ord?: Token } | undefined {
  const sup = c.toks.find((t): t is Super => t.t === 'super' && !c.used.has(t.i));
  if (!sup) return undefined;
  const ord = c.toks[sup.i - 1];
  if (ord?.t === 'ord' && !c.used.has(ord.i)) {
    // "the last longest" says nothing; only a rank from the top counts
    if (ord.v < 1) return undefined;
    return { sup, rank: ord.v, ord };
  }
  return { sup, rank: 1 };
}

/** The relative word ("before", "after") that governs the phrase starting at `i` ("the visit before the longest"). */
function relativeBefore(c: Ctx, i: number): Extract<Token, { t: 'rank' }> | undefined {
  let j = i - 1;
  while (c.toks[j]?.t === 'skip') j--;
  const r = c.toks[j];
  return r?.t === 'rank' && !c.used.has(r.i) ? r : undefined;
}

/**
 * The visit a ranked superlative names, when it is more than "the longest" alone: "the second
 * longest" (a rank), "the visit before the longest" (a relative selector), or both. Marks what it
 * reads ("one" after the superlative stands for the subject). Undefined for a plain superlative.
 */
export function rankedVisit(c: Ctx): VisitRef | undefined {
  const rs = rankedSuper(c);
  if (!rs) return undefined;
  const rel = relativeBefore(c, rs.ord?.i ?? rs.sup.i);
  if (rs.rank === 1 && !rel) return undefined;
  use(c, rs.sup, rs.ord, rel);
  const after = c.toks[rs.sup.i + 1];
  if (after?.t === 'num' && after.text === 'one') use(c, after);
  const ref: VisitRef = { by: rs.sup.v, ...(rs.rank > 1 ? { rank: rs.rank } : {}) };
  return rel ? { by: rel.v, visit: ref } : ref;
}
