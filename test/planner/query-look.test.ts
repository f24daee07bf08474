/**
 * People and vehicles named by how they look, through the question language: the tokeniser reads
 * the description, the composer makes it the subject's look, the executor narrows visits by the
 * colours perception named, and refuses rather than guesses (two candidates for "the", a visit
 * with no colours, a colour or worn thing Vigil does not name).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ObjectColour, ObjectColours, Observation } from '../../ingest/observations.js';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import { takeLooks } from '../../planner/query/scan-look.js';
import { object } from '../memory/fixtures.js';
import { parserFor } from './parse-helpers.js';

const { parse, refused } = parserFor({ cameras: ['table', 'lot'], zones: [], lines: [] }, 'none');

test('descriptions become one look: parts, qualifiers, words that narrowed nothing', () => {
  const hoodie = parse('when did the man in the dark hoodie leave?');
  assert.deepEqual(hoodie.query.subject, { classes: ['person'], look: { colours: [{ part: 'upper', term: 'dark' }], said: 'in the dark hoodie', ignored: ['man', 'hoodie'] } });
  assert.deepEqual(parse('how long did the person in the black top stay?').query.subject.look?.colours, [{ part: 'upper', term: 'black' }]);
  assert.deepEqual(parse('when did the red car leave?').query.subject, { classes: ['car'], look: { colours: [{ part: 'body', term: 'red' }], said: 'red' } });
  assert.deepEqual(parse('how many people in orange vests came?').query.subject.look, { colours: [{ part: 'upper', term: 'orange' }], said: 'in orange vests', ignored: ['vests'] });
  assert.deepEqual(parse('how long did the woman dressed all in black stay?').query.subject.look?.colours, [{ part: 'upper', term: 'black' }, { part: 'lower', term: 'black' }]);
  assert.deepEqual(parse('when did someone wearing a white shirt and blue jeans arrive?').query.subject.look?.colours, [{ part: 'upper', term: 'white' }, { part: 'lower', term: 'blue' }]);
  assert.deepEqual(parse('when did the navy car arrive?').query.subject.look?.colours, [{ part: 'body', term: 'blue', qualifier: 'dark' }]);
  // "in grey" with nothing worn named: the top, what a person is seen in first
  assert.deepEqual(parse('how many people in grey came?').query.subject.look?.colours, [{ part: 'upper', term: 'grey' }]);
  // shape words, a worn thing with no colour, hair and age: each narrows nothing and is named
  assert.deepEqual(parse('when did the woman in the long grey cardigan leave?').query.subject.look, { colours: [{ part: 'upper', term: 'grey' }], said: 'in the long grey cardigan', ignored: ['woman', 'long', 'cardigan'] });
  assert.deepEqual(parse('when did the man in the light grey shirt and jeans leave?').query.subject.look, { colours: [{ part: 'upper', term: 'grey', qualifier: 'light' }], said: 'in the light grey shirt and jeans', ignored: ['man', 'shirt', 'jeans'] });
  assert.deepEqual(parse('when did the blonde girl dressed all in black leave?').query.subject.look?.ignored, ['girl', 'blonde']);
  assert.deepEqual(parse('how long did the dark-haired woman in the grey jumper stay?').query.subject.look?.ignored, ['woman', 'dark haired', 'jumper']);
  assert.deepEqual(parse('was anyone who was wearing a light grey top there?').query.subject.look?.colours, [{ part: 'upper', term: 'grey', qualifier: 'light' }]);
});

test('a look is refused where Vigil cannot judge it, and sex words without one still are', () => {
  refused('when did the person in the beige top leave?', 'beige');
  refused('when did the man in the red hat leave?', 'hat');
  refused('how long was the guy with the yellow hard hat around?', 'hard hat');
  refused('when did the man in black and the woman in white arrive?', 'several looks');
  refused('how many men came?');
  refused('when was the red bottle taken?', 'red');
});

test('a sex word before a clause that picks the person out narrows nothing (said so); an ordinal before it ranges over the sex, refused', () => {
  const last = parse('How long did the man who came in last stay?');
  assert.deepEqual(last.query.measure, { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: -1 } } });
  assert.ok(last.assumed?.some((a) => /"man" narrowed nothing/.test(a)), String(last.assumed));
  assert.deepEqual(parse('The woman who came in just after 09:01, when did she leave?').query.measure.measure, 'when');
  refused('when did the last man leave?', 'sex');
  refused('how long did the second woman stay?', 'sex');
  refused('when did the woman leave?', 'sex');
});

test('the tokeniser leaves sentences without a description alone', () => {
  for (const s of ['how many people were in the red zone', 'how many people came in the last 5 minutes', 'was anyone with a bottle there', 'how long did the person in zone a stay']) assert.deepEqual(takeLooks(s), { s, looks: [] });
});

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
const iso = (t: number): string => new Date(t).toISOString();
const colour = (term: ObjectColour['term'], L: number, qualifier?: 'dark' | 'light'): ObjectColour => ({ term, lab: [L, 0, 0], share: 0.9, ...(qualifier ? { qualifier } : {}) });
const wears = (upper: ObjectColour, lower: ObjectColour): ObjectColours => ({ upper, lower, samples: 8 });
let store: MemoryStore;

/**
 * Camera table: p1 black top, blue jeans, 2-20 s; p2 white top, black trousers, 30-40 s; p3 black top, grey trousers, 50-70 s;
 * p4 seen too briefly to be named, 100-101 s. Camera lot: a grey car 2-10 s and a red car 20-25 s (each seen arriving after the first frame).
 */
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-look-'));
  const w = new MemoryStore({ dir });
  w.open();
  const person = (id: string, a: number, b: number, c?: ObjectColours): Observation =>
    object('table', `table:person:${id}`, 'person', s(a), s(b), { visits: [{ start: s(a), end: s(b), ...(c ? { colours: c } : {}) }], ...(c ? { colours: c } : {}) });
  const car = (id: string, a: number, b: number, term: ObjectColour['term']): Observation => {
    const c = { body: colour(term, 50), samples: 6 };
    return object('lot', `lot:car:${id}`, 'car', s(a), s(b), { visits: [{ start: s(a), end: s(b), colours: c }], colours: c });
  };
  const obs = [
    person('1', 2, 20, wears(colour('black', 15), colour('blue', 35))),
    person('2', 30, 40, wears(colour('white', 92), colour('black', 18))),
    person('3', 50, 70, wears(colour('black', 12), colour('grey', 55))),
    person('4', 100, 101),
    car('1', 2, 10, 'grey'),
    car('2', 20, 25, 'red'),
  ];
  for (const cam of ['table', 'lot']) {
    for (let t = 0; t <= 110_000; t += 1000) void w.write({ kind: 'frame', camera: cam, ts: T0 + t, motion: 0, detected: true, counts: {}, objects: [], occupancy: {} }).catch(() => undefined);
  }
  for (const o of obs) void w.write(o).catch(() => undefined);
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
});

