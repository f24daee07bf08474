/**
 * Rules in words without a language model. A rule sentence ("tell me when fewer than 3 bottles
 * are on the bench for more than 2 seconds") is read by the question parser, as the condition of
 * a "when ..." question (or, for a condition that must hold a while, of "how many times ...",
 * which reads holds and stays): the parser's query is then turned into a structured rule. Every
 * word must be used: the parser refuses words it cannot place, the rule glue (rule-phrases.ts)
 * reads only the lead-in, the time of day, a bare hold and a line's in/out, and a reading that
 * no live rule can watch (a past period, "the third person", two classes) is refused by name.
 */
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { parseQuestion } from '../../planner/query/parse.js';
import type { CountCondition, DurationCondition, Query } from '../../planner/query/schema.js';
import type { AlertRule, RuleTrigger } from '../api/wire.js';
import { ruleGeometryProblems } from './engine.js';
import { rulePhrases, splitHold } from './rule-phrases.js';
import { ruleReadAs } from './rule-in-words.js';
import { ruleSchema } from './schema.js';

/** What the reader knows: the cameras with their zones and lines, and the classes detected. */
export interface WordsContext {
  cameras: Record<string, { zones: string[]; lines: string[] }>;
  /** Class labels the detectors can produce (COCO's when omitted). */
  labels?: readonly string[];
  /** The class a place holds most (from the memory), for "the shelf is empty" without a class. */
  dominant?: (camera: string | undefined, zone?: string) => string | undefined;
  timeZone: string;
  /** The clock (tests). */
  now?: number;
}

/** A rule read from words, or why not. */
export type WordsReading = { ok: true; rule: AlertRule; readAs: string } | { ok: false; why: string };

type Step<T> = T | { why: string };
const YEAR_MS = 366 * 86_400_000;

/** A count condition held for a while as a count trigger. */
function countTrigger(c: CountCondition, lasting?: DurationCondition): Step<{ trigger: RuleTrigger }> {
  if (!('n' in c)) return { why: `"${c.op === 'full' ? 'full' : 'missing'}" compares with the usual count, which a live rule does not know; say a number ("fewer than 3 bottles")` };
  if (lasting && (lasting.op === 'lt' || lasting.op === 'le' || lasting.op === 'ne')) return { why: 'a rule fires once its condition has held long enough; "for less than" a time cannot be watched live' };
  return { trigger: { type: 'count', op: c.op, n: c.n, ...(lasting && lasting.seconds > 0 ? { forSeconds: lasting.seconds } : {}) } };
}

/** A visit's length condition as a dwell trigger. */
function dwellTrigger(where: DurationCondition): Step<{ trigger: RuleTrigger }> {
  if (where.op !== 'ge' && where.op !== 'gt' && where.op !== 'eq') return { why: 'a rule fires while someone stays; a stay "shorter than" a time is known only after they leave' };
  if (where.seconds <= 0) return { why: 'a stay of no length is no condition; say how long ("for 10 seconds")' };
  return { trigger: { type: 'dwell', seconds: where.seconds } };
}

/** The trigger a query's measure stands for, or why a live rule cannot watch it. */
function triggerOf(q: Query, firstByDefault: boolean): Step<{ trigger: RuleTrigger; note?: string }> {
  const m = q.measure;
  if (m.measure === 'when' && !firstByDefault) return { why: 'a rule fires each time; it cannot pick "the first", "the third" or "the last" of them' };
  if (m.measure === 'when' && m.of.kind === 'condition') return countTrigger(m.of.cond, m.of.lasting);
  if (m.measure === 'when' && m.of.kind === 'arrival') return { trigger: { type: 'count', op: 'ge', n: 1 }, note: `an arrival as at least 1 ${q.subject.classes[0] ?? 'object'} there (it fires when the count rises from none)` };
  const event = m.measure === 'when' && m.of.kind === 'event' ? m.of.event : m.measure === 'count' && m.of === 'events' ? m.event : undefined;
  if (event === 'line_cross' && q.place.line) return { trigger: { type: 'line', line: q.place.line, ...(q.place.direction ? { direction: q.place.direction } : {}) } };
  if (event === 'loud_sound') return { trigger: { type: 'sound' } };
  if (m.measure === 'times') return countTrigger(m.cond, m.lasting);
  if (m.measure === 'count' && (m.of === 'visits' || m.of === 'present') && m.where) return dwellTrigger(m.where);
  if (m.measure === 'whether' && m.test.kind === 'visit' && m.test.where) return dwellTrigger(m.test.where);
  return { why: 'it is not a condition a live rule can watch (a count held for a while, a stay, a line crossing or a loud sound)' };
}

/** The rule's subject and place from the query. */
function scopeOf(q: Query): Step<Pick<AlertRule, 'camera' | 'class' | 'zone'>> {
  if (q.subject.look) return { why: `a rule watches a class, not how its objects look ("${q.subject.look.said ?? 'a colour'}"); colours are for questions` };
  if (q.subject.classes.length > 1) return { why: `a rule watches one class; write one rule for each of ${q.subject.classes.join(' and ')}` };
  if (q.place.cameras.length > 1) return { why: `a rule watches one camera or all of them; write one rule for each of ${q.place.cameras.join(' and ')}` };
  if (q.place.across) return { why: 'a rule counts at one camera at a time; counts added up across cameras are for questions' };
  const [camera] = q.place.cameras;
  const [cls] = q.subject.classes;
  return { ...(camera ? { camera } : {}), ...(cls ? { class: cls } : {}), ...(q.place.zone ? { zone: q.place.zone } : {}) };
}

