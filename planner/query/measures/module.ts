/**
 * What one measure of the question language brings to the registry (`index.ts`): how it is
 * executed over the memory, how it reads in words, and what the composition needs to know of it
 * (whether it is read from the settled counts, whether it is taken at one instant, how counts
 * combine over cameras). The fleet's part and merge of each measure live in `planner/fleet/measures`,
 * since the query layer does not import the fleet.
 */
import type { Coverage } from '../../../memory/types.js';
import type { Run } from '../execute-common.js';
import type { Executed } from '../executed.js';
import type { Measure, Query, QueryValue, VisitFact } from '../schema.js';

/** The name of a measure: the literal of its `measure` field. */
export type MeasureName = Measure['measure'];

/** The measure of one name. */
export type MeasureOf<K extends MeasureName> = Extract<Measure, { measure: K }>;

/** The visits of the run's subject at its place that overlap a window (as of the question's "now"). */
export type AllVisits = (from: number, to: number) => VisitFact[];

/** The words a description is made of, computed once per query. */
export interface DescribeWords {
  q: Query;
  /** The time zone wall times are written in. */
  tz: string;
  /** "at camera table", "at any camera". */
  at: string;
  /** The subject, singular ("person") and plural ("people"). */
  s1: string;
  sn: string;
  /** The time in words ("between 09:00:00 and 09:01:00", "at 09:00:30"). */
  t: string;
  /** Describes another query (a measure made of another one). */
  describe: (q: Query) => string;
}

/** One measure's pieces. */
export interface MeasureModule<M extends Measure> {
  /** Runs the measure over the memory (evidence and notes go to the run). */
  execute(r: Run, m: M, all: AllVisits): QueryValue;
  /**
   * Runs the measure as whole queries of the one executor (two windows compared): when present, the
   * executor hands it the query instead of calling `execute`.
   */
  runWhole?(q: Query, m: M, run: (x: Query) => Executed, coverage: Coverage): Executed | undefined;
  /** The query in words, for the "Read as" line. */
  describe(m: M, w: DescribeWords): string;
  /** Whether the measure is read from the settled counts (so an unnamed subject is the place's usual class). */
  readsCounts(m: M, readsCounts: (m: Measure) => boolean): boolean;
  /** Whether the measure is taken at one instant (`time.at`). */
  instant(m: M): boolean;
  /** How counts combine over cameras unless the question asks across them: the most at one camera, or the sum. */
  combine(m: M): 'sum' | 'max';
}
