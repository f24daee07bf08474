/**
 * Ids that must be unique, and are not: cameras, the zones and lines of a camera, rules, and
 * token secrets. Each is reported once, at the later item, naming the earlier one, so a
 * duplicate reads as a duplicate rather than as a missing zone or camera further on.
 */
import { placeName, type ConfigProblem } from './places.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** What a kind of item is called in a message. */
interface Kind {
  /** "camera", "zone", ... */
  noun: string;
  /** Why it matters, the end of the message. */
  why: string;
}

/** Reports a repeated `id` among `items`, whose path is `at`. */
function repeatedIds(root: Obj, items: unknown[], at: readonly PropertyKey[], kind: Kind, problems: ConfigProblem[]): void {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const id = obj(item)?.id;
    if (typeof id !== 'string') return;
    const j = first.get(id);
    if (j === undefined) first.set(id, i);
    else problems.push({ path: [...at, i, 'id'], message: `duplicate ${kind.noun} id "${id}" (${placeName(root, [...at, j])} is "${id}" too); ${kind.why}` });
  });
}

/** Two tokens with one secret cannot be told apart (the first match would decide the scope). */
function repeatedSecrets(root: Obj, tokens: unknown[], problems: ConfigProblem[]): void {
  const seen = new Map<string, number>();
  tokens.forEach((t, i) => {
    const secret = obj(t)?.token;
    if (typeof secret !== 'string') return;
    const j = seen.get(secret);
    if (j === undefined) seen.set(secret, i);
    else problems.push({ path: ['auth', 'tokens', i, 'token'], message: `the same secret as ${placeName(root, ['auth', 'tokens', j])}; each token needs its own secret` });
  });
}

/**
 * Every duplicate id and token secret of a raw configuration (the secret itself is never shown).
 * @param cameras the raw camera list (the default demo camera when the file has none)
 */
export function duplicateProblems(r: Obj, cameras: unknown[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  repeatedIds(r, cameras, ['cameras'], { noun: 'camera', why: 'each camera needs its own id (it names the camera in topics, keys, URLs and rules)' }, problems);
  cameras.forEach((c, i) => {
    const cam = obj(c);
    if (!cam) return;
    repeatedIds(r, list(cam.zones), ['cameras', i, 'zones'], { noun: 'zone', why: 'each zone of a camera needs its own id' }, problems);
    repeatedIds(r, list(cam.lines), ['cameras', i, 'lines'], { noun: 'line', why: 'each line of a camera needs its own id' }, problems);
  });
  repeatedIds(r, list(r.rules), ['rules'], { noun: 'rule', why: 'each rule needs its own id (it names the alert topic)' }, problems);
  repeatedSecrets(r, list(obj(r.auth)?.tokens), problems);
  return problems;
}
