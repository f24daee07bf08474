/**
 * Environment overrides: `VIGIL_<PATH>` with `__` between levels, matched case-insensitively to
 * config keys. Example: `VIGIL_HTTP__PORT=9000`, `VIGIL_CAMERAS__0__URL=rtsp://...`.
 * Values are parsed as JSON when they parse (numbers, booleans, null), else kept as text.
 */

/** Variables that are not config paths. */
const RESERVED = new Set(['VIGIL_CONFIG', 'VIGIL_FFMPEG']);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function parseValue(raw: string): Json {
  try {
    return JSON.parse(raw) as Json;
  } catch {
    return raw;
  }
}

function matchKey(obj: Record<string, Json>, key: string, known: readonly string[]): string {
  const lower = key.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower) ?? known.find((k) => k.toLowerCase() === lower) ?? key.toLowerCase();
}

/**
 * Applies overrides to a raw (unvalidated) config object and returns it with the list of paths set.
 * @param raw the parsed file content (or `{}`)
 * @param env the environment
 * @param knownKeys every key name the schema knows (for camelCase matching)
 * @returns the config, the paths set, and the variables that could not be applied (a list index
 *   that is not a number from 0 to the list's length)
 */
export function applyEnv(
  raw: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  knownKeys: readonly string[],
): { config: Record<string, unknown>; applied: string[]; problems: string[] } {
  const config = structuredClone(raw) as Record<string, Json>;
  const applied: string[] = [];
  const problems: string[] = [];
  vars: for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('VIGIL_') || RESERVED.has(name) || value === undefined) continue;
    const parts = name.slice('VIGIL_'.length).split('__').filter(Boolean);
    if (parts.length === 0) continue;
    let node: Record<string, Json> | Json[] = config;
    const path: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] ?? '';
      const last = i === parts.length - 1;
      let key: string | number;
      if (Array.isArray(node)) {
        // an index past the end would leave holes (VIGIL_CAMERAS__4000000000__ID made a 4e9-long array)
        key = /^\d+$/.test(part) ? Number(part) : NaN;
        if (!(key <= node.length)) {
          problems.push(`${name}: ${part} is not an index of ${path.join('.') || 'the list'} (0 to ${node.length}; entries are added in order)`);
          continue vars;
        }
      } else key = matchKey(node, part, knownKeys);
      path.push(String(key));
      const container = node as Record<string | number, Json>;
      if (last) {
        container[key] = parseValue(value);
      } else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
        const existing = container[key];
        if (existing === undefined || existing === null || typeof existing !== 'object') {
          container[key] = nextIsIndex ? [] : {};
        }
        node = container[key] as Record<string, Json> | Json[];
      }
    }
    applied.push(path.join('.'));
  }
  return { config, applied, problems };
}
