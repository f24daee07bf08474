/**
 * Verb inflections the lexicon does not list are read as their roots (compromise): "lingering" as
 * "linger", "vanishes" as "vanish", "stands" as "stand". Only verbs: a plural noun is not read as
 * a name of the memory ("tables" is no camera "table").
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parserFor } from './parse-helpers.js';
import { verbRoots } from '../../planner/query/lemma.js';

const { parse, refused } = parserFor({ cameras: ['kiosk', 'ledge', 'table'], zones: ['door'], lines: ['B'] }, 'ledge');
const q = (s: string): unknown => parse(s).query;

test('an inflection is read as its root', () => {
  assert.deepEqual(q('how many people were lingering at the kiosk'), q('how many people were waiting at the kiosk'));
  assert.deepEqual(q('when did the first visitor vanishes'), q('when did the first visitor vanish'));
  assert.deepEqual(q('how many people stands at the kiosk'), q('how many people stood at the kiosk'));
  assert.deepEqual(q('how many bottles were nabbing'), q('how many bottles were taken'));
  // no slip is said: the word is the same word
  assert.deepEqual(parse('how many people were lingering at the kiosk').assumed.filter((a) => a.startsWith('read ')), []);
  assert.equal(verbRoots('someone was lingering').get('lingering'), 'linger');
});

test('inflections the lexicon no longer lists are read through their roots', () => {
  assert.deepEqual(q('when had the first visitor disappeared'), q('when had the first visitor vanished'));
  assert.deepEqual(q('how many people entered the kiosk'), q('how many people visited the kiosk'));
  assert.deepEqual(q('how many bottles were restocked'), q('how many bottles were replaced'));
  assert.deepEqual(q('how many people sat at the kiosk'), q('how many people stayed at the kiosk'));
  assert.deepEqual(q('how many people were standing at the kiosk'), q('how many people were waiting at the kiosk'));
  assert.deepEqual(q('did anyone take a bottle'), q('did anyone remove a bottle'));
  assert.deepEqual(q('how many bottles did someone take'), q('how many bottles were taken'));
});

test('only verbs: a plural is not read as a name', () => {
  refused('how many tables were there', 'table');
  refused('how many people were florping at the kiosk', 'florping');
});
