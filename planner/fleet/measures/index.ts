/**
 * The fleet's registry of measures: each measure's part and merge (`<name>.ts`), in one table
 * keyed by the measure's literal, so a measure of the schema without its fleet pieces is a compile
 * error. Beside `planner/query/measures/index.ts`, which holds the same measures' query pieces.
 */
import type { MeasureName, MeasureOf } from '../../query/measures/module.js';
import type { Measure } from '../../query/schema.js';
import { busiest } from './busiest.js';
import { compare } from './compare.js';
import { count } from './count.js';
import { countAt } from './count-at.js';
import { duration } from './duration.js';
import { elapsed } from './elapsed.js';
import { extreme } from './extreme.js';
import { list } from './list.js';
import { missing } from './missing.js';
import type { FleetMeasureModule } from './module.js';
import { times } from './times.js';
import { visit } from './visit.js';
import { when } from './when.js';
import { whether } from './whether.js';

/** Every measure's fleet pieces, by its literal. */
export const FLEET_MEASURES: { readonly [K in MeasureName]: FleetMeasureModule<MeasureOf<K>> } = {
  count,
  countAt,
  extreme,
  missing,
  whether,
  when,
  duration,
  elapsed,
  times,
  compare,
  list,
  visit,
  busiest,
};

/** The fleet pieces of a measure. */
export function fleetMeasure<M extends Measure>(m: M): FleetMeasureModule<M> {
  return FLEET_MEASURES[m.measure] as unknown as FleetMeasureModule<M>;
}
