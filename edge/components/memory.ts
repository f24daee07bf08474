/**
 * The memory as a daemon component, and the frame pipeline that feeds it.
 */
import type { SegmentObservation } from '../../ingest/observations.js';
import { Segmenter } from '../../ingest/segmenter.js';
import type { Frame, Logger } from '../../ingest/types.js';
import { MemoryStore } from '../../memory/store.js';
import type { Component } from '../lifecycle.js';

/** Opens the store on start, flushes and closes it on stop. */
export class MemoryComponent implements Component {
  readonly name = 'memory';
  readonly store: MemoryStore;
  private readonly segmenters = new Map<string, Segmenter>();

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

  /** Frame sink: windows frames into segments and writes closed segments. */
  readonly sink = (frame: Frame): void => {
    let seg = this.segmenters.get(frame.camera);
    if (!seg) {
      seg = new Segmenter(frame.camera);
      this.segmenters.set(frame.camera, seg);
    }
    const closed = seg.push({ obs: { ts: frame.ts } });
    if (closed) this.write(closed);
  };

  private write(s: SegmentObservation): void {
    this.store.writeSegment(s).catch((e: unknown) => this.log.error({ camera: s.camera, err: e }, 'memory write failed'));
  }

  async stop(): Promise<void> {
    for (const seg of this.segmenters.values()) {
      const last = seg.flush();
      if (last) this.write(last);
    }
    await this.store.close();
  }
}
