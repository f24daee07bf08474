/**
 * A new person's identity may wait a detection or two for more views (re-ID on a first,
 * half-seen view is unreliable): the pipeline reports them once decided, never counts them
 * without an object, and a returning person who matches at once is reported at once. Objects of
 * earlier runs seed the book: a returning person keeps their id, a still object its place, and no
 * visit spans the restart.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ObjectFact } from '../../../ingest/observations.js';
import { appearanceEmbedding } from '../../../ingest/perception/appearance.js';
import type { Track } from '../../../ingest/perception/bytetrack.js';
import { ObjectBook } from '../../../ingest/perception/objects.js';
import type { Box } from '../../../ingest/perception/types.js';
import { BOX, frameAt, frameOf, H, objects, runDoor as run, T0, W, type Who } from './identity-scene.js';

test('a new person waits for more views before an id; a returning one is reported at once', async () => {
  // stripes 0-5 s, checks 15-20 s, stripes again 35-40 s
  const who = (s: number): Who => (s <= 5 ? 'stripes' : s >= 15 && s <= 20 ? 'checks' : s >= 35 && s <= 40 ? 'stripes' : null);
  const obs = await run(who, 45_000);
  const news = objects(obs).filter((o) => o.event === 'new');
  assert.equal(news.length, 2, 'two people');
  // nobody was known at first: stripes is reported on the confirming detection
  assert.equal(news[0]?.ts, T0 + 500);
  // checks: confirmed at 15.5 s, unlike stripes: reported after two more detections, not counted before
  assert.equal(news[1]?.ts, T0 + 16_500);
  assert.equal(frameAt(obs, 16)?.counts.person ?? 0, 0, 'not counted while its identity waits');
  assert.equal(frameAt(obs, 16.5)?.counts.person, 1);
  assert.equal(news[1]?.object.firstSeen, T0 + 15_000, 'its first sighting is kept');
  // stripes again: matches at once, an update with a second visit
  const back = objects(obs).find((o) => o.event === 'update' && o.ts === T0 + 35_500);
  assert.equal(back?.object.objectId, news[0]?.object.objectId);
  assert.equal(back?.object.visits?.length, 2);
  // no zone or appear event without an object
  assert.ok(obs.every((o) => o.kind !== 'event' || o.type === 'count_change' || o.objectId), 'every object event names its object');
});

test('a track that ends while its identity waits was never counted: a glimpse, not a visit', async () => {
  // checks seen for 1 s only after stripes: it waits, then its track is lost and ends
  const who = (s: number): Who => (s <= 3 ? 'stripes' : s >= 10 && s <= 10.5 ? 'checks' : null);
  const obs = await run(who, 20_000);
  const ids = objects(obs).filter((o) => o.event === 'new').map((o) => o.object.objectId);
  assert.equal(ids.length, 1, 'only stripes is an object');
  const ends = objects(obs).filter((o) => o.event === 'end').map((o) => o.object.objectId);
  assert.deepEqual(ends, ids, 'and only it ends');
  // the frames never counted the glimpse either: counts and objects agree
  for (const s of [10, 10.5, 11]) assert.equal(frameAt(obs, s)?.counts.person ?? 0, 0, `nobody counted at ${s} s`);
  // a person seen long enough is still reported after the wait
  const longer = await run((s: number): Who => (s <= 3 ? 'stripes' : s >= 10 && s <= 13 ? 'checks' : null), 20_000);
  assert.equal(objects(longer).filter((o) => o.event === 'new').length, 2);
});

function fact(objectId: string, label: string, box: Box, lastSeen: number, extra: Partial<ObjectFact> = {}): ObjectFact {
  return { objectId, camera: 'door', label, trackIds: [4], firstSeen: lastSeen - 20_000, lastSeen, box, frameSize: { width: W * 2, height: H * 2 }, trajectory: [], zones: [], crossings: [], visits: [{ start: lastSeen - 20_000, end: lastSeen }], score: 0.8, ...extra };
}

function track(id: number, label: string, box: Box, first: number, last: number): Track {
  return { id, label, box, score: 0.8, firstSeen: first, lastSeen: last, lastSure: last, hits: 2, state: 'confirmed', trajectory: [{ ts: first, box }, { ts: last, box }] };
}

test('seeded objects of an earlier run: a person and a bottle keep their ids, with a new visit', () => {
  const img = frameOf('stripes', T0);
  const stripes = Array.from(appearanceEmbedding(img, BOX));
  const bottleBox = { x1: 20, y1: 150, x2: 40, y2: 200 };
  const book = new ObjectBook('door', undefined, false, undefined, 'r2', [
    { object: fact('door:person:3-r1', 'person', BOX, T0 - 5000, { embedding: stripes }) },
    // stored at twice this camera's frame size: the place is scaled to the frames it sees now
    { object: fact('door:bottle:1-r1', 'bottle', { x1: 40, y1: 300, x2: 80, y2: 400 }, T0 - 5000) },
    { object: fact('other:bottle:1-r1', 'bottle', bottleBox, T0 - 5000, { camera: 'other' }) },
  ]);
  book.frame(img, T0 - 500);
  book.frame(img, T0);
  // back 5 s after their last sighting (within the visit gap): the restart still opens a new visit
  const p = book.start(track(1, 'person', BOX, T0 - 500, T0), img);
  assert.equal(p?.object.objectId, 'door:person:3-r1');
  assert.equal(p?.isNew, false);
  assert.deepEqual(p?.object.visits?.map((v) => v.start), [T0 - 25_000, T0 - 500]);
  const b = book.start(track(2, 'bottle', bottleBox, T0 - 500, T0), img);
  assert.equal(b?.object.objectId, 'door:bottle:1-r1', 'the bottle on its place takes back its id');
  assert.equal(b?.isNew, false);
  assert.deepEqual(b?.object.trackIds, [4, 2]);
  // a person who looks nothing like the seed waits, then is new
  const checks = frameOf('checks', T0 + 60_000);
  book.frame(checks, T0 + 60_000);
  assert.equal(book.start(track(3, 'person', BOX, T0 + 59_500, T0 + 60_000), checks), null);
  assert.ok(book.isPending(3) && book.waiting);
  const late = book.settle(track(3, 'person', BOX, T0 + 59_500, T0 + 60_000), null, true);
  assert.match(late?.object.objectId ?? '', /^door:person:1-r2$/);
  assert.equal(late?.isNew, true);
});

test("a seed's kept views take a returning person back where its mean embedding would not, and an ended object gives its views", () => {
  const stripes = appearanceEmbedding(frameOf('stripes', T0), BOX);
  const checks = Array.from(appearanceEmbedding(frameOf('checks', T0), BOX));
  // the stored mean looks like checks; one of the kept views is stripes
  const seeded = (views?: Float32Array[]): ObjectBook =>
    new ObjectBook('door', undefined, false, undefined, 'r2', [{ object: fact('door:person:3-r1', 'person', BOX, T0 - 60_000, { embedding: checks }), ...(views ? { views } : {}) }]);
  const img = frameOf('stripes', T0);
  const withViews = seeded([Float32Array.from(checks), stripes]);
  withViews.frame(img, T0 - 500);
  withViews.frame(img, T0);
  assert.equal(withViews.start(track(1, 'person', BOX, T0 - 500, T0), img)?.object.objectId, 'door:person:3-r1', 'the kept view matches');
  const meanOnly = seeded();
  meanOnly.frame(img, T0 - 500);
  meanOnly.frame(img, T0);
  assert.equal(meanOnly.start(track(1, 'person', BOX, T0 - 500, T0), img), null, 'the mean alone does not match: the track waits');
  // the views an ended object hands the memory: its seed's and this run's, none a near copy
  const views = withViews.views('door:person:3-r1');
  assert.ok(views.length >= 2, `${views.length} views`);
  assert.deepEqual(withViews.views('door:person:99-r2'), [], 'an unknown object has none');
});
