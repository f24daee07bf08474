/**
 * Frame crops as in-memory PNGs for the OCR library, which opens images only by path or encoded
 * buffer. The PNG is stored uncompressed (deflate level 0), so making it costs a copy and a CRC.
 */
import { deflateSync } from 'node:zlib';
import type { Frame } from '../types.js';
import type { Box } from './types.js';

/** The OCR detector's stride: input sides must be multiples of it. */
export const STRIDE = 32;

/**
 * Copies the crop `c` (frame pixels) of an RGB24 frame into an RGB PNG whose sides are padded
 * (black, right and bottom) to multiples of 32, stored uncompressed.
 */
export function cropToPng(frame: Frame, c: Box): Buffer {
  const cw = c.x2 - c.x1;
  const ch = c.y2 - c.y1;
  const pw = Math.max(STRIDE, Math.ceil(cw / STRIDE) * STRIDE);
  const ph = Math.max(STRIDE, Math.ceil(ch / STRIDE) * STRIDE);
  const stride = 1 + pw * 3;
  const raw = Buffer.alloc(stride * ph); // filter byte 0 (none) per row; padding black
  for (let y = 0; y < ch; y++) {
    const src = ((c.y1 + y) * frame.width + c.x1) * 3;
    frame.data.copy(raw, y * stride + 1, src, src + cw * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(pw, 0);
  ihdr.writeUInt32BE(ph, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(crc32(0, head.subarray(4)), data) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (PNG's), continuing from `crc`. */
function crc32(crc: number, data: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = (CRC_TABLE[(c ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}
