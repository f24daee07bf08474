/**
 * The daemon keeps each camera's zones and lines in the memory at start and when they are drawn
 * again, so the question language knows them before anything visits or crosses them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { CameraZones } from '../../edge/api/wire.js';
import { EventBus } from '../../edge/bus.js';
import { PlacesKeeper } from '../../edge/components/places.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';

const shape = (camera: string, zones: string[], lines: string[]): CameraZones => ({ camera, zones: zones.map((id) => ({ id, polygon: [[0, 0], [1, 0], [1, 1]] })), lines: lines.map((id) => ({ id, from: [0, 0], to: [1, 1] })), source: 'config', updatedAt: null }) as unknown as CameraZones;

test('zones and lines are kept at start and again when drawn', async () => {
  const store = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-places-')) });
  store.open();
  const warned: string[] = [];
  const log = { warn: (_o: unknown, m: string) => warned.push(m), error: () => undefined, info: () => undefined, debug: () => undefined, child: () => log } as never;
  const bus = new EventBus(log);
  const keeper = new PlacesKeeper({ store: () => store, list: () => [shape('table', ['bench'], ['door'])], bus, log });
  await keeper.start();
  await store.flush();
  let names = new MemoryQueries(store).names();
  assert.deepEqual([[...names.zones], [...names.lines]], [['bench'], ['door']]);
  bus.emit('zones', shape('table', ['bench', 'kiosk_area'], ['door', 'entry']));
  await new Promise((r) => setTimeout(r, 50));
  await store.flush();
  names = new MemoryQueries(store).names();
  assert.deepEqual([[...names.zones].sort(), [...names.lines].sort()], [['bench', 'kiosk_area'], ['door', 'entry']]);
  assert.deepEqual(warned, []);
  await keeper.stop();
  await store.close();
});
