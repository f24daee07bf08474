/**
 * A grid image of keyframes (MMCTAgent's critic looks at one picture of up to 10 frames): each
 * frame decoded and scaled by nearest neighbour into an equal tile, the tiles composed and
 * encoded as one JPEG, all with `sharp` (libvips on libuv's thread pool, off the event loop).
 */
import { sharp } from '../ingest/jpeg.js';

/** Most frames in a grid. */
export const MAX_GRID_FRAMES = 10;

/** One frame as a tile of raw RGB pixels, or null when it does not decode. */
async function tile(frame: Buffer, width: number, height: number): Promise<Buffer | null> {
  try {
    return await sharp(frame, { failOn: 'error' }).removeAlpha().toColourspace('srgb').resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer();
  } catch {
    return null;
  }
}

/**
 * Tiles a grid of JPEG frames (at most 10, 5 per row) into one JPEG. Undecodable frames are
 * skipped; null when none decodes.
 */
export async function frameGrid(frames: readonly Buffer[], tileW = 256, tileH = 144): Promise<Buffer | null> {
  const tiles = (await Promise.all(frames.slice(0, MAX_GRID_FRAMES).map((f) => tile(f, tileW, tileH)))).filter((t): t is Buffer => t !== null);
  if (tiles.length === 0) return null;
  const cols = Math.min(5, tiles.length);
  const rows = Math.ceil(tiles.length / cols);
  return sharp({ create: { width: cols * tileW, height: rows * tileH, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite(tiles.map((t, k) => ({ input: t, raw: { width: tileW, height: tileH, channels: 3 as const }, left: (k % cols) * tileW, top: Math.floor(k / cols) * tileH })))
    .jpeg({ quality: 80 })
    .toBuffer();
}
