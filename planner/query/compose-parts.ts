/**
 * The composition steps that read one kind of phrase: verbs, references ("the person who came at
 * 09:01:14"), duration and count conditions, visit references, ordinals and event kinds.
 */
import { all, countCond, durationCond, first, stationary, use, type Ctx } from './ctx.js';
import { MOVERS } from './lexicon.js';
import type { CountCondition, DurationCondition, EventKind, Pick, VisitRef } from './schema.js';
import type { Token } from './scan.js';
import { rankedVisit } from './compose-rank.js';

/** A verb token. */
export type Verb = Extract<Token, { t: 'verb' }>;

/** The verbs of the question not yet used, by meaning. */
export function verbs(c: Ctx): Map<string, Verb> {
  const m = new Map<string, Verb>();
  for (const v of all(c, 'verb')) if (!c.used.has(v.i) && !m.has(v.v)) m.set(v.v, v);
  return m;
}

/** Reads "the person who came at 09:01:14" / "whoever was there at 09:00:10" / "right after <ref>". */
export function references(c: Ctx): VisitRef | undefined {
  let found: VisitRef | undefined;
  for (const t of c.toks) {
    // "the one who ...": the pronoun stands for the subject
    const one = c.toks[t.i - 1];
    const oneWho = one?.t === 'num' && one.text === 'one' && c.toks[t.i - 2]?.text === 'the';
    const relative = t.t === 'rel' || (t.t === 'head' && (t.v === 'who' || t.v === 'which') && (oneWho || c.toks.slice(0, t.i).some((p) => p.t === 'class' || p.t === 'visitnoun' || p.t === 'rank')));
    if (!relative || c.used.has(t.i)) continue;
    let verb: Verb | undefined;
    let time: Extract<Token, { t: 'time' }> | undefined;
    for (const x of c.toks.slice(t.i + 1)) {
      if (x.t === 'sep' || x.t === 'and' || x.t === 'head') break;
      if (x.t === 'verb' && !verb && x.v !== 'be') verb = x;
      if (x.t === 'time' && x.v.instant !== undefined) {
        time = x;
        break;
      }
    }
    // "the person who arrived right before 09:01:30" (one visit asked about): the last arrival before it, the first after it
    if (!time && verb?.v === 'arrive' && oneAskedAbout(c, t)) {
      const w = c.toks.slice(t.i + 1).find((x): x is Extract<Token, { t: 'time' }> => x.t === 'time');
      const side = w && (w.opens === 'before' || w.opens === 'until' || w.opens === 'till') ? 'before' : w && (w.opens === 'after' || w.opens === 'since') ? 'after' : undefined;
      if (w && side && !found) {
        const adverb = c.toks[w.i - 1];
        use(c, t, verb, w, adverb && /^(?:just|right)$/.test(adverb.text) ? adverb : undefined);
        found = { by: side, t: side === 'before' ? w.v.to : w.v.from };
        continue;
      }
    }
    if (!time || time.v.instant === undefined) {
      // "the last person who came by", "the first one who walked in": a visit named by its order; the clause restates its arrival
      // ("the car that went by": the one visit, and the clause restates that it came and went)
      const ordered = c.toks.slice(Math.max(0, t.i - 4), t.i).some((x) => x.t === 'ord');
      const cls = c.toks[t.i - 1];
      const single = cls?.t === 'class' && cls.plural !== true;
      const theOne = single && c.toks[t.i - 2]?.text === 'the' && (verb?.v === 'leave' || verb?.v === 'arrive') && c.toks.slice(t.i + 1).every((x) => (x.t !== 'verb' || x === verb || x.v === 'be') && x.t !== 'time');
      use(c, t, !time && (verb?.v === 'arrive' && ordered || theOne) && c.toks[t.i - 1]?.t === 'class' ? verb : undefined);
      continue;
    }
    const by = verb?.v === 'arrive' ? 'arrivedAt' : verb?.v === 'leave' ? 'leftAt' : 'presentAt';
    use(c, t, verb, time, oneWho ? one : undefined);
    for (const x of c.toks.slice(t.i + 1, time.i)) if (x.t === 'verb' && x.v === 'be') use(c, x);
    let ref: VisitRef = { by, t: time.v.instant };
    // "right after the person that left at ..."
    const rank = [...c.toks.slice(0, t.i)].reverse().find((x) => x.t === 'rank');
    if (rank && rank.t === 'rank' && !c.used.has(rank.i) && c.toks.slice(rank.i + 1, t.i).every((x) => x.t === 'class' || x.t === 'skip' || x.t === 'visitnoun' || (oneWho && x === one))) {
      use(c, rank);
      ref = { by: rank.v, visit: ref };
      // "the next person after the one who ...", "the last one before ...": the ordinal is the rank's
      const ord = c.toks.slice(0, rank.i).find((x) => x.t === 'ord' && !c.used.has(x.i) && (rank.v === 'after' ? x.v === 1 : x.v === -1));
      // "the next one": the pronoun stands for the subject
      const one = ord ? c.toks[ord.i + 1] : undefined;
      use(c, ord, one?.t === 'num' && one.text === 'one' ? one : undefined);
    }
    if (found) return found;
    found = ref;
  }
  return found;
}

