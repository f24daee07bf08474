/**
 * The sound half of `vigil replay`: the recording's audio runs through the same pipeline as a
 * live camera's (levels, loud sounds, speech), stamped on the replay clock, so recorded footage
 * keeps its speech and loud sounds.
 */
import { AudioPipeline, type AudioStats } from '../../ingest/audio/pipeline.js';
import { replayAudio } from '../../ingest/audio/replay-audio.js';
import { AUDIO_RATE } from '../../ingest/audio/session.js';
import type { FfmpegInfo } from '../../ingest/ffmpeg/locate.js';
import type { Observation } from '../../ingest/observations.js';
import type { Logger } from '../../ingest/types.js';
import type { SpeechEngineFactory } from '../components/audio.js';
import type { CameraConfig } from '../config/schema.js';

/** What {@link replaySound} needs. */
export interface ReplaySoundOptions {
  camera: CameraConfig;
  file: string;
  startMs: number;
  realtime: boolean;
  ffmpeg: FfmpegInfo;
  engines: SpeechEngineFactory;
  write: (o: Observation) => void;
  log: Logger;
  signal: AbortSignal;
}

/** What the sound replay did. */
export interface ReplaySoundResult extends AudioStats {
  /** Seconds of sound decoded (0 for a file without audio). */
  seconds: number;
  engine: string | null;
}

/**
 * Replays the file's sound into the memory and waits for the last transcript; resolves with
 * null when the camera's audio is off. A decoding failure is logged and ends the sound replay
 * only (the frames are replayed regardless).
 */
export async function replaySound(o: ReplaySoundOptions): Promise<ReplaySoundResult | null> {
  const a = o.camera.audio;
  if (!a.enabled) return null;
  const engine = o.engines(o.camera, o.log);
  const pipeline = new AudioPipeline({ camera: o.camera.id, sampleRate: AUDIO_RATE, loudDbfs: a.loudDbfs, loudCooldownMs: a.loudCooldownSeconds * 1000, engine, emit: o.write, log: o.log, maxQueue: Infinity, keepAudio: a.keepSpeechSound });
  let samples = 0;
  try {
    for await (const c of replayAudio({ ffmpeg: o.ffmpeg, file: o.file, startMs: o.startMs, realtime: o.realtime, signal: o.signal })) {
      pipeline.push(c.samples, c.ts);
      samples += c.samples.length;
    }
  } catch (e) {
    o.log.warn({ camera: o.camera.id, err: (e as Error).message }, 'the recording\'s sound could not be replayed; frames only');
  }
  await pipeline.flush();
  engine?.close?.();
  return { ...pipeline.stats, seconds: Math.round(samples / AUDIO_RATE), engine: engine?.name ?? null };
}
