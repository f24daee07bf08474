/**
 * Reads a request's JSON body, bounded: a body over the limit is `PAYLOAD_TOO_LARGE` (the rest is
 * drained, not kept, so the reply still reaches the client), one that is not JSON is `BAD_JSON`.
 */
import type { IncomingMessage } from 'node:http';
import { VigilError } from '../../ingest/errors/catalogue.js';

/** The largest body read by default, bytes (the WebSocket API's message limit). */
export const MAX_BODY = 64 * 1024;

/**
 * The parsed JSON body of a request.
 * @throws VigilError PAYLOAD_TOO_LARGE, BAD_JSON
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY): Promise<unknown> {
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (b: Buffer) => {
      size += b.length;
      if (size <= limit) chunks.push(b);
    });
    req.on('error', reject);
    req.on('end', () => (size > limit ? reject(new VigilError('PAYLOAD_TOO_LARGE', `the body of ${size} bytes exceeds the limit of ${limit}`)) : resolve(Buffer.concat(chunks).toString('utf8'))));
  });
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new VigilError('BAD_JSON', `malformed JSON: ${(e as Error).message}`);
  }
}
