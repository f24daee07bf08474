/**
 * The measure of "how many" and "how often" questions: missing, the count on average or at its
 * extreme, the times a state began, events, identities, visits, departures, or the count at a
 * moment (split from compose.ts).
 */
import { reachedExtreme } from './compose-what.js';
import { countCondition, durationCondition, eventKind, itemsAtOnce } from './compose-parts.js';
import { all, first, stationary, use } from './ctx.js';
import { refused as refuse, type Refused } from './parse-types.js';
import type { Measure } from './schema.js';
import type { Reading, Words } from './compose-reading.js';

/**
 * "How many are missing" (at a moment), "the most missing at one time" (the usual count less the
 * fewest in the window); "how many times was one missing" counts the stretches (not here).
 */
function missingOf(r: Reading, w: Words): Measure | Refused | undefined {
  const { c, opts, head, aux } = r;
  const { agg, once } = w;
  const cc0 = head === 'howoften' || all(c, 'timesnoun').length > 0 ? undefined : all(c, 'cond').find((x) => x.v === 'missing');
  if (!cc0) return undefined;
  use(c, cc0);
  if (agg?.v === 'max' || (once && r.at === undefined)) {
    use(c, agg, once);
    return { measure: 'missing', most: true };
  }
  if (r.at === undefined && aux?.v === 'past') return refuse('NO_WHEN', 'it does not say when (e.g. "now" or "at 10:00:33")');
  r.at ??= opts.now;
  return { measure: 'missing' };
}

/**
 * "How many times was the table empty", "... did the rack go down to one bottle": the times a state
 * began; "how many times did the number of bottles go up": each rise of the count is a moment
 * things were put back (several at once once), each drop a moment they were taken.
 */
function stateTimes(r: Reading): Measure | undefined {
  const { c, classes, negWords, dropTo } = r;
  const cc = countCondition(c, { ...(dropTo ? { dropTo } : {}), none: negWords });
  if (cc) {
    use(c, dropTo, first(c, 'timesnoun'));
    // "how many times was it empty for over 20 s": the stretches that long
    const lasting = dropTo ? undefined : durationCondition(c);
    if (lasting) return { measure: 'times', cond: cc, lasting };
    return { measure: 'times', cond: cc, ...(dropTo ? { change: dropTo.v === 'drop' ? 'drop' : dropTo.v === 'rise' ? 'rise' : 'any' } : {}) };
  }
  if (dropTo && dropTo.v !== 'become' && stationary(classes)) {
    use(c, dropTo);
    return { measure: 'count', of: 'events', event: dropTo.v === 'drop' ? 'taken' : 'returned', moments: true };
  }
  return undefined;
}

/** "how many ...", "how often ...": which count. */
export function howMany(r: Reading, w: Words): Measure | Refused {
  const { c, opts, v, head, classes, classToks, explicitWindow, instants, aux } = r;
  const { stay, arrive, leave, agg, distinct, once } = w;
  use(c, first(c, 'timesnoun'));
  if (agg?.v === 'total') use(c, agg);
  const missing = missingOf(r, w);
  if (missing) return missing;
  // "how many bottles were there on average": the count weighted by how long it held (not per visit)
  if (agg?.v === 'avg' && head === 'howmany' && !['arrive', 'leave', 'stay', 'take', 'return', 'cross', 'sound'].some((x) => v.has(x))) {
    use(c, agg, once);
    return { measure: 'extreme', which: 'avg' };
  }
  if ((agg && (agg.v === 'max' || agg.v === 'min')) || (once && !first(c, 'num') && instants.length === 0)) {
    use(c, agg, once, ...reachedExtreme(c, agg?.v === 'min' ? 'min' : 'max'));
    return { measure: 'extreme', which: agg?.v === 'min' ? 'min' : 'max' };
  }
  const ev = eventKind(c, v, classes);
  // "how many people crossed": different objects; "how many times": crossings
  // ("how many gaps were there between cars": the gap noun counts stretches, as "times" does)
  if (!ev && (head === 'howoften' || all(c, 'timesnoun').length > 0 || all(c, 'cond').some((x) => x.gap === true))) {
    const times = stateTimes(r);
    if (times) return times;
  }
  if (ev) {
    // "how many times was a bottle taken" counts bottles (each one taken is a time one was taken);
    // occasions ("on how many occasions", "separate times") count moments, several at once once, and
    // so do times things were taken, said in the plural ("how many times did someone grab bottles":
    // a grab of two is one; "... take a bottle": each bottle)
    const things = classToks.some((t) => !t.agent && !t.v.includes('person') && t.plural === true);
    const moments = (ev === 'taken' || ev === 'returned') && (all(c, 'timesnoun', 'occasion').length > 0 || ((head === 'howoften' || all(c, 'timesnoun').length > 0) && things));
    // "how many times were two bottles taken at once": those moments only
    const items = itemsAtOnce(c, ev);
    return { measure: 'count', of: 'events', event: ev, ...(items ? { items, moments: true } : {}), ...(head === 'howmany' && (ev === 'line_cross' || ev === 'zone_enter' || ev === 'zone_exit') && classToks.length > 0 ? { distinct: true } : {}), ...(moments ? { moments: true } : {}) };
  }
  if (distinct) {
    use(c, distinct, arrive, stay, leave);
    return { measure: 'count', of: 'identities' };
  }
  const dc = durationCondition(c);
  // "how many visitors did cam0 get": visitors are counted by their arrivals
  // ("how many shoppers are in the aisle now": the count then, not the visits)
  const atMoment = r.at !== undefined || (aux?.v === 'present' && !explicitWindow);
  const visitorWord = !atMoment && (classToks.some((t) => /^(?:visitors?|guests?|customers?|shoppers?|arrivals?|passersby)$/.test(t.text)) || all(c, 'visitnoun').length > 0) && !v.has('be') && !v.has('see') && !leave;
  if (arrive || dc || visitorWord) {
    use(c, v.get('become'));
    use(c, arrive, stay);
    return { measure: 'count', of: 'visits', ...(dc ? { where: dc } : {}) };
  }
  if (leave) {
    use(c, leave);
    // "how many bottles are gone": missing; "how many are left": still there
    if (aux && stationary(classes) && leave.text === 'gone') {
      r.at ??= opts.now;
      return { measure: 'missing' };
    }
    if (aux && stationary(classes)) return { measure: 'countAt' };
    return { measure: 'count', of: 'departures' };
  }
  use(c, stay, once);
  if (r.at !== undefined || (aux?.v === 'present' && !explicitWindow)) {
    if (r.at === undefined) r.at = opts.now;
    return { measure: 'countAt' };
  }
  if (stationary(classes)) {
    c.assumed.push('the most at once, as things that stand still are counted by how many are there, not by visits');
    return { measure: 'extreme', which: 'max' };
  }
  return { measure: 'count', of: 'present' };
}
