/**
 * A track that joins two people is split when appearance says so: the tracker keeps a lost track
 * for a few seconds and gives it to whoever steps into its place; two views in a row unlike every
 * view of the track, going on for 1.5 s, end its object at its last own sighting and go on as the
 * other person. A single odd view does not split, nor do unlike views the track ends in sooner (a
 * turn to leave).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { frameAt, objects, runDoor, T0, type Who } from './identity-scene.js';

test('a person who steps into the place of another who just left is another object', async () => {
  // stripes 0-4.5 s, nobody at 5-6 s (the track is lost, not ended), checks from 6.5 s
  const who = (s: number): Who => (s <= 4.5 ? 'stripes' : s >= 6.5 && s <= 12 ? 'checks' : null);
  const obs = await runDoor(who, 20_000);
  const news = objects(obs).filter((o) => o.event === 'new');
  assert.equal(news.length, 2, 'two people');
  const [a, b] = news;
  const endA = objects(obs).find((o) => o.event === 'end' && o.object.objectId === a?.object.objectId);
  assert.equal(endA?.ts, T0 + 4500, 'the first ends at its last own sighting');
  assert.equal(endA?.object.lastSeen, T0 + 4500);
  assert.deepEqual(endA?.object.visits?.map(({ start, end }) => ({ start, end })), [{ start: T0, end: T0 + 4500 }]);
  assert.ok(endA?.object.trajectory.every((p) => p[0] <= T0 + 4500), 'none of the other person points');
  // the second is reported once its unlike views went on for 1.5 s (the switch), seen from its first
  assert.equal(b?.ts, T0 + 8000);
  assert.equal(b?.object.firstSeen, T0 + 6500);
  assert.deepEqual(b?.object.trackIds, a?.object.trackIds, 'one tracker track, two objects');
  assert.equal(frameAt(obs, 8)?.objects[0]?.objectId, b?.object.objectId);
  assert.equal(objects(obs).filter((o) => o.event === 'end').length, 2);
});

test('one odd view after a gap does not split the track', async () => {
  // stripes, a gap, one frame of checks (a hand in front, a turn), stripes again
  const who = (s: number): Who => (s <= 4.5 ? 'stripes' : s === 6.5 ? 'checks' : s >= 7 && s <= 12 ? 'stripes' : null);
  const obs = await runDoor(who, 20_000);
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 1);
  const end = objects(obs).filter((o) => o.event === 'end');
  assert.equal(end.length, 1);
  assert.equal(end[0]?.object.lastSeen, T0 + 12_000);
  assert.equal(end[0]?.object.visits?.length, 1);
});

test('unlike views for less than 1.5 s before the track ends are a turn, not another person', async () => {
  // stripes standing, unseen 5-6 s (the motion gate skipped the detector), turned: unlike for 1 s, gone
  const who = (s: number): Who => (s <= 4.5 ? 'stripes' : s >= 6.5 && s <= 7.5 ? 'checks' : null);
  const obs = await runDoor(who, 18_000);
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 1, 'one person, one object');
  const end = objects(obs).filter((o) => o.event === 'end');
  assert.equal(end.length, 1);
  assert.equal(end[0]?.object.visits?.length, 1);
  assert.ok((end[0]?.object.lastSeen ?? 0) >= T0 + 7500, 'the visit reaches the last view');
});

test('a track seen only twice has no appearance to split on', async () => {
  // two sightings as someone steps in (a stuttering camera then freezes), then unlike views after the gap
  const who = (s: number): Who => (s <= 0.5 ? 'stripes' : s >= 2.5 && s <= 10 ? 'checks' : null);
  const obs = await runDoor(who, 18_000);
  assert.equal(objects(obs).filter((o) => o.event === 'new').length, 1, 'one person, one object');
  const end = objects(obs).filter((o) => o.event === 'end');
  assert.equal(end.length, 1);
  assert.equal(end[0]?.object.firstSeen, T0);
  assert.equal(end[0]?.object.lastSeen, T0 + 10_000);
});
