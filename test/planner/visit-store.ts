/**
 * A memory on disk of one camera's people and their visits (re-identification's identities), for
 * the tests that ask about returns and how often people came: a frame every second and one object
 * per identity with its visits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../../memory/store.js';
import { object } from '../memory/fixtures.js';

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
