/**
 * Segment captions from an OpenAI-compatible vision model: one short factual sentence about a
 * segment's keyframe, grounded by perception's fact caption.
 */
import type OpenAI from 'openai';
import { openaiClient, type ModelEndpoint } from './models.js';

/** Longest caption kept, in characters. */
export const MAX_VISION_CAPTION = 200;

/** System prompt of the captioner. */
export const VISION_SYSTEM_PROMPT =
  'You caption frames of a fixed security camera. Reply with one short factual sentence (at most 25 words) ' +
  'describing what is visible. Do not guess identities, intentions or anything not visible. ' +
  'The detector facts given with the image may be incomplete; do not contradict what the image shows.';

/** Counters of a captioner. */
export interface VisionCaptionStats {
  calls: number;
  failures: number;
  promptTokens: number;
  completionTokens: number;
  /** Total wall time of calls, ms (retries included). */
  ms: number;
}

/** Trims a model reply to one line of at most `MAX_VISION_CAPTION` characters. */
export function cleanCaption(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= MAX_VISION_CAPTION) return one;
  const cut = one.slice(0, MAX_VISION_CAPTION - 1);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > MAX_VISION_CAPTION / 2 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}

/** Captions keyframes with a vision model. */
export class VisionCaptioner {
  private readonly client: OpenAI;
  readonly stats: VisionCaptionStats = { calls: 0, failures: 0, promptTokens: 0, completionTokens: 0, ms: 0 };

  constructor(private readonly e: ModelEndpoint) {
    this.client = openaiClient(e);
  }

  /** One sentence about the JPEG; rejects on HTTP/timeout errors (after the SDK's retries) or an empty reply. */
  async caption(jpeg: Buffer, facts: string, signal?: AbortSignal): Promise<string> {
    const t0 = performance.now();
    this.stats.calls++;
    try {
      const res = await this.client.chat.completions.create(
        {
          model: this.e.model,
          max_tokens: 80,
          temperature: 0,
          messages: [
            { role: 'system', content: VISION_SYSTEM_PROMPT },
            {
              role: 'user',
              content: [
                { type: 'text', text: `Detected: ${facts}` },
                { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
              ],
            },
          ],
        },
        { timeout: this.e.timeoutMs, maxRetries: this.e.retries, ...(signal ? { signal } : {}) },
      );
      this.stats.promptTokens += res.usage?.prompt_tokens ?? 0;
      this.stats.completionTokens += res.usage?.completion_tokens ?? 0;
      const text = cleanCaption(res.choices[0]?.message.content ?? '');
      if (!text) throw new Error('vision model returned an empty caption');
      return text;
    } catch (e) {
      this.stats.failures++;
      throw e;
    } finally {
      this.stats.ms += performance.now() - t0;
    }
  }
}
