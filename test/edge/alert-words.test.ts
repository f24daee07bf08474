/**
 * Alert messages read right: counted labels pluralised ("2 bottles in bench", "1 person in table",
 * "2 people", "3 wine glasses", "2 knives"), the comparison in words, absence in the plural.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameObservation } from '../../ingest/observations.js';
import { countMessage, RuleEngine } from '../../edge/rules/engine.js';
import { counted, pluralOf } from '../../edge/rules/words.js';

test('labels are counted with their plural, irregular ones and multi-word ones included', () => {
  const cases: [number, string, string][] = [
    [1, 'person', '1 person'],
    [2, 'person', '2 people'],
    [0, 'bottle', '0 bottles'],
    [2, 'bottle', '2 bottles'],
    [3, 'wine glass', '3 wine glasses'],
    [2, 'knife', '2 knives'],
    [2, 'mouse', '2 mice'],
    [4, 'sheep', '4 sheep'],
    [2, 'box', '2 boxes'],
    [2, 'bench', '2 benches'],
    [2, 'teddy bear', '2 teddy bears'],
    [2, 'sports ball', '2 sports balls'],
    [2, 'butterfly', '2 butterflies'],
    [2, 'object', '2 objects'],
    [1, 'cell phone', '1 cell phone'],
  ];
  for (const [n, label, want] of cases) assert.equal(counted(n, label), want);
  // a label that is not a word keeps its spelling and gets the regular ending
  assert.equal(pluralOf('forklift-2'), 'forklift-2s');
});

test('count and absence messages say the count, the zone and the condition in words', () => {
  const bottles = { id: 'b', class: 'bottle', zone: 'bench', trigger: { type: 'count', op: 'ge', n: 2 } } as const;
  assert.equal(countMessage(bottles, 2, 0), '2 bottles in bench (at least 2)');
  assert.equal(countMessage({ id: 'p', class: 'person', zone: 'table', trigger: { type: 'count', op: 'eq', n: 1, forSeconds: 5 } }, 1, 5000), '1 person in table (exactly 1 for 5 s)');
  assert.equal(countMessage({ id: 'f', class: 'bottle', trigger: { type: 'count', op: 'lt', n: 3 } }, 2, 0), '2 bottles (fewer than 3)');
  assert.equal(countMessage({ id: 'e', class: 'person', zone: 'table', trigger: { type: 'absence', seconds: 10 } }, 0, 12_400), 'no people in table for 12 s');
  assert.equal(countMessage({ id: 'a', trigger: { type: 'count', op: 'gt', n: 4 } }, 5, 0), '5 objects (more than 4)');
});

test('the engine fires count alerts with these messages', () => {
  const e = new RuleEngine({ node: 'n', timeZone: 'UTC', cameras: { shelf: { zones: ['bench'], lines: [] } } });
  e.put({ id: 'two', camera: 'shelf', class: 'bottle', zone: 'bench', trigger: { type: 'count', op: '>=', value: 2 } });
  const box = { x1: 0, y1: 0, x2: 1, y2: 1 };
  const objects = [1, 2].map((i) => ({ objectId: `shelf:bottle:${i}`, trackId: i, label: 'bottle', box, score: 0.9, zones: ['bench'] }));
  const f: FrameObservation = { kind: 'frame', camera: 'shelf', ts: 1000, motion: 0, detected: true, counts: { bottle: 2 }, objects, occupancy: { bench: 2 } };
  const [a] = e.observe(f);
  assert.equal(a?.message, '2 bottles in bench (at least 2)');
});
