/**
 * The head of a question: its question word, or without one its first meaningful word; and the
 * question forms that change how the head is read (a negated auxiliary, a "when" clause).
 */
import { all, type Ctx } from './ctx.js';
import type { Token } from './scan.js';

/** What a question asks for. */
export type Head = 'howlong' | 'when' | 'howmany' | 'howoften' | 'who' | 'whowhen' | 'list' | 'what' | 'yesno';

/**
 * The head of a question that has no question word ("people at the counter at 14:21:03?",
 * "counter empty at 14:21:12?", "first arrival after 14:21?"), or null when the words do not say
 * what to find ("anything", "people?").
 */
export function headless(c: Ctx, lead: Token | undefined): Head | null {
  const next = lead ? c.toks[lead.i + 1] : undefined;
  // "first arrival after 14:21", "last time a bottle was grabbed": a moment
  if (lead?.t === 'ord' && next && (/^(?:time|moment)$/.test(next.text) || next.t === 'visitnoun' || (next.t === 'verb' && ['arrive', 'leave', 'take', 'return', 'cross'].includes(next.v)))) return 'when';
  // "2nd person left", "first bottle returned": the moment of that visit or event
  const after = lead ? c.toks[lead.i + 2] : undefined;
  if (lead?.t === 'ord' && next?.t === 'class' && after?.t === 'verb' && ['arrive', 'leave', 'take', 'return', 'cross'].includes(after.v)) return 'when';
  const hasCountCond = c.toks.some((t) => t.t === 'cond' || (t.t === 'cmp' && c.toks[t.i + 1]?.t === 'num' && c.toks[t.i + 2]?.t !== 'unit'));
  if (lead?.t === 'class') {
    // a class alone says nothing to find ("anything?")
    if (!c.toks.some((t) => t.t !== 'class' && t.t !== 'skip' && t.t !== 'sep')) return null;
    const before = c.toks[lead.i - 1]?.text ?? '';
    const plural = !lead.agent && lead.plural === true && !/^(?:any|some|no)$/.test(before);
    // "people at the counter at 14:21:03?", "bottles at 16:45:20": how many
    if (plural && !c.toks.some((t) => t.t === 'aux' || t.t === 'neg') && !(hasCountCond && !c.toks.some((t) => t.t === 'cond' && t.v === 'missing'))) return 'howmany';
    return 'yesno';
  }
  if (lead?.t === 'aux' || lead?.t === 'neg') return 'yesno';
  // "all 3 bottles there at 16:06:10?": whether they all were
  if (lead?.t === 'all' && (next?.t === 'class' || (next?.t === 'num' && after?.t === 'class'))) return 'yesno';
  // "counter empty at 14:21:12?", "fewer than 2 bottles at 16:45:09?": whether the condition held
  if ((lead?.t === 'place' || lead?.t === 'cond' || lead?.t === 'cmp' || lead?.t === 'here') && hasCountCond) return 'yesno';
  // "in total, was the kiosk in use for over a minute?": a fronted aggregate; the clause after it asks
  if (lead?.t === 'agg' && next?.t === 'sep' && (after?.t === 'aux' || after?.t === 'neg')) return 'yesno';
  // "total visitors?", "total bottles taken": a count
  if (lead?.t === 'agg' && lead.v === 'total' && (next?.t === 'class' || next?.t === 'visitnoun' || next?.t === 'verb')) return 'howmany';
  // "most people at once between 9 and 10"; "second longest visit?"
  if (lead?.t === 'agg' || lead?.t === 'super' || (lead?.t === 'ord' && next?.t === 'super')) return 'what';
  // "arrivals across all cameras between ...", "backward crossings of line gate": a count
  if ((lead?.t === 'verb' && lead.plural === true && ['arrive', 'leave', 'cross', 'take', 'return'].includes(lead.v)) || lead?.t === 'visitnoun' || (lead?.t === 'dir' && c.toks[lead.i + 1]?.t === 'verb')) return 'howmany';
  return null;
}

/** The question's head: what it asks for (null when the words do not say). */
export function chooseHead(c: Ctx): Head | null {
  // "was there a moment when ...": the "when" joins a clause, it is not the question's head
  for (const h of all(c, 'head', 'when')) {
    let j = h.i - 1;
    while (c.toks[j]?.t === 'time') j--;
    if (/^(?:moment|time|point|period|instant)$/.test(c.toks[j]?.text ?? '')) c.used.add(h.i);
  }
  // "did the number of bottles ever drop to two?": the number is the subject of a yes/no question
  const opener = c.toks.find((t) => t.t !== 'skip' && t.t !== 'sep');
  if (opener?.t === 'aux') for (const h of all(c, 'head', 'howmany')) if (/^(?:number|count) of$/.test(h.text) && h.i > opener.i) c.used.add(h.i);
  const heads = all(c, 'head').filter((h) => !c.used.has(h.i));
  const has = (v: string): boolean => heads.some((h) => h.v === v);
  const firstHead = heads[0];
  if (firstHead?.v === 'who' && has('when')) return 'whowhen';
  if (firstHead?.v === 'list') return 'list';
  if (has('howlong')) return 'howlong';
  if (has('when')) return 'when';
  if (has('howoften')) return 'howoften';
  if (has('howmany')) return 'howmany';
  if (firstHead?.v === 'who') return 'who';
  if (firstHead?.v === 'which') return 'list';
  // "what was the total occupied time": a length
  if (firstHead?.v === 'what' && c.toks.some((t) => t.text === 'time') && c.toks.some((t) => t.t === 'cond' || (t.t === 'agg' && t.v === 'total'))) return 'howlong';
  if (firstHead?.v === 'what') return 'what';
  // "and the second longest?": a follow-up's "and" is no head
  // ("after it dropped to one, did it ever get back to three": a clause the window begins at is read already)
  const sep = c.toks.findIndex((x) => x.t === 'sep');
  const lead = c.toks.find((t) => t.t !== 'skip' && t.t !== 'sep' && t.t !== 'time' && t.t !== 'instant' && t.t !== 'and' && !(c.used.has(t.i) && t.i < sep));
  return headless(c, lead);
}

/**
 * The "not" of a question asked with a negated auxiliary ("wasn't the table empty?", "didn't anyone
 * come?"), answered as the plain question; marked used. Undefined when the question has none.
 */
export function interrogativeNot(c: Ctx): Token | undefined {
  const lead = c.toks.find((t) => t.t !== 'skip' && t.t !== 'sep');
  const tag = lead?.t === 'aux' ? c.toks[lead.i + 1] : undefined;
  if (tag?.t !== 'neg' || tag.text !== 'not') return undefined;
  c.used.add(tag.i);
  return tag;
}

/** Whether a how-many / how-long question takes its moment from another question ("how many were there when the third person arrived"). */
export function subordinateWhen(c: Ctx): boolean {
  const heads = all(c, 'head');
  return heads[0] !== undefined && ['howmany', 'howlong', 'howoften'].includes(heads[0].v) && heads.slice(1).some((h) => h.v === 'when' && h.text === 'when');
}

/** Whether "how long" asks for the time elapsed from a moment to an event ("how long after 09:00 did the first person arrive"), not for a length. */
export function elapsedSince(c: Ctx): boolean {
  // "average visit length after 09:01": a window, not a span from a moment
  const h = all(c, 'head', 'howlong').find((x) => /^how\b/.test(x.text));
  const next = h ? c.toks[h.i + 1] : undefined;
  return next !== undefined && (next.t === 'rank' || (next.t === 'time' && (next.opens === 'after' || next.opens === 'before' || next.opens === 'since' || next.opens === 'from')));
}
