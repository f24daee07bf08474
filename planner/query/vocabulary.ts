/**
 * The names a memory knows, for the parser: its cameras, the zones, lines and classes its objects
 * and events name, the classes the detectors can produce, and the class seen most at each camera
 * (what "is the bench empty?" counts when no class is named).
 */
import { COCO_LABELS, SCENE_FIXTURES } from '../../ingest/perception/coco.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ScanVocabulary } from './scan.js';

/** A memory's vocabulary. */
export interface Vocabulary extends ScanVocabulary {
  /** Labels stored in the memory. */
  seen: Set<string>;
  /** Objects per camera and label. */
  perCamera: Map<string, Map<string, number>>;
  /** Objects that visited each zone, per label. */
  perZone: Map<string, Map<string, number>>;
  /** Time objects of each label were present per camera, ms (absent: the object counts decide). */
  timePerCamera?: Map<string, Map<string, number>>;
  /** Time objects of each label were in each zone, ms. */
  timePerZone?: Map<string, Map<string, number>>;
}

/** Vocabulary per store, with the object and event entry counts it was built at. */
const cache = new WeakMap<MemoryStore, { key: string; v: Vocabulary }>();

/**
 * The store's vocabulary, rebuilt only when the memory's change stamp moved (its object and event
 * entry counts, which LMDB keeps, and its cameras: the check costs nothing).
 */
export function vocabulary(memory: MemoryStore): Vocabulary {
  const q = new MemoryQueries(memory);
  const key = q.changeStamp();
  const hit = cache.get(memory);
  if (hit && hit.key === key) return hit.v;
  const n = q.names();
  const v: Vocabulary = { cameras: memory.cameras(), zones: [...n.zones].sort(), lines: [...n.lines].sort(), labels: [...new Set([...COCO_LABELS, ...n.labels])], seen: n.labels, perCamera: n.perCamera, perZone: n.perZone, timePerCamera: n.timePerCamera, timePerZone: n.timePerZone };
  cache.set(memory, { key, v });
  return v;
}

/**
 * The class of a place: the one present longest in a zone (its objects' time there summed), else
 * at a camera (or at all cameras); where times are not known, the one with the most stored objects.
 * Time, not objects: a car parked all along is the class of a car park a walker and a cyclist
 * crossed once each. Fixtures of the scene ({@link SCENE_FIXTURES}) only where nothing else was seen.
 */
export function dominantClass(v: Vocabulary, camera?: string, zone?: string): string | undefined {
  for (const skip of [SCENE_FIXTURES, new Set<string>()]) {
    if (zone !== undefined) {
      const inZone = top(v.timePerZone?.get(zone), skip) ?? top(v.perZone.get(zone), skip);
      if (inZone) return inZone;
    }
    const here = top(totalOver(v.timePerCamera, camera), skip) ?? top(totalOver(v.perCamera, camera), skip);
    if (here) return here;
  }
  return undefined;
}

/** Per label, the sum over the cameras (or the one camera) of a per-camera table. */
function totalOver(table: Map<string, Map<string, number>> | undefined, camera?: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [cam, m] of table ?? []) {
    if (camera && cam !== camera) continue;
    for (const [label, n] of m) totals.set(label, (totals.get(label) ?? 0) + n);
  }
  return totals;
}

/** The label with the largest positive value (ties: alphabetical) that is not skipped, or undefined. */
function top(m: ReadonlyMap<string, number> | undefined, skip: ReadonlySet<string>): string | undefined {
  let best: [string, number] | undefined;
  for (const [label, n] of m ?? []) if (n > 0 && !skip.has(label) && (!best || n > best[1] || (n === best[1] && label < best[0]))) best = [label, n];
  return best?.[0];
}

/** How long the cameras asked about must have watched before a class they never detected is refused. */
export const NEVER_SEEN_AFTER_MS = 60_000;

/**
 * The refusal of a question about classes none of its cameras ever detected (no object stored,
 * no frame counted, as `counted` reads them): over a camera that
 * never once saw a person, "how many people came" answered 0 is a guess (the detector may not see
 * people at that angle, in that light or through that compression), not a count. Null when one of
 * the classes was detected at one of the cameras, the cameras have watched for less than
 * {@link NEVER_SEEN_AFTER_MS} in all, or the question names no class.
 */
export function neverSeen(
  classes: readonly string[],
  cameras: readonly string[],
  v: Vocabulary,
  ranges: readonly { camera: string; start: number; end: number }[],
  counted: (camera: string) => ReadonlySet<string>,
): { code: 'NEVER_SEEN'; why: string } | null {
  if (classes.length === 0) return null;
  const cams = cameras.length > 0 ? cameras : v.cameras;
  // a camera that has watched for less than a minute may not have seen one yet: "none yet" is the count
  const watched = ranges.filter((r) => cams.includes(r.camera)).reduce((n, r) => n + Math.max(0, r.end - r.start), 0);
  if (watched < NEVER_SEEN_AFTER_MS) return null;
  // what the cameras ever detected: stored objects and counted frames (each camera's read once)
  const detected = new Set(cams.flatMap((cam) => [...(v.perCamera.get(cam)?.keys() ?? []), ...counted(cam)]));
  if (classes.some((c) => detected.has(c))) return null;
  const where = cams.length === 1 ? `camera ${cams[0] as string}` : `cameras ${cams.join(', ')}`;
  const saw = detected.size > 0 ? ` (it detected: ${[...detected].sort().join(', ')})` : ' (it detected nothing)';
  return { code: 'NEVER_SEEN', why: `${where} never detected a ${classes.join(' or ')} in its whole memory${saw}; I cannot tell "none" from "the detector does not see them there"` };
}
