/**
 * The ends of spans and windows said in more ways (kinds read since the ninth blind set's first
 * score; this file's own sentences): the end of the recording as a moment a span runs to, a wait
 * "after the recording began", a window that ends at a moment said first ("before the first person
 * left, ..."), a return "after he left (the first time)", being "gone" between one's visits, and
 * the camera "catching" someone.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';

const yard = parserFor({ cameras: ['yard'], zones: [], lines: [] }, 'none');
const desk = parserFor({ cameras: ['desk'], zones: [], lines: [] }, 'none');
const nth = (n: number): unknown => ({ by: 'nth', n });

test('the end of the recording is a moment a span runs to, from the last departure when the place stays empty', () => {
  assert.deepEqual(yard.parse('after the last truck left, how long did the yard stay empty until the recording ended?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: nth(-1) }, to: { kind: 'end' } });
  assert.deepEqual(yard.parse('after the first truck left, how long was it until the end of the video?').query.measure, { measure: 'elapsed', from: { kind: 'departure', visit: nth(1) }, to: { kind: 'end' } });
  // empty until the end from the first departure is not said of that span (another may have come)
  yard.refused('after the first truck left, how long did the yard stay empty until the recording ended?');
  assert.equal(desk.parse('how many people were at the desk when it stopped recording?').query.time.at, desk.parse('how many people were at the desk at the end?').query.time.at);
});

test('"how long did we wait after the recording began before the first truck came": from the start', () => {
  assert.deepEqual(yard.parse('how long did we wait after the recording began before the first truck came?').query.measure, { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: nth(1) } });
});

test('a window that ends at a moment said first: "before the first person left, how many had shown up"', () => {
  const q = desk.parse('before the first person left, how many people had shown up?').query;
  assert.deepEqual(q.measure, { measure: 'count', of: 'visits' });
  assert.deepEqual(q.time.before, { kind: 'departure', visit: nth(1) });
  assert.equal(q.time.after, undefined);
});

test('a return "after he left (the first time)" is the return; a pronoun of the other sex is someone else', () => {
  for (const q of ['did the man in the grey shirt come back after he left the first time?', 'did the man in the grey shirt come back after he left?']) {
    assert.deepEqual(desk.parse(q).query.measure, { measure: 'whether', test: { kind: 'returned' } }, q);
  }
  desk.refused('did the woman in black come back after he left?', 'after');
});

test('"gone" between one\'s visits is that span; the camera "catching" people is seeing them', () => {
  const gone = desk.parse('how long was the man in the grey shirt gone between his first and second visits?').query;
  assert.deepEqual(gone.measure, { measure: 'elapsed', from: { kind: 'departure', visit: nth(1) }, to: { kind: 'arrival', visit: nth(2) } });
  assert.equal(gone.subject.one, true);
  desk.refused('how long was the man in grey gone?', 'gone');
  assert.equal(desk.parse('in the final 50 seconds, how many people did the camera catch?').query.measure.measure, 'count');
});
