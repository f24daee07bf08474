import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, ERROR_CODES, VigilError, type ErrorCode } from '../../ingest/errors/catalogue.js';
import { errorReply } from '../../ingest/errors/reply.js';
import { MemoryError } from '../../memory/validate.js';
import { SqlError } from '../../memory/sql/guard.js';
import { PlannerError } from '../../planner/errors.js';
import { UsageError } from '../../edge/cli/args.js';
import { ConfigError } from '../../edge/config/load.js';
import { RuleError } from '../../edge/rules/engine.js';
import { RulesNoModelError } from '../../edge/rules/nl.js';
import { DataDirLockError } from '../../edge/data-lock.js';
import { ZoneOverlayError } from '../../edge/config/overlay.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** One instance of every error class, with each code its catalogue row gives it. */
function instances(): VigilError[] {
  const codesOf = (owner: string): ErrorCode[] => ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].owner === owner);
  const out: VigilError[] = [];
  for (const c of codesOf('VigilError')) out.push(new VigilError(c, `vigil ${c}`));
  for (const c of codesOf('MemoryError')) out.push(new MemoryError(c as MemoryError['code'], `memory ${c}`));
  for (const c of codesOf('SqlError')) out.push(new SqlError(c as SqlError['code'], `sql ${c}`));
  for (const c of codesOf('PlannerError')) out.push(new PlannerError(c as PlannerError['code'], `planner ${c}`));
  for (const c of codesOf('RuleError')) out.push(new RuleError(c as RuleError['code'], `rule ${c}`));
  out.push(new RuleError('NOT_FOUND', 'no rule "x"'));
  out.push(new RulesNoModelError());
  out.push(new UsageError('a QUESTION is required'));
  out.push(new ConfigError(['http.port: too big'], 'test.yaml'));
  out.push(new ZoneOverlayError(['cameras.shelf.zones.0.polygon: the polygon crosses itself']));
  out.push(new DataDirLockError('data directory /d is in use by another vigil (pid 1)', { pid: 1, startedAt: 'x', procStart: null, command: 'start' }));
  return out;
}

test('every class raises only catalogue codes and gets its code and status in the body', () => {
  const seen = new Set<string>();
  for (const e of instances()) {
    assert.ok(e instanceof VigilError && e instanceof Error, e.name);
    const row = ERROR_CATALOGUE[e.code];
    assert.ok(row, `${e.name}: ${e.code} is in the catalogue`);
    assert.equal(e.status, row.status, `${e.name} ${e.code}`);
    const r = errorReply(e, { id: 'q' });
    assert.equal(r.status, row.status, `${e.name} ${e.code}`);
    assert.deepEqual(r.body, { status: 'error', code: row.wire, message: e.message, id: 'q' });
    assert.equal(r.unexpected, row.wire === 'INTERNAL');
    seen.add(e.name);
  }
  // each class answers as the right public code
  const body = (e: unknown): string => errorReply(e).body.code;
  assert.equal(body(new RuleError('RULE_INVALID', 'x')), 'RULE_INVALID');
  assert.equal(body(new RulesNoModelError()), 'RULES_NO_MODEL');
  assert.equal(body(new ZoneOverlayError(['x: bad'])), 'ZONES_INVALID');
  assert.equal(body(new PlannerError('PLANNER_MODEL_FAILED', 'x')), 'ASK_FAILED');
  assert.equal(body(new UsageError('x')), 'BAD_REQUEST');
  assert.equal(body(new SqlError('SQL_FORBIDDEN', 'x')), 'INTERNAL');
  assert.equal(body(new MemoryError('MEMORY_NOT_OPEN', 'x')), 'INTERNAL');
  // a damaged data file has its own public code (a client can tell it from a bug)
  assert.equal(body(new MemoryError('MEMORY_READ_FAILED', 'x')), 'MEMORY_READ_FAILED');
  assert.equal(body(new Error('plain')), 'INTERNAL');
  assert.equal(errorReply(new Error('plain')).status, 500);
  // the config error keeps its problems, also as details
  const ce = new ConfigError(['a: bad', 'b: worse'], 'f.yaml');
  assert.deepEqual(ce.problems, ['a: bad', 'b: worse']);
  assert.deepEqual(ce.details, ['a: bad', 'b: worse']);
  assert.equal(ce.name, 'ConfigError');
  // every owner named by the catalogue was constructed above
  const owners = new Set(ERROR_CODES.map((c) => ERROR_CATALOGUE[c].owner));
  assert.deepEqual([...owners].sort(), [...seen].sort());
});

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const ent of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, ent.name);
    if (ent.isDirectory()) out.push(...sources(p));
    else if (ent.name.endsWith('.ts') && !ent.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

test('no error class outside the catalogue: every class that extends an error is a catalogue owner', () => {
  const owners = new Set<string>(ERROR_CODES.map((c) => ERROR_CATALOGUE[c].owner));
  const found: string[] = [];
  for (const layer of ['ingest', 'memory', 'planner', 'edge']) {
    for (const file of sources(join(ROOT, layer))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/class\s+(\w+)(?:<[^>]*>)?\s+extends\s+(\w+)/g)) {
        const [, name = '', base = ''] = m;
        if (!/Error$/.test(base) && !/Error$/.test(name)) continue;
        found.push(name);
        assert.ok(owners.has(name), `${file}: class ${name} extends ${base} but raises no code of ingest/errors/catalogue.ts`);
        if (base === 'Error') assert.equal(name, 'VigilError', `${file}: ${name} must extend VigilError (or a subclass), not Error`);
      }
    }
  }
  assert.ok(found.includes('VigilError') && found.includes('PlannerError') && found.includes('ConfigError'), found.join(', '));
});
