/**
 * Re-identification with the light and the named colours: a change of the camera's light is
 * taken out of the colour features (a person who comes back under warmer, dimmer light keeps
 * their histograms), and a plain clash of named colours (an orange top against a blue one, black
 * trousers against white ones) keeps a track from joining an object however alike their views.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ObjectColour, ObjectColours } from '../../../ingest/observations.js';
import { colourEmbedding, cosine } from '../../../ingest/perception/appearance.js';
import { coloursClash, partsClash } from '../../../ingest/perception/colour-match.js';
import { LightReference, UNIT_GAINS } from '../../../ingest/perception/light.js';
import { ReidGrouper, type ReidTrack } from '../../../ingest/perception/reid.js';
import type { RgbImage } from '../../../ingest/perception/types.js';

const W = 64;
const H = 48;
const BOX = { x1: 24, y1: 8, x2: 40, y2: 44 };

/** A scene (grey wall over an orange-brown floor) with a figure in a teal top and dark trousers, under light that scales R, G, B. */
function scene(light: readonly [number, number, number]): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let px: [number, number, number] = y < 30 ? [200, 200, 205] : [170, 110, 70];
      if (x >= BOX.x1 && x < BOX.x2 && y >= BOX.y1 && y < BOX.y2) px = y < 26 ? [40, 150, 150] : [50, 50, 60];
      const i = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) data[i + k] = Math.min(255, Math.round(px[k]! * light[k]!));
    }
  }
  return { width: W, height: H, data };
}

const WARM_DIM = [0.85, 0.62, 0.42] as const;

test('a change of light is taken out of the colour features: the same figure under warm, dim light keeps its histograms', () => {
  const ref = new LightReference();
  const day = scene([1, 1, 1]);
  const night = scene(WARM_DIM);
  assert.deepEqual(ref.gains(day), UNIT_GAINS, 'the reference frame is left as it is');
  assert.deepEqual(ref.gains(scene([1.02, 1, 0.99])), UNIT_GAINS, 'the same light, give or take, is left as it is');
  const g = ref.gains(night);
  assert.ok(g[2] > g[0], `blue is raised more than red under warm light (${g.join(', ')})`);
  const raw = cosine(colourEmbedding(day, BOX), colourEmbedding(night, BOX));
  const fixed = cosine(colourEmbedding(day, BOX), colourEmbedding(night, BOX, g));
  assert.ok(fixed > 0.97, `with the light taken out: ${fixed.toFixed(3)}`);
  assert.ok(raw < 0.9, `without: ${raw.toFixed(3)}`);
});

const colour = (term: ObjectColour['term'], lab: [number, number, number], share = 1): ObjectColour => ({ term, lab, share });
const ORANGE = colour('orange', [62, 35, 60]);
const BLUE = colour('blue', [40, 10, -45]);
const NAVY = colour('blue', [25, 6, -22]);
const BLACK = colour('black', [12, 0, 1]);
const WHITE = colour('white', [88, 0, 2]);
const GREY = colour('grey', [55, 1, 3]);

test('named colours clash only plainly: hues a quarter-turn apart, or black against white; near names and unsure reads do not', () => {
  assert.ok(partsClash(ORANGE, BLUE));
  assert.ok(partsClash(BLACK, WHITE));
  assert.ok(!partsClash(BLUE, NAVY), 'a blue and a navy read of one coat');
  assert.ok(!partsClash(GREY, BLUE), 'grey against blue: grey has no hue to compare');
  assert.ok(!partsClash(BLACK, GREY), 'black and mid grey are near in the dark');
  assert.ok(!partsClash(ORANGE, colour('blue', [40, 10, -45], 0.5)), 'a part read two ways half the time');
  const seen = (upper: ObjectColour, samples: number): ObjectColours => ({ upper, lower: BLACK, samples });
  assert.ok(coloursClash(seen(ORANGE, 1), seen(BLUE, 5)), "a new track's first read against an object's settled colours");
  assert.ok(!coloursClash(seen(ORANGE, 1), seen(BLUE, 2)), 'neither side settled');
  assert.ok(!coloursClash(seen(ORANGE, 4), { samples: 4 }), 'nothing named on one side');
});

function track(trackId: number, start: number, end: number, v: Float32Array, colours?: ObjectColours): ReidTrack {
  return { trackId, label: 'person', start, end, embedding: v, samples: [v], ...(colours ? { colours } : {}) };
}

test('a track whose colours clash with an object is not that object, however alike their views', () => {
  const v = Float32Array.from([1, 0, 0]);
  const opts = { low: 0.5, high: 0.9, retireAfterMs: 3600_000 };
  const g = new ReidGrouper('cam', opts, 'r1');
  const first = g.assign(track(1, 0, 10_000, v, { upper: ORANGE, lower: BLACK, samples: 6 }));
  assert.equal(g.assign(track(2, 20_000, 30_000, v, { upper: ORANGE, lower: BLACK, samples: 1 })), first, 'same colours: the same person');
  assert.notEqual(g.assign(track(3, 40_000, 50_000, v, { upper: BLUE, lower: BLACK, samples: 1 })), first, 'a blue top is not the orange one');
  assert.equal(g.assign(track(4, 60_000, 70_000, v)), first, 'no colours named yet: the views decide');
});
