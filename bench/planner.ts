/**
 * Planner benchmark: `npm run bench:planner` (node dist/bench/planner.js).
 * - offline_ms: the offline planner's latency (p50, p99) over a fixed question set on the
 *   synthetic day of `bench/synthetic-memory.ts` (BENCH_HOURS, default 24; BENCH_CAMERAS,
 *   default 8), each question asked BENCH_REPEAT times (default 20) after a warm-up.
 * - tokens_per_answer: mean tokens per answer of react, mcts_n2 and mcts_n2_critic on a fixed
 *   question set against a SCRIPTED OpenAI-compatible server (test/helpers/openai-server.ts):
 *   its replies are fixed (call the right exact tool, then answer) and its token counts are
 *   estimates (characters / 4 of the real requests the planners send, tool schemas included
 *   when sent). mcts_n2_native is the same search with OpenAI tool calling, for comparison.
 *   No language model runs; the figures measure the prompts Vigil sends, not a model's quality.
 * Writes bench/results/planner.json and prints a summary (BENCH_OFFLINE_ONLY=1: the offline
 * planner only, with the count-run index and with counts settled from frames, to planner-offline.json).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryStore } from '../memory/store.js';
import type { Answer } from '../planner/answer.js';
import { ask, askOffline, type AskOptions } from '../planner/ask.js';
import { scriptedEndpoint, startScriptedServer, type ChatBody, type ChatReply } from '../test/helpers/openai-server.js';
import { mulberry32, observations, people } from './synthetic-memory.js';

const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const CAMS = Number(process.env.BENCH_CAMERAS ?? 8);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
/** Tools offered per question (the config default, models.answering.maxTools); BENCH_MAX_TOOLS=0 offers all. */
const MAX_TOOLS = Number(process.env.BENCH_MAX_TOOLS ?? 3);
/** When set, the chat requests of the model planners are written to this JSON file (to read what is sent). */
const DUMP = process.env.BENCH_DUMP_CHATS;
/**
 * BENCH_OFFLINE_ONLY=1: only the offline planner (no scripted server), once with the count-run
 * index and once with counts settled from frames; writes bench/results/planner-offline.json.
 */
const OFFLINE_ONLY = process.env.BENCH_OFFLINE_ONLY === '1';
const T0 = Date.parse('2026-11-20T00:00:00Z');
const END = T0 + HOURS * 3600_000;
const cams = Array.from({ length: CAMS }, (_, i) => `cam${i}`);

/** Offline question set: every measure of the question language (planner/query/schema.ts), over typical windows. */
const OFFLINE_QUESTIONS = [
  'how many people came in the last hour?', // count visits
  'how many people came today?', // count visits, whole day
  'how many different people came today?', // count identities
  'how many people were on cam3 between 14:00 and 14:10?', // count present
  'how many people left in the last hour?', // count departures
  'how many times did a person cross line gate in the last hour?', // count events
  'how many people crossed line gate in the last hour?', // count events, distinct
  'how many people stayed longer than 50 seconds on cam4 in the last hour?', // count where
  'how many people were there at 14:00:05?', // countAt
  'how many people are on cam2 now?', // countAt now
  'how many people were there at most in the last 3 hours?', // extreme max
  'what is the fewest people on cam3 this afternoon?', // extreme min
  'was there a person in the last minute?', // whether window
  'was anyone on cam1 at 12:00:00?', // whether instant
  'did anyone stay longer than 50 seconds on cam4 in the last hour?', // whether visit
  'did anyone cross line gate on cam5 in the last 10 minutes?', // whether event
  'when did the first person arrive this morning?', // when arrival nth
  'when did the 100th person arrive on cam1?', // when arrival nth
  'when was the last person seen?', // when departure, last
  'when did someone last cross line gate?', // when event
  'when did cam5 drop to zero people?', // when condition
  'how long did the last visitor on cam7 stay?', // duration visit
  'how long did people stay in zone door on average in the last hour?', // duration visits avg
  'how long was zone door empty in the last hour?', // duration condition
  'how long was cam0 empty today?', // duration condition, whole day
  'who stayed longest in zone door in the last hour?', // visit arg-max
  'list the visits on cam6 in the last 5 minutes', // list
  'how many people entered zone door in the last 10 minutes?', // count visits in a zone
];

