/**
 * The zones overlay: its checks (the schema, then the geometry: a polygon that crosses itself or
 * encloses nothing, ids used twice, a line with one point), the atomic save that keeps the
 * previous version and writes nothing when refused, and the overlay winning over the config file
 * at load, checked with the config's own checks (rules against zones).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isVigilError } from '../../ingest/errors/catalogue.js';
import { polygonProblem, selfCrossing } from '../../edge/config/geometry.js';
import { ConfigError, loadConfigWithOverlay, validateConfig } from '../../edge/config/load.js';
import { OVERLAY_FILE, overlayProblems, readOverlay, saveOverlay, ZoneOverlayError, type ZoneOverlay } from '../../edge/config/overlay.js';

const SQUARE: [number, number][] = [[0.2, 0.6], [0.9, 0.6], [0.9, 0.98], [0.2, 0.98]];
const overlay = (cameras: Record<string, unknown>): unknown => ({ version: 1, cameras });
const tmp = (): string => mkdtempSync(join(tmpdir(), 'vigil-zones-'));

test('a simple polygon passes; one that crosses itself or encloses nothing is named', () => {
  assert.equal(polygonProblem(SQUARE), null);
  assert.equal(selfCrossing(SQUARE), null);
  const bowtie: [number, number][] = [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]];
  assert.deepEqual(selfCrossing(bowtie), [0, 2]);
  assert.match(polygonProblem(bowtie) ?? '', /crosses itself/);
  assert.match(polygonProblem([[0.1, 0.1], [0.5, 0.5], [0.9, 0.9]]) ?? '', /encloses no area/);
  assert.match(polygonProblem([[0.1, 0.1], [0.1, 0.1], [0.3, 0.1], [0.5, 0.5]]) ?? '', /points 0 and 1 are the same point/);
});

test('overlay checks: every problem at once, with its path', () => {
  assert.deepEqual(overlayProblems(overlay({ shelf: { zones: [{ id: 'bench', polygon: SQUARE }], lines: [{ id: 'door', from: [0.5, 0], to: [0.5, 1] }] } })), []);
  const p = overlayProblems(
    overlay({
      shelf: {
        zones: [
          { id: 'bench', polygon: [[0.1, 0.1], [0.2, 0.2]] },
          { id: 'bench', polygon: [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]] },
          { id: 'far', polygon: [[0.1, 0.1], [1.5, 0.2], [0.3, 0.9]] },
          { id: 'bad id!', polygon: SQUARE },
        ],
        lines: [{ id: 'door', from: [0.5, 0.5], to: [0.5, 0.5] }],
      },
    }),
  );
  const text = p.join('\n');
  assert.match(text, /cameras\.shelf\.zones\.0\.polygon: .*(3|too small)/i);
  assert.match(text, /cameras\.shelf\.zones\.1\.id: duplicate zone id "bench" \(also cameras\.shelf\.zones\.0\)/);
  assert.match(text, /cameras\.shelf\.zones\.1\.polygon: the polygon crosses itself/);
  assert.match(text, /cameras\.shelf\.zones\.2\.polygon\.1\.0: /);
  assert.match(text, /cameras\.shelf\.zones\.3\.id: /);
  assert.match(text, /cameras\.shelf\.lines\.0: "from" and "to" are the same point/);
  assert.match(overlayProblems({ version: 2, cameras: {} }).join('\n'), /^version: /);
  assert.match(overlayProblems([]).join('\n'), /\(root\)/);
});

test('save: atomic, the previous version kept as .prev, no temp file left', () => {
  const dir = tmp();
  const path = join(dir, OVERLAY_FILE);
  const first: ZoneOverlay = { version: 1, cameras: { shelf: { zones: [{ id: 'bench', polygon: SQUARE }], lines: [] } } };
  saveOverlay(path, first);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), first);
  assert.equal(existsSync(`${path}.prev`), false, 'nothing to keep the first time');
  const second: ZoneOverlay = { version: 1, cameras: { shelf: { zones: [], lines: [{ id: 'door', from: [0.5, 0], to: [0.5, 1] }] } } };
  saveOverlay(path, second);
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), second);
  assert.deepEqual(JSON.parse(readFileSync(`${path}.prev`, 'utf8')), first);
  assert.deepEqual(readdirSync(dir).sort(), [OVERLAY_FILE, `${OVERLAY_FILE}.prev`]);
  const read = readOverlay(path);
  assert.equal(read.state, 'ok');
});

test('save: a malformed polygon is ZONES_INVALID and nothing is written', () => {
  const dir = tmp();
  const path = join(dir, OVERLAY_FILE);
  const bad = { version: 1, cameras: { shelf: { zones: [{ id: 'bench', polygon: [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]] }], lines: [] } } } as ZoneOverlay;
  assert.throws(
    () => saveOverlay(path, bad),
    (e: unknown) => e instanceof ZoneOverlayError && isVigilError(e) && e.code === 'ZONES_INVALID' && e.status === 422 && /crosses itself/.test(e.message),
  );
  assert.deepEqual(readdirSync(dir), [], 'no file, no temp file');
  // over an existing overlay: it stays as it was, and no .prev appears
  const good: ZoneOverlay = { version: 1, cameras: { shelf: { zones: [{ id: 'bench', polygon: SQUARE }], lines: [] } } };
  saveOverlay(path, good);
  const before = readFileSync(path, 'utf8');
  assert.throws(() => saveOverlay(path, bad), ZoneOverlayError);
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.deepEqual(readdirSync(dir), [OVERLAY_FILE]);
});

test('read: missing, not JSON and malformed files are told apart', () => {
  const dir = tmp();
  const path = join(dir, OVERLAY_FILE);
  assert.deepEqual(readOverlay(path), { state: 'missing' });
  writeFileSync(path, '{"version": 1, "cameras": ');
  const notJson = readOverlay(path);
  assert.ok(notJson.state === 'bad' && /not JSON/.test(notJson.problems[0] ?? ''));
  writeFileSync(path, JSON.stringify(overlay({ shelf: { zones: [{ id: 'z', polygon: [[0, 0], [1, 1]] }], lines: [] } })));
  const bad = readOverlay(path);
  assert.ok(bad.state === 'bad' && /cameras\.shelf\.zones\.0\.polygon/.test(bad.problems.join('\n')));
});

/** A config file and its data directory, with an overlay in it. */
function setup(yaml: string, o: unknown): { file: string; data: string } {
  const dir = tmp();
  const data = join(dir, 'data');
  mkdirSync(data);
  const file = join(dir, 'vigil.yaml');
  writeFileSync(file, yaml.replace('DATA', data));
  if (o !== undefined) writeFileSync(join(data, OVERLAY_FILE), typeof o === 'string' ? o : JSON.stringify(o));
  return { file, data };
}

