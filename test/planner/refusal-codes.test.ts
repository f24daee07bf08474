/**
 * Coded refusals: every refusal of the question language carries a stable code from the one error
 * catalogue beside its readable line; the answer JSON carries `refusal: {code, why}` beside the
 * existing `refused` and `answer`; a fleet box tells "not here" (`none`) from "refused" by the code.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fillMemory, TEST_FLEET } from '../../bench/fleet-memory.js';
import { ERROR_CATALOGUE, isErrorCode } from '../../ingest/errors/catalogue.js';
import { MemoryStore } from '../../memory/store.js';
import { NOT_HERE_CODES, REFUSAL_CODES } from '../../planner/errors.js';
import { fleetPart } from '../../planner/fleet/part.js';
import { answerQuestion } from '../../planner/query/answer.js';
import { parseQuestion } from '../../planner/query/parse.js';
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { tempDir } from '../helpers/daemon.js';

const T0 = Date.parse('2026-01-05T09:00:00Z');
const END = T0 + 139_500;
const vocab = { cameras: ['table', 'shelf'], zones: ['desk'], lines: ['door'], labels: COCO_LABELS };
const opts = { now: END, timeZone: 'UTC', coverage: { from: T0, to: END }, dominant: (c?: string) => (c === 'shelf' ? 'bottle' : 'person') };

/** The code a question is refused with (fails when it is read). */
function codeOf(q: string): string {
  const r = parseQuestion(q, vocab, opts);
  assert.equal(r.ok, false, `${q}: should be refused`);
  return r.ok ? '' : r.code;
}

test('every refusal code is a row of the one error catalogue, owned by the planner', () => {
  assert.ok(REFUSAL_CODES.length >= 20);
  for (const code of REFUSAL_CODES) {
    assert.ok(isErrorCode(code), `${code} is in the catalogue`);
    assert.equal(ERROR_CATALOGUE[code].owner, 'PlannerError', code);
  }
  for (const code of NOT_HERE_CODES) assert.ok(REFUSAL_CODES.includes(code), code);
});

test('refusals carry the code of what was not understood, beside the readable line', () => {
  const cases: [string, string][] = [
    ['how many forklifts came?', 'NO_SUCH_CLASS'],
    ['how many people were at camera parking?', 'NO_SUCH_PLACE'],
    ['how many people came to zone kitchen?', 'NO_SUCH_PLACE'],
    ['how many people came gloop?', 'UNKNOWN_WORD'],
    ['how many people will come tomorrow?', 'FUTURE'],
    ['where did the bottles go?', 'WHERE_WENT'],
    ['which patient did the woman in the grey top come to visit?', 'ACTED_ON'],
    ['who did the person in black visit?', 'ACTED_ON'],
    ['', 'EMPTY_QUESTION'],
    ['when did nobody come?', 'NEGATION'],
    ['who took the bottle?', 'NO_AGENT'],
    ['did the person who came at 09:00:10 come back?', 'NEEDS_REID'],
    ['how many people came at 09:00:10 and at 09:01:00?', 'SEVERAL_TIMES'],
    ['how many people came between 09:00 and 09:01 and between 09:02 and 09:03?', 'DISJOINT_PERIODS'],
    ['how long?', 'AMBIGUOUS_VISIT'],
    ['when did it?', 'DANGLING_REFERENCE'],
    ['people', 'NO_MEASURE'],
    ['when did the person in the beige top leave?', 'LOOK_UNNAMED'],
    ['when did the man in black and the woman in white arrive?', 'SEVERAL_LOOKS'],
  ];
  for (const [q, code] of cases) assert.equal(codeOf(q), code, q);
});

const boxes = new Map<string, MemoryStore>();
const F0 = Date.parse('2026-11-21T09:00:00Z');
const FEND = F0 + 240_000;

before(async () => {
  for (const [node, cams] of Object.entries(TEST_FLEET)) {
    const s = new MemoryStore({ dir: tempDir(`refusal-${node}`) });
    s.open();
    await fillMemory(s, F0, FEND, cams);
    boxes.set(node, s);
  }
});

after(async () => {
  for (const s of boxes.values()) await s.close();
});

test('the answer carries refusal {code, why} beside refused and the prose; an answered question none', () => {
  const memory = [...boxes.values()][0] as MemoryStore;
  const no = answerQuestion('when did nobody come?', memory, { now: FEND, timeZone: 'UTC' });
  assert.equal(no.refused, true);
  assert.equal(no.value, null);
  assert.equal(no.refusal?.code, 'NEGATION');
  assert.ok(no.refusal && no.answer.startsWith(`I could not answer: ${no.refusal.why}.`), no.answer);
  const yes = answerQuestion('how many people came?', memory, { now: FEND, timeZone: 'UTC' });
  assert.equal(yes.refusal, undefined);
  assert.equal(yes.refused, undefined);
});

test('a fleet box answers a question about a place it does not have "none", by the code, and one it cannot read "refused"', () => {
  const [node, memory] = [...boxes][0] as [string, MemoryStore];
  const part = (question: string): ReturnType<typeof fleetPart> => fleetPart({ id: 'q', question, now: FEND, timeZone: 'UTC' }, memory, { node, defaultTimeZone: 'UTC' });
  assert.equal(part('how many people came to camera nowhere_cam?').status, 'none');
  assert.equal(part('how many forklifts came?').status, 'none');
  assert.equal(part('how many people came gloop?').status, 'none');
  const refused = part('when did nobody come?');
  assert.equal(refused.status, 'refused');
  assert.match(refused.why ?? '', /negation/);
  // read and run once: the box's sentence is the one its own answer gives
  const ok = part('how many people came?');
  assert.equal(ok.status, 'ok');
  assert.equal(ok.answer, answerQuestion('how many people came?', memory, { now: FEND, timeZone: 'UTC' }).answer);
  assert.deepEqual(ok.part, { kind: 'count', n: answerQuestion('how many people came?', memory, { now: FEND, timeZone: 'UTC' }).value });
});

test('a class none of the asked cameras ever detected is refused NEVER_SEEN, not counted 0; over all cameras one that saw it answers', async () => {
  const memory = new MemoryStore({ dir: tempDir('refusal-never-seen') });
  memory.open();
  try {
    await fillMemory(memory, F0, FEND, [
      { id: 'x1', visits: [[10, 60]] },
      { id: 'x2', visits: [] },
    ]);
    const o = { now: FEND, timeZone: 'UTC' };
    const blind = answerQuestion('how many people came to camera x2?', memory, o);
    assert.equal(blind.refusal?.code, 'NEVER_SEEN', blind.answer);
    assert.equal(blind.value, null);
    assert.match(blind.answer, /camera x2 never detected a person/);
    const bottles = answerQuestion('how many bottles were at camera x1 at 09:01?', memory, o);
    assert.equal(bottles.refusal?.code, 'NEVER_SEEN', bottles.answer);
    assert.match(bottles.answer, /\(it detected: person\)/);
    assert.equal(answerQuestion('how many people came to camera x1?', memory, o).value, 1);
    assert.equal(answerQuestion('how many people came?', memory, o).value, 1);
  } finally {
    await memory.close();
  }
  // a camera that has watched for less than a minute has seen none yet: that is the count
  const young = new MemoryStore({ dir: tempDir('refusal-never-seen-young') });
  young.open();
  try {
    await fillMemory(young, F0, F0 + 30_000, [{ id: 'y1', visits: [] }]);
    const a = answerQuestion('how many people came to camera y1?', young, { now: F0 + 30_000, timeZone: 'UTC' });
    assert.equal(a.value, 0, a.answer);
  } finally {
    await young.close();
  }
});
