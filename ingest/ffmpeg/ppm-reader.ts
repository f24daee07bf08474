/**
 * Incremental parser for a stream of binary PPM (P6, maxval 255) images, as written by
 * `ffmpeg -c:v ppm -f image2pipe`. Copies each image into one preallocated buffer.
 */

/** One parsed image. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

const HEADER = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/;

/** Splits PPM images out of arbitrary chunks. */
export class PpmReader {
  private head: Buffer = Buffer.alloc(0);
  private current: { width: number; height: number; data: Buffer; filled: number } | null = null;

  /**
   * Feeds a chunk and returns the images it completed.
   * @throws Error when the stream is not PPM.
   */
  push(chunk: Buffer): RgbImage[] {
    const out: RgbImage[] = [];
    let buf = chunk;
    while (buf.length > 0) {
      if (this.current) {
        const cur = this.current;
        const n = Math.min(buf.length, cur.data.length - cur.filled);
        buf.copy(cur.data, cur.filled, 0, n);
        cur.filled += n;
        buf = buf.subarray(n);
        if (cur.filled === cur.data.length) {
          out.push({ width: cur.width, height: cur.height, data: cur.data });
          this.current = null;
        }
        continue;
      }
      this.head = this.head.length ? Buffer.concat([this.head, buf]) : buf;
      const text = this.head.subarray(0, 64).toString('latin1');
      const m = HEADER.exec(text);
      if (!m) {
        if (this.head.length >= 64 || (this.head.length >= 2 && !text.startsWith('P6'))) {
          throw new Error('decoder output is not PPM');
        }
        break;
      }
      const width = Number(m[1]);
      const height = Number(m[2]);
      if (Number(m[3]) !== 255 || width <= 0 || height <= 0) throw new Error('unsupported PPM header');
      this.current = { width, height, data: Buffer.allocUnsafe(width * height * 3), filled: 0 };
      buf = this.head.subarray(m[0].length);
      this.head = Buffer.alloc(0);
    }
    return out;
  }
}
