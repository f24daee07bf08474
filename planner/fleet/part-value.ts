/**
 * The typed partial one box computes for a fleet question, by the query's measure (see
 * `protocol.ts` FleetPartValue): what the asker needs to merge the boxes' parts into the answer
 * one memory holding every box's cameras would give. Numbers come from the one executor and the
 * memory's facts, as the box's own answer does. Each measure's part is in `measures/*.ts`.
 */
import type { MemoryStore } from '../../memory/store.js';
import { namesGap } from '../query/kept.js';
import type { Query, QueryValue } from '../query/schema.js';
import { fleetMeasure } from './measures/index.js';
import { partContext, type PartValueOptions, type PartValueResult } from './part-kit.js';

export { momentCandidates, queryCameras, visitCandidates, type PartValueOptions, type PartValueResult } from './part-kit.js';

/**
 * Computes the box's part of a parsed query.
 * @param q the query as this box parsed it (its own cameras, its own window)
 * @param executed the one executor's value of `q` when the box already ran it (it is not run again)
 */
export function partValue(q: Query, memory: MemoryStore, opts: PartValueOptions, executed?: QueryValue): PartValueResult {
  // a gap between visits is a stretch of one place's own timeline (one box's visits)
  if (q.subject.visits) return { ok: false, why: 'people named by how many times they came are one box\'s own (identities are per box); ask each box' };
  if (q.subject.one) return { ok: false, why: 'one identity\'s visits are one box\'s own (identities are per box); ask each box' };
  if (q.time.after) return { ok: false, why: 'a window that begins at a visit is one box\'s own; ask each box' };
  if (namesGap(q.measure)) return { ok: false, why: 'a gap between visits is not merged across boxes; ask each box' };
  return fleetMeasure(q.measure).part(q.measure, partContext(q, memory, opts, executed));
}