/** Model question set, with the exact tool the scripted model calls first. */
const MODEL_QUESTIONS: { q: string; tool: string; args: Record<string, unknown> }[] = [
  // the query tool's short forms, as its one-line brief shows them to the model
  { q: 'how many people came in the last hour?', tool: 'query', args: { measure: 'count visits', subject: 'person', when: 'last hour' } },
  { q: 'how many people were there at most in the last hour?', tool: 'query', args: { measure: 'max', subject: 'person', when: 'last hour' } },
  { q: 'when did the first person arrive this morning?', tool: 'query', args: { measure: 'first arrival', subject: 'person', when: 'this morning' } },
  { q: 'how many times was line gate crossed in the last hour?', tool: 'query', args: { measure: 'count line_cross', place: { cameras: [], line: 'gate' }, when: 'last hour' } },
  { q: 'what happened on cam0 in the last 10 minutes?', tool: 'caption_retrieval', args: { camera: 'cam0', when: 'in the last 10 minutes' } },
];

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

/** The answer a scripted model gives from a tool result: its first line, and its first number as the value. */
function answerFrom(result: string): { answer: string; value: number | string } {
  const n = /(\d+)/.exec(result.replace(/\d{4}-\d{2}-\d{2}[ T][\d:.]+/g, ''))?.[1];
  return { answer: result.split('\n')[0]?.slice(0, 200) ?? '', value: n !== undefined ? Number(n) : result.slice(0, 80) };
}

/**
 * The scripted model: call the question's tool, then answer with the first number of its result;
 * critic replies accept. In the compact format it calls an exact tool with `= tool {...}` (its
 * result is the answer) and other tools plainly, then replies `final {...}`; with native tool
 * schemas it calls the tool, then `final_answer`.
 */
function scriptedModel(b: ChatBody): ChatReply {
  const all = JSON.stringify(b.messages);
  if (b.response_format) {
    return all.includes('Derive')
      ? { content: '{"criteria":[{"name":"grounded","description":"claims come from tool results","values":"1-5"},{"name":"answers_question","description":"answers what was asked","values":"1-5"}]}' }
      : { content: '{"scores":[{"criterion":"grounded","score":5},{"criterion":"answers_question","score":5}],"feedback":"Supported by the tool result.","accept":true}' };
  }
  const first = b.messages.find((m) => m.role === 'user')?.content;
  const user = typeof first === 'string' ? first : '';
  const spec = MODEL_QUESTIONS.find((x) => user === x.q || user.startsWith(`${x.q}\n`)) ?? { q: user, tool: 'query', args: { measure: { measure: 'count', of: 'visits' } } };
  if (b.tools) {
    const tool = [...b.messages].reverse().find((m) => m.role === 'tool');
    if (!tool) return { content: 'Let me check the memory.', toolCalls: [{ name: spec.tool, args: spec.args }] };
    return { toolCalls: [{ name: 'final_answer', args: answerFrom(String(tool.content)) }] };
  }
  // compact: a result in this chain, or one replayed in the steps so far
  const body = (t: string): string | undefined => /\nResult of [^\n]*\n```\n([^]*?)\n```/.exec(`\n${t}`)?.[1];
  const result = [...b.messages].reverse().find((m) => m.role === 'user' && String(m.content).startsWith('Result of '));
  const text = result ? body(String(result.content)) : body(user);
  if (text === undefined) return { content: `${spec.tool === 'caption_retrieval' ? '' : '= '}${spec.tool} ${JSON.stringify(spec.args)}` };
  return { content: `final ${JSON.stringify(answerFrom(text))}` };
}

