/**
 * The one executor: runs a query of the question language over the memory's typed queries and
 * returns a typed value, evidence and coverage. The offline parser and the model planners' `query`
 * tool both end here, so every number comes from this code.
 */
import { summariseCoverage } from '../../memory/coverage.js';
import type { MemoryStore } from '../../memory/store.js';
import { PlannerError } from '../errors.js';
import { HALF_FRAME_MS, visitsIn } from './facts.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { Executed } from './executed.js';
import { measureModule } from './measures/index.js';
import { Query, type Found, type QueryValue, type VisitFact } from './schema.js';
import { whenQuery } from './execute-elapsed-looks.js';
import { keptWindow } from './kept.js';
import { lookCheck } from './execute-look.js';
import { vocabulary } from './vocabulary.js';
import { MOVERS } from './lexicon.js';
import { clockStepNotes } from './clock-notes.js';
import { asOf, visitEvidence, type Run } from './execute-common.js';
import { spotCheck } from './execute-spot.js';
import { faintCheck } from './execute-faint.js';

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
  if (q.time.after) return atMoment(q, 'after', q.time.after, memory, opts);
  if (q.time.before) return atMoment(q, 'before', q.time.before, memory, opts);
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
  // "how many cars drove through the yard": crossings are counted at lines; with none, "0" would claim what was never watched
  if (!q.place.line && JSON.stringify(q.measure).includes('"line_cross"') && vocabulary(memory).lines.length === 0) {
    return { value: { kind: 'none', why: `no line is drawn on ${cams.join(', ')}, and crossings are counted at lines; ask how many came instead` }, evidence: [], coverage, notes: run.notes };
  }
  // "the person in the black top": refused when some visits of that time cannot be judged by colour
  const unjudged = lookCheck(run);
  if (unjudged) return { value: unjudged, evidence: [], coverage, notes: run.notes };
  // "all the usual people there": a state of things that stand; people and vehicles come and go (their usual count is none)
  // (a moment said first was read by its own query, above)
  const usualState = /"op":"(?:full|missing)"/.test(JSON.stringify(q.measure));
  if (usualState && q.subject.classes.length > 0 && q.subject.classes.every((l) => MOVERS.has(l))) return { value: { kind: 'none', why: `"all of them there" and "some missing" are states of things that stay (bottles on a shelf); ${q.subject.classes.map((l) => (l === 'person' ? 'people' : `${l}s`)).join(' and ')} come and go, so there is no usual number of them to be full or short of` }, evidence: [], coverage, notes: run.notes };
  // "how many times did the person who came twice cross line A": events are not told by their object's visits
  if (q.subject.visits && JSON.stringify(q.measure).includes('"event"')) return { value: { kind: 'none', why: 'it names people by how many times they came, and events are not kept by their visitors\' visits; ask about the visits' }, evidence: [], coverage, notes: run.notes };
  // "when was the left bottle taken": the count at one place in the picture of one camera
  const spotless = spotCheck(run);
  if (spotless) return { value: spotless, evidence: [], coverage, notes: run.notes };
  // "how many bottles": refused where the detector only ever saw them faintly (a count would be a guess)
  const faint = faintCheck(run);
  if (faint) return { value: faint, evidence: [], coverage, notes: run.notes };
  // "how many times did the man in black come": the visits of one identity, or a refusal when several fit
  const several = q.subject.one ? oneIdentity(run) : undefined;
  if (several) return { value: several, evidence: run.evidence, coverage, notes: run.notes };
  // a measure made of whole queries (two windows compared: the same measure over each)
  const mod = measureModule(q.measure);
  // (undefined: this query runs as one measure after all)
  const whole = mod.runWhole?.(q, q.measure, (x) => executeQuery(x, memory, opts), coverage);
  if (whole) return whole;
  const value = measure(run);
  return { value, evidence: run.evidence, coverage, notes: run.notes };
}

/**
 * A window that begins at a moment ("after the first visitor left, when was it first empty?") or
 * ends at one ("before the first person left, how many had shown up"): the moment found in the
 * window as "when" finds it, then the query over the rest of the window.
 */
function atMoment(q: Query, side: 'after' | 'before', moment: Found, memory: MemoryStore, opts: ExecuteOptions): Executed {
  const window = { from: q.time.from, to: q.time.to };
  // ("after the woman in grey left": the moment is of someone who looks so)
  const found = executeQuery({ ...whenQuery(q, moment), time: window }, memory, opts);
  const counts = side === 'after' ? 'counts from' : 'counts to';
  if (found.value.kind !== 'time') return { ...found, value: { kind: 'none', why: `the moment it ${counts}: ${found.value.kind === 'none' ? found.value.why : 'not found'}` } };
  const t = found.value.t;
  if (side === 'after' ? t >= window.to : t <= window.from) return { ...found, value: { kind: 'none', why: `the moment it ${counts} is at the ${side === 'after' ? 'end' : 'start'} of that time` } };
  // after the moment: a visit that began at it is not after it (arrivals are placed half a frame
  // before the frame that showed them; the index keeps that frame's time); before it: what began at it is not before it
  // (the end of an empty stretch is an arrival's frame: that visit, placed half a frame before it, is the next one)
  const stretchEnd = moment.kind === 'condition' && moment.stretch?.side === 'end';
  const edge = side === 'after' ? { from: t + 1 + (moment.kind === 'arrival' ? HALF_FRAME_MS : stretchEnd ? -HALF_FRAME_MS - 2 : 0) } : { to: t };
  const rest = executeQuery({ ...q, time: { ...window, ...edge, ...(q.time.at !== undefined ? { at: q.time.at } : {}) } }, memory, opts);
  return { ...rest, evidence: [...found.evidence.slice(0, 1), ...rest.evidence], notes: [`${side === 'after' ? 'From' : 'To'} ${new Date(t).toISOString()}, the moment it ${counts}`, ...found.notes, ...rest.notes] };
}

/**
 * "The man in black", "he": the subject's visits in the window must be one identity's (by
 * re-identification); with several, a refusal naming how many fit (never their visits added up).
 */
function oneIdentity(r: Run): QueryValue | undefined {
  const { q, memory } = r;
  // "was the person who came twice in black": the look is what is asked, not who is meant
  const tested = q.measure.measure === 'whether' && q.measure.test.kind === 'look';
  const { look: _tested, ...rest } = q.subject;
  const vs = visitsIn(memory, tested ? rest : q.subject, { ...q.place, cameras: r.cams }, q.time.from, q.time.to);
  const ids = new Set(vs.map((v) => `${v.camera}/${v.objectId}`));
  if (ids.size <= 1) {
    r.notes.push(vs.length === 1 ? 'The one visit that fits is one identity\'s' : `The ${vs.length} visits that fit are one identity's (by re-identification)`);
    return undefined;
  }
  r.evidence.push(...visitEvidence(vs));
  return { kind: 'none', why: `${ids.size} different people fit (by re-identification), not one; ask how many visits there were, or about one visit (the first, the last)` };
}

/** The measure of the run, by its module in the registry. */
function measure(r: Run): QueryValue {
  const { q, memory } = r;
  const all = (from: number, to: number): VisitFact[] => asOf(visitsIn(memory, q.subject, { ...q.place, cameras: r.cams }, from, to), r.now);
  return measureModule(q.measure).execute(r, q.measure, all);
}
