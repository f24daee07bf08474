/**
 * Camera manager: one ingest session per configured camera, each with its own frame pump, so a
 * failing or slow camera never holds up another.
 */
import { CameraSession } from '../../ingest/session.js';
import type { FfmpegInfo } from '../../ingest/ffmpeg/locate.js';
import type { CameraSpec, CameraStatus, Logger } from '../../ingest/types.js';
import type { Turns } from '../../ingest/turns.js';
import { pumpFrames, type FrameConsumer } from '../../ingest/pump.js';
import type { Component } from '../lifecycle.js';

/**
 * Receives every frame a camera's consumer takes. May be slow: frames are dropped, not queued.
 * `detected` ends the camera's turn at a shared detector (see `FrameConsumer`).
 */
export type FrameSink = FrameConsumer;

/** Owns the camera sessions. */
export class CameraManager implements Component {
  readonly name = 'cameras';
  private readonly sessions = new Map<string, CameraSession>();
  /** The running frame pump of each camera. */
  private readonly pumps = new Map<string, Promise<void>>();
  /** The last pending enable/disable of each camera (they run in turn). */
  private readonly changes = new Map<string, Promise<void>>();
  private running = false;

  constructor(
    private readonly specs: readonly CameraSpec[],
    private readonly deps: { ffmpeg: () => FfmpegInfo; log: Logger; sink: FrameSink; onStatus?: (s: CameraStatus) => void; turns?: (camera: string) => Turns | null },
  ) {}

  /** Builds and starts every session. */
  start(signal: AbortSignal): Promise<void> {
    this.running = true;
    const ffmpeg = this.deps.ffmpeg();
    this.deps.log.info({ ffmpeg: ffmpeg.path, version: ffmpeg.major, source: ffmpeg.source }, 'ffmpeg found');
    for (const spec of this.specs) {
      if (signal.aborted) break;
      const s = new CameraSession(spec, { ffmpeg, log: this.deps.log, ...(this.deps.onStatus ? { onStatus: this.deps.onStatus } : {}) });
      this.sessions.set(spec.id, s);
      s.start();
      this.pumps.set(spec.id, this.pump(s));
    }
    return Promise.resolve();
  }

  private pump(s: CameraSession): Promise<void> {
    return pumpFrames(s, this.deps.sink, this.deps.turns?.(s.spec.id) ?? null, (e, f) => this.deps.log.error({ camera: f.camera, err: e }, 'frame consumer failed'));
  }

  /**
   * Enables or disables a camera's ingest at runtime (until restart): the session is stopped and
   * rebuilt with the new setting. Resolves with the new status; undefined for an unknown camera.
   * Changes of one camera run one after the other: two at once each rebuilt the session, and the
   * one overwritten kept its ffmpeg running untracked (never stopped, so the daemon never exited).
   */
  setEnabled(id: string, enabled: boolean): Promise<CameraStatus | undefined> {
    const change = (this.changes.get(id) ?? Promise.resolve()).then(() => this.applyEnabled(id, enabled));
    const settled = change.then(
      () => undefined,
      () => undefined,
    );
    this.changes.set(id, settled);
    void settled.then(() => {
      if (this.changes.get(id) === settled) this.changes.delete(id);
    });
    return change;
  }

  private async applyEnabled(id: string, enabled: boolean): Promise<CameraStatus | undefined> {
    const old = this.sessions.get(id);
    if (!old) return undefined;
    if (old.spec.enabled === enabled) return old.status();
    await old.stop();
    // the old pump ends before a new one starts: a camera never has two frames in perception
    await this.pumps.get(id);
    this.pumps.delete(id);
    const s = new CameraSession({ ...old.spec, enabled }, { ffmpeg: this.deps.ffmpeg(), log: this.deps.log, ...(this.deps.onStatus ? { onStatus: this.deps.onStatus } : {}) });
    this.sessions.set(id, s);
    if (this.running) {
      s.start();
      this.pumps.set(id, this.pump(s));
    }
    this.deps.log.info({ camera: id, enabled }, enabled ? 'camera enabled' : 'camera disabled');
    const st = s.status();
    this.deps.onStatus?.(st);
    return st;
  }

  /** Whether a camera's ingest is enabled. */
  enabled(id: string): boolean {
    return this.sessions.get(id)?.spec.enabled ?? false;
  }

  /** A session by camera id. */
  get(id: string): CameraSession | undefined {
    return this.sessions.get(id);
  }

  /** Status of every camera, in config order. */
  statuses(): CameraStatus[] {
    return [...this.sessions.values()].map((s) => s.status());
  }

  /** Stops all sessions in parallel (after any enable/disable under way) and waits for the pumps to drain. */
  async stop(): Promise<void> {
    this.running = false;
    // a change under way finishes first (without starting anything now), then its session is stopped too
    await Promise.all(this.changes.values());
    await Promise.all([...this.sessions.values()].map((s) => s.stop()));
    await Promise.all(this.pumps.values());
    this.pumps.clear();
  }
}
