/**
 * `busiest`: the clock minute or hour of the window in which the most visits began. Ties are
 * answered with the first, and the answer names the others.
 */
import { visitEvidence } from '../execute-common.js';
import type { VisitFact } from '../schema.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** A span's length, ms. */
export const SPAN_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** The arrivals per clock span (start of the span -> visits that began in it), in time order. */
export function arrivalsBySpan(vs: readonly Pick<VisitFact, 'start'>[], span: keyof typeof SPAN_MS, shift = 0): Map<number, number> {
  const ms = SPAN_MS[span];
  const bins = new Map<number, number>();
  for (const v of [...vs].sort((a, b) => a.start - b.start)) {
    const at = Math.floor((v.start - shift) / ms) * ms + shift;
    bins.set(at, (bins.get(at) ?? 0) + 1);
  }
  return bins;
}

/** The spans with the most arrivals (several when tied), and how many. */
export function busiestSpans(bins: ReadonlyMap<number, number>): { starts: number[]; n: number } {
  const n = Math.max(0, ...bins.values());
  return { starts: [...bins].filter(([, k]) => k === n).map(([t]) => t), n };
}

/** The `busiest` measure. */
export const busiest: MeasureModule<MeasureOf<'busiest'>> = {
  execute(r, m, all) {
    const { q } = r;
    const arrivals = all(q.time.from, q.time.to).filter((v) => v.start >= q.time.from && v.start < q.time.to);
    if (arrivals.length === 0) return { kind: 'none', why: 'nobody arrived then' };
    const { starts, n } = busiestSpans(arrivalsBySpan(arrivals, m.span, m.shift));
    const first = starts[0] as number;
    const inIt = arrivals.filter((v) => v.start >= first && v.start < first + SPAN_MS[m.span]);
    r.evidence.push(...visitEvidence(inIt));
    if (m.count) {
      if (starts.length > 1) r.notes.push(`${starts.length} ${m.span}s had that many`);
      return { kind: 'number', n, unit: 'count' };
    }
    r.notes.push(`${n} ${n === 1 ? 'arrival' : 'arrivals'} began in it`);
    if (starts.length > 1) r.notes.push(`Tied with ${starts.length - 1} other ${m.span}${starts.length > 2 ? 's' : ''} (the first is given): ${starts.slice(1).map((t) => new Date(t).toISOString()).join(', ')}`);
    return { kind: 'time', t: first };
  },
  describe: (m, { at, sn, t }) => (m.count ? `the number of arrivals of ${sn} in the clock ${m.span} with the most ${at} ${t}` : `the clock ${m.span} with the most arrivals of ${sn} ${at} ${t} (its start)`),
  readsCounts: () => false,
  instant: () => false,
  combine: () => 'sum',
};
