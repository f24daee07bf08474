/**
 * The memory as a daemon component: opens the LMDB store on start, flushes and closes it on stop.
 */
import type { Observation } from '../../ingest/observations.js';
import type { Logger } from '../../ingest/types.js';
import { MemoryStore } from '../../memory/store.js';
import type { Component } from '../lifecycle.js';

/** Owns the store; `write` is the observation sink. */
export class MemoryComponent implements Component {
  readonly name = 'memory';
  readonly store: MemoryStore;
  private failed = 0;

  constructor(
    dir: string,
    private readonly log: Logger,
  ) {
    this.store = new MemoryStore({ dir });
  }

  start(): Promise<void> {
    this.store.open();
    return Promise.resolve();
  }

  /** Stores an observation; a failed write is logged (once per burst) and counted, never thrown. */
  readonly write = (o: Observation): void => {
    this.store.write(o).catch((e: unknown) => {
      if (this.failed++ % 100 === 0) this.log.error({ camera: o.camera, err: e, failed: this.failed }, 'memory write failed');
    });
  };

  /** Writes that failed since start. */
  get failedWrites(): number {
    return this.failed;
  }

  async stop(): Promise<void> {
    await this.store.close();
  }
}
