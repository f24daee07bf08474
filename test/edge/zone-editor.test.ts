/**
 * The zone editor: zones.put checks (the overlay's own, the whole configuration as `config check`
 * would, the runtime rules), saves atomically and applies at once; a refused change saves and
 * applies nothing. Perception and the rules are recorders here (the editor's calls are what is
 * checked); the overlay file and the config checks are the real ones.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isVigilError } from '../../ingest/errors/catalogue.js';
import { LiveState } from '../../edge/api/live.js';
import type { CameraZones } from '../../edge/api/wire.js';
import { validateConfig } from '../../edge/config/load.js';
import { OVERLAY_FILE } from '../../edge/config/overlay.js';
import { ZoneEditor, type Geometry } from '../../edge/zones/editor.js';
import { silentLogger } from '../helpers/logger.js';

const SQUARE: [number, number][] = [[0.2, 0.6], [0.9, 0.6], [0.9, 0.98], [0.2, 0.98]];

function editor(runtimeProblems: string[] = []) {
  const data = mkdtempSync(join(tmpdir(), 'vigil-zone-editor-'));
  const config = validateConfig(
    {
      data,
      cameras: [
        { id: 'shelf', url: 'shelf.mp4', detector: { model: 'none' }, zones: [{ id: 'bench', polygon: [[0, 0], [0.5, 0], [0.5, 0.5]] }] },
        { id: 'door', url: 'door.mp4', detector: { model: 'none' } },
      ],
      rules: [{ id: 'seat', camera: 'shelf', zone: 'bench', trigger: { type: 'count', op: '>=', value: 1 } }],
    },
    'test',
  );
  const calls = { perception: [] as { camera: string; zones: string[] }[], rules: [] as { camera: string; zones: string[] }[], emitted: [] as CameraZones[] };
  const ed = new ZoneEditor({
    config,
    perception: { setGeometry: (camera, zones) => calls.perception.push({ camera, zones: zones.map((z) => z.id) }) },
    rules: { geometryProblems: () => runtimeProblems, setGeometry: (camera, g) => calls.rules.push({ camera, zones: g.zones }) },
    live: new LiveState(),
    emit: (z) => calls.emitted.push(z),
    log: silentLogger(),
    now: () => 1234,
  });
  return { ed, calls, file: join(data, OVERLAY_FILE) };
}

const keepBench: Geometry = { zones: [{ id: 'bench', polygon: SQUARE }, { id: 'floor', polygon: [[0, 0.5], [1, 0.5], [1, 1]] }], lines: [{ id: 'door', from: [0.5, 0], to: [0.5, 1] }] };

test('list: every camera with its zones and where they come from', () => {
  const { ed } = editor();
  assert.deepEqual(ed.list().map((c) => [c.camera, c.zones.map((z) => z.id), c.source]), [['shelf', ['bench'], 'config'], ['door', [], 'config']]);
  assert.throws(() => ed.list('nope'), (e: unknown) => isVigilError(e) && e.code === 'NOT_FOUND');
});

test('put: saved to the overlay and applied to perception, rules and clients at once', () => {
  const { ed, calls, file } = editor();
  const z = ed.put('shelf', keepBench);
  assert.equal(z.source, 'overlay');
  assert.equal(z.updatedAt, 1234);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { version: number; cameras: Record<string, { zones: { id: string }[] }> };
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.cameras.shelf?.zones.map((x) => x.id), ['bench', 'floor']);
  assert.deepEqual(calls.perception, [{ camera: 'shelf', zones: ['bench', 'floor'] }]);
  assert.deepEqual(calls.rules, [{ camera: 'shelf', zones: ['bench', 'floor'] }]);
  assert.equal(calls.emitted[0]?.camera, 'shelf');
  assert.deepEqual(ed.list('shelf')[0]?.zones.map((x) => x.id), ['bench', 'floor']);
  // a second camera keeps the first one's entry; the previous file is kept
  ed.put('door', { zones: [], lines: [{ id: 'in', from: [0, 0.5], to: [1, 0.5] }] });
  const both = JSON.parse(readFileSync(file, 'utf8')) as { cameras: Record<string, unknown> };
  assert.deepEqual(Object.keys(both.cameras).sort(), ['door', 'shelf']);
  assert.ok(existsSync(`${file}.prev`));
});

/** Asserts that a put is refused with ZONES_INVALID matching `re`, and nothing was saved or applied. */
function refused(ed: ZoneEditor, calls: ReturnType<typeof editor>['calls'], file: string, g: Geometry, re: RegExp): void {
  assert.throws(
    () => ed.put('shelf', g),
    (e: unknown) => isVigilError(e) && e.code === 'ZONES_INVALID' && re.test(e.message),
  );
  assert.equal(existsSync(file), false, 'nothing written');
  assert.deepEqual([calls.perception, calls.rules, calls.emitted], [[], [], []], 'nothing applied');
  assert.deepEqual(ed.list('shelf')[0]?.zones.map((z) => z.id), ['bench']);
}

test('put: a malformed polygon is a coded error and nothing is written or applied', () => {
  const { ed, calls, file } = editor();
  refused(ed, calls, file, { zones: [{ id: 'bench', polygon: [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]] }], lines: [] }, /cameras\.shelf\.zones\.0\.polygon: the polygon crosses itself/);
  refused(ed, calls, file, { zones: [{ id: 'bench', polygon: [[0.1, 0.1], [0.2, 0.2]] }], lines: [] }, /cameras\.shelf\.zones\.0\.polygon/);
  refused(ed, calls, file, { zones: [{ id: 'bench', polygon: [[0.1, 0.1], [2, 0.2], [0.3, 0.9]] }], lines: [] }, /polygon\.1\.0/);
  refused(ed, calls, file, { zones: [{ id: 'bench', polygon: SQUARE }, { id: 'bench', polygon: SQUARE }], lines: [] }, /duplicate zone id "bench"/);
});

test('put: the config checks run with the new zones (a config rule whose zone would go), and the runtime rules', () => {
  const { ed, calls, file } = editor();
  refused(ed, calls, file, { zones: [{ id: 'floor', polygon: SQUARE }], lines: [] }, /rules\.0\.zone: no camera "shelf" has zone "bench"/);
  const r = editor(['rule "night" (added at runtime): zone: no camera "shelf" has zone "bench"']);
  refused(r.ed, r.calls, r.file, keepBench, /rule "night"/);
  assert.throws(() => r.ed.put('nope', keepBench), (e: unknown) => isVigilError(e) && e.code === 'NOT_FOUND');
});
