/**
 * The size of a fuzz run, from the environment: `VIGIL_FUZZ_INPUTS` (inputs over every
 * interface), `VIGIL_FUZZ_SECONDS` (time cap) and `VIGIL_FUZZ_SEED` (a number, or `random`).
 */
import type { FuzzBudget } from './run.js';

/** Defaults of the run in `npm test`. */
export const DEFAULT_BUDGET = { inputs: 100_000, seconds: 150, seed: 20260613 };

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Reads the budget; a bad value falls back to its default. */
export function fuzzBudget(env: NodeJS.ProcessEnv): FuzzBudget {
  const seedRaw = env.VIGIL_FUZZ_SEED;
  const seed = seedRaw === 'random' ? Math.floor(Math.random() * 2 ** 31) : Math.floor(positive(seedRaw, DEFAULT_BUDGET.seed));
  const inputs = Math.floor(positive(env.VIGIL_FUZZ_INPUTS, DEFAULT_BUDGET.inputs));
  // an explicit input count without a time cap runs to that count
  const seconds = positive(env.VIGIL_FUZZ_SECONDS, env.VIGIL_FUZZ_INPUTS ? 3600 : DEFAULT_BUDGET.seconds);
  return { seed, inputs, seconds };
}
