/**
 * Alert pictures: the frame that fired an alert is kept as a JPEG, read back by id, pruned past
 * the limit, and an id cannot name a path outside the folder.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import sharp from 'sharp';
import { RecentFrames } from '../../edge/components/recent-frames.js';
import { AlertSnapshots } from '../../edge/rules/snapshots.js';
import type { Frame, Logger } from '../../ingest/types.js';
import { tempDir } from '../helpers/daemon.js';

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

/** A 64x36 frame of one colour. */
function frame(ts: number, rgb: [number, number, number]): Frame {
  const data = Buffer.alloc(64 * 36 * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { camera: 'cam', seq: ts, ts, width: 64, height: 36, data };
}

test('recent frames: the very frame of a time, per camera, within the last few', () => {
  const r = new RecentFrames(3);
  for (let i = 0; i < 5; i++) r.put(frame(1000 + i * 500, [i, 0, 0]));
  assert.equal(r.at('cam', 1000), undefined, 'older than the last three');
  assert.equal(r.at('cam', 2500)?.data[0], 3);
  assert.equal(r.at('cam', 2600), undefined, 'only the exact frame');
  assert.equal(r.at('other', 2500), undefined);
});

test('alert pictures: stored as JPEG of the given frame, read by id, pruned, no path escapes', async () => {
  const dir = join(tempDir('alert-pics'), 'alerts');
  const s = new AlertSnapshots(dir, quiet, 2);
  assert.equal(await s.save('dwell-cam-1000-1', frame(1000, [250, 10, 10])), true);
  const jpg = s.read('dwell-cam-1000-1');
  assert.ok(jpg);
  const { data, info } = await sharp(jpg).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual([info.width, info.height], [64, 36]);
  assert.ok((data[0] ?? 0) > 200 && (data[1] ?? 255) < 60, 'the picture is the frame that was given (red)');
  await s.save('dwell-cam-1500-2', frame(1500, [0, 0, 250]));
  await s.save('dwell-cam-2000-3', frame(2000, [0, 250, 0]));
  assert.equal(s.read('dwell-cam-1000-1'), null, 'the oldest is pruned past the limit');
  assert.ok(s.read('dwell-cam-2000-3'));
  assert.equal(readdirSync(dir).length, 2);
  assert.equal(s.read('../../etc/passwd'), null);
  assert.equal(await s.save('../escape', frame(1, [0, 0, 0])), false);
  assert.equal(existsSync(join(dir, '..', 'escape.jpg')), false);
  // a new store over the same folder knows what is there
  assert.ok(new AlertSnapshots(dir, quiet, 2).read('dwell-cam-1500-2'));
});
