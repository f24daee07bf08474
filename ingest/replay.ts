/**
 * Replays a recorded file as if it were live: frame time = start + the frame's presentation time.
 */
import { decodeArgs } from './ffmpeg/args.js';
import { describeFfmpegFailure } from './ffmpeg/errors.js';
import type { FfmpegInfo } from './ffmpeg/locate.js';
import { runFfmpeg } from './ffmpeg/process.js';
import { PpmReader } from './ffmpeg/ppm-reader.js';
import type { Frame } from './types.js';

/** What to replay. */
export interface ReplayOptions {
  ffmpeg: FfmpegInfo;
  file: string;
  camera: string;
  /** Wall-clock time of the file's first frame, epoch ms. */
  startMs: number;
  fps: number;
  width: number;
  /** Read at the file's native rate instead of as fast as possible. */
  realtime: boolean;
  signal?: AbortSignal;
}

/**
 * Yields the file's analysis frames in order, with back-pressure: ffmpeg is paused while the
 * consumer works, so no frame is dropped. The `fps` filter emits frame n at presentation time
 * n / fps, so frame n is stamped `startMs + n * 1000 / fps`.
 * @throws Error with a readable reason when ffmpeg fails.
 */
export async function* replayFrames(o: ReplayOptions): AsyncGenerator<Frame> {
  const args = decodeArgs(
    { id: o.camera, url: o.file, fps: o.fps, width: o.width, enabled: true, transport: 'tcp', watchdogSeconds: 0 },
    { realtime: o.realtime, loop: false },
  );
  const proc = runFfmpeg(o.ffmpeg.path, args);
  const onAbort = (): void => void proc.stop();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  const reader = new PpmReader();
  let seq = 0;
  try {
    for await (const chunk of proc.child.stdout) {
      for (const img of reader.push(chunk as Buffer)) {
        yield { camera: o.camera, seq, ts: o.startMs + Math.round((seq * 1000) / o.fps), ...img };
        seq++;
      }
    }
    const exit = await proc.exited;
    if (exit.code !== 0 && !o.signal?.aborted) {
      throw new Error(`replay of ${o.file} failed: ${describeFfmpegFailure(proc.stderrTail, exit.code)}`);
    }
    if (seq === 0 && !o.signal?.aborted) throw new Error(`replay of ${o.file} produced no frames`);
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    await proc.stop();
  }
}
