/**
 * What an answer says of the steps of the wall clock that touched its window: a step forward left
 * a stretch nothing was recorded in; a step back stamped what came after it with times the data
 * before it already has, so those times may hold both.
 */
import type { ClockStep } from '../../memory/clock.js';

const iso = (t: number): string => new Date(t).toISOString();

/** "25 h", "1 h 30 min", "45 s": the size of a step. */
function size(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return m > 0 ? `${m} min` : `${s} s`;
}

/** One note per step of the wall clock. */
export function clockStepNotes(steps: readonly ClockStep[]): string[] {
  return steps.map((s) =>
    s.deltaMs >= 0
      ? `The wall clock stepped forward ${size(s.deltaMs)} at ${iso(s.at)}: nothing was recorded in the time it skipped`
      : `The wall clock stepped back ${size(s.deltaMs)} at ${iso(s.at)}: times from then to ${iso(s.at - s.deltaMs)} may hold data recorded before the step as well as after it`,
  );
}
