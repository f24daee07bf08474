/**
 * The analysis size of a panorama: a picture wider than the tiled detector's 2.1:1 keeps the height
 * a 16:9 picture of the configured width has (a 1280x360 view of two benches is not shrunk to
 * 640x180), up to its own width; other pictures are scaled to the configured width. Checked with the
 * real ffmpeg on the filter the decoder uses.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import test from 'node:test';
import { scaleFilter } from '../../ingest/ffmpeg/args.js';

/** The size ffmpeg gives a `w`x`h` test picture through the decoder's scale filter at `width`. */
function scaled(w: number, h: number, width: number): string {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=gray:s=${w}x${h}:d=0.1`, '-frames:v', '1', '-vf', scaleFilter(width), '-c:v', 'ppm', '-f', 'image2pipe', 'pipe:1'], { maxBuffer: 64 << 20 });
  return out.subarray(0, 20).toString('latin1').split('\n')[1] ?? '';
}

test('a panorama keeps its height; a 16:9 or 4:3 picture is scaled to the width', () => {
  assert.equal(scaled(1280, 360, 640), '1280 360');
  assert.equal(scaled(2560, 720, 640), '1280 360');
  // narrower than the height asks for: its own width
  assert.equal(scaled(960, 270, 640), '960 270');
  assert.equal(scaled(1920, 1080, 640), '640 360');
  assert.equal(scaled(640, 480, 640), '640 480');
  assert.equal(scaled(1280, 720, 960), '960 540');
});
