/**
 * A camera's picture turned the right way up before perception (a camera mounted upside down on a
 * ceiling, or one whose picture is mirrored): pure functions over packed RGB24 images, one pass over
 * the bytes, and the same turn applied to normalised zone and line coordinates.
 */
import type { RgbImage } from './types.js';
import type { LineSpec, ZoneSpec } from './zones.js';

/**
 * How a picture is turned: `upright` leaves it as it comes; `rotate90` turns it a quarter clockwise and
 * `rotate270` a quarter anticlockwise (a camera mounted on its side: width and height swap).
 */
export type Orientation = 'upright' | 'rotate180' | 'vflip' | 'hflip' | 'rotate90' | 'rotate270';

/** A camera's `orientation` setting: a pinned orientation, or `auto` (probed on the first detected frames). */
export type OrientationSetting = 'auto' | Orientation;

/** Every orientation, `upright` first. */
export const ORIENTATIONS: readonly Orientation[] = ['upright', 'rotate180', 'vflip', 'hflip', 'rotate90', 'rotate270'];

/** Whether the turn is a quarter turn (width and height swap). */
export function quarter(o: Orientation): boolean {
  return o === 'rotate90' || o === 'rotate270';
}

/** Whether the turn mirrors the picture (left and right, or top and bottom, swap sides). */
export function mirrors(o: Orientation): boolean {
  return o === 'vflip' || o === 'hflip';
}

/** A quarter turn of a `width` x `height` RGB24 picture into `out` (`height` x `width`). */
function quarterPixels<T extends Uint8Array>(src: T, width: number, height: number, clockwise: boolean, out: T): T {
  // clockwise: (x, y) goes to (height - 1 - y, x); anticlockwise: to (y, width - 1 - x); the turned row is `height` wide
  const w2 = height;
  for (let y = 0; y < height; y++) {
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const j = clockwise ? (x * w2 + (height - 1 - y)) * 3 : ((width - 1 - x) * w2 + y) * 3;
      out[j] = src[i] as number;
      out[j + 1] = src[i + 1] as number;
      out[j + 2] = src[i + 2] as number;
    }
  }
  return out;
}

/**
 * The pixels of a `width` x `height` RGB24 picture turned by `o`, written into `out` (its own
 * buffer, as long as `src`); `upright` returns `src` itself. A quarter turn writes a `height` x
 * `width` picture.
 */
export function turnPixels<T extends Uint8Array>(src: T, width: number, height: number, o: Orientation, out: T): T {
  if (o === 'upright') return src;
  if (quarter(o)) return quarterPixels(src, width, height, o === 'rotate90', out);
  const stride = width * 3;
  if (o === 'vflip') {
    for (let y = 0; y < height; y++) out.set(src.subarray(y * stride, (y + 1) * stride), (height - 1 - y) * stride);
    return out;
  }
  if (o === 'rotate180') {
    const n = width * height * 3;
    for (let i = 0, j = n - 3; i < n; i += 3, j -= 3) {
      out[j] = src[i] as number;
      out[j + 1] = src[i + 1] as number;
      out[j + 2] = src[i + 2] as number;
    }
    return out;
  }
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let i = row, j = row + stride - 3; i < row + stride; i += 3, j -= 3) {
      out[j] = src[i] as number;
      out[j + 1] = src[i + 1] as number;
      out[j + 2] = src[i + 2] as number;
    }
  }
  return out;
}

/**
 * An image (a frame: its other fields are kept) turned by `o`, in a new buffer of the same kind
 * (a Buffer stays a Buffer); `upright` returns the image itself.
 */
export function turnImage<T extends RgbImage>(img: T, o: Orientation): T {
  if (o === 'upright') return img;
  const n = img.width * img.height * 3;
  const out = Buffer.isBuffer(img.data) ? Buffer.allocUnsafe(n) : new Uint8Array(n);
  const data = turnPixels(img.data, img.width, img.height, o, out as T['data']);
  return quarter(o) ? { ...img, data, width: img.height, height: img.width } : { ...img, data };
}

/** A normalised point [x, y] (0..1 of width and height) of the picture as it comes, in the turned picture. */
export function turnPoint([x, y]: readonly [number, number], o: Orientation): [number, number] {
  if (o === 'rotate180') return [1 - x, 1 - y];
  if (o === 'vflip') return [x, 1 - y];
  if (o === 'hflip') return [1 - x, y];
  if (o === 'rotate90') return [1 - y, x];
  if (o === 'rotate270') return [y, 1 - x];
  return [x, y];
}

/** Zones drawn on the picture as it comes, placed on the turned picture. */
export function turnZones(zones: readonly ZoneSpec[], o: Orientation): ZoneSpec[] {
  if (o === 'upright') return [...zones];
  return zones.map((z) => ({ ...z, polygon: z.polygon.map((p) => turnPoint(p, o)) }));
}

/**
 * Lines drawn on the picture as it comes, placed on the turned picture. A mirror swaps the sides
 * of a line, so its ends are swapped too: "forward" keeps meaning the same way across it.
 */
export function turnLines(lines: readonly LineSpec[], o: Orientation): LineSpec[] {
  if (o === 'upright') return [...lines];
  return lines.map((l) => {
    const from = turnPoint(l.from, o);
    const to = turnPoint(l.to, o);
    return mirrors(o) ? { ...l, from: to, to: from } : { ...l, from, to };
  });
}
