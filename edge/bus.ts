/**
 * The daemon's typed event bus (zigbee2mqtt style): listeners are registered with an owner, a
 * throwing listener is logged and never breaks the emitter or the other listeners, and
 * `removeOwner` drops everything a component registered when it stops.
 */
import type { Observation } from '../ingest/observations.js';
import type { CameraStatus, Logger } from '../ingest/types.js';
import type { Alert, CameraZones, CountState, ObjectEvent, RuleInfo } from './api/wire.js';
import type { FleetPushData } from './api/fleet-view-wire.js';

/** Events and their payloads. */
export interface BusEvents {
  /** Every observation perception emits (frames, objects, events, segments), as it is written. */
  observation: Observation;
  /** A camera's status changed. */
  camera: CameraStatus;
  /** A count (camera, zone, class) changed. */
  count: CountState;
  /** Object lifecycle (new/update/end with before/after). */
  object: ObjectEvent;
  /** A rule fired. */
  alert: Alert;
  /** A rule was added, replaced or removed (`removed` true). */
  rule: { rule: RuleInfo; removed: boolean };
  /** A camera's zones and lines were replaced while running. */
  zones: CameraZones;
  /** The fleet view changed: a box, or an alert of any box. */
  fleet: FleetPushData<Alert>;
}

type Listener<K extends keyof BusEvents> = (payload: BusEvents[K]) => void;

interface Entry {
  owner: string;
  fn: (payload: never) => void;
}

/** Synchronous typed event bus. */
export class EventBus {
  private readonly listeners = new Map<keyof BusEvents, Entry[]>();
  private failures = 0;

  constructor(private readonly log: Logger) {}

  /** Registers `fn` for `event` on behalf of `owner`. */
  on<K extends keyof BusEvents>(event: K, owner: string, fn: Listener<K>): void {
    const list = this.listeners.get(event) ?? [];
    list.push({ owner, fn: fn });
    this.listeners.set(event, list);
  }

  /** Removes every listener of `owner`. */
  removeOwner(owner: string): void {
    for (const [k, list] of this.listeners) {
      this.listeners.set(
        k,
        list.filter((e) => e.owner !== owner),
      );
    }
  }

  /** Calls every listener of `event`; a throwing listener is logged (rate-limited) and skipped. */
  emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
    const list = this.listeners.get(event);
    if (!list) return;
    for (const e of list) {
      try {
        (e.fn as Listener<K>)(payload);
      } catch (err) {
        if (this.failures++ % 100 === 0) this.log.error({ event, owner: e.owner, err, failures: this.failures }, 'bus listener failed');
      }
    }
  }

  /** Number of listeners (all events, or one). */
  listenerCount(event?: keyof BusEvents): number {
    if (event) return this.listeners.get(event)?.length ?? 0;
    let n = 0;
    for (const l of this.listeners.values()) n += l.length;
    return n;
  }
}
