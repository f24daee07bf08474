/**
 * Kinds read since the twenty-fifth blind set's first score (this file's own sentences, none from a
 * blind set): a camera named by two words of its name with the word between them left out ("the
 * ferry waiting table" of ferry-terminal-waiting, where "waiting" alone is a verb), and a thing to
 * stand at said after it (the scene of that camera); "all her trips combined": the visits summed,
 * not people there at once.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const ramp = parserFor({ cameras: ['ferry-terminal-waiting'], zones: [], lines: [] }, 'none');
const two = parserFor({ cameras: ['ferry-terminal-waiting', 'ferry-pier-waiting'], zones: [], lines: [] }, 'none');

test('a camera named by two words of its name with the word between left out, and a thing to stand at after it', () => {
  const q = ramp.parse('how many people came to the ferry waiting table this morning?').query;
  assert.deepEqual(q.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(q.place.cameras, ['ferry-terminal-waiting']);
  assert.deepEqual(ramp.parse('when did the last person leave the ferry waiting table?').query.place.cameras, ['ferry-terminal-waiting']);
  // two cameras whose names both leave "ferry ... waiting": the short name is neither
  two.refused('how many people came to the ferry waiting?');
  assert.deepEqual(two.parse('how many people came to the ferry pier waiting?').query.place.cameras, ['ferry-pier-waiting']);
});

test('"both visits together", "all her trips combined": the visits summed, not people there at once', () => {
  for (const q of ['Both visits together, how long was the woman in the red coat at the ferry waiting table?', 'how long was she at the ferry waiting table, all her trips combined?']) {
    const m = ramp.parse(q).query.measure;
    assert.equal(m.measure, 'duration', q);
    assert.ok(m.measure === 'duration' && m.of.kind === 'visits' && m.of.agg === 'total', `${q}: ${JSON.stringify(m)}`);
  }
  // "together" of people is still at once
  assert.equal(ramp.parse('were two people at the ferry waiting table together?').query.measure.measure, 'whether');
});
