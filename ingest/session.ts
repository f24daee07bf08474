/**
 * A live camera session: one ffmpeg child decoding at the analysis rate, a no-data watchdog,
 * reconnects with capped exponential backoff, and a one-frame mailbox for the consumer.
 */
import { decodeArgs, isNetworkUrl } from './ffmpeg/args.js';
import { describeFfmpegFailure } from './ffmpeg/errors.js';
import type { FfmpegInfo } from './ffmpeg/locate.js';
import { runFfmpeg, type FfmpegProcess } from './ffmpeg/process.js';
import { PpmReader } from './ffmpeg/ppm-reader.js';
import { Backoff, sleep, type BackoffOptions, DEFAULT_BACKOFF } from './backoff.js';
import { FpsMeter } from './fps-meter.js';
import { LatestSlot } from './latest-slot.js';
import { redactUrl } from './redact.js';
import type { CameraSpec, CameraState, CameraStatus, Frame, Logger } from './types.js';

/** Options of a camera session. */
export interface SessionOptions {
  ffmpeg: FfmpegInfo;
  log: Logger;
  backoff?: BackoffOptions;
  /** Called on every state change. */
  onStatus?: (status: CameraStatus) => void;
  /** Clock, replaceable in tests. */
  now?: () => number;
}

/** Runs and supervises one camera. Construct, then `start()`; `stop()` releases everything. */
export class CameraSession {
  private state: CameraState;
  private error: string | null = null;
  private reconnects = 0;
  private framesIn = 0;
  private framesOut = 0;
  private seq = 0;
  private lastFrameAt: number | null = null;
  private readonly meter = new FpsMeter();
  private readonly slot = new LatestSlot<Frame>();
  private readonly abort = new AbortController();
  private proc: FfmpegProcess | null = null;
  private loop: Promise<void> | null = null;
  private latestFrame: Frame | null = null;
  private readonly now: () => number;
  private readonly log: Logger;

  constructor(
    readonly spec: CameraSpec,
    private readonly opts: SessionOptions,
  ) {
    this.state = spec.enabled ? 'stopped' : 'disabled';
    this.now = opts.now ?? Date.now;
    this.log = opts.log.child({ camera: spec.id });
  }

  /** Begins ingesting (no-op for a disabled camera). Returns at once. */
  start(): void {
    if (!this.spec.enabled || this.loop) return;
    this.loop = this.run();
  }

  /** Stops ffmpeg (staged kill) and ends the frame mailbox. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.slot.close();
    await this.proc?.stop();
    await this.loop;
    this.loop = null;
    if (this.spec.enabled) this.setState('stopped');
  }

  /** Waits for the next frame for the consumer; undefined once stopped. Busy consumers lose older frames. */
  nextFrame(): Promise<Frame | undefined> {
    return this.slot.take().then((f) => {
      if (f) this.framesOut++;
      return f;
    });
  }

  /** True once `stop()` was called. */
  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /**
   * A frame newer than `taken`, if one arrived since it was taken (then `taken` counts as dropped);
   * otherwise `taken`. Lets a consumer that waited (for a detector turn) work on the freshest frame.
   */
  fresher(taken: Frame): Frame {
    const newer = this.slot.poll();
    if (!newer) return taken;
    this.slot.dropped++;
    return newer;
  }

  /** Process id of the running ffmpeg, if any (for resource accounting). */
  get ffmpegPid(): number | undefined {
    return this.proc?.child.pid;
  }

  /** The most recent decoded frame, whoever consumed it. */
  latest(): Frame | null {
    return this.latestFrame;
  }

  /** Current status snapshot. */
  status(): CameraStatus {
    return {
      id: this.spec.id,
      state: this.state,
      fps: this.state === 'streaming' ? this.meter.rate(this.now()) : 0,
      lastFrameAt: this.lastFrameAt === null ? null : new Date(this.lastFrameAt).toISOString(),
      reconnects: this.reconnects,
      error: this.error,
      framesIn: this.framesIn,
      framesOut: this.framesOut,
      drops: this.slot.dropped,
    };
  }

  private setState(s: CameraState): void {
    if (this.state === s) return;
    this.state = s;
    this.log.info({ state: s, error: this.error ?? undefined }, `camera ${s}`);
    this.opts.onStatus?.(this.status());
  }

  private async run(): Promise<void> {
    const backoff = new Backoff(this.opts.backoff ?? DEFAULT_BACKOFF);
    const signal = this.abort.signal;
    const isFile = !isNetworkUrl(this.spec.url);
    while (!signal.aborted) {
      this.setState('connecting');
      const gotFrames = await this.runOnce(isFile);
      if (signal.aborted) break;
      if (gotFrames) backoff.reset();
      this.reconnects++;
      const delay = backoff.next();
      this.log.warn({ error: this.error, retryInMs: delay }, 'camera stream failed; retrying');
      this.setState('backoff');
      await sleep(delay, signal);
    }
  }

  /** One ffmpeg run; resolves when it ends. Returns whether any frame arrived. */
  private async runOnce(isFile: boolean): Promise<boolean> {
    const args = decodeArgs(this.spec, { realtime: isFile, loop: isFile });
    this.log.debug({ args: args.map(redactUrl) }, 'spawning ffmpeg');
    const proc = runFfmpeg(this.opts.ffmpeg.path, args);
    this.proc = proc;
    const reader = new PpmReader();
    let got = false;
    let stalled = false;
    let badOutput: string | null = null;
    const watchdogMs = this.spec.watchdogSeconds * 1000;
    const onStall = (): void => {
      stalled = true;
      // the camera is down now, not once the hung ffmpeg has been stopped (that takes seconds)
      if (!this.abort.signal.aborted) {
        this.error = `no data for ${this.spec.watchdogSeconds} s: stream stalled`;
        this.setState('backoff');
      }
      void proc.stop();
    };
    let watchdog = setTimeout(onStall, watchdogMs);
    proc.child.stdout.on('data', (chunk: Buffer) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(onStall, watchdogMs);
      let images;
      try {
        images = reader.push(chunk);
      } catch (e) {
        badOutput = (e as Error).message;
        void proc.stop();
        return;
      }
      for (const img of images) {
        const ts = this.now();
        const frame: Frame = { camera: this.spec.id, seq: this.seq++, ts, ...img };
        this.framesIn++;
        this.lastFrameAt = ts;
        this.latestFrame = frame;
        this.meter.tick(ts);
        if (!got) {
          got = true;
          this.error = null;
          this.setState('streaming');
        }
        this.slot.put(frame);
      }
    });
    const exit = await proc.exited;
    clearTimeout(watchdog);
    this.proc = null;
    this.meter.clear();
    if (!this.abort.signal.aborted) {
      this.error =
        badOutput ??
        (stalled
          ? `no data for ${this.spec.watchdogSeconds} s: stream stalled`
          : describeFfmpegFailure(proc.stderrTail, exit.code));
      if (exit.code === 0 && !stalled && !badOutput && got) this.error = 'the stream ended';
    }
    return got;
  }
}