/** Whether a relative clause at `rel` describes one visit the question asks about ("when did the person who ... leave"), not a set to count. */
function oneAskedAbout(c: Ctx, rel: Token): boolean {
  const heads = all(c, 'head').map((h) => h.v);
  if (heads.some((h) => h === 'howmany' || h === 'howoften' || h === 'list') || !heads.some((h) => h === 'when' || h === 'howlong' || h === 'who')) return false;
  const subject = [...c.toks.slice(0, rel.i)].reverse().find((x) => x.t === 'class' || (x.t === 'num' && x.text === 'one'));
  return subject !== undefined && subject.plural !== true;
}

/** A duration condition: comparison, number, unit ("longer than 25 seconds"). */
export function durationCondition(c: Ctx): DurationCondition | undefined {
  for (const u of all(c, 'unit')) {
    // a condition already read (the yes/no question's own) is not read again
    if (c.used.has(u.i)) continue;
    const n = c.toks[u.i - 1];
    const cmp = c.toks[u.i - 2];
    if (n?.t === 'num' && cmp?.t === 'cmp') {
      use(c, cmp, n, u);
      return durationCond(cmp.v, n.v * u.v);
    }
    // "for over a minute", "more than an hour": one of the unit
    if (n?.t === 'skip' && /^an?$/.test(n.text) && cmp?.t === 'cmp') {
      use(c, cmp, n, u);
      return durationCond(cmp.v, u.v);
    }
  }
  return undefined;
}

/** The condition that holds exactly when `cc` does not: not full is missing, not empty is occupied, not fewer than 3 is at least 3; undefined for "not at its lowest" (no condition says it). */
export function complement(cc: CountCondition): CountCondition | undefined {
  if (cc.op === 'lowest' || cc.op === 'highest') return undefined;
  if (!('n' in cc)) return { op: cc.op === 'full' ? 'missing' : 'full' };
  const op = ({ eq: 'ne', ne: 'eq', lt: 'ge', ge: 'lt', le: 'gt', gt: 'le' } as const)[cc.op];
  // counts are never negative: "not empty" is more than none, "not occupied" is none
  if (cc.n === 0 && (op === 'ne' || op === 'le')) return { op: op === 'ne' ? 'gt' : 'eq', n: 0 };
  return { op, n: cc.n };
}

/**
 * A state said with the count it means: "full with three bottles" is three or more, "short of a
 * full three" fewer than three (the asker's number, not the usual count the memory estimates).
 */
function restatedCount(c: Ctx, cond: Extract<Token, { t: 'cond' }>): CountCondition | undefined {
  const next = (i: number): Token | undefined => {
    let k = i + 1;
    while (c.toks[k]?.t === 'skip' && /^(?:a|with|of)$/.test(c.toks[k]?.text ?? '')) k++;
    return c.toks[k];
  };
  const full = cond.v === 'full' ? cond : cond.v === 'missing' ? next(cond.i) : undefined;
  if (full?.t !== 'cond' || full.v !== 'full' || (full !== cond && c.used.has(full.i))) return undefined;
  const n = next(full.i);
  if (n?.t !== 'num' || c.used.has(n.i) || c.toks[n.i + 1]?.t !== 'class' || !Number.isInteger(n.v) || n.v < 1) return undefined;
  use(c, full, n);
  return countCond(full === cond ? 'ge' : 'lt', n.v);
}

