/**
 * Selecting stored objects and visits by named colours: the memory side of "the person in the
 * black top", "the man in the dark hoodie", "the red car". Objects stored before colours were
 * named are neither matches nor misses: they are `unknown`.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ObjectColour, ObjectColours } from '../../ingest/observations.js';
import { colourFits, GARMENT_PARTS, selectByColour, visitsByColour } from '../../memory/queries/colours.js';

const c = (term: ObjectColour['term'], L: number, qualifier?: 'dark' | 'light'): ObjectColour => ({ term, lab: [L, 0, 0], share: 1, ...(qualifier ? { qualifier } : {}) });
const person = (id: string, colours?: ObjectColours, visits?: { start: number; end: number; colours?: ObjectColours }[]) => ({ id, colours, visits, firstSeen: 0, lastSeen: 10 });

const black = person('black-top', { upper: c('black', 3), lower: c('blue', 10, 'dark'), samples: 9 });
const grey = person('grey-cardigan', { upper: c('grey', 41, 'dark'), lower: c('black', 2), samples: 9 });
const orange = person('orange-vest', { upper: c('orange', 66), lower: c('blue', 30), samples: 9 });
const old = person('stored-before-colours');

test('a basic term selects the part it names', () => {
  const all = [black, grey, orange, old];
  const top = selectByColour(all, [{ part: 'upper', term: 'black' }]);
  assert.deepEqual(top.matches.map((o) => o.id), ['black-top']);
  assert.deepEqual(top.unknown.map((o) => o.id), ['stored-before-colours']);
  assert.deepEqual(selectByColour(all, [{ part: 'lower', term: 'black' }]).matches.map((o) => o.id), ['grey-cardigan']);
  assert.deepEqual(selectByColour(all, [{ part: 'upper', term: 'orange' }]).matches.map((o) => o.id), ['orange-vest']);
  assert.deepEqual(selectByColour(all, [{ part: 'any', term: 'orange' }]).matches.map((o) => o.id), ['orange-vest']);
  assert.deepEqual(selectByColour(all, [{ part: 'upper', term: 'black' }, { part: 'lower', term: 'blue' }]).matches.map((o) => o.id), ['black-top']);
  assert.deepEqual(selectByColour(all, [{ part: 'upper', term: 'black' }, { part: 'lower', term: 'black' }]).matches, []);
});

test('a near-black colour is black as well as its hue; a dark navy is not', () => {
  // a black jacket under a blue-tinted camera measures blue at L* 5: a person calls it black
  assert.equal(colourFits(c('blue', 5, 'dark'), { term: 'black' }), true);
  assert.equal(colourFits(c('blue', 5, 'dark'), { term: 'blue' }), true);
  assert.equal(colourFits(c('blue', 10, 'dark'), { term: 'black' }), false);
  assert.equal(colourFits(c('red', 5, 'dark'), { term: 'black' }), true);
});

test('"dark" is black or a dark colour, not a mid grey; qualifiers narrow; silver is grey', () => {
  const dark = selectByColour([black, grey, orange], [{ part: 'upper', term: 'dark' }]).matches.map((o) => o.id);
  assert.deepEqual(dark, ['black-top']);
  assert.equal(colourFits(c('blue', 10, 'dark'), { term: 'dark' }), true);
  assert.equal(colourFits(c('blue', 10, 'dark'), { term: 'blue', qualifier: 'light' }), false);
  // a qualifier said excludes the opposite one only: "dark blue" fits a coat measured as plain blue
  assert.equal(colourFits(c('blue', 40), { term: 'blue', qualifier: 'dark' }), true);
  assert.equal(colourFits(c('blue', 60, 'light'), { term: 'blue', qualifier: 'dark' }), false);
  assert.equal(colourFits(c('grey', 60), { term: 'silver' }), true);
  assert.equal(colourFits(undefined, { term: 'red' }), undefined);
  // a hi-vis vest in dim light (L* 45, hue 42 degrees: red, 5 degrees from halfway to orange) is neither red nor orange for sure
  const vest: ObjectColour = { term: 'red', lab: [45, 49, 44], share: 1 };
  assert.equal(colourFits(vest, { term: 'orange' }), undefined);
  assert.equal(colourFits(vest, { term: 'red' }), undefined);
  assert.equal(colourFits(vest, { term: 'blue' }), false);
  // a clear red stays red
  assert.equal(colourFits({ term: 'red', lab: [45, 62, 42], share: 1 }, { term: 'red' }), true);
});

test('visits are narrowed by their own colours (the object\'s where a visit has none)', () => {
  const coat = { upper: c('red', 45), samples: 5 };
  const noCoat = { upper: c('white', 95), samples: 5 };
  const p = person('changes', noCoat, [{ start: 0, end: 5, colours: coat }, { start: 20, end: 30, colours: noCoat }, { start: 40, end: 50 }]);
  assert.deepEqual(visitsByColour(p, [{ part: 'upper', term: 'red' }]), [{ start: 0, end: 5 }]);
  assert.deepEqual(visitsByColour(p, [{ part: 'upper', term: 'white' }]), [{ start: 20, end: 30 }, { start: 40, end: 50 }]);
  assert.deepEqual(selectByColour([p], [{ part: 'upper', term: 'red' }]).matches.map((o) => o.id), ['changes']);
});

test('garment words name a part', () => {
  assert.equal(GARMENT_PARTS['hoodie'], 'upper');
  assert.equal(GARMENT_PARTS['vest'], 'upper');
  assert.equal(GARMENT_PARTS['jeans'], 'lower');
  assert.equal(GARMENT_PARTS['man'], undefined);
});

test('"pale", "light" alone: a grey from L* 60 is light, just under it is not judged, a mid grey is not light', () => {
  const grey = (L: number): ObjectColour => ({ term: 'grey', lab: [L, 0, 0], share: 1 });
  assert.equal(colourFits(grey(64), { term: 'light' }), true);
  assert.equal(colourFits(grey(57), { term: 'light' }), undefined);
  assert.equal(colourFits(grey(47), { term: 'light' }), false);
  // a dark grey is dark
  assert.equal(colourFits(grey(30), { term: 'dark' }), true);
  assert.equal(colourFits(grey(47), { term: 'dark' }), false);
});
