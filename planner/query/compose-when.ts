/**
 * The measure of "when" and "who" questions: the time of an event, of a state's start or of
 * one visit's arrival or departure; who was there, or who came and left when (split from compose.ts).
 */
import { countCondition, durationCondition, eventKind, itemsAtOnce, pick, visitRef } from './compose-parts.js';
import { whoAtInstant } from './compose-visits.js';
import { stretchEdge } from './compose-stretch.js';
import { all, countCond, stationary, use, type Ctx } from './ctx.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { CountCondition, Measure } from './schema.js';
import type { Reading, Words } from './compose-reading.js';

/** "when ...": an event, the start of a state, or a visit's arrival or departure. */
export function whenMeasure(r: Reading, w: Words): Measure | Refused {
  const { c, v, ref, classes, classToks, negWords, dropTo, theOnly, byDeparture } = r;
  const { arrive, leave } = w;
  // "when were all the bottles back": when the count came back up to all of them, not one return
  const back = allBack(c, classes);
  if (back) return { measure: 'when', of: { kind: 'condition', cond: back, pick: pick(c, 'time it happened'), change: 'rise' } };
  const ev = eventKind(c, v, classes);
  // "when was the bottle that was taken at 10:02 put back": the next return after that moment
  if (ev === 'returned' && ref && 't' in ref && ref.t !== undefined) return { measure: 'when', of: { kind: 'event', event: ev, pick: { by: 'after', t: ref.t } } };
  if (ev && ref) return refuse('NEEDS_REID', 'it names one thing by what happened to it, and the memory counts such events without telling the things apart; ask when it happened');
  if (ev) {
    const items = itemsAtOnce(c, ev);
    // "the second time someone took a bottle", "for the third time": a time is a moment, whatever it moved
    const occasion = c.toks.some((t) => t.t === 'ord' && c.toks[t.i + 1]?.text === 'time');
    return { measure: 'when', of: { kind: 'event', event: ev, pick: pick(c, ev === 'line_cross' ? 'crossing' : ev === 'loud_sound' ? 'loud sound' : `time one was ${ev}`), ...(items ? { items } : {}), ...(occasion ? { moments: true as const } : {}) } };
  }
  const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), ...(v.has('arrive') || v.has('leave') || v.has('take') || v.has('return') || v.has('cross') ? {} : { none: negWords }) });
  const edge = all(c, 'edge')[0];
  if (cc && edge) return stretchEdge(c, edge.v, edge, cc);
  // "when was the kiosk empty for its (second) longest stretch", "from what time ...": where that stretch began ("until what time": ended)
  const sup = all(c, 'super').find((x) => !c.used.has(x.i));
  if (cc && sup && !dropTo) {
    const head = all(c, 'head', 'when')[0];
    const before = head ? c.toks[head.i - 1] : undefined;
    const until = before !== undefined && /^(?:until|till|up to)$/.test(before.text) ? before : undefined;
    use(c, ...all(c, 'verb', 'stay'));
    return stretchEdge(c, until ? 'end' : 'start', until ?? sup, cc);
  }
  if (cc) {
    use(c, dropTo);
    // "when did the kiosk go quiet for over a minute": the start of a stretch that long
    const lasting = durationCondition(c);
    return { measure: 'when', of: { kind: 'condition', cond: cc, pick: pick(c, 'time it happened'), ...(dropTo ? { change: dropTo.v === 'drop' ? 'drop' : dropTo.v === 'rise' ? 'rise' : 'any' } : {}), ...(lasting ? { lasting } : {}) } };
  }
  if (leave && arrive) return refuse('BOTH_WAYS', 'it asks about both arriving and leaving');
  const seen = !arrive && !leave;
  const vr = byDeparture(theOnly(visitRef(c, ref)), Boolean(leave));
  use(c, arrive, leave);
  if (!vr && classToks.length > 0 && classToks.every((t) => t.plural === true && !t.agent)) return { measure: 'list', of: 'visits' };
  if (!vr) {
    c.assumed.push('the first visit, as the question names no ordinal');
    return { measure: 'when', of: { kind: leave ? 'departure' : 'arrival', visit: { by: 'nth', n: 1 } } };
  }
  // "when was the last person seen": the last sighting
  const kind = leave || (seen && vr.by === 'nth' && vr.n < 0) ? 'departure' : 'arrival';
  return { measure: 'when', of: { kind, visit: vr } };
}

/**
 * "All the bottles back", "all three back": of things that stand still, the state of the count back
 * up to all of them (the usual count, or the number said); the words used. Undefined otherwise.
 */
function allBack(c: Ctx, classes: readonly string[]): CountCondition | undefined {
  const everything = all(c, 'all').find((t) => !c.used.has(t.i));
  // ("back" may be read already as saying where they are)
  const back = all(c, 'verb', 'return').find((t) => t.text === 'back' || t.text.startsWith('back '));
  if (!everything || !back || back.i < everything.i || !stationary(classes)) return undefined;
  const n = c.toks[everything.i + 1];
  use(c, everything, back, n?.t === 'num' ? n : undefined);
  return n?.t === 'num' ? countCond('ge', n.v) : { op: 'full' };
}

/** "who ..." and "when did the one who ...": a visit, a list, or another moment of a named visit. */
export function whoMeasure(r: Reading, w: Words): Measure | Refused {
  const { c, v, head, ref, classes, byDeparture } = r;
  const { stay, arrive, leave } = w;
  const vr = visitRef(c, ref);
  if (head === 'whowhen') {
    const named = vr ? undefined : whoAtInstant(c);
    if (named) {
      // the instant names the visit; the answer is another moment of it
      r.at = undefined;
      return { measure: 'when', of: { kind: named.leaving ? 'departure' : 'arrival', visit: named.visit } };
    }
    if (!vr) return refuse('AMBIGUOUS_VISIT', 'it does not say which visit');
    const leaving = all(c, 'verb', 'leave').some((t) => !c.used.has(t.i));
    use(c, arrive, leave, stay);
    return { measure: 'when', of: { kind: leaving ? 'departure' : 'arrival', visit: byDeparture(vr, leaving) ?? vr } };
  }
  const ev = eventKind(c, v, classes);
  // "who took the bottle": the memory keeps what was moved, not who moved it
  if (ev === 'taken' || ev === 'returned') return refuse('NO_AGENT', `the memory records when things were ${ev === 'taken' ? 'taken' : 'put back'}, not who did it; ask when`);
  if (ev) return { measure: 'list', of: 'events', event: ev };
  use(c, arrive, leave, stay);
  if (vr) return { measure: 'visit', visit: vr };
  return { measure: 'list', of: arrive ? 'visits' : 'present' };
}
