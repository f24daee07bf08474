/**
 * A person hidden for a moment behind another one and found again where she stood is the same
 * object even when her half-hidden views look only somewhat alike (above the low bar, under the
 * high one). Elsewhere in the picture, after the visit gap, or after walking out at a side, such a
 * look makes a new object.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Track } from '../../../ingest/perception/bytetrack.js';
import { ObjectBook, VISIT_GAP_MS } from '../../../ingest/perception/objects.js';
import { DEFAULT_REID } from '../../../ingest/perception/reid.js';
import { overlapOfSmaller } from '../../../ingest/perception/postprocess.js';
import type { Box } from '../../../ingest/perception/types.js';

const img = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) };
const T0 = Date.parse('2027-03-27T10:58:25Z');
const STOOD: Box = { x1: 20, y1: 10, x2: 34, y2: 24 };
const WHOLE: Box = { x1: 18, y1: 8, x2: 36, y2: 56 };
const ELSEWHERE: Box = { x1: 2, y1: 30, x2: 12, y2: 56 };
const RIGHT_EDGE: Box = { x1: 50, y1: 10, x2: 64, y2: 50 };
const seen = new Float32Array([1, 0, 0, 0]);
/** A view whose cosine with `seen` lies between the low and the high bar. */
const cos = (DEFAULT_REID.low + DEFAULT_REID.high) / 2;
const halfHidden = new Float32Array([cos, Math.sqrt(1 - cos * cos), 0, 0]);

function track(id: number, first: number, last: number, box: Box): Track {
  return { id, label: 'person', box, score: 0.8, firstSeen: first, lastSeen: last, hits: 3, state: 'confirmed', trajectory: [{ ts: first, box, score: 0.8 }] } as unknown as Track;
}

/** The object a second track gets after a first one that ended at `lastBox`, `gap` ms before. */
function second(lastBox: Box, gap: number, box: Box): { first: string | undefined; second: string | undefined } {
  const book = new ObjectBook('homeware-aisle', undefined, true);
  const a = book.start(track(1, T0, T0 + 20_000, lastBox), img, seen);
  book.end(track(1, T0, T0 + 20_000, lastBox));
  const t = track(2, T0 + 20_000 + gap, T0 + 21_000 + gap, box);
  const b = book.start(t, img, halfHidden) ?? book.settle(t, null, true);
  return { first: a?.object.objectId, second: b?.object.objectId };
}

test('the smaller box inside the larger overlaps fully, whatever their IoU', () => {
  assert.equal(overlapOfSmaller(STOOD, WHOLE), 1);
  assert.equal(overlapOfSmaller(STOOD, ELSEWHERE), 0);
});

test('found again where she was lost within the visit gap: the same object', () => {
  const r = second(STOOD, 3000, WHOLE);
  assert.ok(r.first);
  assert.equal(r.second, r.first);
});

test('the same look elsewhere, after the gap, or after walking out at a side: a new object', () => {
  for (const [lastBox, gap, box] of [
    [STOOD, 3000, ELSEWHERE],
    [STOOD, VISIT_GAP_MS + 2000, WHOLE],
    [RIGHT_EDGE, 3000, RIGHT_EDGE],
  ] as const) {
    const r = second(lastBox, gap, box);
    assert.ok(r.first && r.second);
    assert.notEqual(r.second, r.first, `${JSON.stringify(box)} after ${gap} ms`);
  }
});
