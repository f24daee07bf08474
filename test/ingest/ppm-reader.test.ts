import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PpmReader } from '../../ingest/ffmpeg/ppm-reader.js';

function ppm(w: number, h: number, fill: number): Buffer {
  return Buffer.concat([Buffer.from(`P6\n${w} ${h}\n255\n`, 'latin1'), Buffer.alloc(w * h * 3, fill)]);
}

test('parses consecutive PPM images split at arbitrary byte boundaries', () => {
  const stream = Buffer.concat([ppm(4, 2, 7), ppm(4, 2, 9), ppm(2, 2, 1)]);
  for (const step of [1, 3, 7, 24, 1000]) {
    const r = new PpmReader();
    const got = [];
    for (let i = 0; i < stream.length; i += step) got.push(...r.push(stream.subarray(i, i + step)));
    assert.equal(got.length, 3, `chunk size ${step}`);
    assert.deepEqual(got.map((g) => [g.width, g.height, g.data[0], g.data.length]), [
      [4, 2, 7, 24],
      [4, 2, 9, 24],
      [2, 2, 1, 12],
    ]);
  }
});

test('rejects a stream that is not PPM', () => {
  const r = new PpmReader();
  assert.throws(() => r.push(Buffer.from('<html>not a frame</html>')), /not PPM/);
});
