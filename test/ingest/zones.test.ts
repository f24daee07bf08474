import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossing, inPolygon, ZoneTracker } from '../../ingest/perception/zones.js';

test('point in polygon', () => {
  const sq: [number, number][] = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]];
  assert.equal(inPolygon(0.4, 0.4, sq), true);
  assert.equal(inPolygon(0.7, 0.4, sq), false);
});

test('line crossing direction follows the directed line', () => {
  // vertical line going down the image at x=0.5; moving left->right crosses it
  const a: [number, number] = [0.5, 0];
  const b: [number, number] = [0.5, 1];
  const lr = crossing(a, b, [0.4, 0.5], [0.6, 0.5]);
  const rl = crossing(a, b, [0.6, 0.5], [0.4, 0.5]);
  assert.ok(lr && rl && lr !== rl);
  assert.equal(crossing(a, b, [0.1, 0.5], [0.3, 0.5]), null);
  // a segment passing beyond the end of the line does not cross it
  assert.equal(crossing([0.5, 0], [0.5, 0.4], [0.4, 0.8], [0.6, 0.8]), null);
});

test('enter, dwell, exit, crossings and occupancy for tracks walking through a zone', () => {
  const zt = new ZoneTracker([{ id: 'bench', polygon: [[0.4, 0], [0.8, 0], [0.8, 1], [0.4, 1]] }], [{ id: 'B', from: [0.3, 0], to: [0.3, 1] }]);
  const box = (cx: number) => ({ x1: cx * 100 - 5, y1: 40, x2: cx * 100 + 5, y2: 90 });
  assert.deepEqual(zt.update([{ trackId: 1, box: box(0.2) }], 100, 100, 0), []);
  const e1 = zt.update([{ trackId: 1, box: box(0.5) }], 100, 100, 1000);
  assert.deepEqual(e1.map((e) => e.type), ['line_cross', 'zone_enter']);
  const crossDir = e1[0]?.type === 'line_cross' ? e1[0].direction : null;
  assert.deepEqual(zt.occupancy(), { bench: 1 });
  zt.update([{ trackId: 1, box: box(0.6) }], 100, 100, 5000);
  assert.equal(zt.visits.get(1)?.[0]?.dwellSeconds, 4);
  const e2 = zt.update([{ trackId: 1, box: box(0.9) }], 100, 100, 8000);
  assert.deepEqual(e2, [{ type: 'zone_exit', zone: 'bench', trackId: 1, ts: 8000, enteredAt: 1000, dwellSeconds: 7 }]);
  assert.deepEqual(zt.occupancy(), { bench: 0 });
  const back = zt.update([{ trackId: 1, box: box(0.1) }], 100, 100, 9000);
  const dirBack = back.find((e) => e.type === 'line_cross');
  assert.ok(dirBack?.type === 'line_cross' && dirBack.direction !== crossDir);
  // a track that vanishes inside the zone exits at its last sighting
  zt.update([{ trackId: 2, box: box(0.5) }], 100, 100, 10_000);
  assert.deepEqual(zt.end(2, 12_000), [{ type: 'zone_exit', zone: 'bench', trackId: 2, ts: 12_000, enteredAt: 10_000, dwellSeconds: 2 }]);
});

test('zones replaced while running: a zone that is gone is left, a new one is entered on the next update', () => {
  const zt = new ZoneTracker([{ id: 'old', polygon: [[0, 0], [1, 0], [1, 1], [0, 1]] }], []);
  const box = { x1: 45, y1: 40, x2: 55, y2: 90 };
  assert.deepEqual(zt.update([{ trackId: 7, box }], 100, 100, 1000).map((e) => e.type), ['zone_enter']);
  const exits = zt.setGeometry([{ id: 'new', polygon: [[0.2, 0.5], [0.8, 0.5], [0.8, 1], [0.2, 1]] }], [{ id: 'L', from: [0.6, 0], to: [0.6, 1] }], 3000);
  assert.deepEqual(exits, [{ type: 'zone_exit', zone: 'old', trackId: 7, ts: 3000, enteredAt: 1000, dwellSeconds: 2 }]);
  assert.deepEqual(zt.occupancy(), { new: 0 });
  const next = zt.update([{ trackId: 7, box: { x1: 65, y1: 40, x2: 75, y2: 90 } }], 100, 100, 4000);
  assert.deepEqual(next.map((e) => e.type).sort(), ['line_cross', 'zone_enter'], 'the new line and the new zone apply from the next position on');
  assert.deepEqual(zt.occupancy(), { new: 1 });
  assert.deepEqual(zt.geometry.lines.map((l) => l.id), ['L']);
});
