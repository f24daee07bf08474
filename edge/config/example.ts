/**
 * Generates the commented example config (`deploy/vigil.example.yaml`) from the schema, so the
 * example can never drift from what the daemon accepts.
 */
import { stringify } from 'yaml';
import { configJsonSchema, type JsonSchemaNode } from './json-schema.js';

function scalar(v: unknown): string {
  return stringify(v).trimEnd();
}

function describe(n: JsonSchemaNode): string {
  const bits = [n.description ?? ''];
  if (n.enum) bits.push(`One of: ${n.enum.map(String).join(', ')}.`);
  return bits.filter(Boolean).join(' ');
}

function emitObject(n: JsonSchemaNode, value: Record<string, unknown>, indent: string, out: string[]): void {
  for (const [key, child] of Object.entries(n.properties ?? {})) {
    const text = describe(child);
    if (text) out.push(`${indent}# ${text}`);
    emitValue(key, child, key in value ? value[key] : child.default, indent, out);
  }
}

function emitValue(key: string, n: JsonSchemaNode, v: unknown, indent: string, out: string[]): void {
  const pad = indent;
  if (v === undefined && n.properties) {
    // optional block without a default: show its keys, commented out
    const inner: string[] = [];
    emitObject(n, {}, `${indent}  `, inner);
    out.push(`${pad}# ${key}:`, ...inner.map((l) => (l.trimStart().startsWith('#') ? l : `${indent}#${l.slice(indent.length)}`)));
    return;
  }
  if (v === undefined) {
    // optional value without a default (chosen at run time): shown unset, commented out
    out.push(`${pad}# ${key}:`);
    return;
  }
  if (Array.isArray(v) && (v.length === 0 || !n.items)) {
    // empty lists and tuples (no single item schema) in flow style
    out.push(`${pad}${key}: [${v.map(scalar).join(', ')}]`);
    return;
  }
  if (n.properties && v !== null && typeof v === 'object' && !Array.isArray(v)) {
    out.push(`${pad}${key}:`);
    emitObject(n, v as Record<string, unknown>, `${indent}  `, out);
  } else if (n.items && Array.isArray(v)) {
    out.push(`${pad}${key}:`);
    for (const item of v) {
      if (n.items.properties && item !== null && typeof item === 'object') {
        const lines: string[] = [];
        emitObject(n.items, item as Record<string, unknown>, `${indent}    `, lines);
        // Turn the first key line of the item into a YAML list entry.
        const idx = lines.findIndex((l) => !l.trimStart().startsWith('#'));
        const line = lines[idx];
        if (line !== undefined) lines[idx] = `${indent}  - ${line.trimStart()}`;
        out.push(...lines);
      } else {
        out.push(`${indent}  - ${scalar(item)}`);
      }
    }
  } else {
    out.push(`${pad}${key}: ${scalar(v ?? null)}`);
  }
}

/** The example config text. */
export function exampleConfigYaml(): string {
  const out = [
    '# Vigil example configuration, generated from the schema by `vigil config example`.',
    '# Every key is optional; the values shown are the defaults.',
    '# Environment overrides: VIGIL_<PATH> with "__" between levels, e.g. VIGIL_HTTP__PORT=9000.',
    '',
  ];
  emitObject(configJsonSchema(), {}, '', out);
  return `${out.join('\n')}\n`;
}
