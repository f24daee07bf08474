/**
 * Memories on disk for the planner's tests: any observations written in time order and opened
 * read-only (`storeOf`), or one camera's people and their visits (re-identification's identities)
 * for the tests that ask about returns and how often people came (`visitStore`: a frame every
 * second and one object per identity with its visits).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Observation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { object } from '../memory/fixtures.js';

/** Writes observations (in time order) to a new memory on disk and opens it read-only. */
export async function storeOf(obs: Observation[], prefix = 'vigil-store-'): Promise<MemoryStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const w = new MemoryStore({ dir });
  w.open();
  for (const o of [...obs].sort((a, b) => ('ts' in a ? a.ts : a.start) - ('ts' in b ? b.ts : b.start))) void w.write(o).catch(() => undefined);
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  return store;
}

/**
 * Writes the memory and opens it read-only.
 * @param visits per identity (the object id's last part), its visits as [start, end] seconds from `t0`
 */
export async function visitStore(camera: string, t0: number, lastSecond: number, visits: Record<string, [number, number][]>): Promise<MemoryStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-visits-'));
  const s = (sec: number): number => t0 + sec * 1000;
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t <= lastSecond * 1000; t += 1000) void w.write({ kind: 'frame', camera, ts: t0 + t, motion: 0, detected: true, counts: {}, objects: [], occupancy: {} }).catch(() => undefined);
  for (const [id, vs] of Object.entries(visits)) {
    const first = vs[0]?.[0] ?? 0;
    const last = vs.at(-1)?.[1] ?? first;
    void w.write(object(camera, `${camera}:person:${id}`, 'person', s(first), s(last), { visits: vs.map(([a, b]) => ({ start: s(a), end: s(b) })) })).catch(() => undefined);
  }
  await w.close();
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  return store;
}
