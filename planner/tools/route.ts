/**
 * Tool routing: every offered tool is described in every model call, so offering fewer tools is
 * a main saving of prompt tokens. The `query` tool comes first when the offline parser reads the
 * question; the rest are ranked by the question's words found in their name and
 * description (plus a few cue words per tool); ties keep the registry order.
 */
import { lexicalScore, words } from './lexical.js';
import type { Tool } from './types.js';

/** Extra cue words per tool (question words that point at it). */
const CUES: Record<string, string> = {
  query: 'how many came number people total when first last arrive leave how long stay most once empty occupied cross line taken returned missing',
  caption_retrieval: 'what happened describe going',
  segment_localization: 'find where moment look',
  visual_question_answering: 'colour color wearing look like carry holding see',
  object_memory_querying: 'who which person object',
  subtask_when: 'when time',
  subtask_why: 'why reason cause',
  subtask_what: 'what which',
  subtask_how: 'how way order',
  subtask_count: 'how many count',
  search_docs: 'procedure manual policy rule document should',
  query_table: 'table schedule shift list inventory',
  snapshot: 'snapshot picture image photo',
  clip: 'clip video recording footage',
};

/**
 * The `max` tools most relevant to a question (all when `max` is 0 or covers them). `first`, the
 * `query` tool when the offline parser reads the question, is always among them, and then one
 * tool fewer is offered (at least 2); with `alone` (the parser read a question with one exact
 * value: every word has its meaning in the question language) it is the only one offered, as
 * alternatives beside the exact tool only cost prompt tokens.
 */
export function routeTools(question: string, tools: readonly Tool[], max: number, first?: string | null, alone = false): Tool[] {
  if (max <= 0 || max >= tools.length) return [...tools];
  if (first && tools.some((t) => t.name === first)) max = alone ? 1 : Math.min(max, Math.max(2, max - 1));
  const q = words(question);
  return tools
    .map((t, k) => ({ t, k, s: t.name === first ? 2 : lexicalScore(q, `${t.name.replace(/_/g, ' ')} ${t.description} ${CUES[t.name] ?? ''}`) }))
    .sort((a, b) => b.s - a.s || a.k - b.k)
    .slice(0, max)
    .sort((a, b) => a.k - b.k)
    .map((x) => x.t);
}
