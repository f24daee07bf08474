/**
 * A query in plain words, for the "Read as: ..." line every answer starts with, so a person sees
 * at once which question was answered. Each measure words itself (`measures/*.ts`) from the
 * shared words of `describe-words.ts`.
 */
import { place, subject, when } from './describe-words.js';
import { measureModule } from './measures/index.js';
import type { Query } from './schema.js';

/** The query as one phrase: "visits by a person to camera table between 09:00:00 and 09:01:00". */
export function describeQuery(q: Query, tz: string): string {
  const ignored = q.subject.look?.ignored ?? [];
  const note = ignored.length > 0 ? ` (${ignored.map((w) => `"${w}"`).join(', ')} narrowed nothing: the detector sees a person's colours, not ${ignored.length === 1 ? 'that' : 'those'})` : '';
  return describeBody(q, tz) + note;
}

/** The query's phrase without the note on words that narrowed nothing. */
function describeBody(q: Query, tz: string): string {
  const words = { q, tz, at: `at ${place(q)}`, s1: subject(q, false), sn: subject(q, true), t: when(q, tz), describe: (x: Query) => describeQuery(x, tz) };
  return measureModule(q.measure).describe(q.measure, words);
}
