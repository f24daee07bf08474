/**
 * A recording start for tests whose daemons keep what they replay: 09:00 UTC yesterday. A fixed
 * date falls out of the 7-day retention a week later and the daemon's sweep deletes the
 * replayed objects mid-test; yesterday morning is always kept, and its clock times stay 09:00.
 */
export function recentMorning(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 1, 9);
}
