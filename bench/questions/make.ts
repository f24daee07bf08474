/**
 * Writes the project's question set (bench/questions/*.json) from the truth models beside it:
 * `npm run build && node dist/bench/questions/make.js`. Each file has dev.json's shape (one clip,
 * or the synthetic day instead of a clip file), and each question a `part` naming the part of the
 * question language it exercises; questions that must be refused have `type: "refusal"` and
 * `expect: null`. A `list` question's `expect` is the number of items listed.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_CLIP, benchQuestions } from './bench-clip.js';
import { SYNTHETIC_DAY, syntheticQuestions } from './synthetic.js';
import { TABLE_CLIP, tableQuestions } from './table.js';

const ABOUT =
  "Vigil's own question set (issue 14): questions in varied wording, as a lab lead, a factory supervisor or a shop manager would type them, with the truth computed by bench/questions/*.ts from visits and counts read off the frames (clips) or from the generator (synthetic day), checked to hold when times move a little. Graded like dev.json; `list`: the number of items listed; `refusal`: right when the value is null. `part` names the part of the question language (planner/query/schema.ts) a question exercises.";

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bench', 'questions');
const files = {
  'table.json': { ...TABLE_CLIP, questions: tableQuestions() },
  'bench.json': { ...BENCH_CLIP, questions: benchQuestions() },
  'synthetic.json': { ...SYNTHETIC_DAY, questions: syntheticQuestions() },
};
let total = 0;
for (const [name, clip] of Object.entries(files)) {
  writeFileSync(join(dir, name), `${JSON.stringify({ about: ABOUT, clips: [clip] }, null, 1)}\n`);
  total += clip.questions.length;
  console.log(`${name}: ${clip.questions.length} questions (${clip.questions.filter((q) => q.type === 'refusal').length} refusals)`);
}
console.log(`${total} questions`);
