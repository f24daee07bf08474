/**
 * MMCTAgent's `query_transcript`: the moments in a window whose speech transcript best matches a
 * text, each with the time the words were said.
 */
import { z } from 'zod';
import { formatLocal } from '../time.js';
import { defineTool, type Tool } from './types.js';
import { windowFields, windowOf, windowText } from './window.js';

/** Most moments returned. */
export const TOP_MOMENTS = 5;

const queryTranscript = defineTool({
  name: 'query_transcript',
  brief: 'moments when words were said',
  description: `Search what was said (speech transcripts of cameras with audio): the ${TOP_MOMENTS} best-matching moments in a window, with the time the words were said and the utterance.`,
  input: z.strictObject({ text: z.string().min(1).describe('words to look for'), camera: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    const w = windowOf(i, ctx);
    const said = ctx.queries.transcripts(w, i.camera);
    if (said.length === 0) return { text: `No speech was transcribed from ${windowText(w, ctx.timeZone)} (no camera with audio, or speech recognition off).` };
    const hits = ctx.queries.searchTranscript(i.text, w, { k: TOP_MOMENTS, ...(i.camera ? { camera: i.camera } : {}) });
    if (hits.length === 0) return { text: `None of ${said.length} transcribed utterances from ${windowText(w, ctx.timeZone)} mention "${i.text}".` };
    return {
      text: `Moments matching "${i.text}":\n${hits.map((h) => `${h.camera} ${formatLocal(h.at, ctx.timeZone)} (matched ${h.matched.join(', ')}): "${h.text}"`).join('\n')}`,
      evidence: hits.map((h) => ({ camera: h.camera, start: new Date(h.start).toISOString(), end: new Date(h.end).toISOString() })),
    };
  },
});

/** The transcript tool. */
export const TRANSCRIPT_TOOLS: readonly Tool[] = [queryTranscript];
