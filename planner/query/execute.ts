/**
 * The one executor: runs a query of the question language over the memory's typed queries and
 * returns a typed value, evidence and coverage. The offline parser and the model planners' `query`
 * tool both end here, so every number comes from this code.
 */
import { summariseCoverage } from '../../memory/coverage.js';
import type { MemoryStore } from '../../memory/store.js';
import { PlannerError } from '../errors.js';
import { conditionStarts, conditionStretches, cutNote, meanCount, perPlace, pickStretch, runCondition, runCount, runWhen, stretchesLasting, summed } from './execute-measures.js';
import { stretchCount, stretchTotal } from './execute-stretch.js';
import { runCompare } from './execute-compare.js';
import { runElapsed } from './execute-elapsed.js';
import { HALF_FRAME_MS, timeline, usualCount, valueAt, visitsIn } from './facts.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { Executed } from './render.js';
import { Query, type QueryValue, type VisitFact } from './schema.js';
import { keptWindow } from './kept.js';
import { lookCheck } from './execute-look.js';
import { clockStepNotes } from './clock-notes.js';
import { asOf, inWindowFor, momentEvidence, passes, pickVisit, visitEvidence, visitTimeHolds, type Run } from './execute-common.js';

/** How far a camera's newest frame may trail the question's "now" and still be read as its present. */
const CAMERA_LAG_MS = 10_000;

/** Options of `executeQuery`. */
export interface ExecuteOptions {
  now: number;
  timeZone: string;
}

/**
 * Runs a query over the memory.
 * @throws PlannerError (PLANNER_BAD_QUERY) when the query does not fit the schema
 */
