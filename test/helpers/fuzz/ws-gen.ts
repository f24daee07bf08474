/**
 * WebSocket inputs for the fuzzer: upgrade requests on random and mutated paths (with valid,
 * junk or missing handshake headers and tokens), and frames for an open API socket: valid and
 * mutated requests, random bytes, deep nesting, huge strings within the size limit, binary frames.
 */
import { WS_MAX_PAYLOAD } from '../../../edge/api/wire.js';
import { authHeader, fuzzPath, fuzzQuery, noBreaks, type TokenSet } from './http-gen.js';
import { encodeSafe, junkString, mutateMany } from './junk.js';
import type { Rng } from './prng.js';
import { requestText, type FuzzTarget } from './wire-gen.js';

/** One upgrade request, and bytes to write after a 101 (raw frames, often garbage). */
export interface UpgradeInput {
  target: string;
  raw: Buffer;
  after: Buffer | null;
}

/** A masked client frame (RFC 6455) with the given opcode and flags. */
export function clientFrame(rng: Rng, opcode: number, payload: Buffer, fin = true, rsv = 0): Buffer {
  const mask = rng.bytes(4);
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0, 0x80 | len]) : len < 65536 ? Buffer.from([0, 0x80 | 126, len >> 8, len & 0xff]) : Buffer.concat([Buffer.from([0, 0x80 | 127]), Buffer.from([0, 0, 0, 0, (len >>> 24) & 0xff, (len >>> 16) & 0xff, (len >>> 8) & 0xff, len & 0xff])]);
  head[0] = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i & 3] as number);
  return Buffer.concat([head, mask, body]);
}

/** Raw bytes after a handshake: valid frames with odd flags, or plain garbage. */
function afterUpgrade(rng: Rng): Buffer | null {
  switch (rng.int(0, 5)) {
    case 0:
      return null;
    case 1:
      return rng.bytes(rng.size(2000));
    case 2:
      return clientFrame(rng, rng.int(0, 15), rng.bytes(rng.size(200)), rng.chance(0.7), rng.chance(0.3) ? rng.int(1, 7) : 0);
    case 3:
      // a frame header that announces far more than it sends
      return Buffer.from([0x81, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]);
    case 4:
      return clientFrame(rng, 1, Buffer.from(JSON.stringify({ id: 'u', type: 'ping' })), false);
    default:
      return clientFrame(rng, 8, Buffer.from([0x03, 0xe8, 0xff, 0xfe]));
  }
}

/** Builds one upgrade request. */
export function upgradeInput(rng: Rng, t: FuzzTarget, tokens: TokenSet | null): UpgradeInput {
  const path = rng.weighted<string>([
    [4, '/api/ws'],
    [3, `/api/cameras/${rng.chance(0.7) && t.cameras.length ? rng.pick(t.cameras) : encodeSafe(junkString(rng, 20))}/preview`],
    [4, fuzzPath(rng, t)],
    [1, mutateMany(rng, '/api/ws', 2)],
  ]);
  const target = path + (rng.chance(0.6) && tokens ? `?token=${rng.chance(0.7) ? rng.pick([tokens.read, tokens.admin]) : junkString(rng, 30)}` : fuzzQuery(rng, tokens));
  const h: string[] = [];
  if (rng.chance(0.95)) h.push('Host: 127.0.0.1');
  if (rng.chance(0.95)) h.push(`Connection: ${rng.pick(['Upgrade', 'upgrade', 'keep-alive, Upgrade', 'close', junkString(rng, 10)])}`);
  if (rng.chance(0.95)) h.push(`Upgrade: ${rng.pick(['websocket', 'websocket', 'WebSocket', 'h2c', 'websocket, h2c', junkString(rng, 10)])}`);
  if (rng.chance(0.9)) h.push(`Sec-WebSocket-Version: ${rng.pick(['13', '13', '13', '8', '0', '', '13, 8', junkString(rng, 5)])}`);
  if (rng.chance(0.9)) h.push(`Sec-WebSocket-Key: ${rng.chance(0.8) ? rng.bytes(16).toString('base64') : rng.pick(['', 'x', rng.bytes(20).toString('base64'), junkString(rng, 30)])}`);
  if (rng.chance(0.2)) h.push(`Sec-WebSocket-Extensions: ${rng.pick(['permessage-deflate', 'permessage-deflate; client_max_window_bits=99', junkString(rng, 30)])}`);
  if (rng.chance(0.1)) h.push(`Sec-WebSocket-Protocol: ${junkString(rng, 20) || 'x'}`);
  const auth = authHeader(rng, tokens);
  if (auth !== null) h.push(`Authorization: ${auth}`);
  const method = rng.chance(0.9) ? 'GET' : rng.pick(['POST', 'HEAD', 'PUT', 'OPTIONS']);
  const raw = Buffer.from(`${method} ${noBreaks(target)} HTTP/1.1\r\n${h.map(noBreaks).join('\r\n')}\r\n\r\n`, 'utf8');
  return { target, raw, after: afterUpgrade(rng) };
}

/** One frame for an open API socket and what the server must do with it. */
export interface FrameInput {
  data: Buffer;
  binary: boolean;
  /** `reply`: exactly one final reply (ok or error); `close`: the server closes (bad UTF-8, over the hard limit). */
  expect: 'reply' | 'close';
  shape: string;
}

/** Builds one frame. */
export function frameInput(rng: Rng, t: FuzzTarget, id: string): FrameInput {
  const kind = rng.weighted<'text' | 'binary' | 'random' | 'badutf8' | 'oversized' | 'empty'>([
    [40, 'text'],
    [3, 'binary'],
    [3, 'random'],
    [1, 'badutf8'],
    [2, 'oversized'],
    [1, 'empty'],
  ]);
  if (kind === 'random') return { data: rng.bytes(rng.size(4000)), binary: true, expect: 'reply', shape: kind };
  if (kind === 'empty') return { data: Buffer.alloc(0), binary: rng.chance(0.5), expect: 'reply', shape: kind };
  if (kind === 'badutf8') return { data: Buffer.concat([Buffer.from('{"id":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('","type":"ping"}')]), binary: false, expect: 'close', shape: kind };
  if (kind === 'oversized') {
    // between the soft limit (error reply) and the hard limit (close 1009)
    const n = rng.int(WS_MAX_PAYLOAD + 1, WS_MAX_PAYLOAD * 2);
    return { data: Buffer.from(JSON.stringify({ id, type: 'ask', question: 'x'.repeat(n) })), binary: false, expect: 'reply', shape: kind };
  }
  const r = requestText(rng, t, id, WS_MAX_PAYLOAD);
  let data = Buffer.from(r.text, 'utf8');
  if (data.length > WS_MAX_PAYLOAD) data = Buffer.from(data.toString('utf8', 0, WS_MAX_PAYLOAD - 4).replace(/\uFFFD+$/, ''), 'utf8');
  return { data, binary: kind === 'binary', expect: 'reply', shape: `${kind}:${r.shape}` };
}
