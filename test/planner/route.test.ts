/**
 * Tool routing: fewer tools per call by the question's words, registry order kept.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_TOOLS } from '../../planner/tools/index.js';
import { routeTools } from '../../planner/tools/route.js';

const names = (q: string, max: number): string[] => routeTools(q, ALL_TOOLS, max).map((t) => t.name);

test('routeTools keeps at most max tools, relevant ones first, in registry order', () => {
  const gate = names('how many times was line gate crossed in the last hour?', 5);
  assert.equal(gate.length, 5);
  assert.ok(gate.includes('query'));
  assert.ok(names('what colour was the car?', 8).includes('visual_question_answering'));
  assert.ok(names('what does the night procedure say about the door?', 6).includes('search_docs'));
  assert.ok(names('can I get a video clip of the recording?', 6).includes('clip'));
  const order = ALL_TOOLS.map((t) => t.name);
  const r = names('why did the alarm start?', 6);
  assert.deepEqual(r, [...r].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  assert.ok(r.includes('subtask_why'));
  assert.equal(names('anything', 0).length, ALL_TOOLS.length);
  // the exact tool of a recognised shape is always offered, with one tool fewer beside it
  const shaped = routeTools('what colour was the car?', ALL_TOOLS, 3, 'query').map((t) => t.name);
  assert.equal(shaped.length, 2);
  assert.ok(shaped.includes('query') && shaped.includes('visual_question_answering'), shaped.join());
  assert.equal(routeTools('how many people came?', ALL_TOOLS, 8, 'query').length, 7);
  assert.equal(routeTools('how many people came?', ALL_TOOLS, 2, 'query').length, 2);
  assert.equal(routeTools('how many people came?', ALL_TOOLS, 3, 'no_such_tool').length, 3);
  assert.equal(names('anything', 99).length, ALL_TOOLS.length);
  // a question read with one exact value: the query tool alone
  assert.deepEqual(routeTools('how many people came?', ALL_TOOLS, 3, 'query', true).map((t) => t.name), ['query']);
});
