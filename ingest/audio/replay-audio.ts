/**
 * The sound of a recorded file, replayed on the replay clock: the file's first audio stream is
 * decoded to 16 kHz mono 16-bit PCM and each chunk is stamped `startMs` plus the samples before
 * it, so speech and loud sounds line up with the replayed frames (frame n at `startMs + n/fps`).
 * A file without audio yields nothing.
 */
import { inputArgs } from '../ffmpeg/args.js';
import { describeFfmpegFailure } from '../ffmpeg/errors.js';
import type { FfmpegInfo } from '../ffmpeg/locate.js';
import { runFfmpeg } from '../ffmpeg/process.js';
import { AUDIO_RATE } from './session.js';

/** What to replay. */
export interface ReplayAudioOptions {
  ffmpeg: FfmpegInfo;
  file: string;
  /** Replay time of the file's start, epoch ms. */
  startMs: number;
  /** Read at the file's native rate instead of as fast as possible. */
  realtime: boolean;
  signal?: AbortSignal;
}

/** One chunk of samples and the replay time of its first sample. */
export interface PcmChunk {
  samples: Int16Array;
  ts: number;
}

const NO_AUDIO = /matches no streams|does not contain any stream|Output file #0 does not contain/i;

/** ffmpeg arguments: the first audio stream of `file`, 16 kHz mono s16le on stdout, no looping. */
export function replayAudioArgs(file: string, realtime: boolean): string[] {
  return [
    '-hide_banner', '-nostats', '-loglevel', 'warning',
    ...inputArgs({ url: file, transport: 'tcp' }, { realtime, loop: false }),
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(AUDIO_RATE), '-f', 's16le', 'pipe:1',
  ];
}

/**
 * Yields the file's sound in chunks stamped on the replay clock; yields nothing for a file
 * without an audio stream.
 * @throws Error with a readable reason when ffmpeg fails for another reason.
 */
export async function* replayAudio(o: ReplayAudioOptions): AsyncGenerator<PcmChunk> {
  const proc = runFfmpeg(o.ffmpeg.path, replayAudioArgs(o.file, o.realtime));
  const onAbort = (): void => void proc.stop();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let n = 0;
  let carry: Buffer | null = null;
  try {
    for await (const chunk of proc.child.stdout) {
      const buf: Buffer = carry ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
      const even = buf.length - (buf.length % 2);
      carry = even < buf.length ? buf.subarray(even) : null;
      if (even === 0) continue;
      const samples = new Int16Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + even));
      yield { samples, ts: o.startMs + (n / AUDIO_RATE) * 1000 };
      n += samples.length;
    }
    const exit = await proc.exited;
    if (exit.code !== 0 && !o.signal?.aborted && !(n === 0 && NO_AUDIO.test(proc.stderrTail.join('\n')))) {
      throw new Error(`audio of ${o.file} failed: ${describeFfmpegFailure(proc.stderrTail, exit.code)}`);
    }
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    await proc.stop();
  }
}
