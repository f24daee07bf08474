/**
 * `vigil config check` and `vigil start` check a config against the machine: what start would
 * fail on is an error, what it would run degraded with is a warning.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { environmentChecks } from '../../edge/config/environment.js';
import { validateConfig } from '../../edge/config/load.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-env-'));
const clip = join(dir, 'clip.mp4');
writeFileSync(clip, 'x');

test('a data path that is a file, or a directory this user cannot write, and an unreadable TLS file are errors', () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, '');
  const r = environmentChecks(validateConfig({ data: file, mqtt: { tls: { ca: join(dir, 'missing-ca.pem') } }, cameras: [{ id: 'a', url: clip }] }, 't'));
  assert.deepEqual(r.errors.map((e) => e.split(':')[0]), ['data', 'mqtt.tls.ca']);
  assert.match(r.errors[0] ?? '', /is a file, not a directory/);
  assert.match(r.errors[1] ?? '', /cannot read .*missing-ca\.pem \(no such file\)/);
  if (process.getuid?.() !== 0) {
    const ro = join(dir, 'ro');
    mkdirSync(ro);
    chmodSync(ro, 0o500);
    assert.match(environmentChecks(validateConfig({ data: join(ro, 'data'), cameras: [{ id: 'a', url: clip }] }, 't')).errors[0] ?? '', /not writable/);
  }
  const ok = environmentChecks(validateConfig({ data: join(dir, 'new', 'data'), mqtt: { enabled: false }, cameras: [{ id: 'a', url: clip }] }, 't'));
  assert.deepEqual(ok, { errors: [], warnings: [] });
});

test('what the daemon runs degraded with is a warning: a missing ONNX model, fleet without MQTT, the broker on the HTTP port', () => {
  const r = environmentChecks(
    validateConfig(
      {
        data: join(dir, 'd2'),
        http: { port: 9000 },
        mqtt: { enabled: false },
        fleet: { enabled: true },
        cameras: [
          { id: 'a', url: join(dir, 'nope.mp4'), enabled: false },
          { id: 'b', url: clip, detector: { model: 'onnx', onnx: { path: join(dir, 'nope.onnx'), labels: join(dir, 'labels.txt') } } },
        ],
      },
      't',
    ),
  );
  assert.deepEqual(r.errors, []);
  // a disabled camera's file is not looked at
  assert.deepEqual(r.warnings.map((w) => w.split(':')[0]), ['fleet.enabled', 'cameras[b].detector.onnx.path']);
  const clash = environmentChecks(validateConfig({ data: join(dir, 'd3'), http: { port: 9000 }, mqtt: { embedded: { port: 9000 } }, cameras: [{ id: 'a', url: clip }] }, 't'));
  assert.match(clash.warnings.join('\n'), /mqtt\.embedded\.port: 9000 is also http\.port/);
});

test('a camera video file (path or file:// URL) that does not exist, is a folder or cannot be read is an error, named by the camera id', () => {
  const cfg = validateConfig(
    {
      data: join(dir, 'd4'),
      mqtt: { enabled: false },
      cameras: [
        { id: 'shelf', url: join(dir, 'missing.mp4') },
        { id: 'door', url: `file://${join(dir, 'gone.mp4')}` },
        { id: 'folder', url: dir },
        { id: 'fine', url: `file://${clip}` },
        { id: 'stream', url: 'rtsp://cam/live' },
      ],
    },
    't',
  );
  const r = environmentChecks(cfg);
  assert.deepEqual(r.errors.map((e) => e.split(':')[0]), ['cameras[shelf].url', 'cameras[door].url', 'cameras[folder].url']);
  assert.match(r.errors[0] ?? '', /no such file: camera "shelf" would play .*missing\.mp4, which does not exist/);
  assert.match(r.errors[1] ?? '', /gone\.mp4, which does not exist/);
  assert.match(r.errors[2] ?? '', /is a directory, not a video file/);
  assert.deepEqual(r.warnings, []);
});
