/**
 * Schema problems in plain words. Where the schema gives no message of its own, zod words a bad
 * choice as `Invalid option: expected one of "eq"|"ne"|...` and a bad type as `Invalid input:
 * expected number, received string`; `vigil config check` and `rules.put` say instead what was
 * written and what is allowed: `">>" is not allowed here: write one of eq, ne, lt, le, gt, ge`,
 * `"ten" is text: write a number`. Messages the schema words itself are kept.
 */
import type { z } from 'zod';
import { LEGACY_OPS } from '../rules/legacy-trigger.js';

/** What a value of each expected type is called. */
const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text (in quotes when it could read as something else)',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping of keys',
  null: 'null',
};

/** What the value written is, in words: `"ten" is text`, `3 is a number`. */
function written(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping of keys';
  if (typeof v === 'string') return `${JSON.stringify(v)} is text`;
  if (typeof v === 'number') return `${v} is a number`;
  if (typeof v === 'boolean') return `${v} is true or false`;
  return `a ${typeof v}`;
}

/** The value at an issue's path in the input, or undefined. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** A hint for a rule's comparison: the older signs it also reads. */
function opHint(path: readonly PropertyKey[]): string {
  const n = path.length;
  if (path[n - 1] !== 'op' || path[n - 2] !== 'trigger') return '';
  const signs = Object.entries(LEGACY_OPS).map(([sign, op]) => `"${sign}" (${op})`);
  return `; the signs ${signs.join(', ')} are read too`;
}

/**
 * The message of one schema issue, in plain words when zod worded it.
 * @param root the input that was validated (to quote what was written)
 */
export function plainIssueMessage(issue: z.core.$ZodIssue, root: unknown): string {
  const v = valueAt(root, issue.path);
  if (issue.code === 'invalid_value' && issue.message.startsWith('Invalid ')) {
    const allowed = issue.values.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
    const choice = allowed.length === 1 ? `write ${allowed[0] ?? ''}` : `write one of ${allowed.join(', ')}`;
    return `${v === undefined ? 'missing' : `${JSON.stringify(v)} is not allowed here`}: ${choice}${opHint(issue.path)}`;
  }
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    const want = TYPE_WORDS[issue.expected] ?? issue.expected;
    return v === undefined ? `missing: write ${want}` : `${written(v)}: write ${want}`;
  }
  return issue.message;
}
