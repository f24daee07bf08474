/** How transcript matches and keyword-spotting hits combine into the moments a topic was said. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TranscriptHit } from '../../memory/transcripts.js';
import { topicHits } from '../../planner/speech.js';

const hit = (text: string, at: number, score: number): TranscriptHit => ({ camera: 'c', at, start: at, end: at + 2000, text, matched: ['pressure'], score });

test('without spotting, the transcript\'s near matches count; with it, only exact words and what the spotter heard', () => {
  const near = hit('the the oppression you', 1000, 1);
  assert.deepEqual(topicHits('pressure', [near], null), [near], 'no spotter: the 5-letter prefix match stands');
  const spotted = { phrase: 'pressure', ran: true, searched: 2, hits: [{ camera: 'c', start: 12_900, end: 13_300 }] };
  const got = topicHits('pressure', [near], spotted);
  assert.equal(got.length, 1);
  assert.equal(got[0]?.at, 12_900);
  assert.match(got[0]?.text ?? '', /heard by keyword spotting/);
  const exact = hit('check the pressure now', 12_500, 1);
  assert.deepEqual(topicHits('pressure', [exact], spotted), [exact], 'an exact transcript word at the same moment is the one kept');
  assert.deepEqual(topicHits('pressure', [near], { ...spotted, hits: [] }), [], 'the spotter heard nothing and the transcript has no exact word: not said');
});
