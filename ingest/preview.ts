/**
 * Live preview relay in the format the browser player jsmpeg reads: MPEG-1 video in MPEG-TS,
 * pushed as binary WebSocket messages (node-rtsp-stream's way). One ffmpeg per camera, running
 * only while at least one viewer watches.
 */
import { inputArgs, isNetworkUrl } from './ffmpeg/args.js';
import type { FfmpegInfo } from './ffmpeg/locate.js';
import { runFfmpeg, type FfmpegProcess } from './ffmpeg/process.js';
import type { CameraSpec, Logger } from './types.js';

/** A connected viewer (a WebSocket, in practice). */
export interface Viewer {
  send(data: Buffer): void;
  close(code?: number, reason?: string): void;
  /** Bytes queued but not yet sent. */
  readonly bufferedAmount: number;
}

/** Viewers that fall this far behind are dropped instead of buffered without bound. */
export const MAX_VIEWER_BACKLOG = 8 * 1024 * 1024;

/** Preview ffmpeg arguments: 640 px wide MPEG-1 at 1 Mbit/s, 25 fps, no audio. */
export function previewArgs(spec: CameraSpec, width = 640): string[] {
  const isFile = !isNetworkUrl(spec.url);
  return [
    '-hide_banner', '-nostats', '-loglevel', 'error',
    ...inputArgs(spec, { realtime: isFile, loop: isFile }),
    '-an', '-sn', '-dn',
    '-vf', `scale=${width}:-2`,
    '-f', 'mpegts', '-codec:v', 'mpeg1video', '-b:v', '1000k', '-r', '25', '-bf', '0',
    'pipe:1',
  ];
}

/** Relay for one camera. */
export class PreviewRelay {
  private readonly viewers = new Set<Viewer>();
  private proc: FfmpegProcess | null = null;
  private stopped = false;

  constructor(
    private readonly spec: CameraSpec,
    private readonly ffmpeg: FfmpegInfo,
    private readonly log: Logger,
  ) {}

  /** Number of connected viewers. */
  get viewerCount(): number {
    return this.viewers.size;
  }

  /** True while the relay's ffmpeg runs. */
  get running(): boolean {
    return this.proc !== null;
  }

  /** Adds a viewer, starting ffmpeg if it is the first. */
  add(v: Viewer): void {
    if (this.stopped) {
      v.close(1001, 'shutting down');
      return;
    }
    this.viewers.add(v);
    if (!this.proc) this.spawn();
  }

  /** Removes a viewer, stopping ffmpeg when none is left. */
  remove(v: Viewer): void {
    this.viewers.delete(v);
    if (this.viewers.size === 0) void this.halt();
  }

  /** Disconnects every viewer and stops ffmpeg. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const v of this.viewers) v.close(1001, 'shutting down');
    this.viewers.clear();
    await this.halt();
  }

  private spawn(): void {
    const proc = runFfmpeg(this.ffmpeg.path, previewArgs(this.spec));
    this.proc = proc;
    this.log.debug({ camera: this.spec.id }, 'preview started');
    proc.child.stdout.on('data', (chunk: Buffer) => {
      for (const v of this.viewers) {
        if (v.bufferedAmount > MAX_VIEWER_BACKLOG) {
          this.viewers.delete(v);
          v.close(1008, 'viewer too slow');
          continue;
        }
        v.send(chunk);
      }
    });
    void proc.exited.then((exit) => {
      if (this.proc !== proc) return;
      this.proc = null;
      if (this.viewers.size > 0 && !this.stopped) {
        this.log.warn({ camera: this.spec.id, code: exit.code }, 'preview ffmpeg ended; restarting in 2 s');
        setTimeout(() => {
          if (!this.proc && this.viewers.size > 0 && !this.stopped) this.spawn();
        }, 2000).unref();
      }
    });
  }

  private async halt(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (p) {
      await p.stop(1000);
      this.log.debug({ camera: this.spec.id }, 'preview stopped');
    }
  }
}
