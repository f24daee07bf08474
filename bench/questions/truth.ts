/**
 * Truth of the project's question set, computed from a hand-written (clips) or generated
 * (synthetic day) model of what happened, so no figure is worked out by hand. A question's truth is
 * checked for robustness: it is computed again with every time shifted a little (detection and
 * settling delays) and with visits a little shorter or longer; a count or yes/no that changes, or a
 * time or duration that jumps, fails the generator, so a question sitting on a boundary is rewritten
 * rather than kept with a fragile truth.
 */

/** One visit of one object: arrival and departure (last sighting), epoch ms. */
export interface Visit {
  a: number;
  d: number;
}

/** One point event (line crossing, zone entry/exit, taken, returned) with how many items moved. */
export interface Ev {
  t: number;
  kind: 'line_cross' | 'zone_enter' | 'zone_exit' | 'taken' | 'returned';
  n: number;
  dir?: 'forward' | 'backward';
}

/** What happened at one place (a camera, or a camera's zone): visits, or a settled count as steps, and events. */
export interface Track {
  visits: Visit[];
  /** Count from each step's time on, ascending (objects that stand still); replaces visits for counts. */
  steps?: [number, number][];
  events: Ev[];
}

/** Places by key (`table`, `cam3`, `cam3/door`). */
export type World = Record<string, Track>;

/** The value a question is graded on, as in dev.json. */
export type QType = 'number' | 'boolean' | 'time' | 'duration' | 'list' | 'refusal';

/** One question of the set. */
export interface Question {
  q: string;
  part: string;
  type: QType;
  expect: number | boolean | string | null;
  tol?: number;
}

const GRID = 100;

/** Visits arriving in `[from, to)`. */
export const arrivals = (t: Track, from: number, to: number): Visit[] => t.visits.filter((v) => v.a >= from && v.a < to);
/** Visits overlapping `[from, to)`. */
export const present = (t: Track, from: number, to: number): Visit[] => t.visits.filter((v) => v.a < to && v.d > from);
/** Visits ending in `[from, to)`. */
export const departures = (t: Track, from: number, to: number): Visit[] => t.visits.filter((v) => v.d >= from && v.d < to);
/** Visits by arrival. */
export const byArrival = (vs: Visit[]): Visit[] => [...vs].sort((x, y) => x.a - y.a);
/** Length of a visit, seconds. */
export const secs = (v: Visit): number => (v.d - v.a) / 1000;

/** How many are there at `t`. */
export function countAt(t: Track, at: number): number {
  if (t.steps) {
    let n = 0;
    for (const [ts, c] of t.steps) if (ts <= at) n = c;
    return n;
  }
  return t.visits.filter((v) => v.a <= at && at <= v.d).length;
}

/** Samples of the count over `[from, to)` on a 100 ms grid. */
function samples(t: Track, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  const near: Track = t.steps ? t : { ...t, visits: t.visits.filter((v) => v.a < to && v.d >= from) };
  for (let x = from; x < to; x += GRID) out.push([x, countAt(near, x)]);
  return out;
}

/** Runs of one value of `f(count)` over `[from, to)`: start, end (ms) and value. */
function runs<V>(t: Track, from: number, to: number, f: (n: number) => V): { start: number; end: number; v: V }[] {
  const out: { start: number; end: number; v: V }[] = [];
  for (const [x, n] of samples(t, from, to)) {
    const v = f(n);
    const last = out[out.length - 1];
    if (last && last.v === v) last.end = x + GRID;
    else out.push({ start: x, end: x + GRID, v });
  }
  return out;
}

/** A settled count ignores changes that last less than this; a truth that depends on one is no truth. */
const HOLD = 2000;

/** Most or fewest at once in `[from, to)` (throws when it is reached only for a moment, shorter than a settled count's hold). */
export function extreme(t: Track, from: number, to: number, which: 'max' | 'min'): number {
  // runs are measured beyond the window, so a short window inside a long run is not a moment
  const rs = runs(t, from - HOLD, to + HOLD, (n) => n).filter((r) => r.end > from && r.start < to);
  const pick = (xs: number[]): number => (which === 'max' ? Math.max(...xs) : Math.min(...xs));
  const raw = pick(rs.map((r) => r.v));
  const held = pick(rs.filter((r) => r.end - r.start >= HOLD).map((r) => r.v));
  if (raw !== held) throw new Error(`the ${which} is reached only for a moment`);
  return raw;
}

/** Seconds the count satisfied `ok` in `[from, to)`. */
export function heldFor(t: Track, from: number, to: number, ok: (n: number) => boolean): number {
  return (samples(t, from, to).filter(([, n]) => ok(n)).length * GRID) / 1000;
}

/** Moments in `[from, to)` at which `ok` starts to hold (it did not just before); throws when it holds or fails only for a moment. */
export function starts(t: Track, from: number, to: number, ok: (n: number) => boolean): number[] {
  const rs = runs(t, from - HOLD, to, ok);
  if (rs.slice(1, -1).some((r) => r.end - r.start < HOLD)) throw new Error('the condition changes for a moment only');
  return rs.filter((r, i) => i > 0 && r.v && r.start >= from).map((r) => r.start);
}

