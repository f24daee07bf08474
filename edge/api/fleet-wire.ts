/**
 * Wire types of the fleet requests (WebSocket), apart from `wire.ts` to keep that file small.
 * `fleet.ask` {question, deadlineMs?} asks every box of the fleet over MQTT and returns the merged
 * {@link FleetAnswer}: the answer, its value, whether it is partial, every box that replied (with
 * status, time, coverage, matched cameras and its own sentence), the boxes missing by the deadline
 * and the evidence of every box, each naming its box.
 */
import type { FleetAnswer, FleetBox } from '../../planner/fleet/protocol.js';
import type { ParamsOf } from './requests.js';

export type { FleetAnswer, FleetBox };

/** The fleet question requests of the WebSocket API. */
export interface FleetAskRequestMap {
  /** Asks the fleet (needs `fleet.enabled` and a connected broker; else ASK_FAILED). Waits at most `deadlineMs` (default `fleet.deadlineMs`). */
  'fleet.ask': { params: ParamsOf<'fleet.ask'>; result: FleetAnswer; scope: 'read' };
}

/** Asks the fleet from a daemon (what the `fleet.ask` handler calls). */
export type FleetAskFn = (question: string, o: { deadlineMs?: number; timeZone?: string }) => Promise<FleetAnswer>;
