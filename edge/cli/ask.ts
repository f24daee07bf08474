/**
 * `vigil ask`: answers a question from the memory in a data directory, without a daemon.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MemoryStore } from '../../memory/store.js';
import { ask } from '../../planner/ask.js';
import { isTimeZone } from '../../planner/time.js';
import { isoTime, parse, str, UsageError } from './args.js';

/** Help text. */
export const ASK_HELP = `vigil ask "QUESTION" --data DIR [--json] [--now ISO8601] [--tz ZONE]
  Answers from the memory in DIR. --json prints one object: answer, value, evidence, coverage.
  --now  when the question is asked (default: the end of the memory's coverage)
  --tz   IANA time zone of times in the question and answer (default: the system's)`;

/** Answers and prints; resolves with the exit code. */
export async function askCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { data: { type: 'string' }, json: { type: 'boolean' }, now: { type: 'string' }, tz: { type: 'string' } });
  const question = positionals.join(' ').trim();
  if (!question) throw new UsageError('a QUESTION is required');
  const data = str(values.data);
  if (!data) throw new UsageError('--data DIR is required');
  const nowArg = str(values.now);
  const now = nowArg === undefined ? undefined : isoTime(nowArg, 'now');
  const timeZone = str(values.tz);
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`--tz "${timeZone}" is not an IANA time zone (e.g. Europe/Berlin, UTC)`);
  const dir = resolve(data);
  if (!existsSync(join(dir, 'memory'))) throw new UsageError(`no memory in ${dir}: run "vigil start" or "vigil replay" with --data ${data} first`);
  const store = new MemoryStore({ dir, readOnly: true });
  store.open();
  try {
    const a = await ask(question, store, { ...(now !== undefined ? { now } : {}), ...(timeZone ? { timeZone } : {}) });
    process.stdout.write(values.json ? `${JSON.stringify(a)}\n` : `${a.answer}\n`);
  } finally {
    await store.close();
  }
  return 0;
}