after(async () => {
  await store.close();
});

const ask = (question: string): { value: unknown; answer: string } => askOffline(question, store, { timeZone: 'UTC', now: s(110) });
/** The value of an answer, its words in the message when it is not the one expected. */
const valueOf = (question: string, want: unknown): void => {
  const a = ask(question);
  assert.deepEqual(a.value, want, `${question} -> ${a.answer}`);
};

test('a look narrows visits to the objects that wear it', () => {
  const white = ask('how long did the person in the white top stay at the table before 09:01:30?');
  assert.equal(white.value, 10.5, white.answer);
  assert.match(white.answer, /people|person/);
  assert.match(white.answer, /dressed white on top/);
  valueOf('when did the grey car leave?', iso(s(10) + 250));
  valueOf('when did the red car arrive?', iso(s(20) - 250));
  valueOf('how many people in black tops came to the table before 09:01:30?', 2);
  valueOf('how many people wearing black trousers came to the table before 09:01:30?', 1);
  valueOf('how many people dressed all in black came before 09:01:30?', 0);
  const hoodie = ask('when did the man in the white hoodie leave before 09:01:30?');
  assert.equal(hoodie.value, iso(s(40) + 250));
  assert.match(hoodie.answer, /"man", "hoodie" narrowed nothing/);
});

test('two people fit "the person in the black top": no guess; a visit with no colours: refused', () => {
  const two = ask('how long did the person in the black top stay at the table before 09:01:30?');
  assert.equal(two.value, null, 'two people wore a black top: which one?');
  const unjudged = ask('how many people in black tops came to the table?');
  assert.equal(unjudged.value, null, 'p4 has no colours named: the count could be 2 or 3');
  assert.match(unjudged.answer, /no colour to judge by/);
  valueOf('how many people in black tops came to the table before 09:01:30?', 2); // before p4 every visit is judged
  // whether anyone so dressed came: two did, whatever p4 wore; whether anyone in green came cannot be told (p4)
  valueOf('did anyone in a black top come to the table?', true);
  valueOf('did anyone wearing green come to the table?', null);
});

test('a look said of one visit is a test of that visit: picked among all, then judged by its colours', () => {
  valueOf('was the first person wearing a black top?', true);
  valueOf('was the second visitor at the table in black?', false);
  valueOf('was the fourth person at the table dressed in white?', null); // p4 has no colours named
  // "the car" seen twice, once grey and once red: which one is not said
  valueOf('was the car at the lot red?', null);
  valueOf('was the second car at the lot red?', true);
  const p = parse('was the first visitor dressed in grey?').query.measure;
  assert.deepEqual(p, { measure: 'whether', test: { kind: 'look', visit: { by: 'nth', n: 1 } } });
});

