/**
 * Names for objects as a person would say them ("the 3rd visitor, arrived 18:42:40") instead of
 * memory ids (`table:person:14-r1`): the ordinal is by first arrival among the objects of the same
 * class at the same camera on the same day (in the shown zone), from the objects the daemon lists.
 */
import type { WsRequestMap } from '../../edge/api/wire.js';
import { clock, dayStart, ordinal } from './format.js';
import type { WireClient } from './wire-client.js';

type Obj = WsRequestMap['objects']['result']['objects'][number];

const DAY = 86_400_000;

/** Memory object ids in text: `camera:class:n`, e.g. `table:person:14-r1`, `bench:cell phone:3`. */
export const OBJECT_ID = /\b[A-Za-z0-9_-]+:[a-z]+(?: [a-z]+)?:[A-Za-z0-9_-]+\b/g;

/** The noun for one object of a class. */
function noun(label: string): string {
  return label === 'person' ? 'visitor' : label;
}

/** First arrival of an object (its first visit, else first sighting). */
export function arrival(o: Pick<Obj, 'firstSeen' | 'visits'>): number {
  return o.visits?.length ? Math.min(...o.visits.map((v) => v.start)) : o.firstSeen;
}

/** Names objects by ordinal of arrival; loads the days it needs from the daemon, once each. */
export class PeopleDirectory {
  private readonly names = new Map<string, string>();
  private readonly days = new Set<number>();
  private readonly asked = new Set<string>();

  constructor(
    private readonly client: WireClient,
    private readonly changed: () => void,
  ) {}

  /** The name of an object, once its day is loaded. */
  name(objectId: string): string | undefined {
    return this.names.get(objectId);
  }

  /** Loads the days holding these moments (each day once). */
  loadDays(times: number[]): void {
    for (const t of times) {
      const d = dayStart(t);
      if (this.days.has(d)) continue;
      this.days.add(d);
      this.client
        .request('objects', { from: d, to: d + DAY, limit: 2000 })
        .then((r) => this.index(r.objects, d))
        .catch(() => this.days.delete(d));
    }
  }

  /** Loads the names of objects seen by id only (answers): their record gives the day. */
  loadIds(ids: string[]): void {
    for (const id of ids) {
      if (this.names.has(id) || this.asked.has(id)) continue;
      this.asked.add(id);
      this.client
        .request('object', { objectId: id })
        .then((r) => this.loadDays([arrival(r.object)]))
        .catch(() => undefined);
    }
  }

  /** Text with every known object id replaced by its name (and a following "(class)" dropped). */
  rename(text: string): string {
    return text.replace(new RegExp(`${OBJECT_ID.source}(?: \\(([a-z]+(?: [a-z]+)?)\\))?`, 'g'), (m: string) => {
      const id = (m.match(OBJECT_ID) ?? [m])[0];
      const n = this.names.get(id);
      return n ?? m;
    });
  }

  private index(objects: Obj[], d: number): void {
    const groups = new Map<string, Obj[]>();
    for (const o of objects) {
      const a = arrival(o);
      if (a < d || a >= d + DAY) continue; // named on the day it arrived
      const k = `${o.camera}\u0000${o.label}`;
      groups.set(k, [...(groups.get(k) ?? []), o]);
    }
    for (const list of groups.values()) {
      list.sort((a, b) => arrival(a) - arrival(b) || a.objectId.localeCompare(b.objectId));
      list.forEach((o, i) => this.names.set(o.objectId, `the ${ordinal(i + 1)} ${noun(o.label)}, arrived ${clock(arrival(o))}`));
    }
    this.changed();
  }
}
