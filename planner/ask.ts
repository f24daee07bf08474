/**
 * Question answering entry point. Until perception and the planners land, Vigil only reports
 * what its memory holds; it never invents an answer it has no facts for.
 */
import { summariseCoverage } from '../memory/coverage.js';
import type { MemoryStore } from '../memory/store.js';
import type { Answer } from './answer.js';

/**
 * Answers a question from the memory.
 * @param question the person's question
 * @param memory an open store
 */
export function ask(question: string, memory: MemoryStore): Answer {
  const ranges = memory.coverage();
  const coverage = summariseCoverage(ranges);
  const q = question.trim();
  if (!coverage.from || !coverage.to) {
    return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage };
  }
  const cams = memory.cameras();
  const evidence = cams.flatMap((camera) =>
    ranges.filter((r) => r.camera === camera).map((r) => ({ camera, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })),
  );
  return {
    answer:
      `I cannot answer "${q.slice(0, 200)}" yet: this build stores only when cameras were recorded, not what they saw. ` +
      `The memory covers ${cams.join(', ')} from ${coverage.from} to ${coverage.to}.`,
    value: null,
    evidence,
    coverage,
  };
}
