/** A box the size of the picture is the scene, not an object (`ingest/perception/scene-box.ts`). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sceneSized } from '../../../ingest/perception/scene-box.js';

const FRAME = { width: 480, height: 270 };

test('a box spanning the picture both ways is the scene; a car, a close person or a wide bus is not', () => {
  assert.equal(sceneSized({ x1: 2.6, y1: 2.9, x2: 474.5, y2: 268.8 }, FRAME), true);
  assert.equal(sceneSized({ x1: 0, y1: 0, x2: 480, y2: 270 }, FRAME), true);
  // a car from above
  assert.equal(sceneSized({ x1: 300, y1: 20, x2: 360, y2: 110 }, FRAME), false);
  // a person close to the camera: the whole height, not the width
  assert.equal(sceneSized({ x1: 150, y1: 0, x2: 330, y2: 270 }, FRAME), false);
  // a bus passing close: the whole width, not the height
  assert.equal(sceneSized({ x1: 0, y1: 60, x2: 480, y2: 230 }, FRAME), false);
});
