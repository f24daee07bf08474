/**
 * Config checks beyond the schema: every problem `vigil start` would refuse, found by
 * validateConfig (which `vigil config check` runs), all at once.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cameraUrlProblem, semanticChecks } from '../../edge/config/checks.js';
import { didYouMean } from '../../edge/config/labels.js';
import { ConfigError, validateConfig } from '../../edge/config/load.js';
import { tempDir } from '../helpers/daemon.js';

const camera = { id: 'table', url: 'rtsp://cam/live', zones: [{ id: 'seat', polygon: [[0, 0], [1, 0], [1, 1]] }], lines: [{ id: 'door', from: [0.5, 0], to: [0.5, 1] }] };
const trigger = { type: 'count', op: '>=', value: 1 };

function problems(raw: object): string[] {
  try {
    validateConfig(raw, 'test');
    return [];
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e.problems;
  }
}

function has(list: string[], ...parts: string[]): boolean {
  return list.some((p) => parts.every((s) => p.includes(s)));
}

test('rules on an unknown camera, zone or line are refused, every one at once', () => {
  const p = problems({
    cameras: [camera],
    rules: [
      { id: 'a', camera: 'nope', trigger },
      { id: 'b', camera: 'table', zone: 'kitchen', trigger },
      { id: 'c', trigger: { type: 'line', line: 'gate' } },
      { id: 'ok', camera: 'table', zone: 'seat', class: 'person', trigger: { type: 'line', line: 'door' } },
    ],
  });
  assert.equal(p.length, 3, p.join('\n'));
  assert.ok(has(p, 'rules.0.camera', 'unknown camera "nope"'), p.join('\n'));
  assert.ok(has(p, 'rules.1.zone', '"kitchen"'), p.join('\n'));
  assert.ok(has(p, 'rules.2.trigger.line', '"gate"'), p.join('\n'));
});

test('duplicate rule ids and duplicate token secrets are errors (the secret is not printed)', () => {
  const secret = 'same-secret-0123456789';
  const p = problems({
    cameras: [camera],
    rules: [{ id: 'r', trigger }, { id: 'r2', trigger }, { id: 'r', trigger: { type: 'dwell', seconds: 3 } }],
    auth: { tokens: [{ name: 'viewer', token: secret, scope: 'read' }, { name: 'ops', token: secret, scope: 'admin' }, { name: 'x', token: 'another-secret-987654', scope: 'read' }] },
  });
  assert.equal(p.length, 2, p.join('\n'));
  assert.ok(has(p, 'rules.2.id', 'duplicate rule id "r"', 'rules.0'), p.join('\n'));
  assert.ok(has(p, 'auth.tokens.1.token', 'auth.tokens.0', 'viewer'), p.join('\n'));
  assert.ok(!p.join('\n').includes(secret));
});

test('camera sources: rtsp, rtsps, http(s), file paths, file:// and the demo pass; ftp and others do not', () => {
  for (const url of ['rtsp://u:p@ss@cam:554/s', 'RTSPS://cam/s', 'http://cam/video.mjpg', 'https://cam/live.m3u8', '/srv/clips/a.mp4', 'clips/a.mp4', 'file:///srv/a.mp4', 'builtin:demo', 'C:\\clips\\a.mp4']) {
    assert.equal(cameraUrlProblem(url), null, url);
  }
  for (const url of ['ftp://cam/a.mp4', 'smb://nas/a.mp4', 'rtmp://h/live', 'builtin:other', 'file://', 'rtsp://', 'rtsp://exa mple/s']) {
    assert.ok(cameraUrlProblem(url), url);
  }
  const p = problems({ cameras: [{ id: 'a', url: 'ftp://user:hunter2@nas/a.mp4' }] });
  assert.ok(has(p, 'cameras.0.url', 'unsupported', 'rtsp://'), p.join('\n'));
  assert.ok(!p.join('\n').includes('hunter2'), 'the password is not printed');
});

test('misspelt classes are refused with a did-you-mean, in detector.classes, classThresholds and rules', () => {
  const p = problems({
    cameras: [{ ...camera, detector: { classes: ['persn', 'bottles', 'cup'], classThresholds: { prson: 0.4, cup: 0.3 } } }],
    rules: [{ id: 'a', camera: 'table', class: 'bottles', trigger }, { id: 'b', class: 'persn', trigger }, { id: 'c', class: 'cup', trigger }],
  });
  assert.ok(has(p, 'cameras.0.detector.classes.0', 'unknown class "persn"', 'auto', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'cameras.0.detector.classes.1', 'unknown class "bottles"', 'did you mean "bottle"'), p.join('\n'));
  assert.ok(has(p, 'cameras.0.detector.classThresholds.prson', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'rules.0.class', 'unknown class "bottles"', 'did you mean "bottle"'), p.join('\n'));
  assert.ok(has(p, 'rules.1.class', 'unknown class "persn"', 'did you mean "person"'), p.join('\n'));
  assert.equal(p.length, 5, p.join('\n'));
  assert.equal(didYouMean('zzzzzz', ['person', 'car']), null);
});

test('a rule class its camera never keeps is refused: detector.classes filter, detector none', () => {
  const p = problems({
    cameras: [{ ...camera, detector: { classes: ['person'] } }, { id: 'still', url: 'a.mp4', detector: { model: 'none' } }],
    rules: [{ id: 'a', camera: 'table', class: 'car', trigger }, { id: 'b', camera: 'still', class: 'person', trigger }, { id: 'c', class: 'person', trigger }, { id: 'd', class: 'dog', trigger }],
  });
  assert.ok(has(p, 'rules.0.class', 'never detected', 'keeps only person'), p.join('\n'));
  // a rule on a camera with no detector at all is a deliberate setup (the demo), not an error
  assert.ok(!p.some((x) => x.startsWith('rules.1')), p.join('\n'));
  assert.ok(has(p, 'rules.3.class', '"dog"', 'never detected'), p.join('\n'));
  assert.equal(p.length, 2, p.join('\n'));
});

test('an ONNX detector is checked against its labels file; unknown labels are not guessed', () => {
  const dir = tempDir('labels');
  const labels = join(dir, 'labels.txt');
  writeFileSync(labels, 'forklift\npallet\nperson\n');
  const onnx = (extra: object): object => ({ ...camera, detector: { model: 'onnx', onnx: { path: join(dir, 'm.onnx'), ...extra }, classes: ['palet'] } });
  const p = problems({ cameras: [onnx({ labels })], rules: [{ id: 'a', class: 'forklift', trigger }, { id: 'b', class: 'bottle', trigger }] });
  assert.ok(has(p, 'cameras.0.detector.classes.0', 'unknown class "palet"', 'onnx', 'did you mean "pallet"'), p.join('\n'));
  assert.ok(has(p, 'rules.1.class', '"bottle"'), p.join('\n'));
  assert.equal(p.length, 2, p.join('\n'));
  // no labels file and no readable model: the names are unknown until it loads
  assert.deepEqual(semanticChecks({ cameras: [onnx({})], rules: [{ id: 'a', class: 'anything', trigger }] }), []);
});

test('the checks run even when the schema refuses other fields, and the default demo camera counts', () => {
  const p = problems({ http: { port: -1 }, rules: [{ id: 'a', camera: 'demo', class: 'persn', trigger }, { id: 'b', camera: 'cam9', trigger }] });
  assert.ok(has(p, 'http.port'));
  assert.ok(has(p, 'rules.0.class', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'rules.1.camera', '"cam9"'), p.join('\n'));
  assert.equal(problems({ rules: [{ id: 'a', camera: 'demo', class: 'person', trigger }] }).length, 0);
});

test('an unparseable camera URL is "not a valid URL" (not "connection refused"); a raw "#" in a password gets the percent-encoding hint', () => {
  for (const url of ['rtsp://exa mple/s', 'rtsp://cam:99999/s', 'http://[::1/s']) {
    assert.match(cameraUrlProblem(url) ?? '', /^not a valid URL: "/, url);
  }
  const p = problems({ cameras: [{ id: 'a', url: 'rtsp://cam:99999/live' }] });
  assert.ok(has(p, 'cameras.0.url', 'not a valid URL'), p.join('\n'));

  // "pa#ss" fails to parse; "12#34" parses, to the host "u" with the rest as a fragment: both are told
  for (const url of ['rtsp://admin:pa#ss@cam:554/live', 'rtsp://u:12#34@cam/s', 'https://viewer:#top@cam/video.m3u8']) {
    const hint = cameraUrlProblem(url) ?? '';
    assert.match(hint, /"#" in the user name or password must be percent-encoded as %23/, url);
    assert.ok(!hint.includes('ss@') && !hint.includes('34@') && !hint.includes('top'), `no part of the password shown: ${hint}`);
  }
  const q = problems({ cameras: [{ id: 'a', url: 'rtsp://admin:pa#ss@cam:554/live' }] });
  assert.ok(has(q, 'cameras.0.url', '%23'), q.join('\n'));
  // percent-encoded, or a "#" that really is a fragment, is fine
  for (const url of ['rtsp://admin:pa%23ss@cam:554/live', 'http://cam/video.mjpg#frag', 'http://cam/a#b@c']) assert.equal(cameraUrlProblem(url), null, url);
});
