/**
 * Times in printed answers in the asked time zone: an answer's text may carry ISO-8601 UTC times
 * (the list of coverage gaps, a model's wording) beside the wall times of its Read-as line; the
 * CLI prints them all one way, `2026-11-25 18:42:40 Europe/Berlin`, like `--tz` asks.
 */
import { formatLocal } from '../../planner/time.js';

const ISO = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)/g;

/**
 * Rewrites every ISO-8601 time with a zone (`Z` or an offset) in `text` as a wall time in `timeZone`.
 * @param text an answer's text
 * @param timeZone IANA zone
 */
export function localiseIsoTimes(text: string, timeZone: string): string {
  return text.replace(ISO, (iso) => {
    const t = Date.parse(iso);
    return Number.isFinite(t) ? formatLocal(t, timeZone) : iso;
  });
}
