/**
 * Names places in a configuration the way its author wrote them: list items by their `id` (or
 * `name`), so a problem reads `cameras[shelf].zones[bench].polygon[2]` rather than
 * `cameras.0.zones.0.polygon.2`. An item whose id is missing or shared with a sibling keeps its
 * position (0-based, like `polygon[2]`).
 */

/** A path into the configuration, as zod reports it (keys and list positions). */
export type ConfigPath = readonly PropertyKey[];

/** One configuration problem: where, and what is wrong. */
export interface ConfigProblem {
  path: ConfigPath;
  message: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** A plain key as `.key`; one with other characters (spaces, dots, brackets) as `["key"]`. */
function keyPart(key: string, first: boolean): string {
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) return first ? key : `.${key}`;
  return `[${JSON.stringify(key)}]`;
}

/** The id an item of a list is known by, when it has one that no sibling shares. */
export function itemLabel(list: readonly unknown[], i: number): string | null {
  const item = obj(list[i]);
  for (const field of ['id', 'name']) {
    const v = item?.[field];
    if (typeof v !== 'string' || v === '') continue;
    const shared = list.some((x, j) => j !== i && obj(x)?.[field] === v);
    if (shared) return null;
    // an id that reads as a position, or holds brackets or spaces, is quoted
    return /^\d+$/.test(v) || !/^[A-Za-z0-9_-]+$/.test(v) ? JSON.stringify(v) : v;
  }
  return null;
}

/**
 * The name of a place: `cameras[shelf].zones[bench].polygon[2]`, `rules[after-hours].timeOfDay.from`.
 * @param raw the configuration the path points into (raw input or validated)
 * @param path keys and positions, as zod reports them
 */
export function placeName(raw: unknown, path: ConfigPath): string {
  if (path.length === 0) return '(root)';
  let node = raw;
  let out = '';
  for (const key of path) {
    if (typeof key === 'number' || (Array.isArray(node) && typeof key === 'string' && /^\d+$/.test(key))) {
      const i = Number(key);
      const label = Array.isArray(node) ? itemLabel(node, i) : null;
      out += `[${label ?? i}]`;
      node = Array.isArray(node) ? (node as unknown[])[i] : undefined;
    } else {
      const k = String(key);
      out += keyPart(k, out === '');
      node = obj(node)?.[k];
    }
  }
  return out;
}

/** Where a key stands among its object's keys (the order of the file), or after them all. */
function rank(node: unknown, key: PropertyKey): number {
  if (typeof key === 'number') return key;
  const keys = obj(node) ? Object.keys(node as Obj) : [];
  const i = keys.indexOf(String(key));
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/** Orders two paths as their places stand in the file. */
function comparePaths(raw: unknown, a: ConfigPath, b: ConfigPath): number {
  let node = raw;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const ka = a[i] as PropertyKey;
    const kb = b[i] as PropertyKey;
    if (ka !== kb) return rank(node, ka) - rank(node, kb) || String(ka).localeCompare(String(kb));
    node = Array.isArray(node) ? (node as unknown[])[Number(ka)] : obj(node)?.[String(ka)];
  }
  return a.length - b.length;
}

/**
 * Problems as `place: message` lines, in the order their places stand in the file (a problem
 * that names no place first).
 */
export function problemLines(raw: unknown, problems: readonly ConfigProblem[]): string[] {
  return [...problems].sort((a, b) => comparePaths(raw, a.path, b.path)).map((p) => `${placeName(raw, p.path)}: ${p.message}`);
}
