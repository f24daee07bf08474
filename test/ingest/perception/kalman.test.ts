import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  KalmanBoxFilter,
  boxToMeasurement,
  identity,
  invert,
  matMul,
  measurementToBox,
} from '../../../ingest/perception/kalman.js';
import type { Box } from '../../../ingest/perception/types.js';

const box = (cx: number, cy: number, w: number, h: number): Box => ({
  x1: cx - w / 2,
  y1: cy - h / 2,
  x2: cx + w / 2,
  y2: cy + h / 2,
});

test('matrix helpers: inverse times matrix is identity', () => {
  const a = Float64Array.from([4, 1, 0, 2, 1, 3, 1, 0, 0, 1, 5, 1, 2, 0, 1, 6]);
  const p = matMul(a, invert(a, 4), 4, 4, 4);
  const id = identity(4);
  for (let i = 0; i < 16; i++) assert.ok(Math.abs(p[i]! - id[i]!) < 1e-12);
  // Needs pivoting: zero on the diagonal.
  const b = Float64Array.from([0, 1, 1, 0]);
  assert.deepEqual([...invert(b, 2)], [0, 1, 1, 0]);
  assert.throws(() => invert(Float64Array.from([1, 2, 2, 4]), 2), RangeError);
});

test('box <-> measurement round trip', () => {
  const b = box(100, 50, 60, 150);
  assert.deepEqual(boxToMeasurement(b), [100, 50, 0.4, 150]);
  const back = measurementToBox(...boxToMeasurement(b));
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) assert.ok(Math.abs(back[k] - b[k]) < 1e-9);
});

test('converges on a constant-velocity box with irregular time steps', () => {
  const vx = 80; // px/s
  const vy = -20;
  const at = (t: number): Box => box(100 + vx * t, 200 + vy * t, 60, 150);
  const kf = new KalmanBoxFilter(at(0));
  const gaps = [0.5, 0.25, 1, 0.5, 0.75, 0.5, 0.25, 0.5, 1, 0.5, 0.5, 0.5];
  let t = 0;
  for (const dt of gaps) {
    t += dt;
    kf.predict(dt);
    kf.update(at(t));
  }
  assert.ok(Math.abs(kf.mean[4]! - vx) < 1, `vcx ${kf.mean[4]}`);
  assert.ok(Math.abs(kf.mean[5]! - vy) < 1, `vcy ${kf.mean[5]}`);
  // One second ahead the prediction lands on the truth.
  kf.predict(1);
  const p = kf.box();
  const truth = at(t + 1);
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) assert.ok(Math.abs(p[k] - truth[k]) < 2, `${k} ${p[k]} vs ${truth[k]}`);
});

test('predict scales with dt: distance and uncertainty grow with the gap', () => {
  const make = (): KalmanBoxFilter => {
    const kf = new KalmanBoxFilter(box(100, 100, 60, 150));
    kf.predict(0.5);
    kf.update(box(140, 100, 60, 150));
    kf.predict(0.5);
    kf.update(box(180, 100, 60, 150));
    return kf;
  };
  const a = make();
  const b = make();
  const x0 = a.mean[0]!;
  a.predict(0.5);
  b.predict(1);
  const da = a.mean[0]! - x0;
  const db = b.mean[0]! - x0;
  assert.ok(da > 30 && da < 50, `half-second step ${da}`);
  assert.ok(Math.abs(db - 2 * da) < 1e-9, `one-second step ${db} vs ${2 * da}`);
  assert.ok(b.covariance[0]! > a.covariance[0]!, 'position variance grows with dt');
  assert.ok(b.covariance[4 * 8 + 4]! > a.covariance[4 * 8 + 4]!, 'velocity variance grows with dt');
  // dt <= 0 is a no-op.
  const before = Float64Array.from(a.mean);
  a.predict(0);
  a.predict(-1);
  assert.deepEqual([...a.mean], [...before]);
});

test('update pulls the state toward the measurement and shrinks uncertainty', () => {
  const kf = new KalmanBoxFilter(box(100, 100, 60, 150));
  kf.predict(0.5);
  const varBefore = kf.covariance[0]!;
  kf.update(box(120, 100, 60, 150));
  assert.ok(kf.mean[0]! > 110 && kf.mean[0]! <= 120, `cx ${kf.mean[0]}`);
  assert.ok(kf.mean[4]! > 0, 'velocity picks up the motion');
  assert.ok(kf.covariance[0]! < varBefore);
});
