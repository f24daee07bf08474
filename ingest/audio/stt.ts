/**
 * Speech engines: turn one utterance (16-bit mono PCM) into text with word timings.
 */

/** One recognised word; times in seconds from the utterance start. */
export interface Word {
  word: string;
  start: number;
  end: number;
  /** Engine confidence 0..1 when it gives one. */
  conf?: number;
}

/** What an engine heard. */
export interface Transcript {
  text: string;
  words: Word[];
}

/** A speech-to-text engine. */
export interface SpeechEngine {
  /** Short name stored with each transcript (e.g. `pocketsphinx`, `openai:whisper-1`). */
  readonly name: string;
  /** Transcribes one utterance. Rejects with a readable error when the engine fails. */
  transcribe(samples: Int16Array, sampleRate: number, signal?: AbortSignal): Promise<Transcript>;
  /** Releases the engine's resources (temporary files), when it holds any. */
  close?(): void;
}

/** A RIFF/WAVE file of 16-bit mono PCM. */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
