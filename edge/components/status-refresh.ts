/**
 * Camera status refresh: a camera's status is sent on every state change, when its measured
 * frame rate is still 0 (one frame in). This component sends it again while it streams, whenever
 * the measured rate moved, so the retained MQTT status and the dashboard show the real `fps`.
 */
import type { CameraStatus } from '../../ingest/types.js';
import type { Component } from '../lifecycle.js';

/** Default period of the refresh, ms. */
export const STATUS_REFRESH_MS = 5000;

/** Re-sends streaming cameras' status when their fps changed by at least 0.05. */
export class StatusRefresh implements Component {
  readonly name = 'status-refresh';
  private timer: NodeJS.Timeout | null = null;
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly statuses: () => CameraStatus[],
    private readonly emit: (s: CameraStatus) => void,
    private readonly everyMs = STATUS_REFRESH_MS,
  ) {}

  /** Notes a status that went out anyway (state changes), so the same fps is not sent again. */
  noteSent(s: CameraStatus): void {
    this.sent.set(s.id, s.fps);
  }

  /** One refresh round: the streaming cameras whose fps moved. */
  tick(): void {
    for (const s of this.statuses()) {
      if (s.state !== 'streaming') continue;
      const last = this.sent.get(s.id);
      if (last !== undefined && Math.abs(last - s.fps) < 0.05) continue;
      this.sent.set(s.id, s.fps);
      this.emit(s);
    }
  }

  start(): Promise<void> {
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    return Promise.resolve();
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return Promise.resolve();
  }
}
