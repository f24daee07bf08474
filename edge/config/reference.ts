/**
 * The configuration reference (`docs/configuration.md`), generated from the one zod schema:
 * every key with its type, default and description, so the reference can never drift from what
 * the daemon accepts. `npm run docs:config` writes it; a test keeps the committed file current.
 */
import { configJsonSchema, type JsonSchemaNode } from './json-schema.js';

/** The schema fields the reference reads beyond {@link JsonSchemaNode}. */
interface Node extends JsonSchemaNode {
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  oneOf?: Node[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  prefixItems?: Node[];
  additionalProperties?: Node | boolean;
  format?: string;
  pattern?: string;
}

/** One row of a table: a key, its type, its default and what it does. */
interface Row {
  key: string;
  type: string;
  def: string;
  text: string;
}

/** A cell: no line breaks, pipes escaped. */
const cell = (s: string): string => s.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** A value as it is written in YAML (inline code). */
function code(v: unknown): string {
  return `\`${JSON.stringify(v)}\``;
}

/** The alternatives of a node other than null, and whether null is one. */
function alternatives(n: Node): { alts: Node[]; nullable: boolean } {
  const all = (n.anyOf ?? n.oneOf ?? []);
  return { alts: all.filter((a) => a.type !== 'null'), nullable: all.some((a) => a.type === 'null') || (Array.isArray(n.type) && n.type.includes('null')) };
}

/** The type of a node in words: `number 0..1`, `one of: a, b`, `[number, number]`, `list of text`. */
function typeOf(n: Node): string {
  const { alts, nullable } = alternatives(n);
  const orNull = nullable ? ' or null' : '';
  if (alts.length > 0) return `${[...new Set(alts.map(typeOf))].join(' or ')}${orNull}`;
  if (n.enum) return `one of: ${n.enum.map((e) => `\`${String(e)}\``).join(', ')}${orNull}`;
  if (n.const !== undefined) return code(n.const);
  const t = Array.isArray(n.type) ? n.type.filter((x) => x !== 'null')[0] : n.type;
  const lo = n.minimum ?? n.exclusiveMinimum;
  const range = lo !== undefined || n.maximum !== undefined ? ` ${lo ?? ''}..${n.maximum ?? ''}` : '';
  if (t === 'integer') return `integer${range}${orNull}`;
  if (t === 'number') return `number${range}${orNull}`;
  if (t === 'string') return `text${n.format === 'uri' ? ' (URL)' : ''}${orNull}`;
  if (t === 'boolean') return `true or false${orNull}`;
  if (t === 'array' && n.prefixItems) return `[${n.prefixItems.map(typeOf).join(', ')}]${orNull}`;
  if (t === 'array') return `list${n.items ? ` of ${typeOf(n.items)}` : ''}${orNull}`;
  if (t === 'object' && typeof n.additionalProperties === 'object') return `map of ${typeOf(n.additionalProperties)}${orNull}`;
  if (t === 'object') return `mapping${orNull}`;
  return 'any';
}

/** The description of a node, with its enum spelled out when the type does not show it. */
function describeNode(n: Node): string {
  return cell(n.description ?? '');
}

/** Rows for a node at `key` and, for mappings and lists of mappings, for its keys. */
function rows(key: string, n: Node, out: Row[]): void {
  const { alts } = alternatives(n);
  // one of several mappings told apart by their `type` (a rule's trigger): the keys of each
  const tagged = alts.filter((a) => (a.properties?.type)?.const !== undefined);
  const object = tagged.length > 1 ? undefined : (alts.find((a) => a.properties) ?? (n.properties ? n : undefined));
  const def = n.default === undefined ? '' : code(n.default);
  out.push({ key: `\`${key}\``, type: typeOf(n), def, text: describeNode(n) || describeNode(object ?? {}) });
  if (object?.properties) for (const [k, child] of Object.entries(object.properties)) rows(`${key}.${k}`, child, out);
  const item = n.items;
  if (item?.properties) for (const [k, child] of Object.entries(item.properties)) rows(`${key}[].${k}`, child, out);
  if (tagged.length > 1) {
    const tags = tagged.map((a) => String((a.properties?.type as Node).const));
    out.push({ key: `\`${key}.type\``, type: `one of: ${tags.map((t) => `\`${t}\``).join(', ')}`, def: '', text: 'Which kind; the keys below belong to the kind in brackets.' });
    tagged.forEach((alt, i) => {
      for (const [k, child] of Object.entries(alt.properties ?? {})) if (k !== 'type') rows(`${key}.${k} (${tags[i] ?? ''})`, child, out);
    });
  }
  const record = typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined;
  if (record?.properties) for (const [k, child] of Object.entries(record.properties)) rows(`${key}.<name>.${k}`, child, out);
}

/** One table per top-level key. */
function section(key: string, n: Node): string[] {
  const out: Row[] = [];
  rows(key, n, out);
  return [`## \`${key}\``, '', describeNode(n), '', '| key | type | default | what it does |', '|---|---|---|---|', ...out.map((r) => `| ${r.key} | ${cell(r.type)} | ${cell(r.def)} | ${r.text} |`), ''];
}

/**
 * The reference as Markdown.
 * @param intro hand-written text placed after the title (how files, environment and flags combine)
 */
export function configReferenceMarkdown(intro: string): string {
  const schema = configJsonSchema() as Node;
  const keys = Object.keys(schema.properties ?? {});
  const lines = [
    '<!-- Generated from edge/config/schema.ts by `npm run docs:config` (intro: scripts/config-docs-intro.md). Do not edit by hand: a test checks it is current. -->',
    '',
    '# Configuration',
    '',
    intro.trim(),
    '',
    `Top-level keys: ${keys.map((k) => `[\`${k}\`](#${k.toLowerCase()})`).join(', ')}. Every key is optional; a key inside a list item is written \`cameras[].fps\`, and a key of a named entry \`fleet.peers.<name>.key\`.`,
    '',
  ];
  for (const k of keys) lines.push(...section(k, (schema.properties ?? {})[k] as Node));
  return `${lines.join('\n').trimEnd()}\n`;
}
