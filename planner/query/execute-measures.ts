/**
 * The executor's measures over moments and conditions: counts (visits, departures, identities,
 * events, taken/returned), times (arrivals, departures, events, condition starts) and the time a
 * count condition held, summed over the cameras of the place.
 */
import { MemoryQueries } from '../../memory/queries.js';
import { inWindowFor, momentEvidence, noSuchVisit, passes, pickVisit, visitEvidence, whoseVisit, type Run } from './execute-common.js';
import { changes, HALF_FRAME_MS, pieces, timeline, usualCount } from './facts.js';
import { objectLooks } from './look.js';
import { isGap, type CountCondition, type DurationCondition, type EventFact, type EventKind, type Measure, type Pick, type QueryValue, type StretchEdge, type VisitFact, type VisitRef } from './schema.js';

type AllVisits = (from: number, to: number) => VisitFact[];
/**
 * A visit ending this close to the end of its camera's coverage may still be going on: at the
 * default 2 fps, missing from the last two frames is a flicker, from three or more it had left
 * (a man who walked away 1.5 s before a recording ended was once "still there").
 */
const OPEN_MS = 1250;

/** The note of a visit the daemon's stop cut short. */
export function cutNote(v: VisitFact): string {
  return `The daemon stopped while ${whoseVisit(v)} was on ${v.camera}: that visit ends at the last recorded frame, not at a seen departure`;
}

/** End of each camera's coverage. */
function coverageEnd(r: Run, camera: string): number {
  let end = -Infinity;
  for (const c of r.memory.coverage(camera)) end = Math.max(end, c.end);
  return end;
}

/**
 * How soon after a camera's coverage began (or resumed after a gap) a visit began for it to have
 * been in progress already: a shopper in view on the first frame was not seen arriving.
 */
const ALREADY_MS = 1500;

/** Whether a visit was in progress when its camera's coverage began or resumed: its arrival was never seen. */
function alreadyThere(r: Run): (v: { camera: string; start: number }) => boolean {
  const starts = new Map(r.cams.map((c) => [c, r.memory.coverage(c).map((x) => x.start)]));
  return (v) => (starts.get(v.camera) ?? []).some((s) => v.start >= s && v.start - s <= ALREADY_MS);
}

/** The note of arrivals left out because they were there when the recording began. */
function alreadyNote(n: number): string {
  return `Not counted: ${n} ${n === 1 ? 'visit' : 'visits'} already in progress when the recording began (${n === 1 ? 'its arrival was' : 'their arrivals were'} not seen)`;
}

/**
 * How long after a camera's first frame a rise in the count is the tracker taking in what was there
 * from the start (a thing scored under the new-track score starts after four detected frames, and
 * the count settles a second later), not something put back.
 */
const WARM_UP_MS = 3000;

/** Events of a kind in the window, by time (taken/returned from settled counts). */
/** Whether none of the subject had been seen at a camera before `ts` (its settled count was 0 from the camera's first frame), or `ts` is within the warm-up. */
function firstSeen(r: Run, cam: string, ts: number): boolean {
  let start = Infinity;
  for (const c of r.memory.coverage(cam)) start = Math.min(start, c.start);
  if (!(start < ts) || ts - start <= WARM_UP_MS) return true;
  const tl = timeline(r.memory, cam, r.q.subject, r.q.place, start, ts);
  return tl.points.every(([t, n]) => t >= ts || n === 0);
}

