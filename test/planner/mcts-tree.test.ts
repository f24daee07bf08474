/**
 * DoraemonGPT's MCTS numbers: softmax selection over non-leaf nodes and the decayed reward
 * back-propagation R_i += R_leaf * exp(beta * (1 - d(i, leaf))), failures negative.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_REWARD, SearchTree } from '../../planner/mcts-tree.js';

const close = (a: number, b: number, msg?: string): void => assert.ok(Math.abs(a - b) < 1e-9, `${msg ?? ''} ${a} != ${b}`);

/** root(0) -> a(1) -> b(2) -> leaf(3) */
function chain(status: 'success' | 'failure'): SearchTree {
  const t = new SearchTree();
  const a = t.add(0, { action: 'count({})', status: 'open' });
  const b = t.add(a.id, { action: 'dwell({"zone":"door"})', status: 'open' });
  t.add(b.id, { action: 'final_answer(2)', status });
  return t;
}

test('defaults are alpha = 1, beta = 0.5', () => {
  assert.deepEqual(DEFAULT_REWARD, { alpha: 1, beta: 0.5 });
});

test('a success back-propagates +alpha * exp(beta * (1 - d)) to every ancestor', () => {
  const t = chain('success');
  assert.equal(t.backpropagate(3), 1);
  close(t.get(3).reward, 1, 'leaf');
  close(t.get(2).reward, Math.exp(0.5 * (1 - 1)), 'parent, d = 1');
  close(t.get(1).reward, Math.exp(0.5 * (1 - 2)), 'd = 2');
  close(t.get(0).reward, Math.exp(0.5 * (1 - 3)), 'root, d = 3');
  close(t.get(1).reward, 0.6065306597126334);
  close(t.get(0).reward, 0.36787944117144233);
  assert.deepEqual(t.nodes.map((n) => n.visits), [1, 1, 1, 1]);
});

test('a failure back-propagates the negative reward (not the released code\'s +1)', () => {
  const t = chain('failure');
  assert.equal(t.backpropagate(3), -1);
  close(t.get(2).reward, -1);
  close(t.get(1).reward, -Math.exp(-0.5));
  close(t.get(0).reward, -Math.exp(-1));
});

test('alpha and beta are honoured and rewards accumulate over leaves', () => {
  const t = chain('success');
  t.backpropagate(3, { alpha: 2, beta: 1 });
  // a second branch from a(1): a -> c(4) -> failure(5)
  const c = t.add(1, { action: 'caption_retrieval({})', status: 'open' });
  const f = t.add(c.id, { action: 'error: TOOL_FAILED', status: 'failure' });
  t.backpropagate(f.id, { alpha: 2, beta: 1 });
  close(t.get(1).reward, 2 * Math.exp(1 - 2) - 2 * Math.exp(1 - 2), 'a: +2e^-1 then -2e^-1');
  close(t.get(0).reward, 2 * Math.exp(1 - 3) - 2 * Math.exp(1 - 3));
  close(t.get(4).reward, -2);
  close(t.get(2).reward, 2);
  assert.equal(t.get(1).visits, 2);
  assert.throws(() => t.backpropagate(1), /not a leaf/);
});

test('selection is a softmax of rewards over non-leaf nodes only', () => {
  const t = chain('success');
  t.backpropagate(3);
  const p = t.selectionProbabilities();
  assert.deepEqual([...p.keys()].sort(), [0, 1, 2], 'the leaf is never selected');
  const r = [Math.exp(-1), Math.exp(-0.5), 1];
  const z = r.reduce((s, x) => s + Math.exp(x), 0);
  close(p.get(0) ?? NaN, Math.exp(r[0] as number) / z);
  close(p.get(1) ?? NaN, Math.exp(r[1] as number) / z);
  close(p.get(2) ?? NaN, Math.exp(r[2] as number) / z);
  assert.ok(Math.abs((p.get(0) ?? 0) - 0.240898) < 1e-6);
  assert.ok(Math.abs((p.get(1) ?? 0) - 0.305829) < 1e-6);
  assert.ok(Math.abs((p.get(2) ?? 0) - 0.453273) < 1e-6);
  close([...p.values()].reduce((s, x) => s + x, 0), 1);
  // sampling follows the cumulative distribution in node order
  assert.equal(t.select(0).id, 0);
  assert.equal(t.select((p.get(0) ?? 0) + 1e-9).id, 1);
  assert.equal(t.select(0.999999).id, 2);
});

test('a fresh tree selects the root with probability 1', () => {
  const t = new SearchTree();
  assert.deepEqual([...t.selectionProbabilities()], [[0, 1]]);
  assert.deepEqual(t.path(0), []);
});
