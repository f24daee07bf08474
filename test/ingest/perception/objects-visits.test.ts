/**
 * Visits apart from identities: when re-identification finds an object again after a gap, the
 * object gets a new visit instead of one long stay; a short gap (a brief occlusion) continues it.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { Track } from '../../../ingest/perception/bytetrack.js';
import { EXIT_TAIL_MS, ObjectBook, VISIT_GAP_MS } from '../../../ingest/perception/objects.js';

const img = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) };
const T0 = Date.parse('2026-01-05T09:00:00Z');

function track(id: number, first: number, last: number, box = { x1: 10, y1: 10, x2: 30, y2: 50 }): Track {
  return { id, label: 'person', box, score: 0.8, firstSeen: first, lastSeen: last, hits: 3, state: 'confirmed', trajectory: [{ ts: first, box, score: 0.8 }] } as unknown as Track;
}

test('a re-identified object seen again after a gap has two visits; a brief gap continues the visit', () => {
  const book = new ObjectBook('table', undefined, true);
  const emb = new Float32Array([1, 0, 0, 0]);
  const a = book.start(track(1, T0, T0 + 20_000), img, emb);
  book.end(track(1, T0, T0 + 20_000));
  // the same person two minutes later: re-ID joins the object, a new visit opens
  const b = book.start(track(2, T0 + 140_000, T0 + 141_000), img, emb);
  assert.equal(b?.object.objectId, a?.object.objectId, 're-ID joined the object');
  book.update(track(2, T0 + 140_000, T0 + 160_000), img, emb);
  const o = book.end(track(2, T0 + 140_000, T0 + 160_000));
  assert.deepEqual(
    o?.visits?.map((v) => ({ start: v.start, end: v.end })),
    [
      { start: T0, end: T0 + 20_000 },
      { start: T0 + 140_000, end: T0 + 160_000 },
    ],
  );
  // each visit carries the colours its track was named with, and the object its best-sampled visit's
  assert.ok(o?.visits?.every((v) => v.colours?.upper !== undefined), 'visits carry colours');
  assert.ok(o?.colours?.upper, 'the object carries colours');
  // back within the gap: the last visit goes on
  book.start(track(3, T0 + 160_000 + VISIT_GAP_MS / 2, T0 + 170_000), img, emb);
  const o2 = book.end(track(3, T0 + 160_000 + VISIT_GAP_MS / 2, T0 + 170_000));
  assert.equal(o2?.visits?.length, 2);
  assert.equal(o2?.visits?.[1]?.end, T0 + 170_000);
});

test('a track that walked out at a side ends its visit: back within the gap is a new visit', () => {
  const book = new ObjectBook('table', undefined, true);
  const emb = new Float32Array([1, 0, 0, 0]);
  // the last box touches the right side of the 64 px picture: he walked out
  const out = { x1: 50, y1: 10, x2: 64, y2: 50 };
  const a = book.start(track(1, T0, T0 + 10_000, out), img, emb);
  book.end(track(1, T0, T0 + 10_000, out));
  const b = book.start(track(2, T0 + 10_000 + VISIT_GAP_MS / 2, T0 + 20_000), img, emb);
  assert.equal(b?.object.objectId, a?.object.objectId, 're-ID joined the object');
  const o = book.end(track(2, T0 + 10_000 + VISIT_GAP_MS / 2, T0 + 20_000));
  assert.deepEqual(
    o?.visits?.map((v) => ({ start: v.start, end: v.end })),
    [
      // (walking out at a side, he was partly in view for a moment after the last box: EXIT_TAIL_MS)
      { start: T0, end: T0 + 10_000 + EXIT_TAIL_MS },
      { start: T0 + 10_000 + VISIT_GAP_MS / 2, end: T0 + 20_000 },
    ],
  );
  // lost in the middle of the picture (an occlusion) and back as soon: the visit goes on
  book.start(track(3, T0 + 20_000 + VISIT_GAP_MS / 2, T0 + 30_000), img, emb);
  const o2 = book.end(track(3, T0 + 20_000 + VISIT_GAP_MS / 2, T0 + 30_000));
  assert.equal(o2?.visits?.length, 2);
  assert.equal(o2?.visits?.[1]?.end, T0 + 30_000);
});

test('a track lost mid-picture whose object comes back in at a side, elsewhere, starts a new visit', () => {
  const book = new ObjectBook('table', undefined, true);
  const emb = new Float32Array([1, 0, 0, 0]);
  // lost in the middle of the picture (walked into a dark mask, not out at a side)
  const middle = { x1: 30, y1: 10, x2: 44, y2: 50 };
  const a = book.start(track(1, T0, T0 + 10_000, middle), img, emb);
  book.end(track(1, T0, T0 + 10_000, middle));
  // within the gap, someone re-ID takes for him comes in at the bottom, at another place
  const bottom = { x1: 4, y1: 40, x2: 20, y2: 64 };
  const b = book.start(track(2, T0 + 10_000 + VISIT_GAP_MS / 2, T0 + 20_000, bottom), img, emb);
  assert.equal(b?.object.objectId, a?.object.objectId, 're-ID joined the object');
  const o = book.end(track(2, T0 + 10_000 + VISIT_GAP_MS / 2, T0 + 20_000, bottom));
  assert.equal(o?.visits?.length, 2, 'coming in from outside the view is a new visit');
  // standing cut off by the bottom of the picture, lost a moment and found again where he stood: the visit goes on
  const edge = { x1: 20, y1: 20, x2: 36, y2: 64 };
  book.start(track(3, T0 + 30_000, T0 + 40_000, edge), img, emb);
  book.end(track(3, T0 + 30_000, T0 + 40_000, edge));
  book.start(track(4, T0 + 40_000 + VISIT_GAP_MS / 2, T0 + 50_000, { ...edge, x2: 34 }), img, emb);
  const o2 = book.end(track(4, T0 + 40_000 + VISIT_GAP_MS / 2, T0 + 50_000, { ...edge, x2: 34 }));
  assert.equal(o2?.visits?.length, 3);
  assert.equal(o2?.visits?.[2]?.end, T0 + 50_000);
});

test('the book drops objects re-identification retired, and keeps those it can still return', () => {
  const HOUR = 3600_000;
  const book = new ObjectBook('table', { low: 0.5, high: 0.9, retireAfterMs: HOUR }, true);
  const emb = new Float32Array([1, 0, 0, 0]);
  const other = new Float32Array([0, 1, 0, 0]);
  book.start(track(1, T0, T0 + 10_000), img, emb);
  book.end(track(1, T0, T0 + 10_000));
  book.start(track(2, T0 + 2 * HOUR, T0 + 2 * HOUR + 10_000), img, other);
  book.end(track(2, T0 + 2 * HOUR, T0 + 2 * HOUR + 10_000));
  assert.equal(book.size, 2);
  // the first object's group retired when the second arrived (over an hour later): it leaves the book
  book.prune(T0 + 2 * HOUR + 20_000, HOUR);
  assert.equal(book.size, 1);
  // the second is still known to re-ID: kept, however old, until its group retires
  book.prune(T0 + 2 * HOUR + 20_000, 1000);
  assert.equal(book.size, 1);
});