function eventsOf(r: Run, event: EventKind | undefined, items?: number): EventFact[] {
  const { q, memory } = r;
  const w = { from: q.time.from, to: q.time.to };
  const out: EventFact[] = [];
  if (event === undefined || event === 'taken' || event === 'returned') {
    for (const cam of r.cams) {
      const tl = timeline(memory, cam, q.subject, q.place, w.from, w.to);
      for (const [ts, before, after] of changes(tl, w.from, w.to)) {
        // the first time things are seen at a camera they appear: nothing was put back ("3 bottles came into view at 07:05:14")
        if (after > before && firstSeen(r, cam, ts)) {
          if (event === 'returned') r.notes.push(`${after - before} came into view at ${cam} at ${new Date(ts).toISOString()}, ${before === 0 ? 'the first seen there' : 'in its first seconds (taken in as there from the start)'}: not counted as put back`);
          continue;
        }
        const kind = after < before ? 'taken' : 'returned';
        if ((event && kind !== event) || (items !== undefined && Math.abs(after - before) < items)) continue;
        out.push({ camera: cam, ts, kind, n: Math.abs(after - before), ...(q.subject.classes.length === 1 ? { label: q.subject.classes[0] } : {}) });
      }
    }
    if (event) r.notes.push('Taken and returned are read from the settled counts (a drop is a removal, a rise a return)');
  }
  if (event !== 'taken' && event !== 'returned') {
    const mq = new MemoryQueries(memory);
    const type = event === 'line_cross' || event === 'zone_enter' || event === 'zone_exit' || event === 'loud_sound' ? event : event === undefined ? undefined : null;
    if (type === null) {
      if (event === 'speech') for (const s of mq.transcripts(w)) if (r.cams.includes(s.camera)) out.push({ camera: s.camera, ts: s.start, kind: 'speech', text: s.text });
    } else {
      const labels: (string | undefined)[] = q.subject.classes.length > 0 && type !== 'loud_sound' ? q.subject.classes : [undefined];
      for (const cam of r.cams) {
        for (const label of labels) {
          const evs = mq.events(w, { camera: cam, ...(type ? { type } : {}), ...(label ? { label } : {}), ...(q.place.line ? { line: q.place.line } : {}), ...(q.place.zone ? { zone: q.place.zone } : {}), ...(q.place.direction ? { direction: q.place.direction } : {}) });
          for (const e of evs) {
            if (e.type === 'count_change' || e.type === 'appear' || e.type === 'disappear') continue;
            if (q.subject.look && (!e.objectId || objectLooks(memory, e.objectId, q.subject.look) !== true)) continue;
            out.push({ camera: e.camera, ts: e.ts, kind: e.type, ...(e.label ? { label: e.label } : {}), ...(e.line ? { line: e.line } : {}), ...(e.zone ? { zone: e.zone } : {}), ...(e.direction ? { direction: e.direction } : {}), ...(e.objectId ? { objectId: e.objectId } : {}) });
          }
        }
      }
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** The note beside a count of identities: how many visits they were drawn from. */
function identityNote(ids: number, visits: number): string {
  return `Estimated by re-identification (appearance across visits): ${ids} identit${ids === 1 ? 'y' : 'ies'} from ${visits} visit${visits === 1 ? '' : 's'}`;
}

/**
 * Counts from index keys alone, without listing visits: arrivals (or the identities of the visits)
 * of named classes at cameras. Null when the question needs the visits themselves (a zone, a
 * length condition, an index still being built). Evidence: the first arrivals.
 */

function fastCount(r: Run, m: Extract<Measure, { measure: 'count' }>): QueryValue | null {
  const { q } = r;
  const classes = q.subject.classes;
  if (q.place.zone || q.subject.look || q.subject.visits || m.where || classes.length === 0 || (m.of !== 'visits' && m.of !== 'identities')) return null;
  const mq = new MemoryQueries(r.memory);
  const w = { from: q.time.from, to: q.time.to };
  let n = 0;
  let drawn = 0;
  for (const camera of r.cams) {
    for (const label of classes) {
      // identities: drawn from the visits overlapping the window (as `visitsIn` reads them, half a frame wider)
      const k = m.of === 'identities' ? mq.countIdentities({ from: w.from - HALF_FRAME_MS, to: w.to + HALF_FRAME_MS }, { label, camera }) : mq.countArrivals(w, { label, camera });
      if (k === null) return null;
      n += typeof k === 'number' ? k : k.ids;
      drawn += typeof k === 'number' ? k : k.visits;
    }
  }
  if (m.of === 'identities') r.notes.push(identityNote(n, drawn));
  const firsts = mq.cameraVisits({ from: w.from, to: Math.min(w.to, w.from + 600_000) }, r.cams.length === 1 ? { camera: r.cams[0] as string, label: classes[0] as string } : { label: classes[0] as string });
  if (m.of === 'visits') {
    const early = earlyVisits(r, mq, w, classes).filter(alreadyThere(r)).length;
    if (early > 0) r.notes.push(alreadyNote(early));
    n -= early;
  }
  r.evidence.push(...visitEvidence((firsts ?? []).filter((v) => v.start >= w.from && r.cams.includes(v.camera))));
  return { kind: 'number', n, unit: 'count' };
}

/** The visits of the classes that began in the window within `ALREADY_MS` of a coverage start of their camera. */
function earlyVisits(r: Run, mq: MemoryQueries, w: { from: number; to: number }, classes: readonly string[]): { camera: string; start: number }[] {
  const out: { camera: string; start: number }[] = [];
  for (const camera of r.cams) {
    for (const c of r.memory.coverage(camera)) {
      if (c.start + ALREADY_MS < w.from || c.start >= w.to) continue;
      for (const label of classes) out.push(...(mq.cameraVisits({ from: c.start, to: c.start + ALREADY_MS }, { camera, label }) ?? []).filter((v) => v.start >= Math.max(w.from, c.start) && v.start < w.to));
    }
  }
  return out;
}

/** Counts (or lists) visits, departures, identities or events. */
export function runCount(r: Run, m: Extract<Measure, { measure: 'count' }>, all: AllVisits, asList = false): QueryValue {
  const { q } = r;
  const from = q.time.from;
  const to = q.time.to;
  if (m.of === 'events') {
    const evs = eventsOf(r, m.event, m.items);
    r.evidence.push(...momentEvidence(evs));
    if (asList) return { kind: 'list', items: evs, total: evs.length };
    if (m.distinct) return { kind: 'number', n: new Set(evs.map((e) => e.objectId ?? `${e.camera}:${e.ts}`)).size, unit: 'count' };
    if (m.moments) return { kind: 'number', n: evs.length, unit: 'count' };
    return { kind: 'number', n: evs.reduce((a, e) => a + (e.n ?? 1), 0), unit: 'count' };
  }
  const fast = fastCount(r, m);
  if (fast !== null) return fast;
  let vs = all(from, to);
  if (m.of === 'visits') {
    vs = vs.filter((v) => v.start >= from && v.start < to);
    const already = alreadyThere(r);
    const early = vs.filter(already).length;
    // ("how many stayed longer than 20 s" counts stays, not arrivals: a stay from the first frame is one)
    if (early > 0 && !asList && !m.where) {
      vs = vs.filter((v) => !already(v));
      r.notes.push(alreadyNote(early));
    }
  }
  if (m.of === 'departures') vs = vs.filter((v) => !v.open && v.end >= from && v.end < to && v.end < coverageEnd(r, v.camera) - OPEN_MS);
  const where = m.where;
  if (where) vs = vs.filter((v) => passes((v.end - v.start) / 1000, where.op, where.seconds));
  r.evidence.push(...visitEvidence(vs));
  if (m.of === 'identities') {
    // an identity is drawn from visits: there are never more than the visits that made them
    const ids = new Set(vs.map((v) => v.objectId)).size;
    r.notes.push(identityNote(ids, vs.length));
    return { kind: 'number', n: ids, unit: 'count' };
  }
  return { kind: 'number', n: vs.length, unit: 'count' };
}

/**
 * Whether counts at once are taken at one camera at a time: the place has several cameras and the
 * question did not ask across them ("the most people together" is in one room, not a sum of rooms).
 */
export function perPlace(r: Run): boolean {
  return r.cams.length > 1 && r.q.place.across !== true;
}

/** Whether a count condition says several together ("two or more", "more than one"): held at one camera when counted per place. */
export function together(c: CountCondition): boolean {
  return 'n' in c && ((c.op === 'ge' || c.op === 'eq') && c.n >= 2 || (c.op === 'gt' && c.n >= 1));
}

/** How a condition combines the cameras' counts: the most at one camera for "together", else their sum. */
export function combineFor(r: Run, c: CountCondition): 'sum' | 'max' {
  if (!perPlace(r) || !together(c)) return 'sum';
  const note = 'Together means at one camera at a time (ask "across all cameras" to add them up)';
  if (!r.notes.includes(note)) r.notes.push(note);
  return 'max';
}

/**
 * The settled count over the cameras, summed (or the most at any one camera, `max`): `[start, end,
 * count]` pieces of the window (a sweep over every camera's pieces).
 */
export function summed(r: Run, from: number, to: number, combine: 'sum' | 'max' = 'sum'): [number, number, number][] {
  const per = r.cams.map((cam) => pieces(timeline(r.memory, cam, r.q.subject, r.q.place, from, to), from, to));
  if (per.length === 1) return per[0] as [number, number, number][];
  const cuts = [...new Set(per.flatMap((p) => p.flatMap(([s, e]) => [s, e])))].sort((a, b) => a - b);
  const at = per.map(() => 0);
  const out: [number, number, number][] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const s = cuts[i] as number;
    const e = cuts[i + 1] as number;
    let n = 0;
    let any = false;
    for (let c = 0; c < per.length; c++) {
      const p = per[c] as [number, number, number][];
      let j = at[c] as number;
      while (j < p.length && (p[j] as [number, number, number])[1] <= s) j++;
      at[c] = j;
      const hit = p[j];
      if (hit && hit[0] <= s && hit[1] >= e) {
        n = combine === 'max' ? Math.max(n, hit[2]) : n + hit[2];
        any = true;
      }
    }
    if (any) out.push([s, e, n]);
  }
  return out;
}

/**
 * The count on average over `[start, end, count]` pieces, each weighted by how long it held (two
 * decimals), or none when no count was settled.
 */
export function meanCount(pieces: readonly [number, number, number][], notes: string[]): QueryValue {
  const span = pieces.reduce((a, [s, e]) => a + (e - s), 0);
  if (span <= 0) return { kind: 'none', why: 'no settled count in that time' };
  const mean = pieces.reduce((a, [s, e, n]) => a + n * (e - s), 0) / span;
  notes.push(`Averaged over ${Math.round(span / 100) / 10} s of settled counts, each count weighted by how long it held`);
  return { kind: 'number', n: Math.round(mean * 100) / 100, unit: 'count' };
}

/**
 * One stretch of a condition by `episode` (`current` is the last; the caller checks it reaches the
 * end), the `rank`-th longest or shortest (1 by default; ties in time order), or undefined when there is none.
 */
export function pickStretch(st: readonly [number, number][], episode: 'first' | 'last' | 'current' | 'longest' | 'shortest' | 'only', rank = 1): [number, number] | undefined {
  if (episode === 'only') return st.length === 1 ? st[0] : undefined;
  if (episode === 'first') return st[0];
  if (episode === 'last' || episode === 'current') return st[st.length - 1];
  const len = ([s, e]: [number, number]): number => e - s;
  const sorted = [...st].sort((a, b) => (episode === 'longest' ? len(b) - len(a) : len(a) - len(b)) || a[0] - b[0]);
  return sorted[rank - 1];
}

/** The stretches whose length passes `lasting` (all of them without it). */
export function stretchesLasting(st: readonly [number, number][], lasting: DurationCondition | undefined): [number, number][] {
  return lasting ? st.filter(([s, e]) => passes((e - s) / 1000, lasting.op, lasting.seconds)) : [...st];
}

/** The usual count of the place, summed over its cameras. */
export function usual(r: Run): number {
  let n = 0;
  for (const cam of r.cams) {
    const cov = r.memory.coverage(cam);
    const from = Math.min(...cov.map((c) => c.start));
    const to = Math.max(...cov.map((c) => c.end));
    n += usualCount(timeline(r.memory, cam, r.q.subject, r.q.place, from, to + 1)) ?? 0;
  }
  return n;
}

/** The count a lowest or highest condition means: the fewest or most in the pieces; undefined for another condition or no pieces. */
export function extremeOf(pieces: readonly (readonly [number, number, number])[], c: CountCondition): number | undefined {
  if ((c.op !== 'lowest' && c.op !== 'highest') || pieces.length === 0) return undefined;
  const ns = pieces.map((p) => p[2]);
  return c.op === 'lowest' ? Math.min(...ns) : Math.max(...ns);
}

/**
 * The count a condition is measured against: the usual count (full, missing), the fewest or most
 * in the window's pieces (lowest, highest; `window` gives them, read once by the caller), else 0.
 */
export function reference(r: Run, c: CountCondition, window: () => readonly (readonly [number, number, number])[]): number {
  if (c.op === 'full' || c.op === 'missing') return usual(r);
  return extremeOf(window(), c) ?? 0;
}

/** Whether a count passes a condition (`u`: the count of {@link reference}). */
export function holds(n: number, c: CountCondition, u: number): boolean {
  if (c.op === 'full' || c.op === 'highest') return n >= u;
  if (c.op === 'missing') return n < u;
  if (c.op === 'lowest') return n <= u;
  return 'n' in c ? passes(n, c.op, c.n) : false;
}

/** Whether a count condition held (at an instant, at some moment, or all the time), or for how long. */
export function runCondition(r: Run, c: CountCondition, allTime: boolean, duration = false): QueryValue {
  const { q } = r;
  let pieces: [number, number, number][] | undefined;
  const whole = (): [number, number, number][] => (pieces ??= summed(r, q.time.from, q.time.to, combineFor(r, c)));
  const u = reference(r, c, whole);
  if (c.op === 'full' || c.op === 'missing') r.notes.push(`The usual count is ${u}, the settled count held for the most time`);
  if (c.op === 'lowest' || c.op === 'highest') r.notes.push(`The ${c.op === 'lowest' ? 'fewest' : 'most'} there were then: ${u}`);
  if (q.time.at !== undefined && !duration) {
    const t = q.time.at;
    const p = summed(r, t, t + 1, combineFor(r, c));
    const n = p[0]?.[2];
    if (n === undefined) return { kind: 'none', why: 'no settled count at that moment' };
    r.evidence.push(...momentEvidence(r.cams.map((camera) => ({ camera, ts: t }))));
    r.notes.push(`There ${n === 1 ? 'was' : 'were'} ${n} then`);
    return { kind: 'boolean', b: holds(n, c, u) };
  }
  const p = whole();
  if (p.length === 0) return { kind: 'none', why: 'no settled count in that time' };
  const ok = p.filter(([, , n]) => holds(n, c, u));
  r.evidence.push(...momentEvidence(ok.slice(0, 10).map(([s]) => ({ camera: r.cams[0] as string, ts: s }))));
  if (duration) return { kind: 'number', n: ok.reduce((a, [s, e]) => a + (e - s), 0) / 1000, unit: 'seconds' };
  return { kind: 'boolean', b: allTime ? ok.length === p.length : ok.length > 0 };
}

/**
 * The events of the window, read over a growing stretch at its start (the first) or its end (the
 * last) until one is found: the first or last of a day is found without reading the whole day.
 */
function firstOrLast<T>(r: Run, p: Pick, read: () => T[]): T[] {
  const { time } = r.q;
  if (p.by !== 'nth' || (p.n !== 1 && p.n !== -1)) return read();
  const whole = { ...time };
  for (let d = 60_000; d < whole.to - whole.from; d *= 4) {
    r.q.time = p.n === 1 ? { ...whole, to: whole.from + d } : { ...whole, from: whole.to - d };
    const xs = read();
    if (xs.length > 0) {
      r.q.time = whole;
      return xs;
    }
  }
  r.q.time = whole;
  return read();
}

/** Picks one moment of a sorted list. */
function pickMoment<T extends { ts: number }>(xs: readonly T[], p: Pick): T | undefined {
  if (p.by === 'nth') return p.n > 0 ? xs[p.n - 1] : xs[xs.length + p.n];
  return p.by === 'after' ? xs.find((x) => x.ts > p.t) : [...xs].reverse().find((x) => x.ts < p.t);
}

/**
 * Picks one event as `pickMoment` does, counting items: several things moved at once are that many
 * (the third bottle taken is in the second lift when two went together), as "how many were taken"
 * counts them. When that differs from counting moments, a note says how it was counted.
 */
function pickItem(r: Run, evs: readonly EventFact[], p: Pick): EventFact | undefined {
  const byMoment = pickMoment(evs, p);
  if (p.by !== 'nth' || !evs.some((e) => (e.n ?? 1) > 1)) return byMoment;
  const items = evs.flatMap((e) => Array.from({ length: Math.max(1, e.n ?? 1) }, () => e));
  const byItem = p.n > 0 ? items[p.n - 1] : items[items.length + p.n];
  if (byItem !== byMoment) {
    const together = evs.filter((e) => (e.n ?? 1) > 1).map((e) => `${e.n ?? 1} at ${new Date(e.ts).toISOString()}`);
    r.notes.push(`Counted by items, several moved at once counting as several (${together.join(', ')}); counted by moments it would be ${byMoment ? new Date(byMoment.ts).toISOString() : 'none'}`);
  }
  return byItem;
}

/** The spans of the window's end a first or last visit is looked for in before the whole window is read. */
const END_SPANS_MS = [600_000, 7_200_000];

/**
 * "The last person seen", "the first arrival": the pick read from the end of the window that holds
 * it (the last 10 minutes, then 2 hours), not from every visit of the window. Exact: a visit whose
 * arrival (or departure, by that order) falls in that end overlaps it, so the read holds every
 * visit that could be picked before it. Undefined when it cannot tell (then the window is read).
 */
function pickAtEnd(r: Run, ref: VisitRef, all: AllVisits): VisitFact | undefined {
  if (ref.by !== 'nth' || (ref.n !== 1 && ref.n !== -1) || ref.where) return undefined;
  const { from } = r.q.time;
  const to = Math.min(r.q.time.to, r.now !== undefined ? r.now + 1 : Infinity);
  for (const span of END_SPANS_MS) {
    if (to - from <= span * 2) return undefined;
    const cut = ref.n === -1 ? to - span : from + span;
    const sub = ref.n === -1 ? all(cut, r.q.time.to) : all(from, cut);
    const v = pickVisit(inWindowFor(sub, ref, r.q.time), ref, all);
    if (!v) continue;
    const at = ref.order === 'departure' || ref.order === 'sighting' ? v.end : v.start;
    if (ref.n === -1 ? at >= cut : at < cut) return v;
  }
  return undefined;
}

/** The time of an arrival, departure, event or condition start. */
export function runWhen(r: Run, m: Extract<Measure, { measure: 'when' }>, all: AllVisits): QueryValue {
  const { q } = r;
  const o = m.of;
  if (o.kind === 'arrival' || o.kind === 'departure') {
    let read: VisitFact[] | undefined;
    const vs = (): VisitFact[] => (read ??= all(q.time.from, q.time.to));
    const pick = (ref: VisitRef): VisitFact | undefined => pickAtEnd(r, ref, all) ?? pickVisit(inWindowFor(vs(), ref, q.time), ref, all);
    let v = pick(o.visit);
    if (!v) return noSuchVisit(r, vs(), o.visit);
    // "when did the last person leave" while the latest visitor is still there: the latest departure
    if (o.kind === 'departure' && v.open && o.visit.by === 'nth' && o.visit.n === -1 && o.visit.order !== 'departure') {
      const byDeparture: VisitRef = { ...o.visit, order: 'departure' };
      const left = pick(byDeparture);
      if (!left) return { kind: 'none', why: `nobody has left yet in that time: ${whoseVisit(v)} is still there (${Math.round((v.end - v.start) / 1000)} s so far)` };
      r.notes.push(`${whoseVisit(v)} is still there; the last to leave was ${whoseVisit(left)}`);
      v = left;
    }
    r.evidence.push(...visitEvidence([v]));
    // a visit in progress (live), or one that reached the end of a recording
    const open = v.open === true || v.end >= coverageEnd(r, v.camera) - OPEN_MS;
    const where = v.open ? 'now' : 'when the recording ended';
    // "when was the last person seen": a sighting, even if they were still there
    if (o.kind === 'departure' && open && !(o.visit.by === 'nth' && (o.visit.order === 'departure' || o.visit.order === 'sighting'))) return { kind: 'none', why: `${whoseVisit(v)} is still there ${where} (${Math.round((v.end - v.start) / 1000)} s so far)`.replace('is still there when', 'was still there when') };
    if (o.kind === 'departure' && open) r.notes.push(`${whoseVisit(v)} was still in view ${where}`);
    if (v.cut) r.notes.push(cutNote(v));
    return { kind: 'time', t: o.kind === 'arrival' ? v.start : v.end };
  }
  if (o.kind === 'event') {
    const evs = firstOrLast(r, o.pick, () => eventsOf(r, o.event, o.items));
    // "the second time a bottle was taken": the second moment; "the second bottle taken": the second item
    const e = o.moments ? pickMoment(evs, o.pick) : pickItem(r, evs, o.pick);
    if (!e) return { kind: 'none', why: `there is no such event (${evs.length} in that time)` };
    r.evidence.push(...momentEvidence([e]));
    if (evs.length > 1) r.notes.push(`${evs.length} in all`);
    return { kind: 'time', t: e.ts };
  }
  if (o.kind !== 'condition') return { kind: 'none', why: 'unknown moment' };
  if (o.stretch) return stretchEdgeTime(r, o.cond, o.stretch);
  const starts = o.lasting ? lastingStarts(r, o.cond, o.lasting, o.change) : conditionStarts(r, o.cond, o.change);
  const s = pickMoment(starts, o.pick);
  if (!s) return { kind: 'none', why: 'the condition never began in that time' };
  r.evidence.push(...momentEvidence([s]));
  return { kind: 'time', t: s.ts };
}

/**
 * One end of one stretch of a state ("when did the longest empty stretch end?"). A stretch cut by
 * the window (already so at its start, still so at its end) has no such end in it: none.
 */
function stretchEdgeTime(r: Run, cond: CountCondition, e: StretchEdge): QueryValue {
  const st = conditionStretches(r, cond);
  const one = pickStretch(st, e.episode, e.rank);
  if (!one) return { kind: 'none', why: 'it never happened in that time' };
  r.evidence.push(...momentEvidence([{ camera: r.cams[0] as string, ts: one[0] }]));
  r.notes.push(`The stretch ran from ${new Date(one[0]).toISOString()} to ${new Date(one[1]).toISOString()}`);
  if (e.side === 'start' && one[0] <= r.q.time.from) return { kind: 'none', why: 'that stretch was already going on when that time began, so its start is not in it' };
  const end = Math.max(...r.cams.map((cam) => coverageEnd(r, cam)));
  if (e.side === 'end' && (one[1] >= r.q.time.to - 1000 || one[1] >= end - 1000)) return { kind: 'none', why: 'that stretch was still going on at the end of that time' };
  return { kind: 'time', t: e.side === 'start' ? one[0] : one[1] };
}

/**
 * The starts of the stretches of a condition that last as `lasting` says ("went quiet for over a
 * minute"); with `change`, a stretch the window began in is no change into it.
 */
function lastingStarts(r: Run, cond: CountCondition, lasting: DurationCondition, change?: 'drop' | 'rise' | 'any'): { ts: number; camera: string }[] {
  const st = stretchesLasting(conditionStretches(r, cond), lasting).filter(([s]) => !change || s > r.q.time.from);
  return st.map(([s]) => ({ ts: s, camera: r.cams[0] as string }));
}

/**
 * The moments a count condition began in the window. With `change`, the state the window began
 * in is no change into the condition; a `drop` comes from a higher count, a `rise` from a lower one.
 */
export function conditionStarts(r: Run, cond: CountCondition, change?: 'drop' | 'rise' | 'any'): { ts: number; camera: string }[] {
  const { q } = r;
  const pieces = summed(r, q.time.from, q.time.to, combineFor(r, cond));
  const u = reference(r, cond, () => pieces);
  const starts: { ts: number; camera: string }[] = [];
  let prev = false;
  let prevN: number | undefined;
  for (const [s, , n] of pieces) {
    const h = holds(n, cond, u);
    const changed = !change || (prevN !== undefined && (change === 'drop' ? prevN > n : change === 'rise' ? prevN < n : prevN !== n));
    if (h && !prev && changed) starts.push({ ts: s, camera: r.cams[0] as string });
    prev = h;
    prevN = n;
  }
  return starts;
}

/** The stretches of the window during which a count condition held, `[start, end)` in ms. */
export function conditionStretches(r: Run, cond: CountCondition): [number, number][] {
  const pieces = summed(r, r.q.time.from, r.q.time.to, combineFor(r, cond));
  const u = reference(r, cond, () => pieces);
  const out: [number, number][] = [];
  for (const [s, e, n] of pieces) {
    if (!holds(n, cond, u)) continue;
    const last = out[out.length - 1];
    if (last && last[1] >= s) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  if (!isGap(cond)) return out;
  // a gap between visits: not the stretch before the first change, nor the one still going on at the end
  const first = pieces[0];
  const end = pieces[pieces.length - 1];
  return out.filter(([s, e]) => (first === undefined || s > first[0]) && (end === undefined || e < end[1]));
}