test('a place is also called by a word of its name and by its WordNet synonyms, where one place has it', () => {
  const names = parserFor({ cameras: ['standing-table', 'car-park', 'kiosk', 'front-door'], zones: [], lines: [] }, 'none');
  assert.deepEqual(names.parse('how many people came to the table?').query.place.cameras, ['standing-table']);
  assert.deepEqual(names.parse('how many cars came to the parking lot?').query.place.cameras, ['car-park']);
  assert.deepEqual(names.parse('was there a car in the lot at 09:01?').query.place.cameras, ['car-park']);
  assert.deepEqual(names.parse('how many people came to the booth?').query.place.cameras, ['kiosk']);
  // a word that says where, not what, is no name alone; "standing" stays a verb
  names.refused('how many people came to the front?');
  assert.deepEqual(names.parse('how many people were standing at the table at 09:01?').query.place.cameras, ['standing-table']);
  // a word two places share names neither
  const two = parserFor({ cameras: ['front-table', 'back-table'], zones: [], lines: [] }, 'none');
  two.refused('how many people came to the table?', 'table');
});

test('another word for a place is no name: "the shelf camera" is refused where the camera is the ledge', () => {
  const ledge = parserFor({ cameras: ['ledge'], zones: [], lines: [] }, 'ledge');
  assert.deepEqual(ledge.parse('how many bottles were on the shelf at 09:01?').query.place.cameras, ['ledge']);
  ledge.refused('how many bottles did the shelf camera see?', 'no camera called "shelf"');
});

test('with no line drawn, going through is passing through the view (said so); crossing is refused, not counted as 0', () => {
  const a = ask('how many cars drove through the lot?');
  assert.equal(a.value, 2, a.answer);
  assert.match(a.answer, /read "drove through" as coming into view, as no line is drawn/);
  const x = ask('how many cars crossed the lot?');
  assert.equal(x.value, null, x.answer);
  assert.match(x.answer, /no line is drawn on lot/);
});

test('"did the person in X come by": whether one person dressed so came; yes is refused when a worn thing narrowed nothing', () => {
  const q = parse('did the man in the black T-shirt come by?').query;
  assert.deepEqual(q.measure, { measure: 'whether', test: { kind: 'visit', moment: 'arrival' } });
  assert.equal(q.subject.one, true);
  // one person dressed white on top came: yes (no worn thing said)
  valueOf('did the person in white come to the table before 09:01:30?', true);
  // a white top came, but a "jacket" the detector cannot see: not yes
  const jacket = ask('did anyone in a white jacket come to the table before 09:01:30?');
  assert.equal(jacket.value, null, jacket.answer);
  assert.match(jacket.answer, /not "jacket"/);
  // nobody dressed red: no, whatever was worn
  valueOf('did anyone in a red jacket come to the table before 09:01:30?', false);
  // the verb says what is asked: his stay, not his look
  assert.deepEqual(parse('did the person in the black jacket stay for more than a minute?').query.measure, { measure: 'whether', test: { kind: 'visit', where: { op: 'gt', seconds: 60 } } });
});

test('"did the person in white come back": one visit dressed so says no; several identities or no look, not', () => {
  const white = ask('did the person in the white top come back to the table before 09:01:30?');
  assert.equal(white.value, false, white.answer);
  assert.match(white.answer, /a return would look the same/);
  const anyone = ask('did anyone come back to the table before 09:01:30?');
  assert.equal(anyone.value, null, anyone.answer);
});

test('a description of hair narrows nothing and another follows it; a worn thing with its colour before the person word', () => {
  const hair = parse('what time did the woman with long dark hair in the grey cardigan leave?').query.subject.look;
  assert.deepEqual(hair?.colours, [{ part: 'upper', term: 'grey' }]);
  assert.deepEqual(hair?.ignored, ['woman', 'long dark hair', 'cardigan']);
  // hair alone is no colour of the clothes: refused, naming it
  refused('when did the woman with long dark hair leave?', 'hair');
  const jacket = parse('when did the black-jacket guy leave?').query.subject;
  assert.deepEqual(jacket, { classes: ['person'], look: { colours: [{ part: 'upper', term: 'black' }], said: 'black jacket', ignored: ['jacket'] } });
  assert.deepEqual(parse('when did the orange vest worker arrive?').query.subject.look?.colours, [{ part: 'upper', term: 'orange' }]);
  // a colour before a person word with nothing worn is no look
  refused('how many black people came?', 'black');
});
