/**
 * The configuration schema as JSON Schema, for the example generator and key matching.
 */
import { z } from 'zod';
import { configSchema } from './schema.js';

/** The subset of JSON Schema the generator reads. */
export interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  default?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  enum?: unknown[];
  /** Alternatives, e.g. a nullable object is `anyOf: [object, null]`. */
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
}

/** JSON Schema of the config input (defaults and descriptions included). */
export function configJsonSchema(): JsonSchemaNode {
  return z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
}

/** Every property name in the schema, at any depth. */
export function configKeyNames(): string[] {
  const names = new Set<string>();
  const walk = (n: JsonSchemaNode | undefined): void => {
    if (!n) return;
    for (const [k, v] of Object.entries(n.properties ?? {})) {
      names.add(k);
      walk(v);
    }
    walk(n.items);
    for (const alt of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) walk(alt);
  };
  walk(configJsonSchema());
  return [...names];
}