/**
 * A count condition: "empty", "occupied", "missing", "all there", "fewer than 3", "only one", "two
 * ... together", "no bottles". With `not`, a "not" said just before a state word reads as the
 * other state ("how long was the ledge not full": the time it was missing one).
 */
export function countCondition(c: Ctx, opts: { dropTo?: Verb; none?: Token[]; not?: boolean }): CountCondition | undefined {
  const cond = all(c, 'cond').find((x) => !c.used.has(x.i));
  const not = opts.not && cond ? c.toks[cond.i - 1] : undefined;
  if (not?.t === 'neg' && not.text === 'not' && !c.used.has(not.i)) {
    use(c, not);
    const cc = countCondition(c, { ...opts, not: false, none: [] });
    return cc && complement(cc);
  }
  // "nobody there", "no bottles": none (a "not" before a condition negates the yes/no instead)
  const none = (opts.none ?? []).filter((t) => !c.used.has(t.i) || t.t === 'class');
  if (!cond && none.length === 1 && !all(c, 'cmp').some((x) => c.toks[x.i + 1]?.t === 'num')) {
    const t = none[0] as Token;
    if (t.t === 'neg' || t.text === 'nobody' || t.text === 'none') {
      use(c, t);
      c.noneTaken = true;
      return countCond('eq', 0);
    }
  }
  // "three bottles", "two people" said of a state (no arrival, taking...): exactly that many
  const bare = stateOnly(c) ? all(c, 'num').find((x) => !c.used.has(x.i) && c.toks[x.i + 1]?.t === 'class' && !(c.toks[x.i + 1] as { agent?: boolean }).agent && c.toks[x.i - 1]?.t !== 'cmp') : undefined;
  if (cond) {
    use(c, cond);
    // "occupied by two people": at least that many
    if (cond.v === 'occupied' && bare) {
      use(c, bare);
      return countCond('ge', bare.v);
    }
    // "at least one bottle missing" is "missing"
    if (cond.v === 'missing') {
      const cmp = all(c, 'cmp').find((x) => !c.used.has(x.i) && c.toks[x.i + 1]?.t === 'num' && ((x.v === 'ge' && (c.toks[x.i + 1] as { v: number }).v === 1) || (x.v === 'gt' && (c.toks[x.i + 1] as { v: number }).v === 0)));
      if (cmp) use(c, cmp, c.toks[cmp.i + 1]);
    }
    // "short of a full three bottles": fewer than that many; "full with three bottles": that many (or more)
    const said = restatedCount(c, cond);
    if (said) return said;
    // "fully stocked with all three bottles": the count restates the state
    const restated = cond.v === 'full' ? all(c, 'all').find((x) => !c.used.has(x.i)) : undefined;
    if (restated) use(c, restated, c.toks[restated.i + 1]?.t === 'num' ? c.toks[restated.i + 1] : undefined);
    if (cond.v === 'empty') return cond.gap ? { op: 'eq', n: 0, between: true } : countCond('eq', 0);
    if (cond.v === 'occupied') return countCond('gt', 0);
    return { op: cond.v };
  }
  for (const cmp of all(c, 'cmp')) {
    // "just a single bottle"
    const k = /^an?$/.test(c.toks[cmp.i + 1]?.text ?? '') ? cmp.i + 2 : cmp.i + 1;
    const n = c.toks[k];
    if (n?.t === 'num' && c.toks[k + 1]?.t !== 'unit' && !c.used.has(n.i)) {
      // "two or more people there together": a count at one moment says "at once" already;
      // "drop to exactly two": the change is into that count
      use(c, cmp, n, first(c, 'once'), opts.dropTo && opts.dropTo.i === cmp.i - 1 ? opts.dropTo : undefined);
      return countCond(cmp.v, n.v);
    }
  }
  const everything = first(c, 'all');
  if (everything && !distributive(c, everything)) {
    const n = c.toks[everything.i + 1];
    use(c, everything);
    if (n?.t === 'num') {
      // "all three bottles there together": at one moment, as every count of a state
      use(c, n, first(c, 'once'));
      return countCond('ge', n.v);
    }
    return { op: 'full' };
  }
  const n = all(c, 'num').find((x) => !c.used.has(x.i) && c.toks[x.i + 1]?.t !== 'unit');
  if (n && opts.dropTo) {
    use(c, n, opts.dropTo);
    return countCond('eq', n.v);
  }
  const once = first(c, 'once');
  if (n && once) {
    use(c, n, once);
    return countCond('ge', n.v);
  }
  if (bare) {
    use(c, bare);
    return countCond('eq', bare.v);
  }
  return undefined;
}

