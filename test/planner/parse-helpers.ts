/**
 * The parser tests' shared setup: a memory of 139.5 s from 09:00 UTC with the COCO labels, and
 * `parse` (read, and fits the schema) and `refused` (refused, naming a word) over given names.
 */
import assert from 'node:assert/strict';
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { parseQuestion, type Parsed } from '../../planner/query/parse.js';
import { Query } from '../../planner/query/schema.js';

/** Start and end of the test memory's coverage. */
export const T0 = Date.parse('2026-01-05T09:00:00Z');
export const END = T0 + 139_500;

/**
 * Parsing helpers over these cameras, zones and lines; `things` is the camera whose most-seen
 * class is the bottle (every other camera's is the person).
 */
export function parserFor(names: { cameras: string[]; zones: string[]; lines: string[] }, things: string): { parse: (q: string) => Parsed; refused: (q: string, word?: string) => void } {
  const vocab = { ...names, labels: COCO_LABELS };
  const opts = { now: END, timeZone: 'UTC', coverage: { from: T0, to: END }, dominant: (c?: string) => (c === things ? 'bottle' : 'person') };
  return {
    parse: (q) => {
      const r = parseQuestion(q, vocab, opts);
      assert.ok(r.ok, `${q}: refused: ${r.ok ? '' : r.why}`);
      assert.ok(Query.safeParse(r.query).success, `${q}: the query fits the schema`);
      return r;
    },
    refused: (q, word) => {
      const r = parseQuestion(q, vocab, opts);
      assert.equal(r.ok, false, `${q}: should be refused, read as ${JSON.stringify(r.ok ? r.query : null)}`);
      if (word && !r.ok) assert.match(r.why, new RegExp(word), `${q}: names "${word}"`);
    },
  };
}
