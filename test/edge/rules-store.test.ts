/**
 * Runtime rules on disk: atomic writes with the previous version kept, corrupt or wrongly shaped
 * files reported and moved aside (never overwritten), and the RULE_INVALID code for rule shape
 * errors on the wire.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateRequest } from '../../edge/api/validate.js';
import { EventBus } from '../../edge/bus.js';
import { RulesComponent } from '../../edge/components/rules.js';
import { readRuleFile } from '../../edge/rules/store.js';
import { tempDir } from '../helpers/daemon.js';
import { silentLogger } from '../helpers/logger.js';

const cameras = { table: { zones: ['seat'], lines: [] } };
const rule = (id: string, extra: object = {}): object => ({ id, class: 'person', trigger: { type: 'count', op: '>=', value: 1 }, ...extra });

async function component(file: string, lines: string[] = []): Promise<RulesComponent> {
  const log = silentLogger(lines);
  const c = new RulesComponent({ bus: new EventBus(log), log, rules: [], file, node: 'n', cameras, timeZone: 'UTC' });
  await c.start();
  return c;
}

function ids(file: string): string[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { id: string }[]).map((r) => r.id);
}

test('rules.json is replaced atomically and the previous version is kept as rules.json.bak', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  const c = await component(file);
  c.put(rule('a'));
  assert.deepEqual(ids(file), ['a']);
  assert.equal(existsSync(`${file}.bak`), false);
  c.put(rule('b'));
  assert.deepEqual(ids(file), ['a', 'b']);
  assert.deepEqual(ids(`${file}.bak`), ['a']);
  c.delete('a');
  assert.deepEqual(ids(file), ['b']);
  assert.deepEqual(ids(`${file}.bak`), ['a', 'b']);
  assert.deepEqual(readdirSync(dir).sort(), ['rules.json', 'rules.json.bak'], 'no temporary file is left');
  // a restart reads the current version
  const again = await component(file);
  assert.deepEqual(again.engine.list().map((r) => r.id), ['b']);
});

test('a corrupt rules.json is reported, moved aside and not overwritten by the next rules.put', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  const corrupt = '[{"id": "kept", "trigger": {"type": "dwell", "seconds": 3}}, {"id": "half';
  writeFileSync(file, corrupt);
  const lines: string[] = [];
  const c = await component(file, lines);
  assert.equal(c.engine.list().length, 0);
  const aside = readdirSync(dir).filter((f) => f.startsWith('rules.json.corrupt-'));
  assert.equal(aside.length, 1, readdirSync(dir).join(' '));
  assert.equal(readFileSync(join(dir, aside[0]!), 'utf8'), corrupt, 'the corrupt file is kept byte for byte');
  assert.ok(lines.some((l) => l.startsWith('error') && l.includes('corrupt') && l.includes('not JSON') && l.includes(aside[0]!)), lines.join('\n'));
  c.put(rule('new'));
  assert.deepEqual(ids(file), ['new']);
  assert.equal(readFileSync(join(dir, aside[0]!), 'utf8'), corrupt);
});

test('a wrongly shaped rules.json ({"rules":"wat"}) is reported and moved aside, not read as 0 rules silently', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  writeFileSync(file, '{"rules":"wat"}');
  assert.equal(readRuleFile(file).state, 'bad');
  const lines: string[] = [];
  await component(file, lines);
  assert.ok(lines.some((l) => l.startsWith('error') && l.includes('expected a JSON array of rules')), lines.join('\n'));
  assert.equal(existsSync(file), false);
  assert.equal(readdirSync(dir).filter((f) => f.startsWith('rules.json.corrupt-')).length, 1);
});

test('a corrupt rules.json falls back to the previous version in rules.json.bak', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  const c = await component(file);
  c.put(rule('a'));
  c.put(rule('b'));
  writeFileSync(file, 'garbage');
  const lines: string[] = [];
  const again = await component(file, lines);
  assert.deepEqual(again.engine.list().map((r) => r.id), ['a']);
  assert.ok(lines.some((l) => l.startsWith('warn') && l.includes('previous version')), lines.join('\n'));
});

test('a file corrupted while running is moved aside on the next save, not overwritten nor taken as the backup', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  const c = await component(file);
  c.put(rule('a'));
  writeFileSync(file, '{"oops":');
  c.put(rule('b'));
  assert.deepEqual(ids(file), ['a', 'b']);
  assert.equal(existsSync(`${file}.bak`), false);
  const aside = readdirSync(dir).filter((f) => f.startsWith('rules.json.corrupt-'));
  assert.equal(aside.length, 1);
  assert.equal(readFileSync(join(dir, aside[0]!), 'utf8'), '{"oops":');
});

test('a stored rule that no longer validates is kept in the file, not dropped by the next save', async () => {
  const dir = tempDir('rules');
  const file = join(dir, 'rules.json');
  writeFileSync(file, JSON.stringify([rule('gone-zone', { zone: 'kitchen' }), rule('ok')]));
  const lines: string[] = [];
  const c = await component(file, lines);
  assert.deepEqual(c.engine.list().map((r) => r.id), ['ok']);
  assert.ok(lines.some((l) => l.startsWith('warn') && l.includes('gone-zone')));
  c.put(rule('more'));
  assert.deepEqual(ids(file).sort(), ['gone-zone', 'more', 'ok']);
  assert.equal(c.delete('gone-zone'), true);
  assert.deepEqual(ids(file).sort(), ['more', 'ok']);
});

test('config rules: every bad rule is reported at once, not only the first', async () => {
  const log = silentLogger();
  const bad = [rule('a', { camera: 'nope' }), rule('b', { zone: 'kitchen' }), rule('c', { trigger: { type: 'line', line: 'L9' } })] as never[];
  const c = new RulesComponent({ bus: new EventBus(log), log, rules: bad, file: null, node: 'n', cameras, timeZone: 'UTC' });
  await assert.rejects(c.start(), (e: Error) => ['"a"', 'unknown camera "nope"', '"b"', 'zone "kitchen"', '"c"', 'line "L9"'].every((s) => e.message.includes(s)));
});

test('rules.put with a malformed rule answers RULE_INVALID (with every problem); a missing rule stays BAD_REQUEST', () => {
  const shape = validateRequest({ id: 'c', type: 'rules.put', rule: { id: 'r', trigger: { type: 'count', op: '~', value: 1 }, cooldownSeconds: -1 } });
  assert.equal(shape.ok, false);
  assert.equal(!shape.ok && shape.error.code, 'RULE_INVALID');
  assert.match(!shape.ok ? shape.error.message : '', /rule\.trigger\.op.*rule\.cooldownSeconds|rule\.cooldownSeconds.*rule\.trigger\.op/);
  const notObject = validateRequest({ id: 'd', type: 'rules.put', rule: 'wat' });
  assert.equal(!notObject.ok && notObject.error.code, 'RULE_INVALID');
  const missing = validateRequest({ id: 'e', type: 'rules.put' });
  assert.equal(!missing.ok && missing.error.code, 'BAD_REQUEST');
});
