/**
 * Things picked by their place in the picture: "the left bottle", "the bottle in the middle", "the
 * second bottle from the right". Among the things of one class that stand still at a camera, the
 * places are the bands of the picture (left to right) where their positions gather; a spot is one
 * band, and its count in each stored frame is the number of the frame's objects whose position at
 * that moment lies in the band. Re-identification may give a bottle put back another id, or a taken
 * bottle's id to its neighbour: the band, not the id, says which bottle it is.
 */
import { MemoryQueries } from '../../memory/queries.js';
import type { FrameRow } from '../../memory/queries/frames.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ObjectRecord } from '../../memory/types.js';
import type { Spot } from './schema.js';

/** Orientations that keep the picture's left on the left (perception's turned picture is the recording's, sides kept). */
const SIDES_KEPT = new Set(['upright', 'vflip']);
/** Objects seen for less of the window than this share of the longest are passers-by, not a place. */
const DENSE_SHARE = 0.15;
/** A position this much further from its trajectory point in time is read from the object's usual place. */
const NEAR_MS = 10_000;

/** Where one object stood: its trajectory's times and positions (by time), and its usual position. */
interface Placed {
  ts: number[];
  x: number[];
  usual: number | undefined;
}

/** A spot's band, or why the picture cannot tell it. */
export type SpotRead = { band: [number, number]; places: number; objects: Map<string, Placed> } | { why: string };

/** The words of a spot ("the leftmost place", "the second place from the right", "the middle place"). */
export function spotWords(s: Spot): string {
  if (s.side === 'middle') return 'the middle place';
  const nth = ['', '', 'second', 'third', 'fourth', 'fifth'][s.rank ?? 1] ?? `${s.rank ?? 1}th`;
  return (s.rank ?? 1) === 1 ? `the ${s.side}most place` : `the ${nth} place from the ${s.side}`;
}

/** The horizontal centre of a box, normalised to the frame (0: left edge). */
function centreX(o: ObjectRecord): number | undefined {
  if (!o.frameSize || o.frameSize.width <= 0) return undefined;
  return (o.box.x1 + o.box.x2) / 2 / o.frameSize.width;
}

/** The median of numbers (NaN for none). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : ((s[(s.length - 1) >> 1] as number) + (s[s.length >> 1] as number)) / 2;
}

/** The bands where positions gather (left to right), leaving out sparse ones (things carried across). */
function bands(xs: number[], gap: number): [number, number][] {
  const sorted = [...xs].sort((a, b) => a - b);
  // positions within half a gap of each one (two pointers over the sorted positions)
  const density = new Array<number>(sorted.length);
  for (let k = 0, lo = 0, hi = 0; k < sorted.length; k++) {
    const x = sorted[k] as number;
    while ((sorted[lo] as number) < x - gap / 2) lo++;
    while (hi < sorted.length && (sorted[hi] as number) <= x + gap / 2) hi++;
    density[k] = hi - lo;
  }
  const top = Math.max(0, ...density);
  const kept = sorted.filter((_, k) => (density[k] as number) >= DENSE_SHARE * top);
  const out: [number, number][] = [];
  for (const x of kept) {
    const last = out[out.length - 1];
    if (last && x - last[1] <= gap) last[1] = x;
    else out.push([x, x]);
  }
  return out;
}

/** Which band of `k` (0 = leftmost) a spot names, or why none. */
function bandIndex(s: Spot, k: number): number | string {
  if (s.side === 'middle') return k % 2 === 1 ? (k - 1) / 2 : `with ${k} places in a row there is no middle one`;
  const r = s.rank ?? 1;
  if (r > k) return `there are only ${k} places in a row`;
  return s.side === 'left' ? r - 1 : k - r;
}

/**
 * The band of a spot among the still things of `label` at `camera` over `[from, to)`, or why it
 * cannot be told: the picture was turned (left and right are not the recording's), fewer than two
 * places, or no such place.
 */
export function readSpot(memory: MemoryStore, camera: string, label: string, spot: Spot, from: number, to: number): SpotRead {
  const mq = new MemoryQueries(memory);
  const turned = mq.orientation(camera);
  if (turned && !SIDES_KEPT.has(turned)) return { why: `the picture of ${camera} is turned (${turned}) before perception, so its left and right are not the recording's` };
  const objs = mq.objectsIn({ from, to }, { label, camera });
  const widths = objs.map((o) => (o.frameSize ? (o.box.x2 - o.box.x1) / o.frameSize.width : NaN)).filter((w) => w > 0);
  const gap = Math.max(0.02, 0.5 * (widths.length > 0 ? median(widths) : 0.06));
  const xs = objs.flatMap((o) => o.trajectory.filter(([ts]) => ts >= from && ts < to).map(([, x]) => x));
  const bs = bands(xs, gap);
  if (bs.length === 0) return { why: `no ${label} stood still at ${camera} then, so none is at ${spotWords(spot)}` };
  if (bs.length < 2) return { why: `the ${label}s at ${camera} stood in one place, so none is at ${spotWords(spot)}` };
  const k = bandIndex(spot, bs.length);
  if (typeof k === 'string') return { why: k };
  const b = bs[k] as [number, number];
  return { band: [b[0] - gap / 2, b[1] + gap / 2], places: bs.length, objects: new Map(objs.map((o) => [o.objectId, placed(o)])) };
}

/** An object's trajectory as `xAt` reads it, its usual position worked out once. */
function placed(o: ObjectRecord): Placed {
  const x = o.trajectory.map(([, px]) => px);
  return { ts: o.trajectory.map(([t]) => t), x, usual: x.length > 0 ? median(x) : centreX(o) };
}

/** Where an object was at `ts`: its trajectory point nearest in time (binary search), or its usual place when none is near. */
function xAt(o: Placed, ts: number): number | undefined {
  let lo = 0;
  let hi = o.ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((o.ts[mid] as number) < ts) lo = mid + 1;
    else hi = mid;
  }
  const k = [lo - 1, lo].filter((j) => j >= 0 && j < o.ts.length).sort((a, b) => Math.abs((o.ts[a] as number) - ts) - Math.abs((o.ts[b] as number) - ts))[0];
  return k !== undefined && Math.abs((o.ts[k] as number) - ts) <= NEAR_MS ? o.x[k] : o.usual;
}

/** The count of a spot in one stored frame: its objects whose place then lies in the band. */
export function spotCount(read: Extract<SpotRead, { band: unknown }>): (f: FrameRow) => number {
  return (f) => {
    let n = 0;
    for (const id of f.objectIds) {
      const o = read.objects.get(id);
      const x = o ? xAt(o, f.ts) : undefined;
      if (x !== undefined && x >= read.band[0] && x <= read.band[1]) n++;
    }
    return n;
  };
}
