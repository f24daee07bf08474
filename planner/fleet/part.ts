/**
 * One box's part of a fleet question: the question read by the box's own offline parser over its
 * own vocabulary, the typed partial for merging (`part-value.ts`), and the box's own sentence and
 * evidence. A box where the question names none of its cameras, zones, lines or classes replies
 * `none` (it is alive but holds nothing the question is about), told by the refusal's code. The
 * question is read and run once: the box's sentence and its part come from the same execution.
 */
import { performance } from 'node:perf_hooks';
import { summariseCoverage } from '../../memory/coverage.js';
import type { MemoryStore } from '../../memory/store.js';
import { parseSpeechQuestion } from '../speech.js';
import { resolveTime } from '../time.js';
import { NOT_HERE_CODES } from '../errors.js';
import { answerParsed, answerQuestion } from '../query/answer.js';
import { executeQuery } from '../query/execute.js';
import { parseQuestion } from '../query/parse.js';
import { dominantClass, vocabulary } from '../query/vocabulary.js';
import { partValue, queryCameras } from './part-value.js';
import { FLEET_VERSION, type FleetAsk, type FleetPart } from './protocol.js';


/** Options of {@link fleetPart}. */
export interface FleetPartOptions {
  /** This box's node id. */
  node: string;
  /** Zone used when the ask names none. */
  defaultTimeZone: string;
}

/**
 * Answers this box's part of a fleet question. Never throws: a failure is a part with status `error`.
 */
export function fleetPart(ask: Pick<FleetAsk, 'id' | 'question' | 'now' | 'timeZone'>, memory: MemoryStore, o: FleetPartOptions): FleetPart {
  const t0 = performance.now();
  const base = { v: FLEET_VERSION, id: ask.id, node: o.node } as const;
  const ms = (): number => Math.round((performance.now() - t0) * 10) / 10;
  try {
    const whole = summariseCoverage(memory.coverage());
    const coverage = whole.from && whole.to ? { from: whole.from, to: whole.to } : null;
    if (!whole.from || !whole.to) return { ...base, status: 'none', ms: ms(), coverage, cameras: [], why: 'the memory is empty' };
    const timeZone = ask.timeZone ?? o.defaultTimeZone;
    const opts = { now: ask.now, timeZone };
    const cov = { from: Date.parse(whole.from), to: Math.min(Date.parse(whole.to), ask.now) };
    const q = ask.question.trim().slice(0, 500);
    const t = resolveTime(q, { now: ask.now, timeZone, all: { from: cov.from, to: ask.now + 1 } });
    if (parseSpeechQuestion(t.rest)) {
      const a = answerQuestion(q, memory, opts);
      return { ...base, status: 'ok', ms: ms(), coverage, cameras: memory.cameras(), part: { kind: 'opaque' }, answer: a.answer, evidence: a.evidence.slice(0, 5) };
    }
    const v = vocabulary(memory);
    const parsed = parseQuestion(q, v, { ...opts, coverage: cov, dominant: (c, z) => dominantClass(v, c, z) });
    if (!parsed.ok) return { ...base, status: NOT_HERE_CODES.has(parsed.code) ? 'none' : 'refused', ms: ms(), coverage, cameras: [], why: parsed.why };
    const cameras = queryCameras(parsed.query, memory);
    // read and run once: the box's own answer and its part come from the same execution
    const x = executeQuery(parsed.query, memory, opts);
    const own = answerParsed(parsed, x, v, timeZone);
    const pv = partValue(parsed.query, memory, opts, x.value);
    return {
      ...base,
      status: 'ok',
      coverage,
      cameras,
      query: parsed.query,
      ...(pv.ok ? { part: pv.value } : { why: pv.why }),
      ...(parsed.negate ? { negate: true } : {}),
      answer: own.answer,
      evidence: own.evidence.slice(0, 5),
      ms: ms(),
    };
  } catch (e) {
    return { ...base, status: 'error', ms: ms(), coverage: null, cameras: [], why: (e as Error).message.slice(0, 500) };
  }
}
