/**
 * The stretches of a state (a count condition holding without a break) as a set: how many there
 * were and how long they lasted in all, with the evidence and notes every answer carries.
 */
import { momentEvidence, type Run } from './execute-common.js';
import type { QueryValue } from './schema.js';

/** A note naming the stretches (the first one and how many more). */
function noteStretches(r: Run, st: readonly [number, number][]): void {
  r.evidence.push(...momentEvidence(st.slice(0, 10).map(([s]) => ({ camera: r.cams[0] as string, ts: s }))));
  const first = st[0];
  if (first) r.notes.push(`From ${new Date(first[0]).toISOString()} to ${new Date(first[1]).toISOString()}${st.length > 1 ? ` and ${st.length - 1} more` : ''}`);
}

/** How many stretches there were ("how many times was it empty for over 20 s"). */
export function stretchCount(r: Run, st: readonly [number, number][]): QueryValue {
  noteStretches(r, st);
  return { kind: 'number', n: st.length, unit: 'count' };
}

/** How long the stretches lasted in all, in seconds (one decimal). */
export function stretchTotal(r: Run, st: readonly [number, number][]): QueryValue {
  noteStretches(r, st);
  const ms = st.reduce((a, [s, e]) => a + (e - s), 0);
  return { kind: 'number', n: Math.round(ms / 100) / 10, unit: 'seconds' };
}
