/**
 * A camera's audio: a second ffmpeg child that decodes only the sound, at 16 kHz mono 16-bit, to
 * a pipe. Samples are stamped by the wall clock at the first chunk plus the samples since, so
 * sound lines up with frames. A source without audio ends the session for good (`no_audio`);
 * other failures reconnect with the same capped backoff as video.
 */
import { Backoff, DEFAULT_BACKOFF, sleep, type BackoffOptions } from '../backoff.js';
import { inputArgs, isNetworkUrl } from '../ffmpeg/args.js';
import { describeFfmpegFailure } from '../ffmpeg/errors.js';
import type { FfmpegInfo } from '../ffmpeg/locate.js';
import { runFfmpeg, type FfmpegProcess } from '../ffmpeg/process.js';
import { redactUrl } from '../redact.js';
import type { CameraSpec, Logger } from '../types.js';

/** Sample rate of decoded audio. */
export const AUDIO_RATE = 16_000;

/** State of a camera's audio. */
export type AudioState = 'stopped' | 'connecting' | 'streaming' | 'backoff' | 'no_audio';

/** Options of an audio session. */
export interface AudioSessionOptions {
  ffmpeg: FfmpegInfo;
  log: Logger;
  /** Receives samples with the wall-clock time of the first one, epoch ms. */
  onPcm: (samples: Int16Array, ts: number) => void;
  backoff?: BackoffOptions;
  now?: () => number;
}

const NO_AUDIO = /matches no streams|does not contain any stream|Output file #0 does not contain/i;

/** ffmpeg arguments: the first audio stream, resampled to 16 kHz mono s16le on stdout. */
export function audioArgs(spec: Pick<CameraSpec, 'url' | 'transport'>, isFile: boolean): string[] {
  return ['-hide_banner', '-nostats', '-loglevel', 'warning', ...inputArgs(spec, { realtime: isFile, loop: isFile }), '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(AUDIO_RATE), '-f', 's16le', 'pipe:1'];
}

/** Supervises one camera's audio decoding. */
export class AudioSession {
  private state: AudioState = 'stopped';
  private error: string | null = null;
  private proc: FfmpegProcess | null = null;
  private loop: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly now: () => number;
  private readonly log: Logger;
  private samples = 0;

  constructor(
    readonly spec: CameraSpec,
    private readonly opts: AudioSessionOptions,
  ) {
    this.now = opts.now ?? Date.now;
    // the caller's logger carries the namespace (the daemon's is `ingest:audio`): binding `ns` again
    // wrote the key twice in every JSON line
    this.log = opts.log.child({ camera: spec.id });
  }

  /** Starts decoding; returns at once. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stops ffmpeg and waits for the loop to end. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.proc?.stop();
    await this.loop;
    this.loop = null;
    if (this.state !== 'no_audio') this.state = 'stopped';
  }

  /** Current state, the last error and the samples decoded so far. */
  status(): { state: AudioState; error: string | null; seconds: number } {
    return { state: this.state, error: this.error, seconds: Math.round(this.samples / AUDIO_RATE) };
  }

  private async run(): Promise<void> {
    const backoff = new Backoff(this.opts.backoff ?? DEFAULT_BACKOFF);
    const signal = this.abort.signal;
    const isFile = !isNetworkUrl(this.spec.url);
    while (!signal.aborted) {
      this.state = 'connecting';
      const got = await this.runOnce(isFile);
      if (signal.aborted || this.status().state === 'no_audio') return;
      if (got) backoff.reset();
      const delay = backoff.next();
      this.log.warn({ error: this.error, retryInMs: delay }, 'audio stream failed; retrying');
      this.state = 'backoff';
      await sleep(delay, signal);
    }
  }

  private async runOnce(isFile: boolean): Promise<boolean> {
    const args = audioArgs(this.spec, isFile);
    this.log.debug({ args: args.map(redactUrl) }, 'spawning ffmpeg for audio');
    const proc = runFfmpeg(this.opts.ffmpeg.path, args);
    this.proc = proc;
    let anchor: number | null = null;
    let n = 0;
    let carry: Buffer | null = null;
    proc.child.stdout.on('data', (chunk: Buffer) => {
      const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
      const even = buf.length - (buf.length % 2);
      carry = even < buf.length ? buf.subarray(even) : null;
      if (even === 0) return;
      const samples = new Int16Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + even));
      if (anchor === null) {
        // the first chunk ends now: its first sample is that many samples earlier
        anchor = this.now() - (samples.length / AUDIO_RATE) * 1000;
        this.state = 'streaming';
        this.error = null;
        this.log.info('audio streaming');
      }
      // sound cannot have been captured in the future: when ffmpeg hands over a buffered burst,
      // move the anchor back so the newest sample ends now
      const ahead = anchor + ((n + samples.length) / AUDIO_RATE) * 1000 - this.now();
      if (ahead > 0) anchor -= ahead;
      const ts = anchor + (n / AUDIO_RATE) * 1000;
      n += samples.length;
      this.samples += samples.length;
      this.opts.onPcm(samples, ts);
    });
    const exit = await proc.exited;
    this.proc = null;
    if (this.abort.signal.aborted) return n > 0;
    const text = proc.stderrTail.join('\n');
    if (n === 0 && NO_AUDIO.test(text)) {
      this.state = 'no_audio';
      this.error = 'the source has no audio stream';
      this.log.info('camera has no audio');
      return false;
    }
    this.error = describeFfmpegFailure(proc.stderrTail, exit.code);
    return n > 0;
  }
}
