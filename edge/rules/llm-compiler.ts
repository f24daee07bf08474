/**
 * Natural-language alert rules through the configured language model: the model gets the rule
 * JSON schema, the cameras with their zones and lines, and the person's sentence, and must answer
 * with one JSON object `{rule, explanation}`. The rule is validated against the same schema as
 * config rules (and then against the cameras by the caller) before it is shown for confirmation;
 * nothing is stored until the person confirms with `rules.put`.
 */
import { z } from 'zod';
import { openaiClient, type ModelEndpoint } from '../../planner/models.js';
import { RuleError } from './engine.js';
import type { RuleCompiler, RuleContext } from './nl.js';
import { ruleSchema } from './schema.js';

const answerSchema = z.strictObject({ rule: ruleSchema, explanation: z.string().min(1).max(500) });

/** The instructions sent with every sentence. */
export function rulePrompt(ctx: RuleContext): string {
  const cams = Object.entries(ctx.cameras)
    .map(([id, g]) => `- ${id}: zones [${g.zones.join(', ')}], lines [${g.lines.join(', ')}]`)
    .join('\n');
  return [
    'You turn a person\'s sentence into ONE structured alert rule for a camera system.',
    'Answer with a single JSON object {"rule": <rule>, "explanation": <one sentence saying what the rule does>} and nothing else.',
    `The rule must match this JSON schema:\n${JSON.stringify(z.toJSONSchema(ruleSchema))}`,
    `Cameras with their zones and lines:\n${cams || '(none)'}`,
    ctx.camera ? `The person is looking at camera ${ctx.camera}; use it unless the sentence names another.` : '',
    "Use only the camera, zone and line ids listed. Classes are the detector's COCO labels (person, car, truck, bicycle, bottle, ...). Pick a short id from the sentence (letters, digits, _ or -).",
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A compiler backed by an OpenAI-compatible chat model. */
export function llmRuleCompiler(endpoint: ModelEndpoint): RuleCompiler {
  const client = openaiClient(endpoint);
  return async (text, ctx, signal) => {
    const r = await client.chat.completions.create(
      { model: endpoint.model, temperature: 0, response_format: { type: 'json_object' }, messages: [{ role: 'system', content: rulePrompt(ctx) }, { role: 'user', content: text }] },
      signal ? { signal } : {},
    );
    const content = r.choices[0]?.message.content ?? '';
    let json: unknown;
    try {
      json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new RuleError('RULE_INVALID', `the model did not answer with JSON: ${content.slice(0, 200)}`);
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) throw new RuleError('RULE_INVALID', `the model proposed an invalid rule: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return { rule: { ...parsed.data.rule, description: parsed.data.rule.description ?? text.slice(0, 500) }, explanation: parsed.data.explanation };
  };
}
