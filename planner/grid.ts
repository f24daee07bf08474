/**
 * A grid image of keyframes (MMCTAgent's critic looks at one picture of up to 10 frames):
 * decoded with jpeg-js, scaled by nearest neighbour into equal tiles, encoded as one JPEG.
 */
import jpeg from 'jpeg-js';

/** Most frames in a grid. */
export const MAX_GRID_FRAMES = 10;

/** Tiles a grid of JPEG frames (at most 10, 5 per row) into one JPEG. Undecodable frames are skipped; null when none decodes. */
export function frameGrid(frames: readonly Buffer[], tileW = 256, tileH = 144): Buffer | null {
  const imgs = frames.slice(0, MAX_GRID_FRAMES).flatMap((f) => {
    try {
      return [jpeg.decode(f, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 })];
    } catch {
      return [];
    }
  });
  if (imgs.length === 0) return null;
  const cols = Math.min(5, imgs.length);
  const rows = Math.ceil(imgs.length / cols);
  const width = cols * tileW;
  const height = rows * tileH;
  const data = Buffer.alloc(width * height * 4, 0);
  imgs.forEach((img, k) => {
    const ox = (k % cols) * tileW;
    const oy = Math.floor(k / cols) * tileH;
    for (let y = 0; y < tileH; y++) {
      const sy = Math.min(img.height - 1, Math.floor((y * img.height) / tileH));
      for (let x = 0; x < tileW; x++) {
        const sx = Math.min(img.width - 1, Math.floor((x * img.width) / tileW));
        const s = (sy * img.width + sx) * 4;
        const d = ((oy + y) * width + ox + x) * 4;
        data[d] = img.data[s] ?? 0;
        data[d + 1] = img.data[s + 1] ?? 0;
        data[d + 2] = img.data[s + 2] ?? 0;
        data[d + 3] = 255;
      }
    }
  });
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
