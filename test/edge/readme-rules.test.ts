/**
 * The README's first alert, as a newcomer copies it: its `table-busy` dwell rule must report every
 * visitor of the one-by-one clip, the second arriving 17 s after the first alert (within the
 * default 60 s cooldown, which would skip it).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import type { EventObservation, FrameObservation } from '../../ingest/observations.js';
import { RuleEngine } from '../../edge/rules/engine.js';
import { packageRoot } from '../../edge/paths.js';

const T0 = Date.parse('2026-11-27T00:57:44Z');
const box = { x1: 0, y1: 0, x2: 10, y2: 10 };

/** The rules of the YAML block in the README's "Your first alert" section. */
function readmeRules(): Record<string, unknown>[] {
  const readme = readFileSync(join(packageRoot(), 'README.md'), 'utf8');
  const section = readme.split('## Your first alert')[1] ?? '';
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'the first-alert section has a yaml block');
  return (parse(block) as { rules: Record<string, unknown>[] }).rules;
}

function frame(ts: number, people: string[]): FrameObservation {
  return { kind: 'frame', camera: 'bench', ts, motion: 0.1, detected: true, counts: people.length ? { person: people.length } : {}, objects: people.map((id, i) => ({ objectId: id, trackId: i, label: 'person', box, score: 0.8 })), occupancy: { table: people.length } };
}

function zone(ts: number, type: 'zone_enter' | 'zone_exit', objectId: string): EventObservation {
  return { kind: 'event', camera: 'bench', ts, type, zone: 'table', objectId, label: 'person' };
}

/** Visits of the one-by-one clip (seconds from its start): P1 0:05-0:18, P2 0:22-0:43, P3 0:50-1:07. */
const VISITS: [string, number, number][] = [['p1', 5, 18], ['p2', 22, 43], ['p3', 50, 67]];

/** Replays the visits at 2 fps; returns the objects each alert of `rule` was for. */
function replay(rule: Record<string, unknown>): string[] {
  const e = new RuleEngine({ node: 'n', timeZone: 'UTC', cameras: { bench: { zones: ['table'], lines: [] } } });
  e.put(rule, 'config');
  const fired: string[] = [];
  for (let t = 0; t <= 70; t += 0.5) {
    const ts = T0 + t * 1000;
    for (const [id, from, to] of VISITS) {
      if (t === from) e.observe(zone(ts, 'zone_enter', id));
      if (t === to) e.observe(zone(ts, 'zone_exit', id));
    }
    const here = VISITS.filter(([, from, to]) => t >= from && t < to).map(([id]) => id);
    for (const a of e.observe(frame(ts, here))) fired.push(...a.evidence.objectIds);
  }
  return fired;
}

test("README's table-busy rule sets a cooldown that reports every visitor of the clip", () => {
  const rule = readmeRules().find((r) => r['id'] === 'table-busy');
  assert.ok(rule, 'README has the table-busy rule');
  assert.equal(typeof rule['cooldownSeconds'], 'number', 'the example sets its cooldown');
  assert.deepEqual(replay(rule), ['p1', 'p2', 'p3']);
  const { cooldownSeconds: _dropped, ...withDefault } = rule;
  assert.deepEqual(replay(withDefault), ['p1'], 'with the default 60 s cooldown the next visitors are skipped, as the README says');
});
