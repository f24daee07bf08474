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
import { checkConfig, ConfigError, validateConfig } from '../../edge/config/load.js';
import { placeName } from '../../edge/config/places.js';
import { ruleSchema } from '../../edge/rules/schema.js';
import { RuleEngine, RuleError } from '../../edge/rules/engine.js';
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
  assert.ok(has(p, 'rules[a].camera', 'unknown camera "nope"'), p.join('\n'));
  assert.ok(has(p, 'rules[b].zone', '"kitchen"'), p.join('\n'));
  assert.ok(has(p, 'rules[c].trigger.line', '"gate"'), p.join('\n'));
});

test('duplicate rule ids and duplicate token secrets are errors (the secret is not printed)', () => {
  const secret = 'same-secret-0123456789';
  const p = problems({
    cameras: [camera],
    rules: [{ id: 'r', trigger }, { id: 'r2', trigger }, { id: 'r', trigger: { type: 'dwell', seconds: 3 } }],
    auth: { tokens: [{ name: 'viewer', token: secret, scope: 'read' }, { name: 'ops', token: secret, scope: 'admin' }, { name: 'x', token: 'another-secret-987654', scope: 'read' }] },
  });
  assert.equal(p.length, 2, p.join('\n'));
  assert.ok(has(p, 'rules[2].id', 'duplicate rule id "r"', '(rules[0] is "r" too)'), p.join('\n'));
  assert.ok(has(p, 'auth.tokens[ops].token: the same secret as auth.tokens[viewer]'), p.join('\n'));
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
  assert.ok(has(p, 'cameras[a].url', 'unsupported', 'rtsp://'), p.join('\n'));
  assert.ok(!p.join('\n').includes('hunter2'), 'the password is not printed');
});

test('misspelt classes are refused with a did-you-mean, in detector.classes, classThresholds and rules', () => {
  const p = problems({
    cameras: [{ ...camera, detector: { classes: ['persn', 'bottles', 'cup'], classThresholds: { prson: 0.4, cup: 0.3 } } }],
    rules: [{ id: 'a', camera: 'table', class: 'bottles', trigger }, { id: 'b', class: 'persn', trigger }, { id: 'c', class: 'cup', trigger }],
  });
  assert.ok(has(p, 'cameras[table].detector.classes[0]', 'unknown class "persn"', 'auto', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'cameras[table].detector.classes[1]', 'unknown class "bottles"', 'did you mean "bottle"'), p.join('\n'));
  assert.ok(has(p, 'cameras[table].detector.classThresholds.prson', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'rules[a].class', 'unknown class "bottles"', 'did you mean "bottle"'), p.join('\n'));
  assert.ok(has(p, 'rules[b].class', 'unknown class "persn"', 'did you mean "person"'), p.join('\n'));
  assert.equal(p.length, 5, p.join('\n'));
  assert.equal(didYouMean('zzzzzz', ['person', 'car']), null);
});

test('a rule class its camera never keeps is refused: detector.classes filter, detector none', () => {
  const p = problems({
    cameras: [{ ...camera, detector: { classes: ['person'] } }, { id: 'still', url: 'a.mp4', detector: { model: 'none' } }],
    rules: [{ id: 'a', camera: 'table', class: 'car', trigger }, { id: 'b', camera: 'still', class: 'person', trigger }, { id: 'c', class: 'person', trigger }, { id: 'd', class: 'dog', trigger }],
  });
  assert.ok(has(p, 'rules[a].class', 'never detected', 'keeps only person'), p.join('\n'));
  // a rule on a camera with no detector at all is a deliberate setup (the demo), not an error
  assert.ok(!p.some((x) => x.startsWith('rules[b]')), p.join('\n'));
  assert.ok(has(p, 'rules[d].class', '"dog"', 'never detected'), p.join('\n'));
  assert.equal(p.length, 2, p.join('\n'));
});

