/**
 * Per-box parts over real memories (planner/fleet/part.ts) merged by the asker's rules: three
 * boxes' parts merged give what one memory holding all their cameras answers, a box the question
 * names nothing of replies `none`, and "at once" sums the boxes' overlapping timelines.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fillMemory, TEST_FLEET } from '../../bench/fleet-memory.js';
import { MemoryStore } from '../../memory/store.js';
import { mergeParts } from '../../planner/fleet/merge.js';
import { fleetPart } from '../../planner/fleet/part.js';
import { FleetPart } from '../../planner/fleet/protocol.js';
import { answerQuestion } from '../../planner/query/answer.js';
import { tempDir } from '../helpers/daemon.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const END = T0 + 240_000;
const boxes = new Map<string, MemoryStore>();
let union: MemoryStore;

before(async () => {
  for (const [node, cams] of Object.entries(TEST_FLEET)) {
    const s = new MemoryStore({ dir: tempDir(`fleet-${node}`) });
    s.open();
    await fillMemory(s, T0, END, cams);
    boxes.set(node, s);
  }
  union = new MemoryStore({ dir: tempDir('fleet-union') });
  union.open();
  await fillMemory(union, T0, END, Object.values(TEST_FLEET).flat());
});

after(async () => {
  for (const s of boxes.values()) await s.close();
  await union.close();
});

const ask = (question: string): FleetPart[] => [...boxes].map(([node, s]) => fleetPart({ id: 'q', question, now: END, timeZone: 'UTC' }, s, { node, defaultTimeZone: 'UTC' }));
const strip = (v: unknown): unknown => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'node')) : v);

test('merged parts of three boxes answer as one memory holding all their cameras', () => {
  const questions = [
    'how many people came?',
    'when did the first person arrive?',
    'when did the last person leave?',
    'how long did people stay on average?',
    'how many times was line gate crossed?',
    'was anyone there at 09:00:45?',
    'how long was nobody there?',
    'when did the first person cross line gate?',
    'who stayed longest?',
    'how many different people came?',
    'what is the most people seen at once?',
    'what were the fewest people at once?',
  ];
  for (const q of questions) {
    const parts = ask(q);
    for (const p of parts) assert.ok(FleetPart.safeParse(JSON.parse(JSON.stringify(p))).success, `${q}: ${p.node}'s part fits the protocol`);
    const m = mergeParts(parts, { timeZone: 'UTC' });
    const one = answerQuestion(q, union, { now: END, timeZone: 'UTC' });
    assert.notEqual(one.value, null, q);
    assert.deepEqual(strip(m.value), one.value, `${q}\nfleet: ${m.answer}\none: ${one.answer}`);
    assert.equal(m.partial, false);
  }
});

test('a fleet count is the sum of each box\'s own answer, and each box keeps its own sentence', () => {
  const parts = ask('how many people came?');
  const own = [...boxes.values()].map((s) => answerQuestion('how many people came?', s, { now: END, timeZone: 'UTC' }).value as number);
  assert.deepEqual(own, [3, 3, 2]);
  assert.equal(mergeParts(parts, { timeZone: 'UTC' }).value, own.reduce((a, b) => a + b, 0));
  for (const p of parts) assert.match(p.answer ?? '', /^Read as: the number of visits/);
});

test('"at once" across all cameras sums the boxes\' overlapping count timelines: 2 on box a and 3 on box b at the same time are 5; asked plainly it is the most at one camera', () => {
  const q = 'what is the most people seen at once across all cameras?';
  const parts = ask(q);
  assert.ok(parts.every((p) => p.part?.kind === 'timeline'));
  const own = [...boxes.values()].map((s) => answerQuestion(q, s, { now: END, timeZone: 'UTC' }).value as number);
  assert.deepEqual(own, [2, 3, 2], 'each box sums its own cameras at each moment too');
  const m = mergeParts(parts, { timeZone: 'UTC' });
  assert.equal(m.value, 5, 'a1: 2 people from 10 s to 60 s overlap b1: 3 people from 30 s to 90 s (not 3 = the largest box, not 7 = the sum of maxima)');
  assert.match(m.answer, /Most at once across the boxes from 2026-11-21T09:00:3/);
  const plain = mergeParts(ask('what is the most people seen at once?'), { timeZone: 'UTC' });
  assert.equal(plain.value, 3, 'the most in one place: b1');
});

test('a box that holds none of the cameras the question names replies none; the answer names it', () => {
  const parts = ask('how many people came at camera b1?');
  assert.deepEqual(parts.map((p) => p.status), ['none', 'ok', 'none']);
  assert.deepEqual(parts[1]?.cameras, ['b1']);
  const m = mergeParts(parts, { timeZone: 'UTC' });
  assert.equal(m.value, 3);
  assert.match(m.answer, /No matching camera: a, c\./);
  const nonsense = ask('how many people came when the moon was blue and the cat sang?');
  assert.ok(nonsense.every((p) => p.status === 'none' || p.status === 'refused'));
});

test('someone still there when the recording ends: no fleet departure, as one memory reads it', async () => {
  const d = new MemoryStore({ dir: tempDir('fleet-d') });
  d.open();
  const both = new MemoryStore({ dir: tempDir('fleet-ad') });
  both.open();
  try {
    const dCams = [{ id: 'd1', visits: [[200, 239.5]] as [number, number][] }];
    await fillMemory(d, T0, END, dCams);
    await fillMemory(both, T0, END, [...(TEST_FLEET.a ?? []), ...dCams]);
    const a = boxes.get('a') as MemoryStore;
    for (const q of ['when did the last person leave?', 'how many people left?', 'when did the first person arrive?']) {
      const parts = [fleetPart({ id: 'q', question: q, now: END, timeZone: 'UTC' }, a, { node: 'a', defaultTimeZone: 'UTC' }), fleetPart({ id: 'q', question: q, now: END, timeZone: 'UTC' }, d, { node: 'd', defaultTimeZone: 'UTC' })];
      const m = mergeParts(parts, { timeZone: 'UTC' });
      assert.deepEqual(m.value, answerQuestion(q, both, { now: END, timeZone: 'UTC' }).value, `${q}: ${m.answer}`);
    }
  } finally {
    await d.close();
    await both.close();
  }
});
