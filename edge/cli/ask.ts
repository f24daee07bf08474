/**
 * `vigil ask`: answers a question from the memory in a data directory, without a daemon.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { liveHolder } from '../data-lock.js';
import { MemoryError, MemoryStore } from '../../memory/store.js';
import { READ_FAILED_MESSAGE } from '../../memory/read-guard.js';
import { ask, defaultTimeZone, type AskOptions } from '../../planner/ask.js';
import { answererOptions } from '../config/answering.js';
import { isTimeZone } from '../../planner/time.js';
import { loadConfig } from '../config/load.js';
import { isoTime, parse, str, UsageError } from './args.js';
import { ASK_FLEET_HELP, askFleetCommand } from './ask-fleet.js';
import { localiseIsoTimes } from './local-times.js';

/** Help text. */
export const ASK_HELP = `vigil ask "QUESTION" [--data DIR] [--config FILE] [--json] [--now ISO8601] [--tz ZONE] [--planner offline|react|mcts] [--critic] [--trace]
  Answers from the memory in DIR (default: data of the config, else ./data). --json prints one object: answer, value, evidence, coverage, planner, cost.
  --now      when the question is asked (default: the wall clock, bounded by the memory's coverage:
             its end when the cameras stopped or the recording is a replay; data stamped later
             than the wall clock, after a clock step, never moves it)
  --tz       IANA time zone of times in the question and answer (default: config timezone, else the system's)
  --planner  offline (no model), react or mcts (need models.llm); default: offline without models.llm, else mcts
  --critic   add MMCTAgent critic rounds (models.answering.criticRounds, at least 1)
  --config   YAML or JSON config: data, timezone, models.* (also VIGIL_CONFIG, VIGIL_DATA and VIGIL_MODELS__* variables)
  --trace    print progress (plan, tool calls, tree, critic) to stderr as JSON lines
${ASK_FLEET_HELP}`;

const PLANNERS = ['offline', 'react', 'mcts'] as const;

/** The string options that were given. */
function pick(o: Record<string, string | boolean | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
}

/** Answers and prints; resolves with the exit code. */
export async function askCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    data: { type: 'string' },
    json: { type: 'boolean' },
    now: { type: 'string' },
    tz: { type: 'string' },
    planner: { type: 'string' },
    critic: { type: 'boolean' },
    config: { type: 'string' },
    trace: { type: 'boolean' },
    fleet: { type: 'boolean' },
    mqtt: { type: 'string' },
    prefix: { type: 'string' },
    deadline: { type: 'string' },
  });
  const question = positionals.join(' ').trim();
  if (!question) throw new UsageError('a QUESTION is required');
  if (values.fleet) return askFleetCommand({ question, ...pick({ mqtt: values.mqtt, prefix: values.prefix, deadline: values.deadline, now: values.now, tz: values.tz, config: values.config, data: values.data }), json: values.json === true });
  const nowArg = str(values.now);
  const now = nowArg === undefined ? undefined : isoTime(nowArg, 'now');
  const planner = str(values.planner);
  if (planner !== undefined && !(PLANNERS as readonly string[]).includes(planner)) throw new UsageError(`--planner must be one of ${PLANNERS.join(', ')}`);
  // the data directory as `vigil start` and `vigil token` take it: --data, else the config's data (default ./data)
  const cfg = loadConfig({ file: str(values.config), data: str(values.data) });
  const data = cfg.data;
  const base = answererOptions(cfg);
  if (planner && planner !== 'offline' && !base.models?.llm) throw new UsageError(`--planner ${planner} needs a language model: set models.llm in --config (or VIGIL_MODELS__LLM__BASEURL and VIGIL_MODELS__LLM__MODEL)`);
  const timeZone = str(values.tz) ?? base.timeZone;
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`--tz "${timeZone}" is not an IANA time zone (e.g. Europe/Berlin, UTC)`);
  const dir = resolve(data);
  if (!existsSync(join(dir, 'memory'))) throw new UsageError(`no memory in ${dir}: run "vigil start" or "vigil replay" with --data ${data} first`);
  const opts: AskOptions = {
    ...base,
    ...(planner ? { planner: planner as (typeof PLANNERS)[number] } : {}),
    ...(values.critic ? { critic: Math.max(1, typeof base.critic === 'number' ? base.critic : 1) } : {}),
    ...(now !== undefined ? { now } : {}),
    ...(timeZone ? { timeZone } : {}),
    ...(values.trace ? { onProgress: (p) => process.stderr.write(`${JSON.stringify(p.type === 'final' ? { type: 'final' } : p)}\n`) } : {}),
  };
  const store = new MemoryStore({ dir, readOnly: true });
  // checked before it is mapped: a damaged file is an error message, not a crash. While a daemon
  // holds the directory (it walked the file at its start) the meta pages are read, not walked again.
  try {
    await store.openChecked({ walk: liveHolder(dir) === null });
  } catch (e) {
    if (e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED') {
      process.stderr.write(`vigil: ${e.message}\n  "vigil start --data ${data}" keeps the damaged file aside (data.mdb.corrupt-<time>) and starts an empty memory.\n`);
      return 1;
    }
    throw e;
  }
  try {
    const a = await ask(question, store, opts);
    // a planner may have put a failed read into words: the answer is the error
    if (store.readFailures > 0) throw new MemoryError('MEMORY_READ_FAILED', READ_FAILED_MESSAGE);
    // the text in one zone: the gap list's UTC times as wall times like the Read-as line's (--json keeps ISO)
    process.stdout.write(values.json ? `${JSON.stringify(a)}\n` : `${localiseIsoTimes(a.answer, timeZone ?? defaultTimeZone())}\n`);
  } finally {
    await store.close();
  }
  return 0;
}
