/**
 * The older form of a count trigger, still accepted in config files and over the APIs:
 * `{type: 'count', op: '>=', value: 2}` is read as the questions' count condition
 * `{type: 'count', op: 'ge', n: 2}`. Everything else passes unchanged, for the schema to judge.
 */
import type { Cmp } from '../../planner/query/schema.js';

/** The older comparison signs and the condition operators they are read as. */
export const LEGACY_OPS: Readonly<Record<string, Cmp>> = { '>=': 'ge', '>': 'gt', '<=': 'le', '<': 'lt', '==': 'eq', '!=': 'ne' };

/** A raw trigger with the older count form converted (a new object; the input is not changed). */
export function legacyTrigger(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const t = raw as Record<string, unknown>;
  if (t.type !== 'count') return raw;
  const op = typeof t.op === 'string' ? (LEGACY_OPS[t.op] ?? t.op) : t.op;
  if (!('value' in t) || 'n' in t) return op === t.op ? raw : { ...t, op };
  const { value, ...rest } = t;
  return { ...rest, op, n: value };
}
