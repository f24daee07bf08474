/**
 * The registry of the question language's measures: one module per measure (`<name>.ts`), in one
 * table keyed by the measure's literal, so a measure of the schema without a module is a compile
 * error. The executor, the description, the composition and the fleet look measures up here.
 */
import { busiest } from './busiest.js';
import { compare } from './compare.js';
import { count } from './count.js';
import { countAt } from './count-at.js';
import { duration } from './duration.js';
import { elapsed } from './elapsed.js';
import { extreme } from './extreme.js';
import { list } from './list.js';
import { missing } from './missing.js';
import type { MeasureModule, MeasureName, MeasureOf } from './module.js';
import { times } from './times.js';
import { visit } from './visit.js';
import { when } from './when.js';
import { whether } from './whether.js';
import type { Measure, Query } from '../schema.js';

/** Every measure's module, by its literal. */
export const MEASURES: { readonly [K in MeasureName]: MeasureModule<MeasureOf<K>> } = {
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

/** The module of a measure. */
export function measureModule<M extends Measure>(m: M): MeasureModule<M> {
  return MEASURES[m.measure] as unknown as MeasureModule<M>;
}

/** Whether a measure is read from the settled counts (so an unnamed subject is the place's usual class). */
export function countMeasure(m: Measure): boolean {
  return measureModule(m).readsCounts(m, countMeasure);
}

/** Whether a measure is taken at one instant. */
export function needsInstant(m: Measure): boolean {
  return measureModule(m).instant(m);
}

/**
 * How a query combines counts over cameras (and a fleet over boxes): the most at one camera for
 * "the most at once" and "together" conditions unless it asks across places, else the sum.
 */
export function combineOfQuery(q: Query): 'sum' | 'max' {
  if (q.place.across) return 'sum';
  return measureModule(q.measure).combine(q.measure);
}