/** A rule id from what it watches: "bottle-bench-lt3-2s", "person-table-stays60s", "person-B-crosses-forward". */
export function ruleIdOf(r: Pick<AlertRule, 'camera' | 'class' | 'zone' | 'trigger'>): string {
  const t = r.trigger;
  const what =
    t.type === 'count' ? `${t.op}${t.n}${t.forSeconds ? `-${t.forSeconds}s` : ''}` : t.type === 'dwell' ? `stays${t.seconds}s` : t.type === 'absence' ? `absent${t.seconds}s` : t.type === 'line' ? `crosses${t.direction && t.direction !== 'any' ? `-${t.direction}` : ''}` : 'loud';
  const place = r.zone ?? (t.type === 'line' ? t.line : undefined) ?? r.camera ?? 'any';
  const parts = t.type === 'sound' ? ['sound', r.camera ?? 'any'] : [r.class ?? 'object', place, what];
  return parts.join('-').replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);
}

/** The parser's words made a rule's: "the question" is "the sentence", and the names are the cameras', not a memory's. */
function ruleWords(why: string): string {
  return why.replace(/ the question as /g, ' the condition as ').replace(/\bthe question\b/g, 'the sentence').replace(/ in the memory\b/g, '').replace(/ of this memory\b/g, ' of these cameras');
}

/** A parse of the clause, with the hold the rule glue took off it (frame 3), if any. */
type ClauseReading = { q: Query; assumed: string[]; firstByDefault: boolean; hold?: number };

/**
 * The question parser's reading of the clause, tried as "when ...", then "how many times ..."
 * (which reads holds and stays), then "when ..." without its hold, the hold being the rule's
 * ("nobody is at the table for 10 minutes": the parser reads "nobody" only in "when").
 */
function parseClause(clause: string, ctx: WordsContext): Step<ClauseReading> {
  const now = ctx.now ?? Date.now();
  const cov = { from: now - YEAR_MS, to: now };
  const vocab = { cameras: Object.keys(ctx.cameras), zones: [...new Set(Object.values(ctx.cameras).flatMap((g) => g.zones))], lines: [...new Set(Object.values(ctx.cameras).flatMap((g) => g.lines))], labels: ctx.labels ?? COCO_LABELS };
  const opts = { now, timeZone: ctx.timeZone, coverage: cov, dominant: ctx.dominant ?? ((): undefined => undefined) };
  const held = splitHold(clause);
  const frames: [string, number | undefined][] = [[`when ${clause}`, undefined], [`how many times ${clause}`, undefined], ...(held ? [[`when ${held.rest}`, held.seconds] as [string, number]] : [])];
  let first: string | undefined;
  for (const [frame, hold] of frames) {
    const p = parseQuestion(frame, vocab, opts);
    if (!p.ok || (hold !== undefined && (p.query.measure.measure !== 'when' || p.query.measure.of.kind !== 'condition'))) {
      first ??= p.ok ? undefined : p.why;
      continue;
    }
    if (p.negate) return { why: 'it reads as a negated condition; say what should be there ("no people at the table", "fewer than 3 bottles")' };
    const t = p.query.time;
    if (t.at !== undefined || t.from !== cov.from || t.to < now) return { why: 'it names a period or a moment; a rule watches from now on, and its time of day is written "after 19:00", "before 7 am" or "between 22:00 and 06:00"' };
    const firstByDefault = p.assumed.some((a) => /names no ordinal/.test(a));
    const assumed = p.assumed.filter((a) => !/names no ordinal/.test(a)).map(ruleWords);
    return { q: p.query, assumed, firstByDefault, ...(hold !== undefined ? { hold } : {}) };
  }
  return { why: ruleWords(first ?? 'it could not be read') };
}

/**
 * Reads a rule sentence into a structured rule, with its Read-as line; refused (with the words it
 * could not place, or why no live rule watches that) otherwise.
 */
export function readRuleWords(text: string, ctx: WordsContext): WordsReading {
  const ph = rulePhrases(text);
  if ('why' in ph) return { ok: false, why: ph.why };
  const p = parseClause(ph.clause, ctx);
  if ('why' in p) return { ok: false, why: p.why };
  const scope = scopeOf(p.q);
  if ('why' in scope) return { ok: false, why: scope.why };
  const tr = triggerOf(p.q, p.firstByDefault);
  if ('why' in tr) return { ok: false, why: tr.why };
  if (p.hold !== undefined && tr.trigger.type === 'count') tr.trigger.forSeconds = p.hold;
  const draft: AlertRule = { id: ruleIdOf({ ...scope, trigger: tr.trigger }), description: text.trim().slice(0, 500), ...scope, trigger: tr.trigger, ...(ph.timeOfDay ? { timeOfDay: ph.timeOfDay } : {}) };
  const checked = ruleSchema.safeParse(draft);
  if (!checked.success) return { ok: false, why: `it reads as a rule that is not valid: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  const problems = ruleGeometryProblems(checked.data, ctx.cameras);
  if (problems.length > 0) return { ok: false, why: problems.join('; ') };
  const assumed = [...ph.assumed, ...(tr.note ? [tr.note] : []), ...p.assumed];
  return { ok: true, rule: checked.data, readAs: ruleReadAs(checked.data, assumed) };
}
