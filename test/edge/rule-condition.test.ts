/**
 * One condition language: a rule's count trigger is the questions' count condition, the older
 * `{op: '>=', value}` form is read as it, and both evaluate identically, through the questions'
 * own `holds()`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { RuleEngine } from '../../edge/rules/engine.js';
import { ruleSchema } from '../../edge/rules/schema.js';
import { LEGACY_OPS } from '../../edge/rules/legacy-trigger.js';
import { holds } from '../../planner/query/execute-measures.js';
import { configSchema } from '../../edge/config/schema.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const box = { x1: 0, y1: 0, x2: 10, y2: 10 };
const COUNTS = [0, 1, 2, 3, 3, 2, 4, 5, 1, 0, 2, 2, 2];

function frame(ts: number, n: number): FrameObservation {
  const ids = Array.from({ length: n }, (_, i) => `p${i}`);
  return { kind: 'frame', camera: 'cam', ts, motion: 0.1, detected: true, counts: n ? { person: n } : {}, objects: ids.map((id, i) => ({ objectId: id, trackId: i, label: 'person', box, score: 0.8 })), occupancy: {} };
}

/** The alerts (frame time and count) a rule fires over the count sequence. */
function fired(trigger: unknown): string[] {
  const e = new RuleEngine({ node: 'n', timeZone: 'UTC', cameras: { cam: { zones: [], lines: [] } }, now: () => 0 });
  e.put({ id: 'r', class: 'person', trigger, cooldownSeconds: 0 });
  return COUNTS.flatMap((n, i) => e.observe(frame(T0 + i * 1000, n)).map((a) => `${a.frameTs - T0}:${a.evidence.count ?? ''}:${a.message}`));
}

test('the older count form is read as the questions\' condition', () => {
  for (const [sign, op] of Object.entries(LEGACY_OPS)) {
    const r = ruleSchema.parse({ id: 'x', trigger: { type: 'count', op: sign, value: 2, forSeconds: 3 } });
    assert.deepEqual(r.trigger, { type: 'count', op, n: 2, forSeconds: 3 });
  }
  // in a config file too
  const cfg = configSchema.parse({ rules: [{ id: 'x', trigger: { type: 'count', op: '<', value: 3 } }] });
  assert.deepEqual(cfg.rules[0]?.trigger, { type: 'count', op: 'lt', n: 3 });
  // the new form passes unchanged; a bad operator is still refused
  assert.deepEqual(ruleSchema.parse({ id: 'x', trigger: { type: 'count', op: 'ge', n: 1 } }).trigger, { type: 'count', op: 'ge', n: 1 });
  assert.equal(ruleSchema.safeParse({ id: 'x', trigger: { type: 'count', op: '=>', value: 1 } }).success, false);
  assert.equal(ruleSchema.safeParse({ id: 'x', trigger: { type: 'count', op: 'full' } }).success, false);
});

test('old and new forms fire identically, for every operator, with and without a hold', () => {
  let any = 0;
  for (const [sign, op] of Object.entries(LEGACY_OPS)) {
    for (const forSeconds of [0, 2]) {
      const old = fired({ type: 'count', op: sign, value: 2, forSeconds });
      const now = fired({ type: 'count', op, n: 2, forSeconds });
      assert.deepEqual(now, old, `${sign} / ${op} for ${forSeconds} s`);
      any += now.length;
    }
  }
  assert.ok(any > 10, 'the sequence fires the rules');
});

test('the engine decides with the questions\' holds(): each firing count passes it, each held count was tested by it', () => {
  for (const op of Object.values(LEGACY_OPS)) {
    const alerts = fired({ type: 'count', op, n: 2 });
    for (const a of alerts) assert.ok(holds(Number(a.split(':')[1]), { op, n: 2 }, 0), `${op}: ${a}`);
    // edge-triggered: a firing each time the condition starts holding, as holds() sees it
    const starts = COUNTS.filter((n, i) => holds(n, { op, n: 2 }, 0) && (i === 0 || !holds(COUNTS[i - 1] ?? 0, { op, n: 2 }, 0))).length;
    assert.equal(alerts.length, starts, op);
  }
});
