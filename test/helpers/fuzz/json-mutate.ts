/**
 * Mutation of JSON values (WebSocket requests, MQTT payloads, config documents): a random path is
 * replaced by a hostile value, deleted, duplicated or given an unknown key; texts of JSON get odd
 * number tokens, deep nesting and truncation.
 */
import { JSON_NUMBER_TOKENS, junkString, longString, mutateString, NUMBER_STRINGS, NUMBERS } from './junk.js';
import type { Rng } from './prng.js';

/** A JSON-like value. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A hostile replacement value. */
export function junkValue(rng: Rng, depth = 0): Json {
  switch (rng.int(0, 11)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick(NUMBERS);
    case 3:
      return rng.pick(NUMBER_STRINGS);
    case 4:
      return junkString(rng, 60);
    case 5:
      return longString(rng, 5000);
    case 6:
      return depth > 3 ? [] : Array.from({ length: rng.size(6) }, () => junkValue(rng, depth + 1));
    case 7:
      return depth > 3 ? {} : Object.fromEntries(Array.from({ length: rng.size(5) }, () => [junkKey(rng), junkValue(rng, depth + 1)]));
    case 8:
      return rng.int(-1000, 100000);
    case 9:
      return '';
    case 10:
      return nested(rng, rng.int(10, 400));
    default:
      return rng.float() * 1e6 - 5e5;
  }
}

/** A key that may collide with prototype names or be odd text. */
export function junkKey(rng: Rng): string {
  return rng.chance(0.3) ? rng.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'id', 'type', 'length', '0', '-1']) : junkString(rng, 16);
}

/** `[[[...]]]` or `{"a":{"a":...}}` nested `depth` times. */
export function nested(rng: Rng, depth: number): Json {
  let v: Json = rng.chance(0.5) ? 1 : 'x';
  const arr = rng.chance(0.5);
  for (let i = 0; i < depth; i++) v = arr ? [v] : { a: v };
  return v;
}

/** Every path to a value inside `v`. */
function paths(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out);
  return out;
}

/** Returns a deep copy of `v` with 1..n structural mutations. */
export function mutateJson(rng: Rng, v: Json, n = 2): Json {
  let root = structuredClone(v);
  for (let m = rng.int(1, n); m > 0; m--) {
    const path = rng.pick(paths(root));
    if (path.length === 0) {
      root = rng.chance(0.5) ? junkValue(rng) : root;
      continue;
    }
    let parent = root as Record<string | number, Json>;
    for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, Json>;
    const key = path[path.length - 1] as string | number;
    const cur = parent[key] as Json;
    const op = rng.int(0, 6);
    if (op === 0 && !Array.isArray(parent)) delete parent[key];
    else if (op === 1 && typeof cur === 'string') parent[key] = mutateString(rng, cur);
    else if (op === 2 && cur && typeof cur === 'object' && !Array.isArray(cur)) cur[junkKey(rng)] = junkValue(rng);
    else if (op === 3 && Array.isArray(cur)) cur.push(...Array.from({ length: rng.size(20) }, () => (rng.chance(0.5) && cur.length ? structuredClone(cur[0] as Json) : junkValue(rng))));
    else if (op === 4 && typeof cur === 'number') parent[key] = rng.pick(NUMBERS) * (rng.chance(0.5) ? 1 : -1);
    else parent[key] = junkValue(rng);
  }
  return root;
}

/** Serialises a value, sometimes with number tokens JSON.stringify never writes, or cut short. */
export function jsonText(rng: Rng, v: Json): string {
  let text = JSON.stringify(v);
  const r = rng.int(0, 19);
  if (r === 0) text = text.replace(/-?\d+(\.\d+)?/, rng.pick(JSON_NUMBER_TOKENS));
  else if (r === 1) text = text.slice(0, rng.int(0, text.length));
  else if (r === 2) text = mutateString(rng, text);
  else if (r === 3) text = ` \n\t${text}\r\n `;
  else if (r === 4) text = text.replace(/^\{/, '{"id":"dup",');
  return text;
}
