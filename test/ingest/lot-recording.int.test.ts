/**
 * Vehicles seen from above with the default detector (`auto`, no model chosen by hand): a ten-pass
 * recording made from the shared overhead parking-lot clip (bench/lot/make-lot-recordings.sh: an
 * empty lot between passes; the car forward, reversed, mirrored, slowed, upside down) replayed
 * through the real CLI at the daemon's 2 fps. Truth is the recording's own edit list: the car is in
 * view for each whole pass and never two at once. CenterNet alone finds 6 of the 10 passes here.
 * The turned recording (a ceiling camera: the picture upside down, long stills of the empty lot)
 * is one where the SSD scores the whole empty lot as a "car": no car may be held over it.
 */
import { LOT_PASSES as PASSES, LOT_TURNED_PASSES } from '../../bench/lot/passes.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { packageRoot } from '../../edge/paths.js';
import { runCli, tempDir } from '../helpers/daemon.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const ALL = { from: T0, to: T0 + 600_000 };
const VEHICLES = new Set(['car', 'truck', 'bus', 'vehicle']);

/** Both recordings, made once (the script makes them together). */
let recordings = '';
before(() => {
  recordings = tempDir('lot');
  execFileSync(join(packageRoot(), 'bench', 'lot', 'make-lot-recordings.sh'), [recordings], { stdio: 'pipe' });
});

/** Replays one recording through the CLI into its own data directory and opens its memory (the caller closes it). */
async function replayed(file: string): Promise<{ stderr: string; store: MemoryStore }> {
  const data = join(recordings, `data-${file}`);
  const r = await runCli(['replay', join(recordings, file), '--camera', 'lot', '--start', new Date(T0).toISOString(), '--data', data]);
  assert.equal(r.code, 0, r.stderr);
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  return { stderr: r.stderr, store };
}

/** The vehicle visits of a replayed recording, seconds from `T0`. */
function vehicleVisits(q: MemoryQueries): (readonly [number, number])[] {
  return q
    .objectsIn(ALL, {})
    .filter((o) => VEHICLES.has(o.label))
    .flatMap((o) => ((o as typeof o & { visits?: { start: number; end: number }[] }).visits ?? [{ start: o.firstSeen, end: o.lastSeen }]).map((v) => [(v.start - T0) / 1000, (v.end - T0) / 1000] as const));
}

test('parking lot from above, ten passes: every pass counted once, never two cars at once (default detector)', { timeout: 300_000 }, async () => {
  const { stderr, store } = await replayed('lot-ten.mp4');
  try {
    assert.match(stderr, /detector auto\/\S+ running centernet\+ssd-oidv4/, 'the camera kept both detectors');
    const q = new MemoryQueries(store);
    const visits = vehicleVisits(q);
    const shown = visits.map(([a, b]) => `${a}-${b}`).join(', ');
    const missed = PASSES.filter(([a, b]) => !visits.some(([s, e]) => s < b && e > a));
    const extra = visits.length - (PASSES.length - missed.length);
    assert.ok(missed.length + Math.max(0, extra) <= 1, `at most one error over ten passes: missed ${missed.length}, extra ${extra}; visits ${shown}`);
    // a visit lies within one pass: no car is held over the empty lot after it (a box the size of the picture is the scene)
    for (const [s, e] of visits) assert.ok(PASSES.some(([a, b]) => s > a - 1.5 && e < b + 1.5), `a visit ${s}-${e} lies within a pass`);
    assert.equal(q.maxSimultaneous(ALL, { label: 'car' }).count, 1, `one car at a time: ${shown}`);
  } finally {
    await store.close();
  }
});

test('parking lot upside down with long stills of the empty lot: two passes, no car held over the empty lot', { timeout: 300_000 }, async () => {
  const { store } = await replayed('lot-turned.mp4');
  try {
    const visits = vehicleVisits(new MemoryQueries(store));
    const shown = visits.map(([a, b]) => `${a}-${b}`).join(', ');
    assert.equal(visits.length, LOT_TURNED_PASSES.length, `one visit per pass: ${shown}`);
    for (const [a, b] of LOT_TURNED_PASSES) assert.ok(visits.some(([s, e]) => s > a - 1.5 && e < b + 1.5), `the pass ${a}-${b} is a visit within it: ${shown}`);
  } finally {
    await store.close();
  }
});
