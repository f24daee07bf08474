/**
 * A fence in front of the camera: a picture with thin dark lines all over is found fenced on its
 * first frames and the detector then sees it closed (the lines filled, larger shapes kept); a
 * picture with one large dark object, or thin lines in one part only, is not fenced and is passed
 * on as it came.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { closeImage, DEFAULT_FENCE, fenceShare, FenceScreen } from '../../../ingest/perception/fence.js';
import type { RgbImage } from '../../../ingest/perception/types.js';

const W = 160;
const H = 90;

/** A grey picture with `dark(x, y)` pixels at 20. */
function picture(dark: (x: number, y: number) => boolean): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.fill(dark(x, y) ? 20 : 150, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { width: W, height: H, data };
}

/** A chain-link fence: two families of 2 px diagonal wires every 17 px. */
const mesh = (x: number, y: number): boolean => (x + y) % 17 < 2 || (x - y + 170) % 17 < 2;
/** One large dark object (a car) in the middle. */
const car = (x: number, y: number): boolean => x >= 60 && x < 100 && y >= 30 && y < 60;

test('a fence lifts a share of the picture in every part; one large object lifts none', () => {
  const fenced = fenceShare(picture(mesh));
  assert.ok(fenced.share >= DEFAULT_FENCE.minShare && fenced.minCell >= DEFAULT_FENCE.minCellShare, JSON.stringify(fenced));
  assert.deepEqual(fenceShare(picture(car)), { share: 0, minCell: 0 });
  // thin lines in one corner only (a grille on a wall): not all over
  const corner = fenceShare(picture((x, y) => x < 50 && y < 30 && mesh(x, y)));
  assert.ok(corner.minCell < DEFAULT_FENCE.minCellShare, JSON.stringify(corner));
});

test('the closing fills thin lines and keeps a large object', () => {
  const closed = closeImage(picture((x, y) => mesh(x, y) || car(x, y)));
  const at = (x: number, y: number): number => closed[(y * W + x) * 3] as number;
  assert.equal(at(17, 0), 150, 'a wire pixel is filled');
  assert.equal(at(80, 45), 20, 'the middle of the car is kept');
});

test('the screen decides on its first frames: a fenced camera\'s detector sees the closed picture', () => {
  const fence = new FenceScreen();
  const img = picture(mesh);
  for (let i = 1; i < DEFAULT_FENCE.probeFrames; i++) assert.equal(fence.screen(img), img, 'passed on while measuring');
  const seen = fence.screen(img);
  assert.equal(fence.decided, true);
  assert.notEqual(seen.data, img.data);
  assert.equal(seen.data[(0 * W + 17) * 3], 150);
  const open = new FenceScreen();
  const plain = picture(car);
  for (let i = 0; i < DEFAULT_FENCE.probeFrames + 2; i++) assert.equal(open.screen(plain), plain);
  assert.equal(open.decided, false);
});
