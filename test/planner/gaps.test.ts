/**
 * A gap between visits ("the longest gap between cars", "how many lulls", "the time between two
 * visitors") is a stretch with nobody (nothing) there with a visit on both sides: never the time
 * before the first visit or after the last, and never a visit's own length (the word was once
 * skipped, and "the longest gap" read as the longest visit).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { object } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
let store: MemoryStore;

/** Camera desk: people at 5-15, 30-40, 50-70 (and 60-65), 100-130 s; camera lot: cars at 10-14, 40-43, 47-50, 120-125 s; both recorded 0-150 s at 2 fps. */
const PEOPLE: [number, number, string][] = [[5, 15, 'a'], [30, 40, 'b'], [50, 70, 'c'], [60, 65, 'd'], [100, 130, 'e']];
const CARS: [number, number][] = [[10, 14], [40, 43], [47, 50], [120, 125]];

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-gaps-'));
  const w = new MemoryStore({ dir });
  w.open();
  const inView = (xs: [number, number, ...unknown[]][], t: number): number => xs.filter(([a, b]) => t >= a * 1000 && t < b * 1000).length;
  for (let t = 0; t <= 150_000; t += 500) {
    const n = inView(PEOPLE, t);
    const nc = inView(CARS, t);
    void w.write({ kind: 'frame', camera: 'desk', ts: T0 + t, motion: 0, detected: true, counts: n ? { person: n } : {}, objects: [], occupancy: {} }).catch(() => undefined);
    void w.write({ kind: 'frame', camera: 'lot', ts: T0 + t, motion: 0, detected: true, counts: nc ? { car: nc } : {}, objects: [], occupancy: {} }).catch(() => undefined);
  }
  for (const [a, b, id] of PEOPLE) void w.write(object('desk', `desk:person:${id}`, 'person', s(a), s(b), { visits: [{ start: s(a), end: s(b) }] })).catch(() => undefined);
  CARS.forEach(([a, b], k) => void w.write(object('lot', `lot:car:${k}`, 'car', s(a), s(b), { visits: [{ start: s(a), end: s(b) }] })).catch(() => undefined));
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

const ask = (q: string): { value: unknown; answer: string; refusal?: { code: string } } => askOffline(q, store, { timeZone: 'UTC', now: s(150) });
/** Within `tol` seconds of `want` (stretches are placed half a frame from the frames that show them). */
const near = (q: string, want: number, tol = 1): void => {
  const a = ask(q);
  assert.ok(typeof a.value === 'number' && Math.abs(a.value - want) <= tol, `${q}: ${a.answer}`);
};

test('the longest and shortest gap between visits: a stretch with nobody there, never a visit', () => {
  // desk gaps: 15-30, 40-50, 70-100 (the 0-5 and 130-150 stretches are not between visits); the longest visit is 30 s too, but at 100-130
  near('what was the longest gap between visitors at the desk?', 30);
  near('what was the longest lull at the desk', 30);
  near('what is the shortest interval between visitors at the desk?', 10);
  // lot gaps: 14-40, 43-47, 50-120
  near('what was the shortest gap between two cars?', 4);
  near('how long was the longest time between consecutive cars at the lot?', 70);
  near('how long did the second longest gap between visitors last?', 15);
  const longest = ask('what was the longest gap at the desk?');
  assert.match(longest.answer, /a gap between visits/);
});

test('how many gaps: the stretches between visits, with a length when said', () => {
  assert.equal(ask('how many gaps were there between cars?').value, 3);
  assert.equal(ask('how many gaps at the desk?').value, 3);
  assert.equal(ask('how many gaps longer than 20 seconds between cars?').value, 2);
});

test('when a gap began or ended, and the gaps in total', () => {
  const began = ask('when did the longest gap between cars begin?');
  assert.ok(Math.abs(Date.parse(String(began.value)) - s(50)) <= 1000, began.answer);
  near('how long were the gaps between cars in total?', 26 + 4 + 70, 2);
});

test('"the gap" with several gaps is refused (which one?); two moments named are the time between them', () => {
  const a = ask('how long was the gap between cars');
  assert.equal(a.value, null, a.answer);
  assert.match(a.answer, /3 such stretches, not one/);
  // the end of the first visit to the start of the second
  near('how long was the gap between the first and second car?', 26);
});

test('a window that begins at a moment said first: "after the second visitor arrived", "once the first one left"', () => {
  // arrivals after b's (30 s): c, d, e; the one that began at that moment is not after it
  assert.equal(ask('after the second visitor arrived, how many people came to the desk?').value, 3);
  near('once the first visitor had left, what was the longest stretch with nobody at the desk?', 30);
  const a = ask('after the first visitor left, when was the desk first empty?');
  assert.ok(Math.abs(Date.parse(String(a.value)) - s(15)) <= 1000, a.answer);
  assert.match(a.answer, /the moment it counts from/);
  // no such moment: refused, never the whole window
  const none = ask('after the ninth visitor left, how many people came to the desk?');
  assert.equal(none.value, null, none.answer);
});

test('a state said before "between two passes", and "visits"/"passes" between which it lies, are a gap', () => {
  near('what was the shortest quiet spell between two passes at the lot?', 4);
  near('what was the longest gap between visits at the lot?', 70);
  // staying (or going) with nobody there is the state: 70-100 s
  near('what was the longest the desk sat with nobody at it?', 30);
  near('what was the longest the desk went with no one there?', 30);
});

test('"passes" are visits, and where vehicles are what is seen most, of vehicles (said so); "someone" is a person', () => {
  assert.equal(ask('how many passes were there at the lot?').value, 4);
  const second = ask('when did the second pass begin at the lot?');
  assert.ok(Math.abs(Date.parse(String(second.value)) - s(40)) <= 1000, second.answer);
  assert.match(second.answer, /car/);
  near('how long was the gap between the first and second passes at the lot?', 26);
  // a person asked about at the lot, which never saw one: not counted 0 (the detector may miss them there), said so
  const someone = ask('how many times did someone arrive at the lot?');
  assert.equal(someone.refusal?.code, 'NEVER_SEEN', someone.answer);
  assert.match(someone.answer, /never detected a person/);
});

test('a window that ends at a moment said first: what began before it', () => {
  // desk arrivals before a's departure (15 s): a only; before b's departure (40 s): a, b
  assert.equal(ask('before the first person left the desk, how many people had shown up?').value, 1);
  assert.equal(ask('before the second person left the desk, how many people had come?').value, 2);
  const none = ask('before the ninth person left the desk, how many people had come?');
  assert.equal(none.value, null, none.answer);
});
