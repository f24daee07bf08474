/**
 * Every tool a model-driven planner may call.
 */
import { KNOWLEDGE_TOOLS } from './knowledge.js';
import { QUERY_TOOLS } from './query.js';
import { SUBTASK_TOOLS } from './subtask.js';
import { TRANSCRIPT_TOOLS } from './transcript.js';
import type { Tool, ToolPaths } from './types.js';
import { UTILITY_TOOLS } from './utility.js';
import { VIDEOAGENT_TOOLS } from './videoagent.js';

export { runTool, toolSpec, type Tool, type ToolContext, type ToolResult, type ToolPaths } from './types.js';

/** All tools, in the order they are shown to a model. */
export const ALL_TOOLS: readonly Tool[] = [...QUERY_TOOLS, ...VIDEOAGENT_TOOLS, ...TRANSCRIPT_TOOLS, ...SUBTASK_TOOLS, ...KNOWLEDGE_TOOLS, ...UTILITY_TOOLS];

/** The tools usable with the given folders (knowledge tools only when their folder is set). */
export function toolsFor(paths: ToolPaths): Tool[] {
  return ALL_TOOLS.filter((t) => (t.name === 'search_docs' ? Boolean(paths.docs) : t.name === 'query_table' ? Boolean(paths.tables) : true));
}
