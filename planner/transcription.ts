/**
 * Speech to text through an OpenAI-compatible `audio/transcriptions` endpoint (OpenAI Whisper,
 * faster-whisper servers, vLLM, llama.cpp's whisper server): one request per utterance, as a WAV
 * upload, asking for word timings (`verbose_json` with word granularity) and falling back to
 * segment timings, then to the text alone, when a server gives less.
 */
import { toFile } from 'openai';
import { wavFile, type SpeechEngine, type Transcript, type Word } from '../ingest/audio/stt.js';
import { openaiClient, type ModelEndpoint } from './models.js';

/** A Whisper-style endpoint as a speech engine. */
export class OpenAiSpeechEngine implements SpeechEngine {
  readonly name: string;
  private readonly client;

  constructor(private readonly endpoint: ModelEndpoint & { language?: string }) {
    this.name = `openai:${endpoint.model}`;
    this.client = openaiClient(endpoint);
  }

  async transcribe(samples: Int16Array, sampleRate: number, signal?: AbortSignal): Promise<Transcript> {
    const file = await toFile(wavFile(samples, sampleRate), 'utterance.wav', { type: 'audio/wav' });
    const r = await this.client.audio.transcriptions.create(
      {
        file,
        model: this.endpoint.model,
        response_format: 'verbose_json',
        timestamp_granularities: ['word', 'segment'],
        ...(this.endpoint.language ? { language: this.endpoint.language } : {}),
      },
      signal ? { signal } : {},
    );
    const words: Word[] =
      r.words?.map((w) => ({ word: w.word.trim(), start: w.start, end: w.end })) ??
      // segments only: spread each segment's words evenly over it
      (r.segments ?? []).flatMap((s) => {
        const ws = s.text.trim().split(/\s+/).filter(Boolean);
        const step = (s.end - s.start) / Math.max(1, ws.length);
        return ws.map((word, i) => ({ word, start: s.start + i * step, end: s.start + (i + 1) * step }));
      });
    return { text: (r.text ?? '').trim(), words };
  }
}
