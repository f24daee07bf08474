/**
 * What one measure brings to the fleet: the typed part a box computes for it and how the boxes'
 * parts merge into one value. The query side of each measure is in `planner/query/measures`.
 */
import type { Measure } from '../../query/schema.js';
import type { MergeContext, Merged } from '../merge-kit.js';
import type { PartContext, PartValueResult } from '../part-kit.js';

/** One measure's fleet pieces. */
export interface FleetMeasureModule<M extends Measure> {
  /** The box's part of a query of this measure. */
  part(m: M, x: PartContext): PartValueResult;
  /** The boxes' parts merged into one value. */
  merge(m: M, x: MergeContext): Merged;
}
