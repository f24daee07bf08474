/** MOT figures at visit granularity: IDF1, id switches, fragments and merges against true visits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreIdentities } from '../../bench/identity/score.js';

const truth = [
  { person: 0, start: 0, end: 10 },
  { person: 1, start: 20, end: 30 },
  { person: 0, start: 40, end: 50 },
];

test('one stored visit per true visit, one id per person: IDF1 1, no switch, fragment or merge', () => {
  const s = scoreIdentities(
    [
      { objectId: 'a', start: 0, end: 10 },
      { objectId: 'b', start: 20, end: 30 },
      { objectId: 'a', start: 40, end: 50 },
    ],
    truth,
  );
  assert.deepEqual([s.idf1, s.idSwitches, s.fragments, s.merges], [1, 0, 0, 0]);
});

test('a visit split in two is a fragment (and a switch when the pieces have two ids); two visits in one stored visit is a merge', () => {
  const s = scoreIdentities(
    [
      { objectId: 'a', start: 0, end: 4 },
      { objectId: 'c', start: 5, end: 10 },
      { objectId: 'b', start: 20, end: 45 },
    ],
    truth,
  );
  assert.equal(s.fragments, 1);
  assert.equal(s.idSwitches, 1, 'a -> c within the first visit (b is matched to person 1, whom it overlaps most)');
  assert.equal(s.merges, 1, 'b covers person 1 and the return of person 0');
  assert.ok(s.idf1 < 1);
});

test('a person back under a new id is a switch', () => {
  const s = scoreIdentities(
    [
      { objectId: 'a', start: 0, end: 10 },
      { objectId: 'b', start: 20, end: 30 },
      { objectId: 'd', start: 40, end: 50 },
    ],
    truth,
  );
  assert.deepEqual([s.idSwitches, s.fragments, s.merges], [1, 0, 0]);
});

test('things in view at once are told apart by where they are: a stored visit counts only for the true visit whose region holds it', () => {
  const two = [
    { person: 0, start: 0, end: 10, where: [0, 0, 0.5, 1] as const },
    { person: 1, start: 0, end: 10, where: [0.5, 0, 1, 1] as const },
  ];
  const right = scoreIdentities(
    [
      { objectId: 'a', start: 0, end: 10, at: [0.2, 0.5] as const },
      { objectId: 'b', start: 0, end: 10, at: [0.8, 0.5] as const },
    ],
    two,
  );
  assert.deepEqual([right.idf1, right.idSwitches, right.fragments, right.merges, right.missedVisits], [1, 0, 0, 0, 0]);
  const oneSide = scoreIdentities(
    [
      { objectId: 'a', start: 0, end: 10, at: [0.2, 0.5] as const },
      { objectId: 'b', start: 0, end: 10, at: [0.3, 0.5] as const },
    ],
    two,
  );
  assert.equal(oneSide.missedVisits, 1, 'both stored visits are on the left: the right person is missed');
  assert.equal(oneSide.fragments, 1, 'the left person is stored twice');
  assert.equal(oneSide.idf1, 0.5);
});
