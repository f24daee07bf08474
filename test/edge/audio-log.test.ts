/**
 * The audio component's JSON log lines, wired as the daemon wires them (a logger with
 * `ns: ingest:audio`): every key once. The first-hour trial found
 * `"ns":"ingest:audio","camera":"demo","ns":"ingest:audio"` (the session bound `ns` again).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { AudioComponent } from '../../edge/components/audio.js';
import { validateConfig } from '../../edge/config/load.js';
import { createLogger } from '../../edge/log.js';

/** The keys of a JSON object's top level, in the order written, repeats kept. */
function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (ch === '"') {
      let j = i + 1;
      while (json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      if (depth === 1 && json[j + 1] === ':') keys.push(json.slice(i + 1, j));
      i = j;
    }
  }
  return keys;
}

test('topLevelKeys sees a repeated key and skips nested ones', () => {
  assert.deepEqual(topLevelKeys('{"a":1,"b":{"a":"x\\"y"},"a":2}'), ['a', 'b', 'a']);
});

test('audio log lines carry each key once (ns and camera not repeated)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-audio-log-')), 'log.jsonl');
  const fd = openSync(file, 'w');
  const log = createLogger('info', fd, 'json', {});
  const cfg = validateConfig({ cameras: [{ id: 'demo', url: '/nonexistent/clip.mp4' }] }, 'test');
  // an "ffmpeg" that fails at once: the session logs its retry warning
  const audio = new AudioComponent(cfg.cameras, { ffmpeg: () => ({ path: '/bin/false', major: 6, source: 'system' }), log: log.child({ ns: 'ingest:audio' }), write: () => undefined, engine: () => null });
  await audio.start(new AbortController().signal);
  const lines = (): string[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{'));
  for (let i = 0; i < 100 && !lines().some((l) => l.includes('audio stream failed')); i++) {
    await sleep(50);
  }
  await audio.stop();
  const warn = lines().find((l) => l.includes('audio stream failed'));
  assert.ok(warn, readFileSync(file, 'utf8'));
  const keys = topLevelKeys(warn);
  assert.ok(keys.includes('ns') && keys.includes('camera'), warn);
  assert.deepEqual(keys, [...new Set(keys)], `a key written twice: ${warn}`);
});
