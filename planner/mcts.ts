/**
 * DoraemonGPT's MCTS planner: select a non-leaf node by softmax of its reward, expand it with a
 * ReAct chain told which actions its children already took, back-propagate the leaf's reward
 * with decay, until N answers are found (or the iteration limit or budget ends it); then vote
 * (typed values) or have the model summarise (open answers).
 */
import type { AskProgress } from './answer.js';
import { actionOf, runChain } from './chain.js';
import { SearchTree, type RewardParams } from './mcts-tree.js';
import { fromChain, stepEvidence, type Planned } from './planned.js';
import { errorText } from './errors.js';
import type { Tool, ToolContext } from './tools/index.js';
import type { ToolFormat } from './wire.js';

/** Options of the MCTS planner. */
export interface MctsOptions extends RewardParams {
  /** Answers to collect (N). */
  n: number;
  maxSteps: number;
  /** Expansions tried at most (default 2N + 1). */
  maxIterations?: number;
  /** Uniform random numbers in [0, 1) for selection (default Math.random). */
  random?: () => number;
  feedback?: string;
  /** How tools are offered and called (default compact). */
  format?: ToolFormat;
  onProgress?: (p: AskProgress) => void;
}

function emit(o: MctsOptions, p: AskProgress): void {
  try {
    o.onProgress?.(p);
  } catch {
    // ignored
  }
}

function treeProgress(t: SearchTree): AskProgress {
  return { type: 'tree', nodes: t.nodes.map((n) => ({ id: n.id, parent: n.parent, action: n.action, reward: Math.round(n.reward * 1e4) / 1e4, visits: n.visits, status: n.status })) };
}

/** Majority value of typed answers (ties: the earlier answer); null when the answers are open text that differ. */
export function vote(answers: readonly Planned[]): Planned | null {
  if (answers.length === 0) return null;
  const key = (p: Planned): string => JSON.stringify(p.value);
  const open = answers.some((a) => typeof a.value === 'string' || a.value === null);
  if (open && new Set(answers.map((a) => a.answer.trim().toLowerCase())).size > 1) return null;
  const tally = new Map<string, number>();
  for (const a of answers) tally.set(key(a), (tally.get(key(a)) ?? 0) + 1);
  let best = answers[0] as Planned;
  for (const a of answers) if ((tally.get(key(a)) ?? 0) > (tally.get(key(best)) ?? 0)) best = a;
  return best;
}

async function summarise(question: string, answers: readonly Planned[], ctx: ToolContext): Promise<Planned> {
  const first = answers[0] as Planned;
  try {
    const m = await ctx.models.chat({
      maxTokens: 200,
      messages: [
        { role: 'system', content: 'Combine candidate answers about camera footage into one; keep only what they support; note disagreement.' },
        { role: 'user', content: `Question: ${question}\n${answers.map((a, k) => `Answer ${k + 1}: ${a.answer}`).join('\n')}` },
      ],
    });
    const text = m.content?.trim();
    if (!text) return first;
    return { ...first, answer: text, value: text, evidence: stepEvidence(answers.flatMap((a) => a.steps)), steps: answers.flatMap((a) => a.steps) };
  } catch (e) {
    return { ...first, answer: `${first.answer} (the ${answers.length} answers differ; summary failed: ${errorText(e)})` };
  }
}

/** Answers with MCTS; `tree` is returned for inspection. */
export async function planMcts(question: string, ctx: ToolContext, tools: readonly Tool[], o: MctsOptions): Promise<Planned & { tree: SearchTree; solutions: Planned[] }> {
  const tree = new SearchTree();
  const rnd = o.random ?? Math.random;
  const solutions: Planned[] = [];
  let lastFailure: Planned | null = null;
  const maxIter = o.maxIterations ?? 2 * o.n + 1;
  for (let it = 0; it < maxIter && solutions.length < o.n; it++) {
    if (ctx.models.meter.exhausted) break;
    const node = it === 0 ? tree.get(0) : tree.select(rnd());
    const prefix = tree.path(node.id);
    const avoid = tree.children(node.id).map((c) => c.action);
    emit(o, { type: 'plan', planner: 'mcts', text: `iteration ${it + 1}: expand node ${node.id} (${node.action})${avoid.length ? `, avoiding ${avoid.length} tried actions` : ''}` });
    const r = await runChain({ question, tools, ctx, maxSteps: o.maxSteps, prefix, avoid, stopOnToolFailure: true, stepBase: prefix.length, ...(o.format ? { format: o.format } : {}), ...(o.feedback ? { feedback: o.feedback } : {}), ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
    let at = node.id;
    for (const s of r.steps) {
      // a failed step ends the chain: it becomes the failure leaf below
      if (!s.ok) break;
      at = tree.add(at, { action: actionOf(s), status: 'open', step: s }).id;
    }
    const leaf = tree.add(at, r.status === 'success' ? { action: `final_answer(${JSON.stringify(r.value ?? null)})`, status: 'success' } : { action: `error: ${r.error?.code ?? 'unknown'}`, status: 'failure' });
    tree.backpropagate(leaf.id, o);
    emit(o, treeProgress(tree));
    const planned = fromChain(r, prefix);
    if (r.status === 'success') {
      solutions.push(planned);
      emit(o, { type: 'partial', text: planned.answer });
    } else lastFailure = planned;
  }
  if (solutions.length === 0) return { ...(lastFailure ?? { ok: false, answer: 'I could not answer this: no search iteration ran (budget exhausted).', value: null, evidence: [], steps: [], thoughts: [] }), tree, solutions };
  const chosen = vote(solutions) ?? (await summarise(question, solutions, ctx));
  return { ...chosen, tree, solutions };
}