/**
 * "How long did each car stay", "every person", "all the people ... stay": one length per visit,
 * not the time all of them were there ("all the bottles there" is that state): in a question of a
 * length, "each" or "every" before one thing, or "all" before movers that stay.
 */
function distributive(c: Ctx, everything: Token): boolean {
  // "adding up all his visits", "all of the visits": the visits themselves, no state (the word restates them)
  let v = everything.i + 1;
  while (c.toks[v] && c.toks[v]?.t === 'skip' && /^(?:his|her|their|the|of|its)$/.test(c.toks[v]?.text ?? '')) v++;
  if (c.toks[v]?.t === 'visitnoun') {
    use(c, everything);
    return true;
  }
  const k = c.toks[everything.i + 1]?.text === 'the' ? everything.i + 2 : everything.i + 1;
  const cls = c.toks[k];
  // "was every bottle there at 10:00": a state at a moment, all of them there
  const lasting = all(c, 'verb', 'stay').length > 0 || all(c, 'head', 'howlong').length > 0;
  if (cls?.t !== 'class' || !lasting) return false;
  if (/^(?:each|every)$/.test(everything.text) && cls.plural !== true) return true;
  return cls.v.length > 0 && cls.v.every((l) => MOVERS.has(l)) && all(c, 'verb', 'stay').length > 0;
}

/** Whether the question speaks of a state only: no arrival, departure, taking, putting back or crossing not yet read. */
function stateOnly(c: Ctx): boolean {
  return !all(c, 'verb').some((x) => !c.used.has(x.i) && ['arrive', 'leave', 'take', 'return', 'cross'].includes(x.v));
}

/** The visit an ordinal, superlative or reference picks. */
export function visitRef(c: Ctx, ref: VisitRef | undefined): VisitRef | undefined {
  if (ref) return ref;
  // "the second longest", "the person before the longest visit": a ranked or relative selector
  const ranked = rankedVisit(c);
  if (ranked) {
    use(c, ...all(c, 'verb', 'stay'));
    return ranked;
  }
  // (an ordinal another part used, "after the first visitor left, ...", is not this one's)
  const ord = all(c, 'ord').find((x) => !c.used.has(x.i));
  if (ord) {
    use(c, ord);
    // "the third one": the pronoun stands for the subject
    const one = c.toks[ord.i + 1];
    if (one?.t === 'num' && one.text === 'one') use(c, one);
    // "the first person who stayed more than 20 seconds": the n-th of the visits that pass
    const where = durationCondition(c);
    if (where) use(c, ...all(c, 'verb', 'stay'));
    const nth: VisitRef = { by: 'nth', n: ord.v, ...(where ? { where } : {}) };
    // "after the first person", "right before the last one": the next (previous) arrival
    let j = ord.i - 1;
    while (c.toks[j]?.t === 'skip') j--;
    const rank = c.toks[j];
    if (rank?.t === 'rank' && !c.used.has(rank.i)) {
      use(c, rank);
      // "when did the car leave after its second visit": it left at that visit's end (its own visit, not the next one's)
      const own = c.toks.slice(rank.i + 1, ord.i).some((x) => /^(?:its|his|her|their)$/.test(x.text)) && c.toks[ord.i + 1]?.t === 'visitnoun';
      if (own && rank.v === 'after' && all(c, 'verb', 'leave').length > 0) return nth;
      return { by: rank.v, visit: nth };
    }
    return nth;
  }
  const sup = all(c, 'super').find((x) => !c.used.has(x.i));
  if (sup) {
    // "the person who stayed longest": the staying is the superlative's
    use(c, sup, ...all(c, 'verb', 'stay'));
    return { by: sup.v };
  }
  // "who spent the most time": the longest visit
  const agg = all(c, 'agg').find((x) => (x.v === 'max' || x.v === 'min') && !c.used.has(x.i));
  if (agg && all(c, 'verb', 'stay').length > 0) {
    use(c, agg);
    return { by: agg.v === 'max' ? 'longest' : 'shortest' };
  }
  return undefined;
}

