import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { exampleConfigYaml } from '../../edge/config/example.js';
import { configKeyNames } from '../../edge/config/json-schema.js';
import { configReferenceMarkdown } from '../../edge/config/reference.js';
import { ConfigError, loadConfig, validateConfig } from '../../edge/config/load.js';
import { packageRoot } from '../../edge/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-cfg-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

test('defaults: one demo camera at 2 fps, port 8080, frozen', () => {
  const cfg = loadConfig({ env: {} });
  assert.equal(cfg.http.port, 8080);
  assert.equal(cfg.cameras.length, 1);
  assert.deepEqual([cfg.cameras[0]?.id, cfg.cameras[0]?.url, cfg.cameras[0]?.fps], ['demo', 'builtin:demo', 2]);
  assert.ok(Object.isFrozen(cfg) && Object.isFrozen(cfg.http));
});

test('YAML and JSON files load; camera defaults fill in', () => {
  const y = loadConfig({ env: {}, file: file('a.yaml', 'node: box1\ncameras:\n  - id: door\n    url: rtsp://cam/live\n') });
  assert.equal(y.node, 'box1');
  const c = y.cameras[0];
  assert.deepEqual([c?.id, c?.url, c?.fps, c?.width, c?.enabled, c?.transport, c?.watchdogSeconds], ['door', 'rtsp://cam/live', 2, 640, true, 'tcp', 10]);
  assert.deepEqual([c?.detector.model, c?.motionGate, c?.zones, c?.lines], ['auto', true, [], []]);
  const j = loadConfig({ env: {}, file: file('a.json', '{"http": {"port": 9000}}') });
  assert.equal(j.http.port, 9000);
});

test('environment overrides, then command-line flags', () => {
  const env = { VIGIL_HTTP__PORT: '9100', VIGIL_MQTT__URL: 'mqtt://h:1883', VIGIL_CAMERAS__0__WATCHDOGSECONDS: '4', VIGIL_NODE: 'edge7' };
  const cfg = loadConfig({ env, file: file('b.yaml', 'cameras:\n  - id: a\n    url: x.mp4\n') });
  assert.equal(cfg.http.port, 9100);
  assert.equal(cfg.mqtt.url, 'mqtt://h:1883');
  assert.equal(cfg.cameras[0]?.watchdogSeconds, 4);
  assert.equal(cfg.node, 'edge7');
  const env2 = { VIGIL_HTTP__PORT: '9100', VIGIL_DATA: '/srv/v' };
  assert.equal(loadConfig({ env: env2 }).data, '/srv/v');
  assert.equal(loadConfig({ env: env2, port: 7000, data: '/tmp/d' }).http.port, 7000);
  assert.equal(loadConfig({ env: env2, data: '/tmp/d' }).data, '/tmp/d');
});

test('every bad path is reported at once', () => {
  const bad = file('bad.yaml', ['http:', '  port: 99999', 'cameras:', '  - id: "bad id"', '    url: ""', '    fps: 0', '  - id: x', '    url: a.mp4', '    colour: red', '  - id: x', '    url: b.mp4', 'mqtt: {url: 5}', ''].join('\n'));
  try {
    loadConfig({ env: {}, file: bad });
    assert.fail('should throw');
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    const paths = e.problems.map((p) => p.split(':')[0]);
    for (const p of ['http.port', 'cameras["bad id"].id', 'cameras["bad id"].url', 'cameras["bad id"].fps', 'cameras[1]', 'mqtt.url', 'cameras[2].id']) {
      assert.ok(paths.includes(p), `missing ${p} in ${JSON.stringify(e.problems)}`);
    }
  }
});

test('unreadable and malformed files give a clear error', () => {
  assert.throws(() => loadConfig({ env: {}, file: join(dir, 'nope.yaml') }), /cannot read file: ENOENT/);
  assert.throws(() => loadConfig({ env: {}, file: file('m.yaml', 'cameras: [\n') }), /not valid YAML/);
  assert.throws(() => loadConfig({ env: {}, file: file('l.yaml', '- 1\n- 2\n') }), /top level must be a mapping/);
});

