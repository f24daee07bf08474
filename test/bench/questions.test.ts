import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { benchQuestions } from '../../bench/questions/bench-clip.js';
import { isRight, outcome, type FileClip, type FileQuestion } from '../../bench/questions/grade.js';
import { tableQuestions } from '../../bench/questions/table.js';
import { countAt, QuestionSet } from '../../bench/questions/truth.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bench', 'questions');
const load = (name: string): FileClip => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { clips: FileClip[] }).clips[0]!;
const q = (type: FileQuestion['type'], expect: FileQuestion['expect'], tol?: number): FileQuestion => ({ q: 'x', type, expect, ...(tol !== undefined ? { tol } : {}) });

test('grading follows grade.py: numbers within tol, booleans exact, times and durations from objects too', () => {
  assert.equal(isRight(q('number', 3), 3), true);
  assert.equal(isRight(q('number', 3), 4), false);
  assert.equal(isRight(q('number', 1), true), false, 'a boolean is not a number');
  assert.equal(isRight(q('boolean', false), false), true);
  assert.equal(isRight(q('boolean', false), 0), false);
  assert.equal(isRight(q('time', '2026-01-05T09:01:14.4Z', 2), '2026-01-05T09:01:15.9Z'), true);
  assert.equal(isRight(q('time', '2026-01-05T09:01:14.4Z', 2), { start: '2026-01-05T09:01:13Z', end: '2026-01-05T09:01:30Z' }), true);
  assert.equal(isRight(q('time', '2026-01-05T09:01:14.4Z', 2), '2026-01-05T09:00:06Z'), false);
  assert.equal(isRight(q('duration', 12.4, 3), { seconds: 14 }), true);
  assert.equal(isRight(q('duration', 12.4, 3), 27.5), false);
  assert.equal(isRight(q('list', 3), [1, 2, 3]), true);
  assert.equal(isRight(q('list', 3), { items: [1, 2], total: 2 }), false);
});

test('a null value is a refusal: right for a refusal question, refused (not wrong) otherwise', () => {
  assert.equal(outcome(q('refusal', null), null), 'right');
  assert.equal(outcome(q('refusal', null), 0), 'wrong');
  assert.equal(outcome(q('number', 6), null), 'refused');
  assert.equal(outcome(q('number', 6), 14), 'wrong');
});

test('a truth on a boundary is rejected: a count at the instant of a change moves when times move a little', () => {
  const s = new QuestionSet({ cam: { visits: [{ a: 10_000, d: 20_000 }], events: [] } }, { shift: 1000, shrink: 500 });
  assert.throws(() => s.ask('how many at 20 s?', 'countAt', 'number', (w) => countAt(w.cam!, 20_000)), /fragile/);
  s.ask('how many at 15 s?', 'countAt', 'number', (w) => countAt(w.cam!, 15_000));
  assert.deepEqual(s.questions, [{ q: 'how many at 15 s?', part: 'countAt', type: 'number', expect: 1 }]);
});

test('the committed clip question files are what the truth models generate', () => {
  assert.deepEqual(load('table.json').questions, JSON.parse(JSON.stringify(tableQuestions())));
  assert.deepEqual(load('bench.json').questions, JSON.parse(JSON.stringify(benchQuestions())));
});

test('the project set has 200+ questions, 20+ refusals, and exercises every measure of the language', () => {
  const all = ['table.json', 'bench.json', 'synthetic.json'].flatMap((f) => load(f).questions);
  assert.ok(all.length >= 200, `${all.length} questions`);
  assert.ok(all.filter((x) => x.type === 'refusal' && x.expect === null).length >= 20);
  assert.equal(new Set(all.map((x) => x.q)).size, all.length, 'no sentence twice');
  const devFile = join(dir, '..', '..', '..', 'shared', 'questions', 'dev.json');
  if (existsSync(devFile)) {
    const dev = JSON.parse(readFileSync(devFile, 'utf8')) as { clips: FileClip[] };
    const devSentences = new Set(dev.clips.flatMap((c) => c.questions.map((x) => x.q.toLowerCase())));
    assert.equal(all.filter((x) => devSentences.has(x.q.toLowerCase())).length, 0, 'no dev.json sentence reused');
  }
  for (const m of ['count.visits', 'count.present', 'count.departures', 'count.identities', 'count.events', 'count.where', 'countAt', 'extreme.max', 'extreme.min', 'missing', 'whether.instant', 'whether.window', 'whether.ever', 'whether.visit', 'whether.event', 'when.nth', 'when.after', 'when.before', 'when.condition', 'duration.visit', 'duration.visits', 'duration.condition', 'list', 'visit.argmax', 'visit.argmin']) {
    assert.ok(all.some((x) => x.part?.startsWith(m)), `no question exercises ${m}`);
  }
});
