/**
 * Identity scores of stored visits against true visits: each stored visit is matched to the true
 * visit it overlaps most; then, per true person, how many ids cover their visits, per id how many
 * true people it covers (purity), and an IDF1 over time (the best one-to-one mapping of ids to
 * people, scored by overlapped seconds, as IDF1 does with frames).
 */
import { linearAssignment } from '../../ingest/perception/assignment.js';
import type { TrueVisit } from './material.js';

/** A stored visit, seconds of the recording. */
export interface SeenVisit {
  objectId: string;
  start: number;
  end: number;
  /** Where it was over the visit (its mean anchor, 0..1 of the frame), when known. */
  at?: readonly [x: number, y: number];
}

/** Scores of one recording. */
export interface IdentityScore {
  trueVisits: number;
  truePeople: number;
  visits: number;
  identities: number;
  /** Stored visits that overlap no true visit (false objects). */
  unmatchedVisits: number;
  /** True visits no stored visit overlaps. */
  missedVisits: number;
  /** Per true person, the ids whose visits matched theirs. */
  idsPerPerson: { mean: number; max: number; each: number[] };
  /** Per id (matched), the true people it covers. */
  personsPerId: { mean: number; max: number; pure: number };
  /** Identity F1 over overlapped seconds (1: one id per person, every second covered). */
  idf1: number;
  /** Times a person's id changes from one of their visits (or pieces of a visit) to the next, in time order. */
  idSwitches: number;
  /** Extra stored visits a true visit was split into (0: each true visit is one stored visit). */
  fragments: number;
  /** Stored visits that cover two or more true visits by at least a second each (two visits, or two people, merged). */
  merges: number;
}

function overlap(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

/**
 * Seconds a stored visit shares with a true one, 0 when both say where they were and the stored
 * visit's place is outside the true one's region (two people in view at once are told apart by
 * where they are, not by time).
 */
function shared(v: SeenVisit, t: TrueVisit): number {
  if (v.at && t.where) {
    const [x, y] = v.at;
    const [x0, y0, x1, y1] = t.where;
    if (x < x0 || x > x1 || y < y0 || y > y1) return 0;
  }
  return overlap(v, t);
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}

/** The true visit a stored visit overlaps most, or null. */
function bestTrue(v: SeenVisit, truth: readonly TrueVisit[]): TrueVisit | null {
  let best: TrueVisit | null = null;
  let most = 0;
  for (const t of truth) {
    const o = shared(v, t);
    if (o > most) [best, most] = [t, o];
  }
  return best;
}

/** IDF1 over time: 2 IDTP / (true seconds + stored seconds), IDTP from the best id-to-person mapping. */
function idf1(seen: readonly SeenVisit[], truth: readonly TrueVisit[]): number {
  const ids = [...new Set(seen.map((v) => v.objectId))];
  const people = [...new Set(truth.map((t) => t.person))];
  const gain = ids.map((id) => people.map((p) => seen.filter((v) => v.objectId === id).reduce((s, v) => s + truth.filter((t) => t.person === p).reduce((u, t) => u + shared(v, t), 0), 0)));
  const top = Math.max(1, ...gain.flat());
  const { matches } = linearAssignment(gain.map((row) => row.map((g) => (g > 0 ? top - g : Infinity))), top);
  const idtp = matches.reduce((s, [r, c]) => s + (gain[r]?.[c] ?? 0), 0);
  const total = truth.reduce((s, t) => s + t.end - t.start, 0) + seen.reduce((s, v) => s + v.end - v.start, 0);
  return total > 0 ? (2 * idtp) / total : 0;
}

/** Scores stored visits against the truth. */
export function scoreIdentities(seen: readonly SeenVisit[], truth: readonly TrueVisit[]): IdentityScore {
  const idsOf = new Map<number, Set<string>>();
  const peopleOf = new Map<string, Set<number>>();
  const hit = new Set<TrueVisit>();
  let unmatched = 0;
  for (const v of seen) {
    const t = bestTrue(v, truth);
    if (!t) {
      unmatched++;
      continue;
    }
    hit.add(t);
    idsOf.set(t.person, (idsOf.get(t.person) ?? new Set()).add(v.objectId));
    peopleOf.set(v.objectId, (peopleOf.get(v.objectId) ?? new Set()).add(t.person));
  }
  const people = [...new Set(truth.map((t) => t.person))].sort((a, b) => a - b);
  const each = people.map((p) => idsOf.get(p)?.size ?? 0);
  const per = [...peopleOf.values()].map((s) => s.size);
  return {
    trueVisits: truth.length,
    truePeople: people.length,
    visits: seen.length,
    identities: new Set(seen.map((v) => v.objectId)).size,
    unmatchedVisits: unmatched,
    missedVisits: truth.length - hit.size,
    idsPerPerson: { mean: round(mean(each)), max: Math.max(0, ...each), each },
    personsPerId: { mean: round(mean(per)), max: Math.max(0, ...per), pure: per.filter((n) => n === 1).length },
    idf1: round(idf1(seen, truth)),
    ...motCounts(seen, truth),
  };
}

/** CLEAR-MOT style counts at visit granularity: id switches, fragments and merges. */
function motCounts(seen: readonly SeenVisit[], truth: readonly TrueVisit[]): { idSwitches: number; fragments: number; merges: number } {
  const pieces = new Map<TrueVisit, SeenVisit[]>();
  for (const v of seen) {
    const t = bestTrue(v, truth);
    if (t) pieces.set(t, [...(pieces.get(t) ?? []), v]);
  }
  let fragments = 0;
  for (const list of pieces.values()) fragments += list.length - 1;
  let idSwitches = 0;
  for (const person of new Set(truth.map((t) => t.person))) {
    const ordered = truth
      .filter((t) => t.person === person)
      .flatMap((t) => pieces.get(t) ?? [])
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < ordered.length; i++) if (ordered[i]?.objectId !== ordered[i - 1]?.objectId) idSwitches++;
  }
  const merges = seen.filter((v) => truth.filter((t) => shared(v, t) >= 1).length >= 2).length;
  return { idSwitches, fragments, merges };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
