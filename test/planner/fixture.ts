/**
 * A small hand-made memory for planner tests: camera `lobby`, 09:00-09:10 UTC on 2026-11-21,
 * two people and a car, a zone `door`, a line `gate`, 2 s segments with captions and JPEG
 * keyframes (solid colours made with jpeg-js).
 */
import jpeg from 'jpeg-js';
import type { Observation } from '../../ingest/observations.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { Meter } from '../../planner/meter.js';
import { ModelCalls } from '../../planner/model-calls.js';
import type { ModelSet } from '../../planner/models.js';
import type { ToolContext, ToolPaths } from '../../planner/tools/index.js';
import { tempDir } from '../helpers/daemon.js';
import { event, frame, object } from '../memory/fixtures.js';

/** Start of the fixture memory. */
export const T0 = Date.parse('2026-11-21T09:00:00Z');
/** End of the fixture memory (exclusive). */
export const T1 = T0 + 10 * 60_000;
const m = (min: number, s = 0): number => T0 + min * 60_000 + s * 1000;

/** The people and car: id, label, first, last; p1 visits door and crosses gate. */
export const PEOPLE = [
  { id: 'lobby:person:1', label: 'person', first: m(1), last: m(3) },
  { id: 'lobby:person:2', label: 'person', first: m(2), last: m(5) },
  { id: 'lobby:car:1', label: 'car', first: m(4), last: m(4, 30) },
];

/** A solid-colour JPEG. */
export function solidJpeg(r: number, g: number, b: number, width = 64, height = 36): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([r, g, b, 255], i * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
}

/** Writes the fixture memory into a fresh directory; the store is open (writable). */
export async function fixtureMemory(): Promise<MemoryStore> {
  const store = new MemoryStore({ dir: tempDir('planner-mem') });
  store.open();
  const obs: Observation[] = [];
  for (let t = T0; t < T1; t += 500) {
    const here = PEOPLE.filter((p) => p.first <= t && t <= p.last);
    const inDoor = t >= m(1, 10) && t < m(1, 40) ? 1 : 0;
    const f = frame('lobby', t, here.map((p) => p.id), { door: inDoor });
    f.counts = {};
    for (const p of here) f.counts[p.label] = (f.counts[p.label] ?? 0) + 1;
    f.objects = f.objects.map((o, k) => ({ ...o, label: here[k]?.label ?? 'person' }));
    obs.push(f);
    if (t % 2000 === 1500) {
      const s0 = t - 1500;
      const seen = PEOPLE.filter((p) => p.first <= t && p.last >= s0);
      const counts: Record<string, number> = {};
      for (const p of seen) counts[p.label] = (counts[p.label] ?? 0) + 1;
      const caption = seen.length ? Object.entries(counts).map(([l, n]) => `${n} ${l}${n > 1 ? 's' : ''}`).join(', ') + (seen.some((p) => p.label === 'car') ? ' at the entrance' : ' in the lobby') : 'quiet';
      const colour = seen.length ? [200, 40, 40] : [20, 20, 20];
      obs.push({ kind: 'segment', camera: 'lobby', start: s0, end: s0 + 2000, frames: 4, firstFrameAt: s0, lastFrameAt: t, counts, objectIds: seen.map((p) => p.id), motion: seen.length ? 0.3 : 0, occupancy: { door: inDoor }, ocr: [], caption, keyframe: solidJpeg(colour[0] ?? 0, colour[1] ?? 0, colour[2] ?? 0) });
    }
    for (const p of PEOPLE) {
      if (p.first === t) obs.push(event('lobby', t, 'appear', { objectId: p.id, label: p.label }));
      if (p.last === t) {
        obs.push(event('lobby', t, 'disappear', { objectId: p.id, label: p.label }));
        const p1 = p.id === 'lobby:person:1';
        obs.push({
          ...object('lobby', p.id, p.label, p.first, p.last, p1 ? { zones: [{ zone: 'door', enteredAt: m(1, 10), exitedAt: m(1, 40), dwellSeconds: 30 }], crossings: [{ line: 'gate', ts: m(1, 5), direction: 'forward' }] } : {}),
          event: 'end',
        });
      }
    }
    if (t === m(1, 5)) obs.push(event('lobby', t, 'line_cross', { objectId: 'lobby:person:1', label: 'person', line: 'gate', direction: 'forward' }));
    if (t === m(1, 10)) obs.push(event('lobby', t, 'zone_enter', { objectId: 'lobby:person:1', label: 'person', zone: 'door' }));
    if (t === m(1, 40)) obs.push(event('lobby', t, 'zone_exit', { objectId: 'lobby:person:1', label: 'person', zone: 'door', dwellSeconds: 30 }));
  }
  let last: Promise<boolean> = Promise.resolve(true);
  for (const o of obs) last = store.write(o);
  await last;
  await store.flush();
  return store;
}

/** A tool context over a store, with the given models (none by default). */
export function toolContext(store: MemoryStore, models: ModelSet = {}, paths: ToolPaths = {}, meter = new Meter()): ToolContext {
  return { memory: store, queries: new MemoryQueries(store), models: new ModelCalls(models, meter), now: T1, timeZone: 'UTC', paths };
}
