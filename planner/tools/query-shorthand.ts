/**
 * The short forms a language model may write in a `query` tool call, expanded into the question
 * language before validation: a measure as a phrase ("count visits", "max", "last departure"), a
 * subject as a class name or list, a place as a camera id. Every short form stands for exactly
 * one query of planner/query/schema.ts; anything else is passed on as written, so the full query
 * objects stay valid input and the schema reports what is wrong.
 */
import { EventKind } from '../query/schema.js';

const COUNT_OF = new Set(['visits', 'present', 'departures', 'identities']);
const AGG: Record<string, 'avg' | 'total' | 'max' | 'min'> = { avg: 'avg', average: 'avg', total: 'total', longest: 'max', shortest: 'min' };

/** The measure a phrase stands for, or the input unchanged when it is not a known phrase. */
export function measureOf(m: unknown): unknown {
  if (typeof m !== 'string') return m;
  const w = m.trim().toLowerCase().split(/\s+/);
  const [a, b] = w;
  if (w.length === 1 && (a === 'max' || a === 'min')) return { measure: 'extreme', which: a };
  if (w.length === 1 && a === 'countat') return { measure: 'countAt' };
  if (w.length === 1 && a === 'missing') return { measure: 'missing' };
  if (w.length === 2 && a === 'count' && b !== undefined) {
    if (COUNT_OF.has(b)) return { measure: 'count', of: b };
    if (EventKind.safeParse(b).success) return { measure: 'count', of: 'events', event: b };
  }
  if (w.length === 2 && (a === 'first' || a === 'last') && (b === 'arrival' || b === 'departure')) {
    return { measure: 'when', of: { kind: b, visit: { by: 'nth', n: a === 'first' ? 1 : -1, ...(b === 'departure' ? { order: 'departure' } : {}) } } };
  }
  if (w.length === 2 && b === 'duration' && a !== undefined && AGG[a]) return { measure: 'duration', of: { kind: 'visits', agg: AGG[a] } };
  return m;
}

/** `"person"` or `["person","car"]` -> `{classes: [...]}`; other input unchanged. */
export function subjectOf(s: unknown): unknown {
  if (typeof s === 'string') return { classes: [s] };
  if (Array.isArray(s) && s.every((x) => typeof x === 'string')) return { classes: s };
  return s;
}

/** `"cam1"` -> `{cameras: ["cam1"]}`; other input unchanged. */
export function placeOf(p: unknown): unknown {
  return typeof p === 'string' ? { cameras: [p] } : p;
}

/** Examples of the short phrases, for the tool's one-line brief (the full list is in the tool's description). */
export const SHORTHAND_BRIEF = 'measure "count visits", "max", "first arrival"; subject "person"';
/** Every short phrase, for the tool's description. */
export const SHORTHAND_ALL = 'measure phrases: "count visits|present|departures|identities|line_cross|zone_enter|zone_exit|taken|returned|alert|loud_sound|speech", "countAt", "max", "min", "missing", "first|last arrival|departure", "avg|total|longest|shortest duration"; subject "person" or ["car","truck"]; place "cam1"; when "last hour"; at "14:00:05"';
