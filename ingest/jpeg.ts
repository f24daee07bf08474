/**
 * JPEG encoding off the event loop with `sharp` (libvips on the thread pool): about 4 ms for a
 * 640x360 frame here, against about 117 ms with jpeg-js on the event loop.
 */
import sharp from 'sharp';
import type { Frame } from './types.js';

/**
 * Encodes an RGB24 frame as JPEG without blocking the event loop.
 * @param quality 1-100
 */
export async function encodeJpeg(frame: Pick<Frame, 'width' | 'height' | 'data'>, quality = 80): Promise<Buffer> {
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }).jpeg({ quality }).toBuffer();
}
