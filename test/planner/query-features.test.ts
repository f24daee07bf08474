/**
 * Token features: the tokeniser marks a word's form (plural classes and visit nouns, verbs said as
 * plural nouns, times said to the second) and the question's own words, so the composer reads
 * features and no file of the question language but the tokeniser reads the words' text for them.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { scanRead, type Token } from '../../planner/query/scan.js';

const T0 = Date.parse('2026-01-05T09:00:00Z');
const opts = { now: T0 + 139_500, timeZone: 'UTC', coverage: { from: T0, to: T0 + 139_500 } };
const vocab = { cameras: ['table'], zones: ['desk'], lines: ['gate'], labels: COCO_LABELS };
const tok = (q: string, text: string): Token | undefined => scanRead(q, vocab, opts).toks.find((t) => t.text === text);

test('the tokeniser marks plural classes, visit nouns and verbs said as plural nouns', () => {
  assert.equal(tok('how many people came?', 'people')?.plural, true);
  assert.equal(tok('how many people came?', 'people')?.sPlural, true);
  assert.equal(tok('how many bottles were there?', 'bottles')?.plural, true);
  assert.equal(tok('how long did the person stay?', 'person')?.plural, undefined);
  // "staff" is plural, but not by -s
  assert.equal(tok('how many staff came?', 'staff')?.plural, true);
  assert.equal(tok('how many staff came?', 'staff')?.sPlural, undefined);
  assert.equal(tok('how many visits were there?', 'visits')?.plural, true);
  assert.equal(tok('arrivals at camera table?', 'arrivals')?.plural, true);
  assert.equal(tok('when did the first person arrive?', 'arrive')?.plural, undefined);
});

test('a time said to the second is marked, and the side of a moment it opens with; the question keeps its own words', () => {
  const r = scanRead('how many people came at 09:01:14?', vocab, opts);
  assert.equal(r.toks.find((t) => t.t === 'time')?.toSecond, true);
  assert.equal(scanRead('how many people came at 09:01?', vocab, opts).toks.find((t) => t.t === 'time')?.toSecond, undefined);
  assert.deepEqual(scanRead('How many Women came?', vocab, opts).words, ['how', 'many', 'women', 'came']);
  assert.equal(scanRead('how many people came after 09:01?', vocab, opts).toks.find((t) => t.t === 'time')?.opens, 'after');
  assert.equal(scanRead('how many people came until 09:01?', vocab, opts).toks.find((t) => t.t === 'time')?.opens, 'until');
  assert.equal(scanRead('how many people came between 09:00 and 09:01?', vocab, opts).toks.find((t) => t.t === 'time')?.opens, undefined);
});

test('no file of the question language but the tokeniser reads plural or time forms from token text', () => {
  const dir = join(fileURLToPath(new URL('../../../', import.meta.url)), 'planner', 'query');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.startsWith('scan'))) {
    const src = readFileSync(join(dir, f), 'utf8');
    assert.doesNotMatch(src, /\(\?:s\|people/, `${f} reads a plural from token text`);
    assert.doesNotMatch(src, /\/s\$\/\.test\(\w+\.text\)/, `${f} reads a plural from token text`);
    assert.doesNotMatch(src, /:\\d\{2\}:\\d\{2\}\/\.test/, `${f} reads a time's precision from token text`);
    assert.doesNotMatch(src, /question\.toLowerCase\(\)\.match/, `${f} reads the raw question with a regular expression`);
    assert.doesNotMatch(src, /\/\^\(\?:(?:before|after)\|/, `${f} reads a time phrase's side from token text`);
  }
});
