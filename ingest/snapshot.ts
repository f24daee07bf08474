/**
 * JPEG snapshots of analysis frames.
 */
import jpeg from 'jpeg-js';
import type { Frame } from './types.js';

/**
 * Encodes an RGB24 frame as JPEG.
 * @param frame the frame
 * @param quality 1-100
 */
export function frameToJpeg(frame: Pick<Frame, 'width' | 'height' | 'data'>, quality = 80): Buffer {
  const { width, height, data } = frame;
  const rgba = Buffer.allocUnsafe(width * height * 4);
  for (let i = 0, j = 0; i < data.length; i += 3, j += 4) {
    rgba[j] = data[i] ?? 0;
    rgba[j + 1] = data[i + 1] ?? 0;
    rgba[j + 2] = data[i + 2] ?? 0;
    rgba[j + 3] = 255;
  }
  return jpeg.encode({ data: rgba, width, height }, quality).data;
}