test('the example in deploy/ is generated from the schema, is current and validates', () => {
  const text = exampleConfigYaml();
  assert.equal(readFileSync(join(packageRoot(), 'deploy', 'vigil.example.yaml'), 'utf8'), text, 'run: node dist/edge/cli/main.js config example --out deploy/vigil.example.yaml');
  const cfg = validateConfig(parse(text), 'example');
  assert.equal(cfg.cameras[0]?.id, 'demo');
  assert.match(text, /# Analysis rate in frames per second\.\n\s+fps: 2/);
});

test('audio: speech "openai" needs models.transcription; with it the config validates', () => {
  const cam = { id: 'bench', url: 'a.mp4', audio: { speech: 'openai' } };
  assert.throws(
    () => validateConfig({ cameras: [cam] }, 'test'),
    (e: unknown) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('cameras[bench].audio.speech') && /models\.transcription/.test(p)),
  );
  const ok = validateConfig({ cameras: [cam], models: { transcription: { baseUrl: 'http://127.0.0.1:9000/v1', model: 'whisper-1' } } }, 'test');
  assert.equal(ok.cameras[0]?.audio.speech, 'openai');
  assert.equal(ok.cameras[0]?.audio.loudDbfs, -10);
});

test('auth is on by default; "auth: off" is the short form of enabled: false; the embedded broker stays on loopback unless credentials are set', () => {
  assert.equal(validateConfig({}, 't').auth.enabled, true);
  assert.equal(validateConfig({}, 't').auth.mqttAnonymous, 'none');
  assert.equal(validateConfig({}, 't').mqtt.embedded.host, '127.0.0.1');
  assert.equal(validateConfig({ auth: 'off' }, 't').auth.enabled, false);
  assert.equal(validateConfig({ auth: false }, 't').auth.enabled, false);
  assert.throws(() => validateConfig({ mqtt: { embedded: { host: '0.0.0.0' } } }, 't'), /mqtt\.embedded\.host: the embedded broker would listen on 0\.0\.0\.0/);
  assert.equal(validateConfig({ mqtt: { embedded: { host: '0.0.0.0' }, username: 'u', password: 'p' } }, 't').mqtt.embedded.host, '0.0.0.0');
  assert.equal(validateConfig({ mqtt: { url: 'mqtt://broker:1883', embedded: { host: '0.0.0.0' } } }, 't').mqtt.url, 'mqtt://broker:1883');
});

test('reid.waitDetections: 2 by default, 0 decides at the first detection, more than 10 is refused', () => {
  assert.equal(validateConfig({ cameras: [{ id: 'a', url: 'builtin:demo' }] }, 't').cameras[0]?.reid.waitDetections, 2);
  assert.equal(validateConfig({ cameras: [{ id: 'a', url: 'builtin:demo', reid: { waitDetections: 0 } }] }, 't').cameras[0]?.reid.waitDetections, 0);
  assert.throws(() => validateConfig({ cameras: [{ id: 'a', url: 'builtin:demo', reid: { waitDetections: 11 } }] }, 't'), /reid\.waitDetections/);
});

test('docs/configuration.md is generated from the schema and is current; it names every key', () => {
  const root = packageRoot();
  const text = configReferenceMarkdown(readFileSync(join(root, 'scripts', 'config-docs-intro.md'), 'utf8'));
  assert.equal(readFileSync(join(root, 'docs', 'configuration.md'), 'utf8'), text, 'run: npm run docs:config');
  for (const row of ['| `cameras[].zones[].polygon` |', '| `log.format` | one of: `auto`, `pretty`, `json` | `"auto"` |', '| `rules[].timeOfDay.from` |', '| `fleet.peers.<name>.key` |', '| `models.llm.baseUrl` |', '| `rules[].trigger.seconds (dwell)` |']) {
    assert.ok(text.includes(row), row);
  }
  // every key the schema knows appears in the reference
  for (const key of configKeyNames()) assert.match(text, new RegExp(`\\.${key}[\` (]|\`${key}\``), key);
});