export function executeQuery(input: unknown, memory: MemoryStore, opts: ExecuteOptions): Executed {
  const parsed = Query.safeParse(input);
  if (!parsed.success) throw new PlannerError('TOOL_BAD_INPUT', `bad query: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const q = parsed.data;
  const stored = memory.cameras();
  const unknown = q.place.cameras.filter((c) => !stored.includes(c));
  let cams = q.place.cameras.length > 0 ? q.place.cameras.filter((c) => stored.includes(c)) : stored;
  // a zone named without its camera is at the cameras that have it: no other camera is read or shown
  if (q.place.zone && q.place.cameras.length === 0) {
    const withZone = new MemoryQueries(memory).camerasWithZone(q.place.zone, cams);
    if (withZone.length > 0) cams = withZone;
  }
  // a camera whose newest frame trails "now" by a few seconds is asked at its own present
  const present = Math.max(-Infinity, ...cams.map((c) => new MemoryQueries(memory).presentOf(c)));
  if (q.time.at !== undefined && q.time.at >= opts.now - 1 && q.time.at > present && q.time.at - present <= CAMERA_LAG_MS) q.time = { ...q.time, at: present };
  const from = q.time.from;
  const to = q.time.at !== undefined ? q.time.at + 1 : q.time.to;
  const ranges = cams.flatMap((c) => memory.coverage(c));
  const win = q.time.at !== undefined ? { from: q.time.at - 2000, to: q.time.at + 1 } : { from, to };
  let coverage = summariseCoverage(ranges, win);
  const run: Run = { q, memory, cams, evidence: [], notes: [], now: opts.now };
  if (unknown.length > 0) return { value: { kind: 'none', why: `no camera called ${unknown.join(', ')} in the memory` }, evidence: [], coverage, notes: [] };
  if (!coverage.from || !coverage.to || to <= from) return { value: { kind: 'none', why: 'nothing was recorded then' }, evidence: [], coverage, notes: [] };
  // coverage is kept longer than frames, objects and events: what retention deleted is no longer kept, not "none"
  const kept = keptWindow(q, memory.keptSince(), { from, to }, { from: Date.parse(coverage.from), to: Date.parse(coverage.to) });
  if (kept.kind !== 'kept') coverage = summariseCoverage(ranges, { from: Math.max(win.from, kept.from), to: win.to });
  if (kept.kind === 'gone') return { value: kept.value, evidence: [], coverage, notes: [] };
  if (kept.kind === 'partly') run.notes.push(kept.note);
  run.notes.push(...clockStepNotes(memory.clockSteps(win.from, win.to)));
  if (coverage.gaps.length > 0) run.notes.push(`Nothing was recorded on ${coverage.gaps.map((g) => `${g.camera} from ${g.start} to ${g.end}`).join(', ')}`);
  // "the person in the black top": refused when some visits of that time cannot be judged by colour
  const unjudged = lookCheck(run);
  if (unjudged) return { value: unjudged, evidence: [], coverage, notes: run.notes };
  // two windows compared: the same measure over each
  if (q.measure.measure === 'compare') return runCompare(q, q.measure, (x) => executeQuery(x, memory, opts), coverage);
  const value = measure(run);
  return { value, evidence: run.evidence, coverage, notes: run.notes };
}

function measure(r: Run): QueryValue {
  const { q, memory } = r;
  const m = q.measure;
  const all = (from: number, to: number): VisitFact[] => asOf(visitsIn(memory, q.subject, { ...q.place, cameras: r.cams }, from, to), r.now);
  switch (m.measure) {
    case 'count':
      return runCount(r, m, all);
    case 'countAt':
    case 'missing': {
      const t = q.time.at ?? q.time.to - 1;
      let n = 0;
      let usual = 0;
      for (const cam of r.cams) {
        const tl = timeline(memory, cam, q.subject, q.place, t, t + 1);
        const v = valueAt(tl, t);
        if (v === null) continue;
        n += v;
        if (m.measure === 'missing') usual += usualCount(timeline(memory, cam, q.subject, q.place, q.time.from, Math.max(q.time.to, t + 1))) ?? v;
      }
      r.evidence.push(...momentEvidence(r.cams.map((camera) => ({ camera, ts: t }))));
      if (m.measure === 'missing') {
        r.notes.push(`The usual count is ${usual}, the settled count held for the most time`);
        return { kind: 'number', n: Math.max(0, usual - n), unit: 'count' };
      }
      return { kind: 'number', n, unit: 'count' };
    }
    case 'extreme': {
      if (m.which === 'avg') return meanCount(summed(r, q.time.from, q.time.to), r.notes);
      // "the most at once" is at one camera unless the question asks across them; the fewest and the sum "across" add the cameras
      if (m.which === 'max' && perPlace(r)) return mostAtOneCamera(r);
      let best: { n: number; at: number } | null = null;
      for (const [s, , n] of summed(r, q.time.from, q.time.to)) {
        if (!best || (m.which === 'max' ? n > best.n : n < best.n)) best = { n, at: s };
      }
      if (!best) return { kind: 'none', why: 'no settled count in that time' };
      const at = best.at;
      r.evidence.push(...momentEvidence(r.cams.map((camera) => ({ camera, ts: at }))));
      if (r.cams.length > 1) r.notes.push(`Added up over ${r.cams.join(', ')}`);
      return { kind: 'number', n: best.n, unit: 'count' };
    }
    case 'whether':
      if (m.test.kind === 'count' && m.test.lasting) {
        const w = m.test.lasting;
        const st = conditionStretches(r, m.test.cond).filter(([s, e]) => passes((e - s) / 1000, w.op, w.seconds));
        r.evidence.push(...momentEvidence(st.slice(0, 10).map(([s]) => ({ camera: r.cams[0] as string, ts: s }))));
        if (st[0]) r.notes.push(`From ${new Date(st[0][0]).toISOString()} to ${new Date(st[0][1]).toISOString()}${st.length > 1 ? ` and ${st.length - 1} more` : ''}`);
        return { kind: 'boolean', b: st.length > 0 };
      }
      if (m.test.kind === 'count') return runCondition(r, m.test.cond, m.test.all === true);
      if (m.test.kind === 'events') {
        const [a, b] = [m.test.a, m.test.b].map((event) => runCount(r, { measure: 'count', of: 'events', event }, all));
        if (a?.kind !== 'number' || b?.kind !== 'number') return { kind: 'none', why: 'the events could not be counted' };
        r.notes.splice(0, r.notes.length, ...new Set(r.notes));
        r.notes.push(`${a.n} ${m.test.a}, ${b.n} ${m.test.b}`);
        return { kind: 'boolean', b: passes(a.n, m.test.op, b.n) };
      }
      if (m.test.kind === 'visitTime') {
        const { visit: ref, moment, side, t } = m.test;
        const vs = all(q.time.from, q.time.to);
        const v = pickVisit(inWindowFor(vs, ref, q.time), ref, all);
        if (!v) return { kind: 'none', why: `there is no such visit (${vs.length} visit${vs.length === 1 ? '' : 's'} in that time)` };
        r.evidence.push(...visitEvidence([v]));
        r.notes.push(`It lasted from ${new Date(v.start).toISOString()} to ${new Date(v.end).toISOString()}`);
        return { kind: 'boolean', b: visitTimeHolds(v, moment, side, t) };
      }
      if (m.test.kind === 'length') {
        const { visit: ref, where } = m.test;
        const vs = all(q.time.from, q.time.to);
        const v = pickVisit(inWindowFor(vs, ref, q.time), ref, all);
        if (!v) return { kind: 'none', why: `there is no such visit (${vs.length} visit${vs.length === 1 ? '' : 's'} in that time)` };
        r.evidence.push(...visitEvidence([v]));
        const d = (v.end - v.start) / 1000;
        r.notes.push(`It lasted ${Math.round(d * 10) / 10} s`);
        return { kind: 'boolean', b: passes(d, where.op, where.seconds) };
      }
      if (m.test.kind === 'compare') {
        const vs = all(q.time.from, q.time.to);
        const [a, b] = [m.test.a, m.test.b].map((ref) => pickVisit(inWindowFor(vs, ref, q.time), ref, all));
        if (!a || !b) return { kind: 'none', why: `there is no such visit (${vs.length} visit${vs.length === 1 ? '' : 's'} in that time)` };
        r.evidence.push(...visitEvidence([a, b]));
        const [da, db] = [(a.end - a.start) / 1000, (b.end - b.start) / 1000];
        r.notes.push(`The one lasted ${Math.round(da * 10) / 10} s, the other ${Math.round(db * 10) / 10} s`);
        return { kind: 'boolean', b: passes(da, m.test.op, db) };
      }
      if (m.test.kind === 'visit') {
        const where = m.test.where;
        const count = m.test.count;
        const moment = m.test.moment ?? (count ? 'arrival' : undefined);
        const inWindow = (t: number): boolean => t >= q.time.from && t < q.time.to;
        const vs = all(q.time.from, q.time.to).filter((v) => (!where || passes((v.end - v.start) / 1000, where.op, where.seconds)) && (moment !== 'arrival' || inWindow(v.start)) && (moment !== 'departure' || inWindow(v.end)));
        r.evidence.push(...visitEvidence(vs));
        if (count) r.notes.push(`${vs.length} arrival${vs.length === 1 ? '' : 's'}`);
        return { kind: 'boolean', b: count ? passes(vs.length, count.op, count.n) : vs.length > 0 };
      }
    {
      const c = runCount(r, { measure: 'count', of: 'events', event: m.test.event }, all);
      return { kind: 'boolean', b: c.kind === 'number' && c.n > 0 };
    }
    case 'when':
      return runWhen(r, m, all);
    case 'duration': {
      const o = m.of;
      if (o.kind === 'condition') {
        if (!o.episode && !o.lasting) return runCondition(r, o.cond, false, true);
        const st = stretchesLasting(conditionStretches(r, o.cond), o.lasting);
        if (!o.episode) return stretchTotal(r, st);
        const one = pickStretch(st, o.episode, o.rank);
        // the stretch going on now must reach the end of the window (the end of the recording)
        if (!one || (o.episode === 'current' && one[1] < q.time.to - 1000 && one[1] < coverageEndOf(r))) {
          return o.episode === 'current' ? { kind: 'none', why: 'it is not so at the end of that time' } : { kind: 'none', why: 'it never happened in that time' };
        }
        r.evidence.push(...momentEvidence([{ camera: r.cams[0] as string, ts: one[0] }]));
        r.notes.push(`From ${new Date(one[0]).toISOString()} to ${new Date(one[1]).toISOString()}`);
        return { kind: 'number', n: Math.round((one[1] - one[0]) / 100) / 10, unit: 'seconds' };
      }
      const vs = all(q.time.from, q.time.to);
      if (o.kind === 'visit') {
        const v = pickVisit(inWindowFor(vs, o.visit, q.time), o.visit, all);
        if (!v) return { kind: 'none', why: `there is no such visit (${vs.length} visit${vs.length === 1 ? '' : 's'} in that time)` };
        r.evidence.push(...visitEvidence([v]));
        if (v.open) r.notes.push(`${v.objectId} is still there: that is the length so far`);
        if (v.cut) r.notes.push(cutNote(v));
        return { kind: 'number', n: (v.end - v.start) / 1000, unit: 'seconds' };
      }
      if (o.nths) return visitSetLength(r, vs, o.nths, o.agg);
      const stats = visitStats(r);
      if (stats) {
        if (stats.n === 0) return { kind: 'none', why: 'no visit began in that time' };
        r.notes.push(`Over the ${stats.n} visit${stats.n === 1 ? '' : 's'} that began then${inProgress(stats.open, o.agg)}`);
        if (o.agg === 'min' && stats.min === Infinity) return { kind: 'none', why: 'no visit that began then has ended yet' };
        const ms = o.agg === 'avg' ? stats.total / stats.n : o.agg === 'total' ? stats.total : o.agg === 'max' ? stats.max : stats.min;
        return { kind: 'number', n: ms / 1000, unit: 'seconds' };
      }
      // the visits that began in the window, whole
      const began = vs.filter((v) => v.start >= q.time.from && v.start < q.time.to);
      if (began.length === 0) return { kind: 'none', why: 'no visit began in that time' };
      const ds = began.map((v) => (v.end - v.start) / 1000);
      r.evidence.push(...visitEvidence(began));
      const n = o.agg === 'avg' ? ds.reduce((a, b) => a + b, 0) / ds.length : o.agg === 'total' ? ds.reduce((a, b) => a + b, 0) : o.agg === 'max' ? Math.max(...ds) : Math.min(...ds);
      r.notes.push(`Over the ${began.length} visit${began.length === 1 ? '' : 's'} that began then${inProgress(began.filter((v) => v.open).length, o.agg)}`);
      return { kind: 'number', n, unit: 'seconds' };
    }
    case 'elapsed':
      return runElapsed(r, m, all);
    case 'times': {
      if (m.lasting) return stretchCount(r, stretchesLasting(conditionStretches(r, m.cond), m.lasting));
      const starts = conditionStarts(r, m.cond, m.change);
      r.evidence.push(...momentEvidence(starts));
      return { kind: 'number', n: starts.length, unit: 'count' };
    }
    case 'list': {
      if (m.of === 'events') {
        const c = runCount(r, { measure: 'count', of: 'events', ...(m.event ? { event: m.event } : {}) }, all, true);
        return c;
      }
      if (m.of === 'identities') {
        const byObj = new Map<string, { camera: string; objectId: string; label: string; firstSeen: number; lastSeen: number; visits: number }>();
        for (const v of all(q.time.from, q.time.to)) {
          const e = byObj.get(v.objectId);
          if (e) {
            e.visits++;
            e.lastSeen = Math.max(e.lastSeen, v.end);
          } else byObj.set(v.objectId, { camera: v.camera, objectId: v.objectId, label: v.label, firstSeen: v.start, lastSeen: v.end, visits: 1 });
        }
        const items = [...byObj.values()];
        return { kind: 'list', items, total: items.length };
      }
      const vs = all(q.time.from, q.time.to).filter((v) => m.of === 'present' || v.start >= q.time.from);
      r.evidence.push(...visitEvidence(vs));
      return { kind: 'list', items: vs, total: vs.length };
    }
    case 'compare':
      return { kind: 'none', why: 'two periods are compared by the executor, not as one measure' };
    case 'visit': {
      const vs = all(q.time.from, q.time.to);
      const v = pickVisit(inWindowFor(vs, m.visit, q.time), m.visit, all);
      if (!v) return { kind: 'none', why: `there is no such visit (${vs.length} in that time)` };
      r.evidence.push(...visitEvidence([v]));
      return { kind: 'visit', visit: v };
    }
  }
}

/** The most seen at once at any one camera of the place, with that camera and moment as evidence. */
function mostAtOneCamera(r: Run): QueryValue {
  const { q } = r;
  let best: { n: number; at: number; camera: string } | null = null;
  for (const camera of r.cams) {
    for (const [s, , n] of summed({ ...r, cams: [camera] }, q.time.from, q.time.to)) if (!best || n > best.n) best = { n, at: s, camera };
  }
  if (!best) return { kind: 'none', why: 'no settled count in that time' };
  r.evidence.push(...momentEvidence([{ camera: best.camera, ts: best.at }]));
  r.notes.push(`At ${best.camera}: counted at one camera at a time (ask "across all cameras" to add them up)`);
  return { kind: 'number', n: best.n, unit: 'count' };
}

/** The aggregate length of the visits at the places `nths` in the order of arrival in the window (none when one of them does not exist). */
function visitSetLength(r: Run, vs: readonly VisitFact[], nths: readonly number[], agg: 'avg' | 'total' | 'max' | 'min'): QueryValue {
  const { q } = r;
  const began = vs.filter((v) => v.start >= q.time.from && v.start < q.time.to);
  const picked = nths.map((n) => (n > 0 ? began[n - 1] : began[began.length + n]));
  if (picked.some((v) => v === undefined)) return { kind: 'none', why: `there is no such visit (${began.length} visit${began.length === 1 ? '' : 's'} began in that time)` };
  const ds = (picked as VisitFact[]).map((v) => (v.end - v.start) / 1000);
  r.evidence.push(...visitEvidence(picked as VisitFact[]));
  r.notes.push(`The visits lasted ${ds.map((d, i) => `${Math.round(d * 10) / 10} s${(picked[i] as VisitFact).open ? ' so far' : ''}`).join(', ')}`);
  const n = agg === 'avg' ? ds.reduce((a, b) => a + b, 0) / ds.length : agg === 'total' ? ds.reduce((a, b) => a + b, 0) : agg === 'max' ? Math.max(...ds) : Math.min(...ds);
  return { kind: 'number', n, unit: 'seconds' };
}

/** Statistics of the visits that began in the window, from the indexes (null when they cannot answer: no class named, an index being built). */
function visitStats(r: Run): { n: number; total: number; min: number; max: number; open: number } | null {
  const { q } = r;
  if (q.subject.classes.length === 0 || q.subject.look) return null;
  const mq = new MemoryQueries(r.memory);
  const acc = { n: 0, total: 0, min: Infinity, max: -Infinity, open: 0 };
  for (const camera of r.cams) {
    for (const label of q.subject.classes) {
      const s = mq.visitStats({ from: q.time.from, to: q.time.to }, { label, camera, pad: 2 * HALF_FRAME_MS, ...(q.place.zone ? { zone: q.place.zone } : {}) });
      if (!s) return null;
      acc.n += s.n;
      acc.open += s.open;
      acc.total += s.total;
      acc.min = Math.min(acc.min, s.min);
      acc.max = Math.max(acc.max, s.max);
    }
  }
  return acc;
}

/** What an aggregate over visits says of the visits in progress among them (counted with their length so far; never the shortest). */
function inProgress(open: number, agg: 'avg' | 'total' | 'max' | 'min'): string {
  if (open === 0) return '';
  const n = `${open} still in progress`;
  return agg === 'min' ? `, leaving out the ${n}` : `, including the ${n} (their length so far)`;
}

/** The end of the recording over the query's cameras (the latest coverage end). */
function coverageEndOf(r: Run): number {
  let end = -Infinity;
  for (const cam of r.cams) for (const c of r.memory.coverage(cam)) end = Math.max(end, c.end);
  return end;
}
