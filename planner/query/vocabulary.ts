/**
 * The names a memory knows, for the parser: its cameras, the zones, lines and classes its objects
 * and events name, the classes the detectors can produce, and the class seen most at each camera
 * (what "is the bench empty?" counts when no class is named).
 */
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ScanVocabulary } from './scan.js';

/** A memory's vocabulary. */
export interface Vocabulary extends ScanVocabulary {
  /** Labels stored in the memory. */
  seen: Set<string>;
  /** Objects per camera and label. */
  perCamera: Map<string, Map<string, number>>;
}

/** Vocabulary per store, with the object and event entry counts it was built at. */
const cache = new WeakMap<MemoryStore, { key: string; v: Vocabulary }>();

/**
 * The store's vocabulary, rebuilt only when its object or event entry counts changed (LMDB keeps
 * them, so the check costs nothing).
 */
export function vocabulary(memory: MemoryStore): Vocabulary {
  const { objects, events } = memory.dbs();
  const stat = (db: typeof objects | typeof events): number => (db.getStats() as { entryCount?: number }).entryCount ?? -1;
  const key = `${stat(objects)}/${stat(events)}/${memory.cameras().join(',')}`;
  const hit = cache.get(memory);
  if (hit && hit.key === key) return hit.v;
  const v = build(memory);
  cache.set(memory, { key, v });
  return v;
}

function build(memory: MemoryStore): Vocabulary {
  const { objects, events } = memory.dbs();
  const zones = new Set<string>();
  const lines = new Set<string>();
  const seen = new Set<string>();
  const perCamera = new Map<string, Map<string, number>>();
  for (const { value: o } of objects.getRange({})) {
    seen.add(o.label);
    let m = perCamera.get(o.camera);
    if (!m) perCamera.set(o.camera, (m = new Map<string, number>()));
    m.set(o.label, (m.get(o.label) ?? 0) + 1);
    for (const z of o.zones) zones.add(z.zone);
    for (const c of o.crossings) lines.add(c.line);
  }
  for (const { value: e } of events.getRange({})) {
    if (e.label) seen.add(e.label);
    if (e.zone) zones.add(e.zone);
    if (e.line) lines.add(e.line);
  }
  return { cameras: memory.cameras(), zones: [...zones].sort(), lines: [...lines].sort(), labels: [...new Set([...COCO_LABELS, ...seen])], seen, perCamera };
}

/** The class with the most stored objects at a camera (or at all cameras). */
export function dominantClass(v: Vocabulary, camera?: string): string | undefined {
  const totals = new Map<string, number>();
  for (const [cam, m] of v.perCamera) {
    if (camera && cam !== camera) continue;
    for (const [label, n] of m) totals.set(label, (totals.get(label) ?? 0) + n);
  }
  let best: string | undefined;
  for (const [label, n] of totals) if (best === undefined || n > (totals.get(best) ?? 0)) best = label;
  return best;
}
