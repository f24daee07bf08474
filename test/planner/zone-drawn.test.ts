/**
 * A zone drawn while the daemon runs exists from the first frame that names it, and the daemon
 * keeps each camera's zones and lines: questions know
 * its name before anyone visits it, and no count (empty or not) is read for the time before it
 * was drawn (a new user once got "empty for 100 s" for a zone drawn 27 s earlier).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
let store: MemoryStore;

/** 120 s of frames at 2 fps; zone "kiosk_area" is drawn at 90 s and stays empty; a person is in view at 10-15 s. */
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-zone-drawn-'));
  const w = new MemoryStore({ dir });
  w.open();
  for (let t = 0; t < 120_000; t += 500) {
    // someone passes at 10-15 s without crossing: the camera has seen a person (one that never did is refused NEVER_SEEN)
    const counts: Record<string, number> = t >= 10_000 && t < 15_000 ? { person: 1 } : {};
    const f: FrameObservation = { kind: 'frame', camera: 'cam', ts: T0 + t, motion: 0, detected: true, counts, objects: [], occupancy: t >= 90_000 ? { kiosk_area: 0 } : {} };
    void w.write(f).catch(() => undefined);
  }
  // the daemon keeps each camera's places at start and when they are drawn (edge/components/places.ts)
  await w.notePlaces('cam', { zones: ['kiosk_area'], lines: ['entry'] });
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

test('a zone drawn at 90 s is known to questions and counted only from then', () => {
  const now = T0 + 119_500;
  const a = askOffline('how long was the kiosk area empty in the last 2 minutes?', store, { timeZone: 'UTC', now });
  assert.ok(typeof a.value === 'number' && a.value >= 28 && a.value <= 30, `about 29.5 s since it was drawn, not 120: ${a.answer}`);
  const before = askOffline('was the kiosk area empty at 09:01:00?', store, { timeZone: 'UTC', now });
  assert.equal(before.value, null, `before the zone was drawn there is no count: ${before.answer}`);
});

test('a line drawn before anyone crossed it is known: crossings are 0, not "no line called entry"', () => {
  const a = askOffline('how many people crossed line entry?', store, { timeZone: 'UTC', now: T0 + 119_500 });
  assert.equal(a.value, 0, a.answer);
  const none = askOffline('how many people crossed line exit?', store, { timeZone: 'UTC', now: T0 + 119_500 });
  assert.equal(none.value, null, 'a line the camera does not have is still refused');
});