test('an ONNX detector is checked against its labels file; unknown labels are not guessed', () => {
  const dir = tempDir('labels');
  const labels = join(dir, 'labels.txt');
  writeFileSync(labels, 'forklift\npallet\nperson\n');
  const onnx = (extra: object): object => ({ ...camera, detector: { model: 'onnx', onnx: { path: join(dir, 'm.onnx'), ...extra }, classes: ['palet'] } });
  const p = problems({ cameras: [onnx({ labels })], rules: [{ id: 'a', class: 'forklift', trigger }, { id: 'b', class: 'bottle', trigger }] });
  assert.ok(has(p, 'cameras[table].detector.classes[0]', 'unknown class "palet"', 'onnx', 'did you mean "pallet"'), p.join('\n'));
  assert.ok(has(p, 'rules[b].class', '"bottle"'), p.join('\n'));
  assert.equal(p.length, 2, p.join('\n'));
  // no labels file and no readable model: the names are unknown until it loads
  assert.deepEqual(semanticChecks({ cameras: [onnx({})], rules: [{ id: 'a', class: 'anything', trigger }] }), []);
});

test('the checks run even when the schema refuses other fields, and the default demo camera counts', () => {
  const p = problems({ http: { port: -1 }, rules: [{ id: 'a', camera: 'demo', class: 'persn', trigger }, { id: 'b', camera: 'cam9', trigger }] });
  assert.ok(has(p, 'http.port'));
  assert.ok(has(p, 'rules[a].class', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'rules[b].camera', '"cam9"'), p.join('\n'));
  assert.equal(problems({ rules: [{ id: 'a', camera: 'demo', class: 'person', trigger }] }).length, 0);
});

