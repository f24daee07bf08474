/**
 * Checks of a configuration that a schema cannot express: camera sources, class names against
 * each camera's detector, rules against the cameras' zones, lines and classes, duplicate ids and
 * token secrets. They run on the raw input, next to the schema, and on whatever part of an item
 * the schema refuses is still readable (a rule with a bad time still has its camera and zone), so
 * that `vigil config check` and `vigil start` report every problem in one pass.
 */
import { redactUrl } from '../../ingest/redact.js';
import type { AlertRule } from '../api/wire.js';
import { ruleGeometryProblems, type CameraGeometry } from '../rules/engine.js';
import { ruleSchema } from '../rules/schema.js';
import { detectorVocabulary, unknownClassMessage, type DetectorVocabulary } from './labels.js';
import { problemLines, type ConfigProblem } from './places.js';
import { duplicateProblems } from './duplicates.js';
import { geometryProblems } from './geometry.js';
import { DEMO_URL } from './schema.js';

/** URL schemes a camera may use (ffmpeg reads them as network streams). */
const NETWORK_SCHEMES = ['rtsp', 'rtsps', 'http', 'https'];

/** What the checks need of one camera. */
interface CameraFacts {
  id: string;
  zones: string[];
  lines: string[];
  vocabulary: DetectorVocabulary;
  /** The classes it keeps (`detector.classes`, else every label), or null when unknown. */
  kept: ReadonlySet<string> | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const ids = (v: unknown): string[] => list(v).flatMap((x) => (typeof obj(x)?.id === 'string' ? [obj(x)?.id as string] : []));

/** Problem with a camera source, or null when it is a source Vigil can read. */
export function cameraUrlProblem(url: string): string | null {
  if (url === DEMO_URL) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  // no scheme, or a one-letter one (a Windows drive): a file path
  if (!scheme || scheme.length === 1) return null;
  const allowed = `use rtsp://, rtsps://, http://, https://, a file path, file:// or "${DEMO_URL}"`;
  if (scheme === 'file') return url.startsWith('file://') && url.length > 'file://'.length ? null : `a file URL is file:///path/to/video; ${allowed}`;
  if (!NETWORK_SCHEMES.includes(scheme)) return `unsupported source "${redactUrl(url)}" (scheme ${scheme}:); ${allowed}`;
  // a raw "#" in the user or password starts a fragment: the rest of the URL (host included) is
  // lost, so the camera would be reached at a wrong host or not at all. The URL is not shown:
  // a redactor cannot tell where such a password ends.
  if (rawHashInCredentials(url)) return 'a "#" in the user name or password must be percent-encoded as %23 (a raw "#" starts a fragment: everything after it, the host included, is cut off)';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not a valid URL: "${redactUrl(url)}"`;
  }
  return parsed.hostname ? null : `no host in "${redactUrl(url)}"`;
}

/** Whether a `#` comes before an `@` after the scheme (a `#` in the credentials, not a fragment). */
function rawHashInCredentials(url: string): boolean {
  const rest = url.slice(url.indexOf('://') + 3);
  const hash = rest.indexOf('#');
  return hash >= 0 && rest.indexOf('@', hash) > hash && !rest.slice(0, hash).includes('/');
}

/** Checks the camera's source and its `detector.classes` and `classThresholds` names; returns its facts. */
function checkCamera(c: Obj, i: number, problems: ConfigProblem[]): CameraFacts | null {
  if (typeof c.url === 'string') {
    const p = cameraUrlProblem(c.url);
    if (p) problems.push({ path: ['cameras', i, 'url'], message: p });
  }
  // the shapes' own problems (duplicate ids are named once, by duplicates.ts)
  for (const g of geometryProblems(c.zones, c.lines, `cameras.${i}`)) {
    const at = g.indexOf(': ');
    const path = g.slice(0, at).split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x));
    if (path[path.length - 1] !== 'id') problems.push({ path, message: g.slice(at + 2) });
  }
  const vocabulary = detectorVocabulary(c.detector);
  const det = obj(c.detector) ?? {};
  const classes = list(det.classes).filter((x): x is string => typeof x === 'string');
  const labels = vocabulary.labels;
  let misspelt = false;
  if (labels && vocabulary.model !== 'none') {
    const known = new Set(labels);
    misspelt = classes.some((cls) => !known.has(cls));
    list(det.classes).forEach((cls, j) => {
      if (typeof cls === 'string' && !known.has(cls)) problems.push({ path: ['cameras', i, 'detector', 'classes', j], message: unknownClassMessage(cls, vocabulary.model, labels) });
    });
    for (const cls of Object.keys(obj(det.classThresholds) ?? {})) {
      if (!known.has(cls)) problems.push({ path: ['cameras', i, 'detector', 'classThresholds', cls], message: unknownClassMessage(cls, vocabulary.model, labels) });
    }
  }
  if (typeof c.id !== 'string') return null;
  // a misspelt filter is reported above; rule classes are then not judged against it
  const kept = labels && !misspelt ? new Set(classes.length > 0 && vocabulary.model !== 'none' ? classes : labels) : null;
  return { id: c.id, zones: ids(c.zones), lines: ids(c.lines), vocabulary, kept };
}

