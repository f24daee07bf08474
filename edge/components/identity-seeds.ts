/**
 * Identities across restarts: at start, each camera's re-ID is seeded with the objects the memory
 * holds for it, so a returning object takes back its id (a bottle still in its place, a person
 * coming back) instead of getting a new one from the new run. Ingest never reads the memory: this
 * reads it here and hands the pipeline plain facts (`IdentitySeed`).
 */
import type { ObjectFact } from '../../ingest/observations.js';
import type { IdentitySeed } from '../../ingest/perception/objects.js';
import { DEFAULT_REID } from '../../ingest/perception/reid.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ObjectRecord } from '../../memory/types.js';

/** Which stored objects seed a camera. */
export interface SeedOptions {
  /** Objects last seen within this long before `now` (default: re-ID's retirement age, 6 h). */
  withinMs: number;
  /** At most this many per camera, the latest seen (default 300). */
  max: number;
}

/** Defaults: what re-ID itself would still remember, bounded. */
export const DEFAULT_SEEDS: SeedOptions = { withinMs: DEFAULT_REID.retireAfterMs, max: 300 };

/** The facts of a stored object, without what the store derives for it. */
function factOf(r: ObjectRecord): ObjectFact {
  const { segmentsSeen: _n, firstSegmentAt: _f, lastSegmentAt: _l, description: _d, ...fact } = r;
  return fact;
}

/**
 * Seeds per camera from the memory: the objects each camera saw in the `withinMs` before `now`
 * (at most `max`, latest first). Waits for the store's pending writes first, so visits the last
 * run left open are read as `beginRun()` closed them.
 */
export async function identitySeeds(store: MemoryStore, cameras: readonly string[], now: number, opts: Partial<SeedOptions> = {}): Promise<Map<string, IdentitySeed[]>> {
  const o = { ...DEFAULT_SEEDS, ...opts };
  await store.flush();
  const q = new MemoryQueries(store);
  const out = new Map<string, IdentitySeed[]>();
  for (const camera of cameras) {
    const recent = q
      .objectsIn({ from: now - o.withinMs, to: now + 1 }, { camera })
      .filter((r) => r.lastSeen <= now)
      .sort((a, b) => b.lastSeen - a.lastSeen)
      .slice(0, o.max);
    out.set(
      camera,
      recent.map((r) => {
        const views = store.objectViews(r.objectId);
        return views.length > 0 ? { object: factOf(r), views } : { object: factOf(r) };
      }),
    );
  }
  return out;
}