/** Events of a kind in `[from, to)`, optionally of one direction. */
export const events = (t: Track, kind: Ev['kind'], from: number, to: number, dir?: Ev['dir']): Ev[] =>
  t.events.filter((e) => e.kind === kind && e.t >= from && e.t < to && (dir === undefined || e.dir === dir));

/** Items moved by events of a kind in `[from, to)`. */
export const moved = (t: Track, kind: Ev['kind'], from: number, to: number): number => events(t, kind, from, to).reduce((s, e) => s + e.n, 0);

/** Merges several places into one (for questions over several cameras). */
export function merged(...ts: Track[]): Track {
  return { visits: ts.flatMap((t) => t.visits), events: ts.flatMap((t) => t.events).sort((x, y) => x.t - y.t) };
}

/** The world with every time shifted by `shift` ms and visits shortened by `shrink` ms at each end. */
function perturb(w: World, shift: number, shrink: number): World {
  const out: World = {};
  for (const [k, t] of Object.entries(w)) {
    // the first step is the count at the start of coverage: it does not move
    const steps = t.steps?.map(([ts, n], i): [number, number] => [i === 0 ? ts : ts + shift + (n > (t.steps?.[i - 1]?.[1] ?? 0) ? shrink : -shrink), n]);
    out[k] = {
      visits: t.visits.map((v) => ({ a: v.a + shift + shrink, d: Math.max(v.a + shift + shrink, v.d + shift - shrink) })),
      ...(steps ? { steps } : {}),
      events: t.events.map((e) => ({ ...e, t: e.t + shift })),
    };
  }
  return out;
}

/** Builds questions over one world, checking each truth for robustness. */
export class QuestionSet {
  readonly questions: Question[] = [];
  constructor(
    private readonly world: World,
    /** Shift (ms) of the delay variants and shrink (ms) of the length variants. */
    private readonly slack: { shift: number; shrink: number },
    /** ISO text of an epoch-ms time. */
    private readonly iso: (ms: number) => string = (ms) => new Date(ms).toISOString(),
  ) {}

  /** A question whose truth is `fn` of the world (a time in epoch ms for `time`, seconds for `duration`). */
  ask(q: string, part: string, type: Exclude<QType, 'refusal'>, fn: (w: World) => number | boolean, tol?: number): void {
    const why = this.tryAsk(q, part, type, fn, tol);
    if (why) throw new Error(why);
  }

  /**
   * The first of several candidate questions (built from candidate times) whose truth is robust.
   * @param cands candidate times (or other parameters), tried in order
   */
  first<T>(cands: readonly T[], build: (c: T) => [string, string, Exclude<QType, 'refusal'>, (w: World) => number | boolean, number?]): void {
    const whys: string[] = [];
    for (const c of cands) {
      const why = this.tryAsk(...build(c));
      if (!why) return;
      whys.push(why);
    }
    throw new Error(`no robust candidate: ${whys.slice(0, 3).join('; ')}`);
  }

  /** Adds the question when its truth is robust; else says why not. */
  private tryAsk(q: string, part: string, type: Exclude<QType, 'refusal'>, fn: (w: World) => number | boolean, tol?: number): string | undefined {
    let truth: number | boolean;
    try {
      truth = fn(this.world);
    } catch (e) {
      return `no truth for "${q}": ${(e as Error).message}`;
    }
    const { shift, shrink } = this.slack;
    const exact = type === 'number' || type === 'boolean' || type === 'list';
    const variants = exact
      ? [perturb(this.world, -shift, 0), perturb(this.world, shift, 0), perturb(this.world, 0, shrink), perturb(this.world, 0, -shrink)]
      : [perturb(this.world, -shift, 0), perturb(this.world, shift, 0)];
    for (const w of variants) {
      let v: number | boolean;
      try {
        v = fn(w);
      } catch {
        return `fragile truth for "${q}": none when times move a little`;
      }
      // a time may move with the shift (ms), a duration by both ends' shifts (s); more is a jump to another visit
      const room = type === 'time' ? shift + 1000 : (2 * shift) / 1000 + 1;
      const ok = exact ? v === truth : typeof v === 'number' && typeof truth === 'number' && Math.abs(v - truth) <= room;
      if (!ok) return `fragile truth for "${q}": ${String(truth)} becomes ${String(v)} when times move a little`;
    }
    if (typeof truth === 'number' && !Number.isFinite(truth)) return `no truth for "${q}"`;
    const expect = type === 'time' ? this.iso(truth as number) : type === 'duration' ? Math.round((truth as number) * 10) / 10 : truth;
    this.questions.push({ q, part, type, expect, ...(type === 'time' || type === 'duration' ? { tol: tol ?? (type === 'time' ? 2 : 3) } : tol !== undefined ? { tol } : {}) });
    return undefined;
  }

  /** A question that must be refused (its truth is not in the memory, or it is not a question of the language). */
  refuse(q: string): void {
    this.questions.push({ q, part: 'refusal', type: 'refusal', expect: null });
  }
}

/** The n-th (1-based; -1 the last) of a list, or NaN-bearing undefined. */
export function nth<T>(xs: T[], n: number): T {
  const x = n > 0 ? xs[n - 1] : xs[xs.length + n];
  if (x === undefined) throw new Error(`no item ${n} of ${xs.length}`);
  return x;
}
