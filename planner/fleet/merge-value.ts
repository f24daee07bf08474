/**
 * Merging the boxes' typed parts into one value, by the query's measure (the spec's merge rules):
 * counts add; "at once" and count conditions read the sum of the boxes' count timelines;
 * first/last take the earliest/latest of the boxes' candidates (other picks pick again among
 * them); duration aggregates add totals and counts; lists concatenate by time, tagged by box.
 * Each measure's merge is in `measures/*.ts`.
 */
import type { Query } from '../query/schema.js';
import { fleetMeasure } from './measures/index.js';
import { mergeContext, type MergeInput, type Merged } from './merge-kit.js';

export { pickFleetVisit, pickTime, type MergeInput, type Merged } from './merge-kit.js';

/**
 * Merges the boxes' parts of one measure.
 * @param negate the question asks whether not (the boxes said so)
 */
export function mergeValue(q: Query, parts: readonly MergeInput[], negate = false): Merged {
  return fleetMeasure(q.measure).merge(q.measure, mergeContext(q, parts, negate));
}