/** Why a rule's class can never match on the cameras it watches, or null. */
function ruleClassProblem(rule: AlertRule, cams: CameraFacts[]): string | null {
  const cls = rule.class;
  if (cls === undefined || rule.trigger.type === 'sound') return null;
  const watched = rule.camera ? cams.filter((c) => c.id === rule.camera) : cams;
  // a camera without a detector (model none) is a deliberate setup (a demo, a sound-only camera): not an error
  if (watched.length > 0 && watched.every((c) => c.vocabulary.model === 'none')) return null;
  if (watched.length === 0 || watched.some((c) => c.vocabulary.labels === null || c.vocabulary.labels.includes(cls))) {
    if (watched.length === 0 || watched.some((c) => c.kept === null || c.kept.has(cls))) return null;
  } else {
    const labels = new Set(watched.flatMap((c) => c.vocabulary.labels ?? []));
    const models = [...new Set(watched.filter((c) => c.vocabulary.model !== 'none').map((c) => c.vocabulary.model))].join(' or ');
    if (labels.size > 0) return unknownClassMessage(cls, models, labels);
  }
  const why = watched.map((c) => (c.vocabulary.model === 'none' ? `camera "${c.id}" has no detector (model none)` : `camera "${c.id}" keeps only ${[...(c.kept ?? [])].join(', ')} (detector.classes)`));
  return `class "${cls}" is never detected: ${why.join('; ')}`;
}

/** The rule as far as it is readable: each field the schema accepts on its own (null: no rule at all). */
function readableRule(raw: unknown): AlertRule | null {
  const full = ruleSchema.safeParse(raw);
  if (full.success) return full.data;
  const r = obj(raw);
  if (!r) return null;
  const shape = ruleSchema.shape;
  const field = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, v: unknown): T | undefined => {
    const p = schema.safeParse(v);
    return p.success ? p.data : undefined;
  };
  const t = obj(r.trigger);
  const trigger = field(shape.trigger, r.trigger) ?? (t?.type === 'line' && typeof t.line === 'string' ? { type: 'line' as const, line: t.line } : t?.type === 'sound' ? { type: 'sound' as const } : { type: 'count' as const, op: 'ge' as const, n: 1 });
  const rule: AlertRule = { id: typeof r.id === 'string' ? r.id : '', trigger };
  for (const k of ['camera', 'zone', 'class'] as const) {
    const v = field<string>(shape[k], r[k]);
    if (v !== undefined) rule[k] = v;
  }
  return rule;
}

/** Rule problems: unknown cameras, zones and lines, classes never detected (also of a rule the schema refuses). */
function checkRules(rules: unknown[], cams: CameraFacts[] | null, problems: ConfigProblem[]): void {
  // cameras that share an id (reported as duplicates) pool their zones and lines
  const geometry: CameraGeometry = {};
  for (const c of cams ?? []) {
    const g = geometry[c.id] ?? { zones: [], lines: [] };
    geometry[c.id] = { zones: [...g.zones, ...c.zones], lines: [...g.lines, ...c.lines] };
  }
  rules.forEach((raw, i) => {
    const rule = readableRule(raw);
    if (!rule || !cams) return;
    for (const p of ruleGeometryProblems(rule, geometry)) {
      const at = p.indexOf(': ');
      problems.push({ path: ['rules', i, ...p.slice(0, at).split('.')], message: p.slice(at + 2) });
    }
    const cp = ruleClassProblem(rule, cams);
    if (cp) problems.push({ path: ['rules', i, 'class'], message: cp });
  });
}

/**
 * Every problem of a raw configuration beyond its schema, with its place. Values the schema
 * refuses are skipped here (the schema reports them), so nothing is reported twice.
 */
export function semanticProblems(raw: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const r = obj(raw);
  if (!r) return problems;
  const rawCams = r.cameras === undefined ? [{ id: 'demo', url: DEMO_URL }] : Array.isArray(r.cameras) ? (r.cameras as unknown[]) : null;
  const cams = rawCams ? rawCams.flatMap((c, i) => (obj(c) ? [checkCamera(obj(c) as Obj, i, problems)] : [])).filter((c): c is CameraFacts => c !== null) : null;
  problems.push(...duplicateProblems(r, rawCams ?? []));
  if (Array.isArray(r.rules)) checkRules(r.rules, cams, problems);
  return problems;
}

/** {@link semanticProblems} as `place: message` lines, places named by ids. */
export function semanticChecks(raw: unknown): string[] {
  return problemLines(raw, semanticProblems(raw));
}
