/**
 * Occupancy from counts: `ON` while a count is above 0, `OFF` at 0, published (retained) only
 * when it changes. An unknown count (the camera is down) publishes nothing: the camera status
 * says the value cannot be trusted, and the next frame's count publishes the state again if it moved.
 */

/** The last occupancy published per topic. */
export class OccupancyStates {
  private readonly last = new Map<string, 'ON' | 'OFF'>();

  /** The payload to publish on `topic` for `count`, or null when it is unchanged or the count is unknown. */
  next(topic: string, count: number | null): 'ON' | 'OFF' | null {
    if (count === null) return null;
    const state = count > 0 ? 'ON' : 'OFF';
    if (this.last.get(topic) === state) return null;
    this.last.set(topic, state);
    return state;
  }

  /**
   * `OFF` for a topic nothing was published on yet (else null): a count that no frame has reported
   * (at start, before the cameras stream) is not left at the retained state of an earlier run.
   */
  initial(topic: string): 'OFF' | null {
    if (this.last.has(topic)) return null;
    this.last.set(topic, 'OFF');
    return 'OFF';
  }
}
