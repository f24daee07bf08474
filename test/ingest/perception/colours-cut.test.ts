/**
 * Which colour bands a box cut by the picture's edge still has on the parts they are named for: a
 * person cut at the top keeps the legs (lower band), one cut at the bottom keeps the torso (upper
 * band) while most of the body is in view; a box cut at both, or another class cut at all, gives none.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { bandsInView } from '../../../ingest/perception/colours.js';

const H = 360;
const sorted = (s: Set<string>): string[] => [...s].sort();

test('a box inside the picture reads every band of its class', () => {
  assert.deepEqual(sorted(bandsInView('person', { x1: 100, y1: 40, x2: 180, y2: 300 }, H)), ['lower', 'upper']);
  assert.deepEqual(sorted(bandsInView('car', { x1: 100, y1: 40, x2: 280, y2: 200 }, H)), ['body']);
});

test('a person cut at the top keeps the lower band; cut at the bottom, the upper band while tall enough', () => {
  assert.deepEqual(sorted(bandsInView('person', { x1: 160, y1: 0, x2: 320, y2: 338 }, H)), ['lower']);
  assert.deepEqual(sorted(bandsInView('person', { x1: 290, y1: 142, x2: 400, y2: 360 }, H)), ['upper']);
  // head and shoulders close to the camera: the upper band would fall on the head
  assert.deepEqual(sorted(bandsInView('person', { x1: 200, y1: 200, x2: 400, y2: 360 }, H)), []);
});

test('cut at both edges, or another class cut at all: no band', () => {
  assert.deepEqual(sorted(bandsInView('person', { x1: 100, y1: 0, x2: 200, y2: 360 }, H)), []);
  assert.deepEqual(sorted(bandsInView('car', { x1: 100, y1: 0, x2: 300, y2: 200 }, H)), []);
});
