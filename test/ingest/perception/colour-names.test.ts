/**
 * Colour naming: basic colour terms over CIELAB with "dark"/"light" qualifiers, a scene's cast
 * taken out, and per-track colours voted over several frames so one odd frame names nothing.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { colourWords, isDark, nameColour, srgbToLab } from '../../../ingest/perception/colour-names.js';
import { BODY_BAND, LOWER_BAND, readBand, sceneCast, sceneGain, TrackColours, UPPER_BAND, voteColour } from '../../../ingest/perception/colours.js';
import type { RgbImage } from '../../../ingest/perception/types.js';

const name = (r: number, g: number, b: number): string => colourWords(nameColour(srgbToLab(r, g, b)));

test('sRGB to CIELAB matches the reference values', () => {
  const near = (x: number[], y: number[]): void => x.forEach((v, i) => assert.ok(Math.abs(v - (y[i] ?? 0)) < 0.5, `${x.join(',')} vs ${y.join(',')}`));
  near(srgbToLab(255, 255, 255), [100, 0, 0]);
  near(srgbToLab(0, 0, 0), [0, 0, 0]);
  near(srgbToLab(255, 0, 0), [53.24, 80.09, 67.2]);
  near(srgbToLab(0, 0, 255), [32.3, 79.19, -107.86]);
  near(srgbToLab(128, 128, 128), [53.59, 0, 0]);
});

test('each basic term names its typical colours', () => {
  const cases: [number[], string][] = [
    [[0, 0, 0], 'black'],
    [[255, 255, 255], 'white'],
    [[128, 128, 128], 'grey'],
    [[200, 30, 30], 'red'],
    [[255, 140, 0], 'orange'],
    [[255, 100, 20], 'orange'],
    [[240, 220, 40], 'yellow'],
    [[30, 150, 50], 'green'],
    [[30, 60, 200], 'blue'],
    [[120, 40, 150], 'purple'],
    [[250, 160, 190], 'pink'],
    [[110, 70, 40], 'brown'],
  ];
  for (const [rgb, term] of cases) assert.equal(nameColour(srgbToLab(rgb[0]!, rgb[1]!, rgb[2]!)).term, term, `${rgb.join(',')}`);
});

test('qualifiers: dark and light by lightness', () => {
  assert.equal(name(40, 40, 45), 'black');
  assert.equal(name(80, 80, 82), 'dark grey');
  assert.equal(name(190, 190, 195), 'light grey');
  assert.equal(name(20, 30, 80), 'dark blue');
  assert.equal(name(50, 30, 20), 'dark brown');
  assert.equal(name(150, 180, 250), 'light blue');
  assert.ok(isDark(nameColour(srgbToLab(20, 30, 80))));
  assert.ok(isDark(nameColour(srgbToLab(10, 10, 10))));
  assert.ok(!isDark(nameColour(srgbToLab(128, 128, 128))));
});

test('near-black denim stays blue by hue (not brown by the nearest dark centroid)', () => {
  assert.equal(nameColour(srgbToLab(0, 0, 30)).term, 'blue');
  assert.equal(nameColour(srgbToLab(0, 19, 56)).term, 'blue');
});

/** A frame: a warm-tinted grey background, a person box with a top and trousers of given colours. */
function scene(top: [number, number, number], legs: [number, number, number], tint: [number, number, number] = [0, 0, 0]): RgbImage {
  const width = 200;
  const height = 200;
  const data = new Uint8Array(width * height * 3);
  const box = { x1: 80, y1: 20, x2: 120, y2: 180 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBox = x >= box.x1 && x < box.x2 && y >= box.y1 && y < box.y2;
      const rel = (y - box.y1) / (box.y2 - box.y1);
      const c = !inBox ? [150, 150, 150] : rel < 0.55 ? top : legs;
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, (c[k] ?? 0) + (tint[k] ?? 0)));
    }
  }
  return { width, height, data };
}
const BOX = { x1: 80, y1: 20, x2: 120, y2: 180 };

test('bands read the top and the trousers of a person box', () => {
  const img = scene([200, 30, 30], [30, 60, 200]);
  const cast = sceneCast(img, BOX);
  assert.equal(readBand(img, BOX, UPPER_BAND, cast)?.term, 'red');
  assert.equal(readBand(img, BOX, LOWER_BAND, cast)?.term, 'blue');
});

test('the scene cast is taken out: a grey top under yellowish light stays grey', () => {
  const tint: [number, number, number] = [16, 10, -18];
  const img = scene([128, 128, 128], [20, 20, 20], tint);
  const raw = nameColour(srgbToLab(128 + 16, 128 + 10, 128 - 18)).term;
  assert.notEqual(raw, 'grey', 'the tint alone names the top otherwise');
  const cast = sceneCast(img, BOX);
  assert.ok(cast[1] > 3, `cast b* ${cast[1]}`);
  assert.equal(readBand(img, BOX, UPPER_BAND, cast)?.term, 'grey');
});

