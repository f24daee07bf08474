/**
 * The offline answer: the English parser writes a query, the one executor runs it over the
 * memory, the one renderer writes the answer (starting with how the question was read). A question
 * it cannot read is refused with what was not understood and example questions from this memory.
 */
import { summariseCoverage } from '../../memory/coverage.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { DraftAnswer } from '../answer.js';
import { answerSpeech, parseSpeechQuestion } from '../speech.js';
import type { SpotResult } from '../speech.js';
import { formatLocal, resolveTime } from '../time.js';
import { executeQuery } from './execute.js';
import { MOVERS } from './lexicon.js';
import { parseQuestion, type Parsed } from './parse.js';
import type { Executed } from './executed.js';
import { renderAnswer, renderRefusal } from './render.js';
import { describeQuery } from './describe.js';
import { dominantClass, neverSeen, vocabulary, type Vocabulary } from './vocabulary.js';

/** Options of the offline answer. */
export interface QueryAnswerOptions {
  /** The moment the question is asked, epoch ms. */
  now: number;
  /** IANA zone of wall times in questions and answers. */
  timeZone: string;
  /** The keyword spotter's result for a speech question (`planner/speech-spot.ts`), found beforehand. */
  spotted?: SpotResult | null;
}

const plural = (l: string): string => (l === 'person' ? 'people' : /(?:s|x|ch|sh)$/.test(l) ? `${l}es` : `${l}s`);

/** Three example questions built from the memory's real cameras, zones, lines and classes (each one parses). */
export function exampleQuestions(v: Vocabulary, opts: { now: number; timeZone: string; coverage: { from: number; to: number } }): string[] {
  const cam = v.cameras[0];
  const top = dominantClass(v, cam) ?? 'person';
  const where = cam ? ` at camera ${cam}` : '';
  const moves = MOVERS.has(top);
  const candidates = [
    moves ? `how many ${plural(top)} came${where} in the last hour?` : `how many ${plural(top)} were taken${where}?`,
    ...(v.lines[0] ? [`how many times was line ${v.lines[0]} crossed?`] : []),
    ...(v.zones[0] ? [`how long was zone ${v.zones[0]} empty?`] : []),
    `what is the most ${plural(top)} seen at once${where}?`,
    moves ? `when did the last ${top} leave${where}?` : `when was a ${top} last put back${where}?`,
    `was there a ${top}${where} at ${formatLocal(opts.coverage.from + Math.floor((opts.coverage.to - opts.coverage.from) / 2), opts.timeZone).slice(11, 19)}?`,
  ];
  return candidates.filter((q) => parseQuestion(q, v, { ...opts, dominant: (c, z) => dominantClass(v, c, z) }).ok).slice(0, 3);
}

/**
 * Answers a question with no model. `readAs` (also the start of `answer`) is the "Read as: ..."
 * sentence alone, so a view can show the value first and the reading under it.
 * @param question the person's words
 * @param memory an open store
 */
export function answerQuestion(question: string, memory: MemoryStore, opts: QueryAnswerOptions): DraftAnswer & { readAs?: string } {
  const ranges = memory.coverage();
  const whole = summariseCoverage(ranges);
  if (!whole.from || !whole.to) return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage: whole };
  const cov = { from: Date.parse(whole.from), to: Math.min(Date.parse(whole.to), opts.now) };
  const q = question.trim().slice(0, 500);
  // speech questions read the transcripts
  const t = resolveTime(q, { now: opts.now, timeZone: opts.timeZone, all: { from: cov.from, to: opts.now + 1 } });
  const spoken = parseSpeechQuestion(t.rest);
  if (spoken) {
    const w = { from: t.from, to: t.to };
    const span = t.instant !== undefined ? `at ${formatLocal(t.instant, opts.timeZone)}` : t.phrase ? `between ${formatLocal(w.from, opts.timeZone)} and ${formatLocal(Math.min(w.to, opts.now), opts.timeZone)}` : 'in the whole memory';
    return answerSpeech(spoken, memory, { w, coverage: summariseCoverage(ranges, w), timeZone: opts.timeZone, span, spotted: opts.spotted ?? null });
  }
  const v = vocabulary(memory);
  const popts = { now: opts.now, timeZone: opts.timeZone, coverage: cov, dominant: (c: string | undefined, z?: string) => dominantClass(v, c, z) };
  const parsed = parseQuestion(q, v, popts);
  if (!parsed.ok) return renderRefusal(parsed, exampleQuestions(v, popts), whole);
  const q0 = new MemoryQueries(memory);
  const blind = neverSeen(parsed.query.subject.classes, parsed.query.place.cameras, v, ranges, (cam) => q0.countedLabels(cam));
  if (blind) return renderRefusal(blind, exampleQuestions(v, popts), whole);
  return answerParsed(parsed, executeQuery(parsed.query, memory, opts), v, opts.timeZone);
}

/**
 * The answer to a question already parsed and executed (the fleet part reads, runs and answers a
 * question once): the rendered answer, with the Read-as line on its own.
 * @param v the memory's vocabulary (a class it never saw is said so)
 */
export function answerParsed(parsed: Parsed, x: Executed, v: Vocabulary, timeZone: string): DraftAnswer & { readAs?: string } {
  const extra: string[] = [];
  const unseen = parsed.query.subject.classes.filter((c) => !v.seen.has(c));
  if (unseen.length > 0) extra.push(`No ${unseen.join(' or ')} was ever detected in the memory.`);
  const a = renderAnswer(parsed.query, x, { timeZone, negate: parsed.negate, assumed: parsed.assumed, extra });
  // the Read-as line on its own, for views that show the value first (only when the text starts with it)
  const read = `Read as: ${describeQuery(parsed.query, timeZone)}${parsed.assumed.length > 0 ? ` (assumed: ${parsed.assumed.join('; ')})` : ''}.`;
  return a.answer.startsWith(read) ? { ...a, readAs: read } : a;
}

/**
 * How the offline parser reads a question, for tool routing: `exact` when it reads into a query
 * with one exact value (model planners then offer the `query` tool alone), `list` when it reads
 * into a list ("what happened ...": other tools may describe it better), null when it does not read.
 */
export function readsAsQuery(question: string, memory: MemoryStore, opts: QueryAnswerOptions): 'exact' | 'list' | null {
  const whole = summariseCoverage(memory.coverage());
  if (!whole.from || !whole.to) return null;
  const v = vocabulary(memory);
  const cov = { from: Date.parse(whole.from), to: Math.min(Date.parse(whole.to), opts.now) };
  const r = parseQuestion(question.trim().slice(0, 500), v, { now: opts.now, timeZone: opts.timeZone, coverage: cov, dominant: (c, z) => dominantClass(v, c, z) });
  if (!r.ok) return null;
  return r.query.measure.measure === 'list' ? 'list' : 'exact';
}
