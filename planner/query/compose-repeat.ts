/**
 * The composer's step for people named by how many times they came: "the person who came three
 * times", "the one who visited more than once", "how many people came in at least 2 times"
 * ("twice" is read as "2 times"). The identities (by re-identification) with that many visits in
 * the window are the subject; the visits are counted per identity by the executor.
 */
import { use, type Ctx } from './ctx.js';
import type { Subject } from './schema.js';
import type { Token } from './scan.js';

/** The condition on an identity's visits, and whether the question counts such people (a main clause). */
export interface Repeat {
  visits: NonNullable<Subject['visits']>;
  /** "How many people came three times": the identities are counted, not their visits. */
  counted: boolean;
  /** "Did anyone come twice?": whether such a person came is the question. */
  asked?: true;
}

/** Kinds of tokens that may stand between the verb and how often ("came in here 3 times", "came to the desk twice"). */
const BETWEEN = new Set<Token['t']>(['skip', 'place', 'here']);

/** "3 times", "more than 2 times", "at least 2 separate times", "more than once" from token `k`, with the tokens read. */
export function howOften(c: Ctx, k0: number): { visits: Repeat['visits']; toks: Token[] } | undefined {
  let k = k0;
  while (c.toks[k] && BETWEEN.has(c.toks[k]?.t as Token['t']) && !/^(?:and|but|then)$/.test(c.toks[k]?.text ?? '')) k++;
  const [a, b, d] = [c.toks[k], c.toks[k + 1], c.toks[k + 2]];
  if (a?.t === 'verb' && a.text === 'more than once') return { visits: { op: 'ge', n: 2 }, toks: [a] };
  if (a?.t === 'num' && b?.t === 'timesnoun' && a.v >= 1 && Number.isInteger(a.v)) return { visits: { op: 'eq', n: a.v }, toks: [a, b] };
  if (a?.t === 'cmp' && b?.t === 'num' && d?.t === 'timesnoun' && b.v >= 1 && Number.isInteger(b.v)) return { visits: { op: a.v, n: b.v }, toks: [a, b, d] };
  return undefined;
}

/** The verb of coming just after `k` (an auxiliary may come first: "who has come"; "visit" said as a verb), or undefined. */
function comingAt(c: Ctx, k: number): Token | undefined {
  const x = c.toks[k]?.t === 'aux' ? c.toks[k + 1] : c.toks[k];
  return (x?.t === 'verb' && x.v === 'arrive') || (x?.t === 'visitnoun' && /^visit(?:ed)?$/.test(x.text)) ? x : undefined;
}

/**
 * Reads a clause that says how many times someone came: after a relative pronoun that follows the
 * subject ("the person who came three times"), or as the main clause of a count of people ("how many
 * people came more than once"). The tokens read are used.
 */
export function repeatClause(c: Ctx): Repeat | undefined {
  for (const t of c.toks) {
    const prev = c.toks[t.i - 1];
    const afterSubject = prev?.t === 'class' || prev?.t === 'look' || (prev?.t === 'num' && prev.text === 'one');
    const relative = afterSubject && !c.used.has(t.i) && (t.t === 'rel' || (t.t === 'head' && (t.v === 'who' || t.v === 'which')));
    if (relative) {
      const verb = comingAt(c, t.i + 1);
      const often = verb && howOften(c, verb.i + 1);
      if (!verb || !often) continue;
      // "the one who came twice": the pronoun stands for the subject
      use(c, t, c.toks[t.i + 1]?.t === 'aux' ? c.toks[t.i + 1] : undefined, verb, ...often.toks, prev?.t === 'num' ? prev : undefined);
      return { visits: often.visits, counted: false };
    }
    // "did anyone visit twice?": whether someone came that often (at least that often: twice is said of three times too)
    if (t.t === 'class' && /^(?:anyone|anybody|someone|somebody)$/.test(t.text) && prev?.t === 'aux' && c.toks.slice(0, prev.i).every((x) => x.t === 'skip' || x.t === 'sep')) {
      const verb = comingAt(c, t.i + 1);
      const often = verb && howOften(c, verb.i + 1);
      if (!verb || !often) continue;
      use(c, verb, ...often.toks);
      return { visits: often.visits.op === 'eq' ? { op: 'ge', n: often.visits.n } : often.visits, counted: false, asked: true };
    }
    // "how many people came 3 times": a plural subject of a count, then the verb and how often
    if (t.t === 'class' && t.plural === true && prev?.t === 'head' && prev.v === 'howmany') {
      const verb = comingAt(c, t.i + 1);
      const often = verb && howOften(c, verb.i + 1);
      if (!verb || !often) continue;
      use(c, verb, ...often.toks);
      return { visits: often.visits, counted: true };
    }
  }
  return undefined;
}
