/**
 * MMCTAgent's critic: the model derives evaluation criteria (name, description, acceptable
 * values 1-5) from the task; after a draft answer it receives the reasoning chain and a grid of
 * at most 10 keyframes from the top 3 relevant clips, scores each criterion and gives feedback.
 */
import { z } from 'zod';
import type { Evidence } from './answer.js';
import { actionOf } from './chain.js';
import { errorText, PlannerError } from './errors.js';
import { frameGrid, MAX_GRID_FRAMES } from './grid.js';
import type { Planned } from './planned.js';
import { keyframesAround } from './tools/videoagent.js';
import type { ToolContext } from './tools/index.js';
import { lexicalScore, words } from './tools/lexical.js';

/** An evaluation criterion. */
export interface Criterion {
  name: string;
  description: string;
  /** Acceptable values, e.g. "1-5 (5 = fully supported)". */
  values: string;
}

/** A critic's verdict on one answer. */
export interface Critique {
  scores: { criterion: string; score: number }[];
  feedback: string;
  accept: boolean;
  /** Frames in the grid sent with it (0 when no vision model or no keyframes). */
  frames: number;
}

/** Score every criterion must reach for the answer to be accepted. */
export const ACCEPT_SCORE = 4;

const DEFAULT_CRITERIA: Criterion[] = [
  { name: 'grounded', description: 'every claim comes from a successful tool result', values: '1-5' },
  { name: 'answers_question', description: 'the answer addresses what was asked, with times', values: '1-5' },
];

const criteriaReply = z.object({ criteria: z.array(z.object({ name: z.string().min(1), description: z.string().default(''), values: z.string().default('1-5') })).min(1).max(5) });
const critiqueReply = z.object({ scores: z.array(z.object({ criterion: z.string(), score: z.number().min(1).max(5) })).min(1), feedback: z.string().default(''), accept: z.boolean().optional() });

function parseJson<T>(schema: z.ZodType<T>, text: string | null | undefined): T {
  const raw = (text ?? '').trim().replace(/^```(?:json)?\s*|```$/g, '');
  try {
    return schema.parse(JSON.parse(raw));
  } catch (e) {
    throw new PlannerError('PLANNER_BAD_REPLY', `critic reply is not the expected JSON: ${errorText(e)}`);
  }
}

/** Criteria for a question (the defaults when the model's reply is unusable). */
export async function deriveCriteria(question: string, ctx: ToolContext): Promise<Criterion[]> {
  const m = await ctx.models.chat({
    json: true,
    maxTokens: 250,
    messages: [
      { role: 'system', content: 'Derive 2-4 criteria to judge an answer to a question about camera footage, from the task and the user\'s intent. Reply JSON {"criteria":[{"name","description","values":"1-5"}]}.' },
      { role: 'user', content: question },
    ],
  });
  try {
    return parseJson(criteriaReply, m.content).criteria;
  } catch {
    return DEFAULT_CRITERIA;
  }
}

/** The top 3 relevant clips: the answer's evidence first, else segments whose captions match the question. */
export function relevantClips(question: string, planned: Planned, ctx: ToolContext): Evidence[] {
  const clips = planned.evidence.slice(0, 3);
  if (clips.length >= 3) return clips;
  const q = words(question);
  const c = ctx.queries.coverage();
  if (!c.from || !c.to || q.length === 0) return clips;
  const scored = ctx.queries
    .segments({ from: Date.parse(c.from), to: Date.parse(c.to) + 1 })
    .map((s) => ({ s, score: lexicalScore(q, `${s.caption ?? ''} ${s.visionCaption ?? ''}`) }))
    .filter((x) => x.score > 0 && x.s.keyframe)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3 - clips.length);
  return [...clips, ...scored.map((x) => ({ camera: x.s.camera, start: new Date(x.s.start).toISOString(), end: new Date(x.s.end).toISOString() }))];
}

/** At most 10 keyframes from the top 3 clips (about a third from each). */
export function criticFrames(clips: readonly Evidence[], ctx: ToolContext): Buffer[] {
  const per = Math.ceil(MAX_GRID_FRAMES / Math.max(1, clips.length));
  const out: Buffer[] = [];
  for (const c of clips) for (const f of keyframesAround(ctx, c.camera, Date.parse(c.start), per)) if (out.length < MAX_GRID_FRAMES) out.push(f.jpeg);
  return out;
}

/** Scores an answer against the criteria, with the frame grid when a vision model is configured. */
export async function critique(question: string, planned: Planned, criteria: readonly Criterion[], ctx: ToolContext): Promise<Critique> {
  const chain = planned.steps.map((s, k) => `${k + 1}. ${actionOf(s)} -> ${s.ok ? '' : '[FAILED] '}${s.output.slice(0, 300)}`).join('\n');
  const text = [
    `Question: ${question}`,
    `Criteria:\n${criteria.map((c) => `- ${c.name}: ${c.description} (${c.values})`).join('\n')}`,
    `Reasoning chain:\n${chain || '(no tool calls)'}`,
    // an exact tool's result that is the answer is not repeated
    `Answer: ${planned.steps.length > 0 && planned.answer === planned.steps.at(-1)?.output ? `the result of step ${planned.steps.length}` : planned.answer}`,
    'Score each criterion 1-5; give feedback for a better answer. Reply JSON {"scores":[{"criterion","score"}],"feedback":"...","accept":true|false}.',
  ].join('\n');
  const frames = ctx.models.has('vision') ? criticFrames(relevantClips(question, planned, ctx), ctx) : [];
  const grid = frames.length ? await frameGrid(frames) : null;
  const m = grid
    ? await ctx.models.chat({ json: true, maxTokens: 300, messages: [{ role: 'user', content: [{ type: 'text', text: `${text}\nThe image is a grid of ${frames.length} keyframes from the most relevant clips.` }, { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${grid.toString('base64')}` } }] }] }, 'vision')
    : await ctx.models.chat({ json: true, maxTokens: 300, messages: [{ role: 'user', content: text }] });
  const r = parseJson(critiqueReply, m.content);
  const accept = r.accept ?? r.scores.every((s) => s.score >= ACCEPT_SCORE);
  return { scores: r.scores, feedback: r.feedback, accept: accept && r.scores.every((s) => s.score >= ACCEPT_SCORE), frames: grid ? frames.length : 0 };
}
