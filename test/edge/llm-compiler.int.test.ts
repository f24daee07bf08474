import assert from 'node:assert/strict';
import { test } from 'node:test';
import { llmRuleCompiler, rulePrompt } from '../../edge/rules/llm-compiler.js';
import { scriptedEndpoint, startScriptedServer, type ChatBody } from '../helpers/openai-server.js';

const ctx = { cameras: { bench: { zones: ['table'], lines: ['door'] } }, camera: 'bench' };

test('a sentence becomes a structured rule through the (scripted) language model, validated before it is shown', async () => {
  const bodies: ChatBody[] = [];
  const replies = [
    JSON.stringify({ rule: { id: 'table-dwell', camera: 'bench', class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 10 } }, explanation: 'Alert when a person stays at the table for 10 s.' }),
    '{"rule": {"id": "x", "trigger": {"type": "teleport"}}, "explanation": "?"}',
    'sure, here is a rule',
  ];
  const server = await startScriptedServer({
    chat: (body, n) => {
      bodies.push(body);
      return { content: replies[n] ?? '' };
    },
  });
  try {
    const compile = llmRuleCompiler(scriptedEndpoint(server.baseUrl));
    const out = await compile('tell me when someone stays at the table for 10 seconds', ctx);
    assert.deepEqual(out.rule, { id: 'table-dwell', camera: 'bench', class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 10 }, description: 'tell me when someone stays at the table for 10 seconds' });
    assert.equal(out.explanation, 'Alert when a person stays at the table for 10 s.');
    const sent = bodies[0];
    assert.equal(sent?.response_format?.type, 'json_object');
    assert.match(String(sent?.messages[0]?.content), /bench: zones \[table\], lines \[door\]/);
    assert.equal(sent?.messages[1]?.content, 'tell me when someone stays at the table for 10 seconds');
    await assert.rejects(compile('teleport alert', ctx), (e: Error & { code?: string }) => e.code === 'RULE_INVALID' && /trigger/.test(e.message));
    await assert.rejects(compile('anything', ctx), (e: Error & { code?: string }) => e.code === 'RULE_INVALID' && /did not answer with JSON/.test(e.message));
  } finally {
    await server.close();
  }
  assert.match(rulePrompt(ctx), /"trigger"/, 'the rule schema is in the prompt');
});