test('an unparseable camera URL is "not a valid URL" (not "connection refused"); a raw "#" in a password gets the percent-encoding hint', () => {
  for (const url of ['rtsp://exa mple/s', 'rtsp://cam:99999/s', 'http://[::1/s']) {
    assert.match(cameraUrlProblem(url) ?? '', /^not a valid URL: "/, url);
  }
  const p = problems({ cameras: [{ id: 'a', url: 'rtsp://cam:99999/live' }] });
  assert.ok(has(p, 'cameras[a].url', 'not a valid URL'), p.join('\n'));

  // "pa#ss" fails to parse; "12#34" parses, to the host "u" with the rest as a fragment: both are told
  for (const url of ['rtsp://admin:pa#ss@cam:554/live', 'rtsp://u:12#34@cam/s', 'https://viewer:#top@cam/video.m3u8']) {
    const hint = cameraUrlProblem(url) ?? '';
    assert.match(hint, /"#" in the user name or password must be percent-encoded as %23/, url);
    assert.ok(!hint.includes('ss@') && !hint.includes('34@') && !hint.includes('top'), `no part of the password shown: ${hint}`);
  }
  const q = problems({ cameras: [{ id: 'a', url: 'rtsp://admin:pa#ss@cam:554/live' }] });
  assert.ok(has(q, 'cameras[a].url', '%23'), q.join('\n'));
  // percent-encoded, or a "#" that really is a fragment, is fine
  for (const url of ['rtsp://admin:pa%23ss@cam:554/live', 'http://cam/video.mjpg#frag', 'http://cam/a#b@c']) assert.equal(cameraUrlProblem(url), null, url);
});

test('places are named by ids: cameras[shelf].zones[bench].polygon[2], rules[evening]; positions only where an id is missing or shared', () => {
  const p = problems({
    cameras: [{ id: 'shelf', url: 'rtsp://cam/live', zones: [{ id: 'bench', polygon: [[0, 0], [1, 0], [1.5, 1]] }], lines: [{ id: 'door', from: [0, 0], to: [2, 1] }] }],
    rules: [{ id: 'evening', camera: 'shelf', zone: 'bench', trigger: { type: 'count', op: '~', value: 1 } }],
  });
  assert.ok(has(p, 'cameras[shelf].zones[bench].polygon[2][0]: above 1', 'fractions 0..1 of the picture'), p.join('\n'));
  assert.ok(has(p, 'cameras[shelf].lines[door].to[0]: above 1'), p.join('\n'));
  assert.ok(has(p, 'rules[evening].trigger'), p.join('\n'));
  assert.ok(!p.some((x) => /\.\d+[.:]/.test(x.split(':')[0] ?? '')), `no dotted positions: ${p.join('\n')}`);
  // an id that reads as a position is quoted; a place that has no id keeps its position
  assert.equal(placeName({ cameras: [{ id: '7' }, { url: 'x' }] }, ['cameras', 0, 'url']), 'cameras["7"].url');
  assert.equal(placeName({ cameras: [{ id: '7' }, { url: 'x' }] }, ['cameras', 1, 'url']), 'cameras[1].url');
  assert.equal(placeName({ cameras: [{ id: 'a', detector: { classThresholds: { 'traffic light': 2 } } }] }, ['cameras', 0, 'detector', 'classThresholds', 'traffic light']), 'cameras[a].detector.classThresholds["traffic light"]');
});

test('duplicate camera, zone and line ids are named as duplicates, and a rule on the shared id is not told its zone is missing', () => {
  const zone = (id: string): object => ({ id, polygon: [[0, 0], [1, 0], [1, 1]] });
  const p = problems({
    cameras: [
      { id: 'shelf', url: 'rtsp://cam/a', zones: [zone('bench'), zone('bench')], lines: [{ id: 'B', from: [0, 0], to: [1, 1] }, { id: 'B', from: [0, 1], to: [1, 0] }] },
      { id: 'shelf', url: 'rtsp://cam/b', zones: [zone('door')] },
    ],
    rules: [{ id: 'r', camera: 'shelf', zone: 'bench', trigger }],
  });
  assert.ok(has(p, 'cameras[1].id: duplicate camera id "shelf" (cameras[0] is "shelf" too)', 'each camera needs its own id'), p.join('\n'));
  assert.ok(has(p, 'cameras[0].zones[1].id: duplicate zone id "bench" (cameras[0].zones[0] is "bench" too)'), p.join('\n'));
  assert.ok(has(p, 'cameras[0].lines[1].id: duplicate line id "B" (cameras[0].lines[0] is "B" too)'), p.join('\n'));
  assert.ok(!p.some((x) => x.includes('has zone')), p.join('\n'));
  assert.equal(p.length, 3, p.join('\n'));
});

test('schema problems and cross-references come in one pass: a rule with a bad time still has its zone, class and line checked', () => {
  const p = problems({
    cameras: [camera],
    rules: [
      { id: 'a', camera: 'table', zone: 'kitchen', class: 'persn', trigger, timeOfDay: { from: 'dusk', to: '7am' } },
      { id: 'b', camera: 'table', trigger: { type: 'line', line: 'gate', direction: 'sideways' } },
      { id: 'c', camera: 'cam9', trigger, cooldownSeconds: -1 },
    ],
  });
  assert.ok(has(p, 'rules[a].timeOfDay.from: "dusk" is not a time of day', 'like "19:00", "7pm" or "7:30 pm"'), p.join('\n'));
  assert.ok(has(p, 'rules[a].zone', '"kitchen"'), p.join('\n'));
  assert.ok(has(p, 'rules[a].class', 'did you mean "person"'), p.join('\n'));
  assert.ok(has(p, 'rules[b].trigger.direction'), p.join('\n'));
  assert.ok(has(p, 'rules[b].trigger.line', '"gate"'), p.join('\n'));
  assert.ok(has(p, 'rules[c].camera', 'unknown camera "cam9"'), p.join('\n'));
  assert.ok(has(p, 'rules[c].cooldownSeconds'), p.join('\n'));
  assert.equal(p.length, 7, p.join('\n'));
});

test('a rule time is read as people write it and kept as HH:MM; an hour alone or words are refused with an example', () => {
  const read = (from: unknown, to: unknown = '07:00'): { from: string; to: string } | string[] => {
    try {
      const cfg = validateConfig({ cameras: [camera], rules: [{ id: 'r', trigger, timeOfDay: { from, to } }] }, 't');
      const t = cfg.rules[0]?.timeOfDay;
      return { from: t?.from ?? '', to: t?.to ?? '' };
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };
  for (const [written, kept] of [['7pm', '19:00'], ['7 PM', '19:00'], ['7:30 pm', '19:30'], ['7.30pm', '19:30'], ['7 p.m.', '19:00'], ['19:00', '19:00'], ['9:05', '09:05'], ['noon', '12:00'], ['midnight', '00:00'], ['12am', '00:00'], ['12:15 pm', '12:15']]) {
    assert.deepEqual(read(written), { from: kept, to: '07:00' }, written);
  }
  for (const [written, why] of [['7', /"7" is an hour without minutes or am\/pm/], ['dusk', /"dusk" is not a time of day/], ['25:00', /"25:00" is not a time of day/], ['13pm', /"13pm" is not a time of day/], [19, /19 is not text/]] as const) {
    const p = read(written);
    assert.ok(Array.isArray(p) && p.length === 1, `${written}: ${JSON.stringify(p)}`);
    assert.match(p[0] ?? '', why);
    assert.match(p[0] ?? '', /^rules\[r\]\.timeOfDay\.from: .*write it like "19:00", "7pm" or "7:30 pm"$/);
  }
  // the runtime API reads rules with the same schema
  assert.deepEqual(ruleSchema.parse({ id: 'x', trigger, timeOfDay: { from: '7pm', to: '6:30 am' } }).timeOfDay, { from: '19:00', to: '06:30' });
});

test('config check and start check the machine in the same pass as the schema: a missing camera file is listed with the schema problems', () => {
  const dir = tempDir('onepass');
  const missing = join(dir, 'no-such-clip.mp4');
  assert.throws(
    () => checkConfig({ data: join(dir, 'data'), mqtt: { enabled: false }, http: { port: -1 }, cameras: [{ id: 'shelf', url: missing }] }, 't'),
    (e: unknown) => {
      const p = (e as ConfigError).problems;
      assert.ok(has(p, 'http.port'), p.join('\n'));
      assert.ok(has(p, 'cameras[shelf].url: no such file', 'no-such-clip.mp4, which does not exist'), p.join('\n'));
      return p.length === 2;
    },
  );
  // schema clean: the same file problem, from the validated config
  assert.throws(() => checkConfig({ data: join(dir, 'data'), mqtt: { enabled: false }, cameras: [{ id: 'shelf', url: `file://${missing}` }] }, 't'), /cameras\[shelf\]\.url: no such file/);
  const clip = join(dir, 'clip.mp4');
  writeFileSync(clip, 'x');
  assert.equal(checkConfig({ data: join(dir, 'data'), mqtt: { enabled: false }, cameras: [{ id: 'shelf', url: clip }] }, 't').config.cameras[0]?.id, 'shelf');
});

test('schema choices and types are worded plainly, naming what was written and what is allowed (no zod wording)', () => {
  const p = problems({
    log: { format: 'fancy' },
    cameras: [camera],
    rules: [
      { id: 'w', camera: 'table', trigger: { type: 'count', op: '>>', n: 1 } },
      { id: 'x', camera: 'table', trigger: { type: 'dwell', seconds: 'ten' } },
      { id: 'y', camera: 'table', trigger: { type: 'count', op: 'ge' } },
    ],
  });
  assert.ok(has(p, 'log.format: "fancy" is not allowed here: write one of auto, pretty, json'), p.join('\n'));
  assert.ok(has(p, 'rules[w].trigger.op: ">>" is not allowed here: write one of eq, ne, lt, le, gt, ge', '">=" (ge)'), p.join('\n'));
  assert.ok(has(p, 'rules[x].trigger.seconds: "ten" is text: write a number'), p.join('\n'));
  assert.ok(has(p, 'rules[y].trigger.n: missing: write a number'), p.join('\n'));
  assert.ok(!p.some((l) => /Invalid (option|input)|expected one of|received/.test(l)), p.join('\n'));
  // rules.put at runtime says the same
  const e = new RuleEngine({ node: 'n', timeZone: 'UTC', cameras: { table: { zones: [], lines: [] } } });
  assert.throws(() => e.put({ id: 'w', trigger: { type: 'count', op: '>>', n: 1 } }), (err: unknown) => err instanceof RuleError && err.code === 'RULE_INVALID' && err.message.includes('trigger.op: ">>" is not allowed here: write one of'));
});
