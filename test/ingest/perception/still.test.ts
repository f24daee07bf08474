import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StillPlaces } from '../../../ingest/perception/still.js';

const box = (x: number, y = 100, w = 40, h = 100) => ({ x1: x, y1: y, x2: x + w, y2: y + h });

test('a still object put back where it rested takes back its id; elsewhere, or another class, it does not', () => {
  const s = new StillPlaces();
  s.follow(1, 'cam:bottle:1', 'bottle', box(100), 0);
  s.see(1, box(101), 500);
  // lifted: the track follows it up and away before it ends; the resting place stays
  s.see(1, box(140, 40), 1000);
  s.end(1, 10_000);
  assert.equal(s.claim('cup', box(100), 20_000), null, 'another class');
  assert.equal(s.claim('bottle', box(400), 20_000), null, 'another place');
  assert.equal(s.claim('bottle', box(104), 20_000), 'cam:bottle:1');
  assert.equal(s.claim('bottle', box(100), 21_000), null, 'a place is taken back once');
});

test('people and vehicles never take back an id by place; places expire', () => {
  const s = new StillPlaces({ minIou: 0.3, maxCentreDistance: 0.35, keepMs: 60_000, restSightings: 2, lostMs: 1000 });
  s.follow(1, 'cam:person:1', 'person', box(100), 0);
  s.see(1, box(100), 500);
  s.end(1, 1000);
  assert.equal(s.claim('person', box(100), 2000), null);
  s.follow(2, 'cam:bottle:2', 'bottle', box(300), 0);
  s.see(2, box(300), 500);
  s.end(2, 1000);
  assert.equal(s.claim('bottle', box(300), 1000 + 60_001), null, 'expired');
});

test('an object that never rested leaves no place; a place held by a live track is not claimed', () => {
  const s = new StillPlaces();
  s.follow(1, 'cam:bottle:1', 'bottle', box(100), 0);
  s.end(1, 1000);
  assert.equal(s.size, 0);
  s.follow(2, 'cam:bottle:2', 'bottle', box(200), 1000);
  s.see(2, box(200), 1500);
  s.end(2, 2000);
  s.follow(3, 'cam:bottle:2', 'bottle', box(600), 2500);
  assert.equal(s.claim('bottle', box(200), 3000), null, 'its object is live again elsewhere');
});

test('a lost track (not ended yet) gives up its resting place once unseen for lostMs; its end then leaves none', () => {
  const s = new StillPlaces();
  s.follow(1, 'cam:bottle:1', 'bottle', box(100), 0);
  s.see(1, box(100), 500);
  // lifted and carried: the tracker lost it at 1 s, a new track starts on its place
  assert.equal(s.claim('bottle', box(102, 80), 1200), null, 'seen 0.7 s ago: it still counts, not taken over');
  assert.equal(s.claim('bottle', box(102, 80), 2000), 'cam:bottle:1');
  assert.equal(s.replaced(1), true);
  s.follow(2, 'cam:bottle:1', 'bottle', box(102, 80), 2000);
  s.end(1, 500);
  assert.equal(s.size, 0, 'the old track leaves no place');
});

test('a bottle confirmed while still in the hand above its place takes back its id (boxes from a live run)', () => {
  const s = new StillPlaces();
  const rest = { x1: 506, y1: 109, x2: 571, y2: 313 };
  s.follow(1, 'cam:bottle:2', 'bottle', rest, 0);
  s.see(1, rest, 500);
  s.end(1, 1000);
  // the next bottle's place is 225 px to the left: never the nearer one
  s.follow(2, 'cam:bottle:1', 'bottle', { x1: 286, y1: 111, x2: 345, y2: 312 }, 0);
  s.see(2, { x1: 286, y1: 111, x2: 345, y2: 312 }, 500);
  s.end(2, 1000);
  assert.equal(s.claim('bottle', { x1: 520, y1: 31, x2: 594, y2: 237 }, 4000), 'cam:bottle:2');
});