const YAML = `data: DATA
cameras:
  - id: shelf
    url: shelf.mp4
    zones: [{id: bench, polygon: [[0, 0], [0.5, 0], [0.5, 0.5]]}]
  - id: door
    url: door.mp4
`;

test('at load the overlay wins over the config file, camera by camera', () => {
  const { file, data } = setup(YAML, overlay({ shelf: { zones: [{ id: 'floor', polygon: SQUARE }], lines: [{ id: 'gate', from: [0.5, 0], to: [0.5, 1] }], updatedAt: 5 }, gone: { zones: [], lines: [] } }));
  const { config, overlay: o } = loadConfigWithOverlay({ file, env: {} });
  assert.deepEqual(config.cameras[0]?.zones, [{ id: 'floor', polygon: SQUARE }]);
  assert.deepEqual(config.cameras[0]?.lines.map((l) => l.id), ['gate']);
  assert.deepEqual(config.cameras[1]?.zones, [], 'a camera the overlay does not name keeps its config');
  assert.deepEqual(o.applied, ['shelf']);
  assert.deepEqual(o.ignored, ['gone']);
  assert.equal(o.path, join(data, OVERLAY_FILE));
});

test('at load the config checks run with the overlay: a rule whose zone the overlay removed is refused, naming the overlay', () => {
  const { file, data } = setup(`${YAML}rules:\n  - {id: seat, camera: shelf, zone: bench, trigger: {type: count, op: '>=', value: 1}}\n`, overlay({ shelf: { zones: [{ id: 'floor', polygon: SQUARE }], lines: [] } }));
  assert.throws(
    () => loadConfigWithOverlay({ file, env: {} }),
    (e: unknown) => e instanceof ConfigError && e.message.includes(`with the zones of ${join(data, OVERLAY_FILE)}`) && e.problems.some((p) => /^rules\.0\.zone: no camera "shelf" has zone "bench"/.test(p)),
  );
});

test('a damaged overlay stops the load with its problems and how to recover', () => {
  const { file, data } = setup(YAML, '{ not json');
  assert.throws(
    () => loadConfigWithOverlay({ file, env: {} }),
    (e: unknown) => e instanceof ConfigError && e.problems.length === 1 && e.problems[0]?.startsWith(`${join(data, OVERLAY_FILE)}: not JSON`) === true && /restore .*\.prev/.test(e.problems[0] ?? ''),
  );
});

test('config check refuses a zone that crosses itself and ids used twice in the config file too', () => {
  const raw = {
    cameras: [
      {
        id: 'shelf',
        url: 'shelf.mp4',
        zones: [
          { id: 'a', polygon: [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]] },
          { id: 'a', polygon: SQUARE },
        ],
        lines: [{ id: 'l', from: [0.2, 0.2], to: [0.2, 0.2] }],
      },
    ],
  };
  assert.throws(
    () => validateConfig(raw, 'test'),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.problems.some((p) => p.startsWith('cameras.0.zones.0.polygon: the polygon crosses itself')) &&
      e.problems.some((p) => p.startsWith('cameras.0.zones.1.id: duplicate zone id "a"')) &&
      e.problems.some((p) => p.startsWith('cameras.0.lines.0: "from" and "to" are the same point')),
  );
});
