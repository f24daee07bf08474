/**
 * Config files for the fuzzer: the generated example config and a rich valid config, mutated as
 * structures (then written as YAML or JSON) or as text (YAML syntax junk, anchors and aliases,
 * tags, truncation), with random `VIGIL_*` environment overrides.
 */
import { stringify } from 'yaml';
import { exampleConfigYaml } from '../../../edge/config/example.js';
import { junkString, longString, mutateMany, NUMBER_STRINGS } from './junk.js';
import { jsonText, junkValue, mutateJson, type Json } from './json-mutate.js';
import type { Rng } from './prng.js';

/** One config input: file text and environment. */
export interface ConfigInput {
  text: string;
  env: Record<string, string>;
  shape: string;
}

/** A valid config using most sections. */
export const RICH_CONFIG: Json = {
  node: 'fuzz',
  data: './data',
  timezone: 'Europe/Berlin',
  log: { level: 'info' },
  http: { port: 8080, host: '127.0.0.1' },
  api: { maxInFlight: 8, maxQueued: 256 },
  memory: { rawHours: 24, eventsDays: 7, budgetGB: 2, minFreeMB: 64 },
  auth: { tokens: [{ name: 'ops', token: 'read-token-0123456789', scope: 'read' }, { name: 'admin', token: 'admin-token-0123456789', scope: 'admin' }] },
  mqtt: { enabled: true, url: 'mqtt://127.0.0.1:1883', protocolVersion: 5, keepaliveSeconds: 30, homeAssistant: { discovery: true, prefix: 'homeassistant' }, tls: { ca: null, rejectUnauthorized: true } },
  rules: [
    { id: 'crowd', camera: 'front', class: 'person', zone: 'table', trigger: { type: 'count', op: '>=', value: 2, forSeconds: 3 }, timeOfDay: { from: '22:00', to: '06:00', days: [1, 2] } },
    { id: 'cross', camera: 'front', trigger: { type: 'line', line: 'door', direction: 'forward' } },
    { id: 'loud', trigger: { type: 'sound', minDbfs: -20 } },
  ],
  models: { llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen', apiKey: null, timeoutMs: 20000 }, answering: { planner: 'auto', maxTools: 3, mctsN: 2 } },
  cameras: [
    {
      id: 'front',
      url: 'rtsp://user:pass@10.0.0.2:554/stream',
      fps: 2,
      width: 640,
      detector: { model: 'centernet', scoreThreshold: 0.3, classes: ['person', 'car'], classThresholds: { person: 0.4 } },
      zones: [{ id: 'table', polygon: [[0.1, 0.1], [0.5, 0.1], [0.5, 0.5]] }],
      lines: [{ id: 'door', from: [0.2, 0.9], to: [0.8, 0.9] }],
      ocr: { enabled: false, regions: [[0, 0, 1, 1]] },
      audio: { enabled: true, speech: 'off', vocabulary: ['hello'] },
    },
    { id: 'back', url: '/videos/clip.mp4', detector: { model: 'none' }, enabled: false },
  ],
};

/** YAML fragments that stress the parser. */
const YAML_JUNK = ['&a ', '*a', '*missing', '!!binary ', '!!js/undefined ', '!!str ', '!!int ', '!!float .nan', '!!timestamp ', '<<: *a\n', '---\n', '...\n', '%YAML 1.1\n', '%TAG ! tag:x:\n', '? ', ': ', '- ', '\t', '\ufeff', '|\n', '>-\n', '{', '}', '[', ']', '"', "'", '#', '\n  ', '~', 'null', '.inf', '-.inf', '0o17', '0x1F', '1_000', 'yes', 'no', 'on', '2001-12-14t21:59:43.10-05:00'];

/** A YAML document with aliases that expand a lot (a "billion laughs"). */
function aliasBomb(rng: Rng): string {
  const levels = rng.int(2, 9);
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  lines.push(`cameras: *a${levels}`);
  return lines.join('\n');
}

function textMutations(rng: Rng, text: string): string {
  let out = text;
  for (let n = rng.int(1, 4); n > 0; n--) {
    const at = rng.int(0, out.length);
    const r = rng.int(0, 4);
    if (r === 0) out = out.slice(0, at) + rng.pick(YAML_JUNK) + out.slice(at);
    else if (r === 1) out = mutateMany(rng, out, 1);
    else if (r === 2) {
      const lines = out.split('\n');
      const i = rng.int(0, lines.length - 1);
      lines.splice(i, 0, lines[rng.int(0, lines.length - 1)] ?? '');
      out = lines.join('\n');
    } else if (r === 3) out = out.replace(/: .*/, `: ${rng.pick(NUMBER_STRINGS)}`);
    else out = out.slice(0, at);
  }
  return out;
}

/** Random `VIGIL_*` overrides: real paths with odd values, odd paths, huge indices. */
function envFor(rng: Rng): Record<string, string> {
  const env: Record<string, string> = {};
  if (rng.chance(0.6)) return env;
  const paths = ['HTTP__PORT', 'NODE', 'CAMERAS__0__URL', 'CAMERAS__1__FPS', 'CAMERAS__0__ZONES__0__POLYGON', 'MQTT__URL', 'AUTH__TOKENS__0__TOKEN', 'RULES__0__TRIGGER__TYPE', 'MODELS__LLM__BASEURL', 'LOG__LEVEL', 'TIMEZONE', 'API__MAXINFLIGHT', 'CAMERAS__99__ID', 'CAMERAS__-1__ID', 'CAMERAS__1e3__URL', 'CAMERAS__4294967294__ID', 'CAMERAS__99999999999999__URL', '__PROTO____X', 'CONSTRUCTOR__PROTOTYPE__X', 'CAMERAS____ID', '___', 'X__Y__Z', 'camera__0'];
  for (let n = rng.int(1, 4); n > 0; n--) {
    const name = `VIGIL_${rng.chance(0.85) ? rng.pick(paths) : junkString(rng, 20).replaceAll('=', '_').replaceAll('\u0000', '_')}`;
    env[name] = rng.chance(0.5) ? rng.pick(NUMBER_STRINGS) : rng.chance(0.5) ? JSON.stringify(junkValue(rng)) : junkString(rng, 40).replaceAll('\u0000', '');
  }
  return env;
}

let example: string | null = null;

/** Builds one config input. */
export function configInput(rng: Rng): ConfigInput {
  const env = envFor(rng);
  const shape = rng.weighted<string>([
    [3, 'example-text'],
    [4, 'rich-yaml'],
    [3, 'rich-json'],
    [4, 'rich-text'],
    [1, 'bomb'],
    [1, 'junk'],
    [1, 'valid'],
  ]);
  switch (shape) {
    case 'example-text':
      return { text: textMutations(rng, (example ??= exampleConfigYaml())), env, shape };
    case 'rich-yaml':
      return { text: stringify(mutateJson(rng, RICH_CONFIG, 4)), env, shape };
    case 'rich-json':
      return { text: jsonText(rng, mutateJson(rng, RICH_CONFIG, 4)), env, shape };
    case 'rich-text':
      return { text: textMutations(rng, stringify(RICH_CONFIG)), env, shape };
    case 'bomb':
      return { text: aliasBomb(rng), env, shape };
    case 'junk':
      return { text: rng.chance(0.5) ? junkString(rng, 400) : longString(rng, 20000), env, shape };
    default:
      return { text: stringify(RICH_CONFIG), env, shape };
  }
}
