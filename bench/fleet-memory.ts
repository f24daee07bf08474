/**
 * Synthetic box memories for the fleet tests and `bench:fleet`: each box gets its own cameras and
 * its own people (visits given in seconds from `T0`, or drawn at random like the synthetic camera
 * day of the other benchmarks), written through the real memory writer.
 */
import { MemoryStore } from '../memory/store.js';
import { mulberry32, observations, people, type Person } from './synthetic-memory.js';

/** A camera of a box and the visits of its people, `[arrival, departure]` in seconds from T0. */
export interface CameraPlan {
  id: string;
  visits: [number, number][];
}

/** People of a camera from visit seconds (times on the 500 ms frame grid). */
export function planned(cam: string, T0: number, visits: readonly [number, number][], seed = 1): Person[] {
  const rnd = mulberry32(seed);
  return visits.map(([a, b], i) => {
    const first = T0 + Math.round(a * 2) * 500;
    const last = T0 + Math.round(b * 2) * 500;
    const enter = first + 2000;
    return { id: `${cam}:person:${i}`, first, last, enter, exit: Math.max(enter, last - 2000), cross: first + 1000, dir: i % 2 ? 'backward' : 'forward', emb: Array.from({ length: 16 }, () => rnd()) };
  });
}

/**
 * Writes a memory with the given cameras into `dir` (a daemon's data directory) and closes it.
 * @param cams planned visits per camera, or a count of random cameras (`random`)
 */
export async function writeBoxMemory(dir: string, T0: number, END: number, cams: readonly CameraPlan[] | { random: string[]; seed: number }): Promise<void> {
  const store = new MemoryStore({ dir });
  store.open();
  await fillMemory(store, T0, END, cams);
  await store.close();
}

/** Writes the cameras' observations into an open store. */
export async function fillMemory(store: MemoryStore, T0: number, END: number, cams: readonly CameraPlan[] | { random: string[]; seed: number }): Promise<void> {
  const all = new Map<string, Person[]>();
  if ('random' in cams) {
    const rnd = mulberry32(cams.seed);
    for (const c of cams.random) all.set(c, people(c, T0, END, rnd));
  } else cams.forEach((c, i) => all.set(c.id, planned(c.id, T0, c.visits, i + 1)));
  let last: Promise<boolean> = Promise.resolve(true);
  let n = 0;
  for (const o of observations(all, [...all.keys()], T0, END)) {
    last = store.write(o);
    if (++n % 5000 === 0) await last;
  }
  await last;
  await store.flush();
  await store.indexesBuilt();
}

/** The fleet of the tests: three boxes whose people overlap in time across boxes. */
export const TEST_FLEET: Record<string, CameraPlan[]> = {
  a: [
    { id: 'a1', visits: [[10, 60], [12, 60]] },
    { id: 'a2', visits: [[100, 130]] },
  ],
  b: [{ id: 'b1', visits: [[30, 90], [31, 90], [32, 90]] }],
  c: [{ id: 'c1', visits: [[120, 180], [121, 180]] }],
};
