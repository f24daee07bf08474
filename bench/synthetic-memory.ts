/**
 * The synthetic camera day of the benchmarks (memory and planner): per camera a person about
 * every 20 s present 10-60 s with a zone visit (`door`) and a line crossing (`gate`), 2 fps frame
 * records, 2 s segments with fact captions, and their events and object records. Deterministic
 * for a given PRNG.
 */
import type { Observation } from '../ingest/observations.js';

/** Deterministic PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let s = seed;
  return (): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One synthetic person of a camera. */
export interface Person {
  id: string;
  first: number;
  last: number;
  enter: number;
  exit: number;
  cross: number;
  dir: 'forward' | 'backward';
  emb: number[];
}

/** Everyone of a camera from `T0` to `END`, by arrival. */
export function people(cam: string, T0: number, END: number, rnd: () => number): Person[] {
  const out: Person[] = [];
  let t = T0 + rnd() * 20_000;
  let n = 0;
  while (t < END) {
    const first = Math.round(t / 500) * 500;
    const last = Math.min(END - 500, first + Math.round((10 + rnd() * 50) * 2) * 500);
    const enter = first + 2000;
    const exit = Math.max(enter, last - 2000);
    out.push({ id: `${cam}:person:${n++}`, first, last, enter, exit, cross: first + 1000, dir: rnd() < 0.5 ? 'forward' : 'backward', emb: Array.from({ length: 16 }, () => rnd()) });
    t += 10_000 + rnd() * 20_000;
  }
  return out;
}

/** All observations of the cameras in time order, as the daemon emits them. */
export function* observations(all: Map<string, Person[]>, cams: readonly string[], T0: number, END: number): Generator<Observation> {
  const idx = new Map(cams.map((c) => [c, 0]));
  const active = new Map<string, Person[]>(cams.map((c) => [c, []]));
  for (let t = T0; t < END; t += 500) {
    for (const cam of cams) {
      const list = all.get(cam) ?? [];
      let i = idx.get(cam) ?? 0;
      let act = active.get(cam) ?? [];
      while (i < list.length && (list[i]?.first ?? Infinity) <= t) {
        const p = list[i++] as Person;
        act.push(p);
        yield { kind: 'event', camera: cam, ts: t, type: 'appear', objectId: p.id, label: 'person' };
      }
      idx.set(cam, i);
      for (const p of act) {
        if (p.cross === t) yield { kind: 'event', camera: cam, ts: t, type: 'line_cross', objectId: p.id, label: 'person', line: 'gate', direction: p.dir };
        if (p.enter === t) yield { kind: 'event', camera: cam, ts: t, type: 'zone_enter', objectId: p.id, label: 'person', zone: 'door' };
        if (p.exit === t) yield { kind: 'event', camera: cam, ts: t, type: 'zone_exit', objectId: p.id, label: 'person', zone: 'door', dwellSeconds: (p.exit - p.enter) / 1000 };
      }
      const inZone = act.filter((p) => p.enter <= t && t < p.exit).length;
      yield {
        kind: 'frame',
        camera: cam,
        ts: t,
        motion: act.length ? 0.3 : 0.01,
        detected: true,
        counts: act.length ? { person: act.length } : {},
        objects: act.map((p, k) => ({ objectId: p.id, trackId: k, label: 'person', box: { x1: 10, y1: 20, x2: 110, y2: 320 }, score: 0.8 })),
        occupancy: { door: inZone },
      };
      if (t % 2000 === 1500) {
        const seg0 = t - 1500;
        const seen = act.filter((p) => p.first <= t && p.last >= seg0);
        yield {
          kind: 'segment',
          camera: cam,
          start: seg0,
          end: seg0 + 2000,
          frames: 4,
          firstFrameAt: seg0,
          lastFrameAt: t,
          counts: seen.length ? { person: seen.length } : {},
          objectIds: seen.map((p) => p.id),
          motion: seen.length ? 0.3 : 0.01,
          occupancy: { door: inZone },
          ocr: [],
          caption: seen.length ? `${seen.length} person${seen.length > 1 ? 's' : ''}` : 'quiet',
        };
      }
      const gone = act.filter((p) => p.last === t);
      if (gone.length) {
        act = act.filter((p) => p.last !== t);
        for (const p of gone) {
          yield { kind: 'event', camera: cam, ts: t, type: 'disappear', objectId: p.id, label: 'person' };
          yield {
            kind: 'object',
            camera: cam,
            ts: t,
            event: 'end',
            object: {
              objectId: p.id,
              camera: cam,
              label: 'person',
              trackIds: [1],
              firstSeen: p.first,
              lastSeen: p.last,
              box: { x1: 10, y1: 20, x2: 110, y2: 320 },
              trajectory: [
                [p.first, 0.1, 0.5],
                [p.last, 0.9, 0.5],
              ],
              zones: [{ zone: 'door', enteredAt: p.enter, exitedAt: p.exit, dwellSeconds: (p.exit - p.enter) / 1000 }],
              crossings: [{ line: 'gate', ts: p.cross, direction: p.dir }],
              embedding: p.emb,
              score: 0.9,
            },
          };
        }
      }
      active.set(cam, act);
    }
  }
}