test('the lighting of a dim scene is taken into account: a grey top in pre-dawn light is grey, black trousers stay black', () => {
  const lit = scene([110, 110, 110], [15, 15, 15]);
  assert.equal(sceneGain(lit, BOX), 1, 'a scene in ordinary light is read as it is');
  // the same scene at a third of the light (the room at L* 21, the top at 15: black to the eye of a table)
  const dim: RgbImage = { ...lit, data: lit.data.map((v) => Math.round(v * 0.35)) };
  const gain = sceneGain(dim, BOX);
  assert.ok(gain > 3, `gain ${gain}`);
  assert.equal(readBand(dim, BOX, UPPER_BAND, sceneCast(dim, BOX))?.term, 'black', 'read as it is, the top is black');
  assert.equal(readBand(dim, BOX, UPPER_BAND, sceneCast(dim, BOX), gain)?.term, 'grey');
  assert.equal(readBand(dim, BOX, LOWER_BAND, sceneCast(dim, BOX), gain)?.term, 'black');
  assert.equal(readBand(lit, BOX, UPPER_BAND, sceneCast(lit, BOX))?.term, 'grey');
});

test('a track is named by the vote of several frames: one odd frame changes nothing', () => {
  const t = new TrackColours('person');
  const good = scene([10, 10, 10], [30, 60, 200]);
  const odd = scene([255, 140, 0], [255, 140, 0]);
  for (let i = 0; i < 6; i++) t.add(i === 3 ? odd : good, BOX, i * 1000);
  const c = t.value();
  assert.equal(c?.upper?.term, 'black');
  assert.equal(c?.lower?.term, 'blue');
  assert.equal(c?.samples, 6);
  assert.ok((c?.upper?.share ?? 0) < 1);
});

test('vehicles get a body colour, other labels none; frames closer than the interval are not sampled', () => {
  const car = new TrackColours('car');
  const img = scene([190, 190, 195], [190, 190, 195]);
  car.add(img, BOX, 0);
  car.add(img, BOX, 100);
  assert.equal(car.value()?.samples, 1);
  assert.equal(car.value()?.body?.term, 'grey');
  assert.equal(car.value()?.upper, undefined);
  const bottle = new TrackColours('bottle');
  bottle.add(img, BOX, 0);
  assert.equal(bottle.value(), undefined);
  assert.equal(voteColour([]), undefined);
});

test('under coloured light the whole cast is taken out: a grey cardigan under tungsten stays grey', () => {
  // tungsten at about 3300 K: the walls are orange-yellow, and no background pixel stays near neutral
  const tint: [number, number, number] = [40, 5, -60];
  const img = scene([120, 120, 120], [20, 20, 20], tint);
  const raw = readBand(img, BOX, UPPER_BAND, [0, 0])?.term;
  assert.notEqual(raw, 'grey', 'the light alone names the cardigan otherwise');
  const cast = sceneCast(img, BOX);
  assert.ok(cast[1] > 20, `cast b* ${cast[1]}`);
  assert.equal(readBand(img, BOX, UPPER_BAND, cast)?.term, 'grey');
});

test('a scene painted one colour under white light is no cast: its whites stay white', () => {
  // a sand-coloured floor over most of the picture, a white wall along the top
  const img = scene([128, 128, 128], [20, 20, 20], [0, 0, 0]);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (x >= BOX.x1 && x < BOX.x2 && y >= BOX.y1 && y < BOX.y2) continue;
      const i = (y * img.width + x) * 3;
      const c = y < 30 ? [250, 250, 250] : [200, 170, 120];
      img.data.set(c, i);
    }
  }
  const cast = sceneCast(img, BOX);
  assert.ok(Math.hypot(cast[0], cast[1]) <= 8 + 1e-9, `cast ${cast.join(", ")}`);
});

test('a car is named by its paint: grey glass and trim over most of the body do not make a red car grey', () => {
  const width = 100;
  const height = 100;
  const box = { x1: 0, y1: 0, x2: 100, y2: 100 };
  // rows of the body band: red paint on a share of them, grey glass and shaded flanks on the rest
  const car = (redShare: number): RgbImage => {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      const rel = (y - 35) / 40;
      const c = rel >= 0 && rel < redShare ? [190, 30, 35] : [120, 122, 125];
      for (let x = 0; x < width; x++) data.set(c, (y * width + x) * 3);
    }
    return { width, height, data };
  };
  assert.equal(readBand(car(0.4), box, BODY_BAND, [0, 0])?.term, 'red');
  assert.equal(readBand(car(0.1), box, BODY_BAND, [0, 0])?.term, 'grey');
  // a person's band keeps the vote of most pixels
  assert.equal(readBand(car(0.4), box, { top: BODY_BAND.top, bottom: BODY_BAND.bottom, width: BODY_BAND.width }, [0, 0])?.term, 'grey');
});