/** The offline question set, each asked REPEAT times after one unmeasured answer: per-question p50 and the overall figures. */
function offlineRun(store: MemoryStore, opts: { now: number; timeZone: string }): { per: Record<string, { p50: number; answered: boolean; answer: string }>; offline: { p50: number; p99: number; max: number; samples: number } } {
  const per: Record<string, { p50: number; answered: boolean; answer: string }> = {};
  const times: number[] = [];
  for (const q of OFFLINE_QUESTIONS) {
    const first = askOffline(q, store, opts);
    const ts: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t = performance.now();
      askOffline(q, store, opts);
      ts.push(performance.now() - t);
    }
    times.push(...ts);
    per[q] = { p50: round(pct(ts, 50), 3), answered: first.value !== null, answer: first.answer.slice(0, 160) };
  }
  return { per, offline: { p50: round(pct(times, 50), 3), p99: round(pct(times, 99), 3), max: round(Math.max(...times), 3), samples: times.length } };
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vigil-bench-planner-'));
  const store = new MemoryStore({ dir: root });
  store.open();
  const rnd = mulberry32(42);
  const all = new Map(cams.map((c) => [c, people(c, T0, END, rnd)]));
  const tw = performance.now();
  let last: Promise<boolean> = Promise.resolve(true);
  let n = 0;
  for (const o of observations(all, cams, T0, END)) {
    last = store.write(o);
    if (++n % 5000 === 0) await last;
  }
  await last;
  await store.flush();
  console.log(`memory: ${HOURS} h x ${CAMS} cameras, ${n} records written in ${((performance.now() - tw) / 1000).toFixed(1)} s`);

  // ---- offline planner
  const opts = { now: END - 1, timeZone: 'UTC' };
  const { per, offline } = offlineRun(store, opts);
  console.log(`offline planner: p50 ${offline.p50} ms, p99 ${offline.p99} ms over ${offline.samples} answers (${OFFLINE_QUESTIONS.length} questions x ${REPEAT})`);
  if (OFFLINE_ONLY) {
    // the same questions with the count-run index flag removed: settled counts are settled from frames (the path before the index)
    await store.dbs().meta.remove(['index', 'counts']);
    const frames = offlineRun(store, opts);
    await store.dbs().meta.put(['index', 'counts'], 1);
    console.log(`offline planner, counts settled from frames: p50 ${frames.offline.p50} ms, p99 ${frames.offline.p99} ms`);
    const questions = Object.fromEntries(OFFLINE_QUESTIONS.map((q) => [q, { index_p50: per[q]?.p50, frames_p50: frames.per[q]?.p50, same_answer: per[q]?.answer === frames.per[q]?.answer }]));
    const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'results', 'planner-offline.json');
    writeFileSync(file, `${JSON.stringify({ data: { hours: HOURS, cameras: CAMS, records: n }, index: offline, frames: frames.offline, questions }, null, 2)}\n`);
    console.log(`wrote ${file}`);
    await store.close();
    rmSync(root, { recursive: true, force: true });
    return;
  }

  // ---- model planners against the scripted server
  const srv = await startScriptedServer({ chat: scriptedModel });
  const llm = scriptedEndpoint(srv.baseUrl, 'scripted-llm');
  const variants: [string, AskOptions][] = [
    ['react', { planner: 'react' }],
    ['mcts_n2', { planner: 'mcts', mcts: { n: 2, random: mulberry32(7) } }],
    ['mcts_n2_critic', { planner: 'mcts', mcts: { n: 2, random: mulberry32(7) }, critic: 1 }],
    // the same search with OpenAI tool calling (JSON schemas in every call), for comparison
    ['mcts_n2_native', { planner: 'mcts', mcts: { n: 2, random: mulberry32(7) }, toolFormat: 'native' }],
  ];
  const tokens: Record<string, number> = {};
  const detail: Record<string, { tokens_mean: number; prompt_mean: number; completion_mean: number; calls_mean: number; ms_mean: number; correct: number; of: number; tokens_by_question: Record<string, number> }> = {};
  for (const [name, v] of variants) {
    const answers: Answer[] = [];
    const before = { ...srv.tokens };
    let correct = 0;
    for (const mq of MODEL_QUESTIONS) {
      const a = await ask(mq.q, store, { ...opts, models: { llm }, budget: { tokens: 100_000, calls: 40 }, maxTools: MAX_TOOLS, ...v });
      answers.push(a);
      // the offline planner's exact value is the reference where it answers the same shape
      const ref = askOffline(mq.q, store, opts).value;
      if (ref === null || typeof ref !== 'number' || a.value === ref) correct++;
    }
    const mean = (f: (a: Answer) => number): number => round(answers.reduce((s, a) => s + f(a), 0) / answers.length, 1);
    tokens[name] = mean((a) => a.cost.tokens);
    const per = (x: number): number => round(x / answers.length, 1);
    detail[name] = { tokens_mean: tokens[name] ?? 0, prompt_mean: per(srv.tokens.prompt - before.prompt), completion_mean: per(srv.tokens.completion - before.completion), calls_mean: mean((a) => a.cost.calls), ms_mean: mean((a) => a.cost.ms), correct, of: answers.length, tokens_by_question: Object.fromEntries(MODEL_QUESTIONS.map((mq, k) => [mq.q, answers[k]?.cost.tokens ?? 0])) };
    console.log(`${name}: ${tokens[name]} tokens (${detail[name]?.prompt_mean} prompt, ${detail[name]?.completion_mean} completion), ${detail[name]?.calls_mean} calls per answer (scripted server)`);
  }
  if (DUMP) writeFileSync(DUMP, `${JSON.stringify(srv.chats(), null, 1)}\n`);
  await srv.close();

  const out = {
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', mem_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
    data: { hours: HOURS, cameras: CAMS, records: n },
    max_tools: MAX_TOOLS,
    offline_ms: offline,
    offline_questions: per,
    tokens_per_answer: tokens,
    model_answers: detail,
    note: 'tokens_per_answer comes from a SCRIPTED OpenAI-compatible server (fixed replies: call the exact tool, in the compact format with "= tool" so its exact result is the answer, then answer; critic accepts). Tokens are estimated as characters / 4 of the requests Vigil sends (tool schemas included when sent: mcts_n2_native), not counted by a real model tokenizer.',
  };
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'results', 'planner.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${file}`);
  await store.close();
  rmSync(root, { recursive: true, force: true });
}

await main();
