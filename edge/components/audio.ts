/**
 * Audio as a daemon component: for each enabled camera with `audio.enabled`, a second ffmpeg
 * session decodes the sound and a pipeline turns it into levels, loud-sound events and speech
 * transcripts written to the memory. A camera without audio ends its session quietly.
 */
import type { FfmpegInfo } from '../../ingest/ffmpeg/locate.js';
import type { Observation } from '../../ingest/observations.js';
import { AudioPipeline, type AudioStats } from '../../ingest/audio/pipeline.js';
import { PocketsphinxEngine, pocketsphinxAvailable, vocabularyWords } from '../../ingest/audio/pocketsphinx.js';
import { AUDIO_RATE, AudioSession, type AudioState } from '../../ingest/audio/session.js';
import type { SpeechEngine } from '../../ingest/audio/stt.js';
import type { CameraSpec, Logger } from '../../ingest/types.js';
import type { ModelEndpoint } from '../../planner/models.js';
import { OpenAiSpeechEngine } from '../../planner/transcription.js';
import type { CameraConfig } from '../config/schema.js';
import type { Component } from '../lifecycle.js';

/** Audio status of one camera, for /healthz. */
export interface AudioStatus extends AudioStats {
  camera: string;
  state: AudioState;
  error: string | null;
  engine: string | null;
  seconds: number;
}

/** Builds a camera's speech engine from its config, or null (off, or not installed: logged once). */
export type SpeechEngineFactory = (c: CameraConfig, log: Logger) => SpeechEngine | null;

/** The default factory: the transcription endpoint, or pocketsphinx when installed. */
export function speechEngines(transcription: ModelEndpoint | null): SpeechEngineFactory {
  return (c, log) => (c.audio.speech === 'openai' && transcription ? new OpenAiSpeechEngine(transcription) : defaultSpeechEngine(c, log));
}

/** Pocketsphinx when configured and installed. */
export const defaultSpeechEngine: SpeechEngineFactory = (c, log) => {
  if (c.audio.speech !== 'pocketsphinx') return null;
  if (!pocketsphinxAvailable()) {
    log.warn({ camera: c.id }, 'speech to text is off: pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)');
    return null;
  }
  if (c.audio.vocabulary.length) {
    const { unknown } = vocabularyWords(c.audio.vocabulary);
    if (unknown.length) log.warn({ camera: c.id, unknown }, 'vocabulary words missing from the pronunciation dictionary are ignored');
  }
  return new PocketsphinxEngine({ vocabulary: c.audio.vocabulary });
};

interface Running {
  session: AudioSession;
  pipeline: AudioPipeline;
  engine: SpeechEngine | null;
}

/** Owns the audio sessions. */
export class AudioComponent implements Component {
  readonly name = 'audio';
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly cameras: readonly (CameraConfig & Pick<CameraSpec, 'url'>)[],
    private readonly deps: { ffmpeg: () => FfmpegInfo; log: Logger; write: (o: Observation) => void; engine?: SpeechEngineFactory },
  ) {}

  start(signal: AbortSignal): Promise<void> {
    const make = this.deps.engine ?? defaultSpeechEngine;
    for (const c of this.cameras) {
      if (signal.aborted) break;
      if (!c.enabled || !c.audio.enabled) continue;
      const log = this.deps.log.child({ camera: c.id });
      const engine = make(c, log);
      const pipeline = new AudioPipeline({ camera: c.id, sampleRate: AUDIO_RATE, loudDbfs: c.audio.loudDbfs, loudCooldownMs: c.audio.loudCooldownSeconds * 1000, engine, emit: this.deps.write, log, keepAudio: c.audio.keepSpeechSound });
      const session = new AudioSession(c, { ffmpeg: this.deps.ffmpeg(), log: this.deps.log, onPcm: (pcm, ts) => pipeline.push(pcm, ts) });
      this.running.set(c.id, { session, pipeline, engine });
      session.start();
    }
    return Promise.resolve();
  }

  /** Audio state of every camera that listens. */
  statuses(): AudioStatus[] {
    return [...this.running.entries()].map(([camera, r]) => ({ camera, ...r.session.status(), engine: r.engine?.name ?? null, ...r.pipeline.stats }));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.values()].map((r) => r.session.stop()));
    // transcripts in flight are written before the memory closes (it stops after us)
    await Promise.all([...this.running.values()].map((r) => r.pipeline.flush()));
    for (const r of this.running.values()) r.engine?.close?.();
    this.running.clear();
  }
}
