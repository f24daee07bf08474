/**
 * Two windows compared: the same count or length over the query's window and over another one
 * ("did more people come in the first minute than in the second?"), each run by the one executor.
 */
import type { Coverage } from '../../memory/types.js';
import type { Executed } from './executed.js';
import type { Measure, Query } from './schema.js';

type Compare = Extract<Measure, { measure: 'compare' }>;

/**
 * Runs the measure over both windows and compares the numbers; none when either has no number.
 * @param run the executor, for one query
 */
export function runCompare(q: Query, m: Compare, run: (x: Query) => Executed, coverage: Coverage): Executed {
  const a = run({ ...q, measure: m.of });
  const b = run({ ...q, measure: m.of, time: { from: m.other.from, to: m.other.to, ...(m.other.at !== undefined ? { at: m.other.at } : {}) } });
  const notes = [...new Set([...a.notes, ...b.notes])];
  if (a.value.kind !== 'number' || b.value.kind !== 'number') {
    const why = a.value.kind === 'none' ? a.value.why : b.value.kind === 'none' ? b.value.why : 'one of the two periods has no number';
    return { value: { kind: 'none', why }, evidence: [...a.evidence, ...b.evidence], coverage, notes };
  }
  const unit = a.value.unit === 'seconds' ? ' s' : '';
  const [first, second] = m.other.at !== undefined ? ['at the first moment', 'at the second'] : ['in the first period', 'in the second'];
  notes.push(`${a.value.n}${unit} ${first}, ${b.value.n}${unit} ${second}`);
  const yes = m.op === 'gt' ? a.value.n > b.value.n : a.value.n < b.value.n;
  return { value: { kind: 'boolean', b: yes }, evidence: [...a.evidence, ...b.evidence], coverage, notes };
}
