/**
 * Typing slips: a word the scanner does not know is read as the one known word nearest to it (the
 * lexicon's words and the memory's names), and the "Read as" line says so; short words, ambiguous
 * slips and English words are not corrected, and nonsense with slips in it is still refused.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor, END, T0 } from './parse-helpers.js';
import { correction } from '../../planner/query/spell.js';
import { parseQuestion } from '../../planner/query/parse.js';
import { COCO_LABELS } from '../../ingest/perception/coco.js';

const OPTS = { now: END, timeZone: 'UTC', coverage: { from: T0, to: END }, dominant: (c?: string) => (c === 'ledge' ? 'bottle' : 'person') };

const { parse, refused } = parserFor({ cameras: ['kiosk', 'ledge', 'table'], zones: ['door'], lines: ['B'] }, 'ledge');

test('a slip in a word of the lexicon or a name of the memory is read as that word, and said', () => {
  const p = parse('how many peple came to the kiosc?');
  assert.deepEqual(p.query, parse('how many people came to the kiosk?').query);
  assert.ok(p.assumed.includes('read "peple" as "people"'), p.assumed.join('; '));
  assert.ok(p.assumed.includes('read "kiosc" as "kiosk"'), p.assumed.join('; '));
  // two neighbouring letters swapped are one slip
  const t = parse('how many people sat at the tabel');
  assert.deepEqual(t.query, parse('how many people sat at the table').query);
  assert.ok(t.assumed.includes('read "tabel" as "table"'));
  // the repaired word is read in its place, times included
  assert.deepEqual(parse('how many people arrived betwen 09:00:10 and 09:01:00').query, parse('how many people arrived between 09:00:10 and 09:01:00').query);
  // a longer word may have two slips
  assert.deepEqual(parse('how many bottles were takennn').query, parse('how many bottles were taken').query);
});

test('no correction for short words, ties, far words or English words', () => {
  refused('did anyone com to the kiosk', 'com');
  refused('how many peeeeeple came', 'peeeeeple');
  refused('how many tall people came', 'tall');
  assert.equal(correction('dask', new Set(['desk', 'disk'])), undefined, 'a tie is no correction');
  // a tie at one slip is broken by how slips are made: a letter left out before a key across the keyboard
  assert.equal(correction('whre', new Set(['where', 'were', 'here'])), 'where');
  assert.equal(correction('wen', new Set(['when'])), undefined, 'three letters are never corrected');
  assert.equal(correction('kiosc', new Set(['kiosk', 'ledge'])), 'kiosk');
  // an adverb is English in its own right, not a slip of the word with two letters swapped
  assert.equal(correction('quite', new Set(['quiet', 'empty'])), undefined, '"quite" is not "quiet"');
  assert.equal(correction('frist', new Set(['first'])), 'first', 'a rare word with no sense in WordNet still is');
});

test('typo correction does not turn nonsense into an answer', () => {
  for (const q of ['tabel tabel tabel?', 'peple kiosc peple?', 'number tabel who?', 'purple tabel sings loudly', 'kiosc kiosc kiosc kiosc', 'peple peple peple came came']) refused(q);
  const r = parserFor({ cameras: ['kiosk'], zones: [], lines: [] }, 'kiosk');
  r.refused('how many peple flibbered at the kiosc', 'flibbered');
});

test('a slip anywhere reads as the question without it, or is refused: never as another question', () => {
  const r = parserFor({ cameras: ['kiosk', 'ledge'], zones: ['door'], lines: ['B'] }, 'ledge');
  const sentences = [
    'how many people arrived at the kiosk between 09:00:10 and 09:01:00',
    'when did the second visitor leave the kiosk',
    'how long did the longest visit at the kiosk last',
    'were any bottles taken from the ledge after 09:01',
    'was the kiosk empty at 09:01:30',
  ];
  let same = 0;
  for (const q of sentences) {
    const want = r.parse(q);
    for (const w of q.split(' ').filter((x) => /^[a-z]{5,}$/.test(x))) {
      for (let k = 1; k < w.length - 1; k++) {
        const slip = `${w.slice(0, k)}${w[k + 1] ?? ''}${w[k] ?? ''}${w.slice(k + 2)}`;
        const got = parseQuestion(q.replace(w, slip), { cameras: ['kiosk', 'ledge'], zones: ['door'], lines: ['B'], labels: COCO_LABELS }, OPTS);
        if (!got.ok) continue;
        assert.deepEqual([got.query, got.negate], [want.query, want.negate], `${q.replace(w, slip)} reads as "${q}"`);
        same++;
      }
    }
  }
  assert.ok(same > 20, `${same} slipped questions read as their sentence`);
});