/**
 * "Two bottles at once", "three taken at the same time": the number of things taken or put back
 * together at one moment (at least two), its words marked used; undefined when the question does
 * not say so.
 */
export function itemsAtOnce(c: Ctx, ev: EventKind | undefined): number | undefined {
  if (ev !== 'taken' && ev !== 'returned') return undefined;
  const once = all(c, 'once')[0];
  const n = all(c, 'num').find((t) => !c.used.has(t.i) && t.v >= 2 && c.toks[t.i + 1]?.t === 'class');
  if (!once || !n) return undefined;
  use(c, once, n);
  return n.v;
}

/** The n-th of several moments (first by default, said so). */
export function pick(c: Ctx, what: string): Pick {
  const ord = all(c, 'ord').find((x) => !c.used.has(x.i));
  if (ord) {
    use(c, ord);
    return { by: 'nth', n: ord.v };
  }
  c.assumed.push(`the first ${what}, as the question names no ordinal`);
  return { by: 'nth', n: 1 };
}

/** The event kind the verbs (or a line) name. */
export function eventKind(c: Ctx, v: Map<string, Verb>, classes: string[]): EventKind | undefined {
  const take = v.get('take');
  const ret = v.get('return');
  if (take && !ret) {
    use(c, take);
    return 'taken';
  }
  if (ret && !take) {
    use(c, ret);
    return 'returned';
  }
  const sound = v.get('sound');
  if (sound) {
    use(c, ...all(c, 'verb').filter((t) => t.v === 'sound'));
    return 'loud_sound';
  }
  const cross = v.get('cross');
  if (cross || first(c, 'place')?.v.kind === 'line' || all(c, 'place').some((p) => p.v.kind === 'line')) {
    use(c, cross);
    return 'line_cross';
  }
  // a stationary class that is "gone" from the picture is taken ("left" and "gone" after an
  // auxiliary may say what remains: "how many bottles are left")
  const leave = v.get('leave');
  if (leave && stationary(classes) && (!first(c, 'aux') || !/^(?:left|gone)$/.test(leave.text))) {
    use(c, leave);
    return 'taken';
  }
  return undefined;
}

/**
 * Two kinds of events compared by number: "were more bottles taken than put back?", "were fewer
 * returned than taken?" (a bare "more", "fewer" or "less", one verb before "than" and one after).
 */
export function eventComparison(c: Ctx, v: Map<string, Verb>): { kind: 'events'; a: EventKind; op: 'gt' | 'lt'; b: EventKind } | undefined {
  const take = v.get('take');
  const ret = v.get('return');
  const cmp = all(c, 'cmp').find((x) => !c.used.has(x.i) && /^(?:more|fewer|less)$/.test(x.text));
  const than = c.toks.find((x) => x.text === 'than');
  if (!take || !ret || !cmp || !than || (cmp.v !== 'gt' && cmp.v !== 'lt')) return undefined;
  const [a, b] = take.i < ret.i ? [take, ret] : [ret, take];
  if (!(cmp.i < a.i && a.i < than.i && than.i < b.i)) return undefined;
  use(c, cmp, take, ret);
  const kind = (x: Verb): EventKind => (x.v === 'take' ? 'taken' : 'returned');
  return { kind: 'events', a: kind(a), op: cmp.v, b: kind(b) };
}
