/**
 * The executor's check of how clearly the detector saw what is asked about. A count from a detector
 * that half-sees a thing is a confident wrong answer: bottles seen in a convex security mirror were
 * counted 0 where 3 stood, and bottles under heavy grain 2 where 3 stood. How sure the detector was
 * shows in each tracked thing's best score: things it sees clearly scored 0.61-0.87 on every clip
 * and recording measured (people, bottles, cars; bench/blind recordings 17-23), the half-seen ones
 * 0.41-0.50. When no thing of a class at a camera around the question's time ever scored
 * `CLEAR_SCORE` though one was watched for `JUDGED_MS`, questions about that class there are
 * refused, saying so.
 */
import { MemoryQueries } from '../../memory/queries.js';
import type { Run } from './execute-common.js';
import type { QueryValue } from './schema.js';

/** The best score a tracked thing of a class must have reached for the class to be counted at a camera. */
export const CLEAR_SCORE = 0.55;
/** How far around the question's window the things are looked at (a moment with none in view still asks about the class there). */
const AROUND_MS = 3_600_000;
/** A class is judged faint only once one of its things was watched this long (ms): bottles first seen at 0.53 reached 0.63-0.73 later. */
export const JUDGED_MS = 15_000;
/** At most this many things are looked at per class and camera. */
const SAMPLE = 64;

/** Undefined when every class asked about was seen clearly at every camera read, else the refusal. */
export function faintCheck(r: Run): QueryValue | undefined {
  const { q } = r;
  if (q.subject.classes.length === 0) return undefined;
  const to = q.time.at !== undefined ? q.time.at + 1 : q.time.to;
  const around = { from: q.time.from - AROUND_MS, to: to + AROUND_MS };
  const mq = new MemoryQueries(r.memory);
  for (const camera of r.cams) {
    for (const label of q.subject.classes) {
      // (the first things in that time, a bounded read: a class seen clearly shows it among them)
      const seen = mq.firstObjectsIn(around, { camera, label }, SAMPLE).objects;
      if (seen.length === 0) continue;
      const best = Math.max(...seen.map((o) => o.score));
      // (a thing watched only a few seconds, at a camera's start, may not have shown its best yet)
      const watched = Math.max(...seen.map((o) => o.lastSeen - o.firstSeen));
      if (best >= CLEAR_SCORE || watched < JUDGED_MS) continue;
      const name = label === 'person' ? 'people' : `${label}s`;
      return { kind: 'none', why: `the detector saw the ${name} at ${camera} only faintly then (best score ${best.toFixed(2)}; things it sees clearly score over ${CLEAR_SCORE}), so a count of them would be a guess` };
    }
  }
  return undefined;
}
