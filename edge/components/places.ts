/**
 * Keeps each camera's zones and lines in the memory, at start and whenever they are drawn again,
 * so questions know a zone or line by name before anything visits or crosses it ("how many
 * people crossed line entry?" right after the line was drawn reads 0, not "no line called entry").
 */
import type { CameraZones } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { Logger } from '../../ingest/types.js';
import type { Component } from '../lifecycle.js';
import type { MemoryStore } from '../../memory/store.js';

/** What the places keeper needs. */
export interface PlacesDeps {
  store: () => MemoryStore;
  /** The cameras' zones and lines now (the config's, or the drawn overlay's). */
  list: () => CameraZones[];
  bus: EventBus;
  log: Logger;
}

/** The places keeper (a lifecycle component: after the memory, before the cameras). */
export class PlacesKeeper implements Component {
  readonly name = 'places';

  constructor(private readonly d: PlacesDeps) {}

  start(): Promise<void> {
    for (const z of this.d.list()) this.keep(z);
    this.d.bus.on('zones', 'places', (z) => this.keep(z));
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  private keep(z: CameraZones): void {
    this.d.store().notePlaces(z.camera, { zones: z.zones.map((x) => x.id), lines: z.lines.map((x) => x.id) }).catch((e: unknown) => this.d.log.warn({ camera: z.camera, err: (e as Error).message }, 'could not keep the camera\'s zones and lines'));
  }
}
