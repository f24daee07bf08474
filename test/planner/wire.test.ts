/**
 * The compact wire format: tool lines built from the zod schemas, camera lists, and the parsing
 * of one-line replies (tool calls, `= tool`, final answers, thoughts, malformed replies).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_TOOLS } from '../../planner/tools/index.js';
import { camerasText, parseCompactReply, toolLine } from '../../planner/wire.js';

const line = (name: string): string => {
  const t = ALL_TOOLS.find((x) => x.name === name);
  assert.ok(t, name);
  return toolLine(t);
};

test('toolLine: one short line per tool; optional arguments marked, window fields folded into when?, types shown when not text', () => {
  assert.equal(line('query'), 'query(measure,subject?,place?,when?): measure "count visits", "max", "first arrival"; subject "person" [exact]');
  assert.equal(line('caption_retrieval'), 'caption_retrieval(camera?,when?): segment captions of a window (at most 15)');
  assert.equal(line('snapshot'), 'snapshot(camera,at): stored keyframe nearest an instant');
  // clip has from/to but no when: they are not folded
  assert.equal(line('clip'), 'clip(camera,from,to): cut a video clip from recordings');
  assert.match(line('query_table'), /^query_table\(table\?,where\?:\[\{column,op:[^,]+,value\}\],select\?:\[text\],aggregate\?:\{op:count\|sum\|avg\|min\|max,column\?\},limit\?:number\): /);
  for (const t of ALL_TOOLS) assert.ok(toolLine(t).length < 200, t.name);
});

test('camerasText shortens a run of numbered cameras only', () => {
  assert.equal(camerasText(['cam0', 'cam1', 'cam2', 'cam3']), 'cam0..cam3');
  assert.equal(camerasText(['cam0', 'cam2', 'cam3']), 'cam0,cam2,cam3');
  assert.equal(camerasText(['lobby', 'yard', 'gate']), 'lobby,yard,gate');
  assert.equal(camerasText(['cam1', 'cam2']), 'cam1,cam2');
  assert.equal(camerasText([]), 'none');
});

test('parseCompactReply: actions, thoughts, exact calls, finals and malformed replies', () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));
  assert.deepEqual(parseCompactReply('query {"label": "person"}', names), { thought: '', call: { name: 'query', args: '{"label":"person"}', exact: false } });
  assert.deepEqual(parseCompactReply('I will count.\n= query {"label":"person"}', names), { thought: 'I will count.', call: { name: 'query', args: '{"label":"person"}', exact: true } });
  assert.deepEqual(parseCompactReply('`snapshot({"at":"09:01:00"})`', names).call, { name: 'snapshot', args: '{"at":"09:01:00"}', exact: false });
  assert.deepEqual(parseCompactReply('caption_retrieval', names).call, { name: 'caption_retrieval', args: '{}', exact: false });
  assert.deepEqual(parseCompactReply('query()', names).call, { name: 'query', args: '{}', exact: false });
  // arguments over several lines, and in a code fence
  assert.deepEqual(parseCompactReply('```\nquery {\n "zone": "door"\n}\n```', names).call, { name: 'query', args: '{"zone":"door"}', exact: false });
  // arguments that are not JSON go to the tool as text (it reports bad input)
  assert.deepEqual(parseCompactReply('query {label: person}', names).call, { name: 'query', args: '{label: person}', exact: false });
  // an unknown name with arguments is still a call (the tool runner reports it unknown)
  assert.equal(parseCompactReply('counter {"a":1}', names).call?.name, 'counter');
  assert.deepEqual(parseCompactReply('final {"answer":"Two people came.","value":2}', names), { thought: '', final: { answer: 'Two people came.', value: 2 } });
  assert.deepEqual(parseCompactReply('final_answer({"answer":"None.","value":null})', names).final, { answer: 'None.', value: null });
  assert.deepEqual(parseCompactReply('final: Two people came.', names).final, { answer: 'Two people came.', value: null });
  assert.deepEqual(parseCompactReply('final\nTwo people came.', names).final, { answer: 'Two people came.', value: null });
  assert.match(parseCompactReply('final {"answer":""}', names).error ?? '', /final arguments are invalid: answer/);
  assert.equal(parseCompactReply('final {"answer":"2", value: 2}', names).error, 'final arguments are not a JSON object');
  assert.equal(parseCompactReply('final', names).error, 'final without an answer');
});

test('parseCompactReply: a final without value has value null', () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));
  assert.deepEqual(parseCompactReply('final {"answer":"3 people"}', names), { thought: '', final: { answer: '3 people', value: null } });
  assert.deepEqual(parseCompactReply('final\n{"answer":"3 people",\n"value":3}', names).final, { answer: '3 people', value: 3 });
});

test('parseCompactReply: decorated action lines (Action:, markdown bold, backticks, bullets) are actions; the thought is the text before', () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));
  const q = { name: 'query', args: '{"label":"person"}', exact: false };
  assert.deepEqual(parseCompactReply('Thought: I should count people.\nAction: query {"label":"person"}', names), { thought: 'Thought: I should count people.', call: q });
  assert.deepEqual(parseCompactReply('**query** {"label":"person"}', names).call, q);
  assert.deepEqual(parseCompactReply('**Action:** `query {"label":"person"}`', names).call, q);
  assert.deepEqual(parseCompactReply('- query {"label":"person"}', names).call, q);
  assert.deepEqual(parseCompactReply('Action: = query {"label":"person"}', names).call, { ...q, exact: true });
  assert.deepEqual(parseCompactReply('= `query` {"label":"person"}', names).call, { ...q, exact: true });
  // LangChain-style action and input on two lines
  assert.deepEqual(parseCompactReply('Action: query\nAction Input: {"label":"person"}', names).call, q);
  assert.deepEqual(parseCompactReply('**final** {"answer":"Two.","value":2}', names).final, { answer: 'Two.', value: 2 });
  assert.deepEqual(parseCompactReply('Final Answer: Two people came.', names).final, { answer: 'Two people came.', value: null });
  // JSON arguments end where they parse: prose after them is not part of the call
  assert.deepEqual(parseCompactReply('query {\n"zone":"door"}\nThen I will answer.', names).call, { name: 'query', args: '{"zone":"door"}', exact: false });
});

test('parseCompactReply: prose starting with final or a tool name is not an action; the first real action line is', () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));
  const q = { name: 'query', args: '{"label":"person"}', exact: false };
  assert.deepEqual(parseCompactReply('final answer depends on the count.\nquery {"label":"person"}', names), { thought: 'final answer depends on the count.', call: q });
  assert.deepEqual(parseCompactReply('query is the right tool here.\nquery {"label":"person"}', names), { thought: 'query is the right tool here.', call: q });
  assert.deepEqual(parseCompactReply('query (the number of people) is what we need.\nquery {"label":"person"}', names).call, q);
  assert.equal(parseCompactReply('final Two people came.', names).final, undefined);
});

test('parseCompactReply: a reply with no action line is an error, never an answer', () => {
  const names = new Set(ALL_TOOLS.map((t) => t.name));
  // a call inside prose: the model meant an action but did not write one
  for (const text of ['I will use query {"label":"person"} to check.', 'Next I call `query({"label":"person"})`.', 'The final {"answer":"2"} follows.']) {
    assert.deepEqual(parseCompactReply(text, names), { thought: text, error: 'a call must be its own line: TOOL {json args}' }, text);
  }
  // plain prose (it used to be taken as the answer): a DoraemonGPT leaf is a final answer or an error
  assert.deepEqual(parseCompactReply('Two people came in.\nBoth left by 09:05.', names), { thought: 'Two people came in.\nBoth left by 09:05.', error: 'no action line: reply TOOL {json args} or final {"answer","value"}' });
  assert.deepEqual(parseCompactReply('  ', names), { thought: '', error: 'empty reply' });
});
