/**
 * Real frames with objects checked by eye, shared by the detector tests: decoded from the shared
 * clips with ffmpeg, scaled to 640 wide, as packed RGB.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { locateFfmpeg } from '../../../ingest/ffmpeg/locate.js';
import type { RgbImage } from '../../../ingest/perception/types.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';
import type { Scene } from './detector-conformance.js';

/** One frame of a shared clip at `t` seconds, scaled to 640 wide, as packed RGB. */
export function frame(clip: string, t: number): RgbImage {
  const args = ['-v', 'error', '-ss', String(t), '-i', join(SHARED_VIDEOS, clip), '-frames:v', '1', '-vf', 'scale=640:-2'];
  const data = execFileSync(locateFfmpeg().path, [...args, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 << 20 });
  const height = data.length / (640 * 3);
  assert.ok(Number.isInteger(height) && height > 0, `unexpected frame size ${data.length}`);
  return { width: 640, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** At 30 s one person stands at the table, seen from behind (640x360 frame). */
export const personScene = (): Scene => ({
  name: 'one-by-one-person-detection.mp4 at 30 s',
  image: frame('one-by-one-person-detection.mp4', 30),
  known: [{ label: 'person', region: { x1: 318, y1: 4, x2: 452, y2: 318 }, minIou: 0.7 }],
  scoreThreshold: 0.25,
});

/** Three bottles on a bench at 2 s. */
export const bottleScene = (): Scene => ({
  name: 'bottle-detection.mp4 at 2 s',
  image: frame('bottle-detection.mp4', 2),
  known: [
    { label: 'bottle', region: { x1: 57, y1: 108, x2: 122, y2: 313 }, minIou: 0.7 },
    { label: 'bottle', region: { x1: 286, y1: 111, x2: 345, y2: 312 }, minIou: 0.7 },
    { label: 'bottle', region: { x1: 508, y1: 109, x2: 571, y2: 314 }, minIou: 0.7 },
  ],
  scoreThreshold: 0.3,
});

/** A flat gray 640x360 image: nothing to detect. */
export const blankImage = (): RgbImage => ({ width: 640, height: 360, data: new Uint8Array(640 * 360 * 3).fill(128) });
