/**
 * The measure registry: every measure of the schema (read from the zod union's options, so a new
 * measure is seen here) has its query pieces (execute, describe, readsCounts, instant, combine) in
 * `planner/query/measures` and its fleet pieces (part, merge) in `planner/fleet/measures`, and a
 * sample query of each measure executes, reads in words and merges across one box through them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FrameObservation, ObjectColours, Observation } from '../../ingest/observations.js';
import type { MemoryStore } from '../../memory/store.js';
import { FLEET_MEASURES } from '../../planner/fleet/measures/index.js';
import { mergeValue } from '../../planner/fleet/merge-value.js';
import { partValue } from '../../planner/fleet/part-value.js';
import { describeQuery } from '../../planner/query/describe.js';
import { executeQuery } from '../../planner/query/execute.js';
import { MEASURES } from '../../planner/query/measures/index.js';
import type { MeasureName, MeasureOf } from '../../planner/query/measures/module.js';
import { Measure, type Found, type Query, type QueryValue } from '../../planner/query/schema.js';
import { object, segment } from '../memory/fixtures.js';
import { storeOf } from './visit-store.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const s = (sec: number): number => T0 + sec * 1000;
const END = s(60);
let store: MemoryStore;

/** The measures the schema defines, from the discriminated union's options. */
const schemaMeasures = (): string[] => Measure.options.map((o) => o.shape.measure.value);

/** A sample of each measure: its subject, time, and the value the one executor gives and the fleet merges (null: not merged across boxes). */
interface Sample<K extends MeasureName> {
  m: MeasureOf<K>;
  classes: string[];
  time?: Query['time'];
  value: QueryValue;
  merged: unknown;
  words: RegExp;
}
const SAMPLES: { [K in MeasureName]: Sample<K> } = {
  // person 1 is there on the first frame: not seen arriving, not counted
  count: { m: { measure: 'count', of: 'visits' }, classes: ['person'], value: { kind: 'number', n: 2, unit: 'count' }, merged: 2, words: /number of visits/ },
  countAt: { m: { measure: 'countAt' }, classes: ['person'], time: { from: T0, to: END, at: s(22) }, value: { kind: 'number', n: 3, unit: 'count' }, merged: 3, words: /how many people were/ },
  extreme: { m: { measure: 'extreme', which: 'max' }, classes: ['person'], value: { kind: 'number', n: 3, unit: 'count' }, merged: 3, words: /most people at once/ },
  missing: { m: { measure: 'missing' }, classes: ['bottle'], time: { from: T0, to: END, at: s(25) }, value: { kind: 'number', n: 1, unit: 'count' }, merged: 1, words: /missing from the usual count/ },
  whether: { m: { measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 0 } } }, classes: ['person'], time: { from: T0, to: END, at: s(5) }, value: { kind: 'boolean', b: true }, merged: true, words: /^whether there were more than 0 people/ },
  when: { m: { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } }, classes: ['person'], value: { kind: 'time', t: s(9.75) }, merged: new Date(s(9.75)).toISOString(), words: /^when the second visit/ },
  duration: { m: { measure: 'duration', of: { kind: 'visit', visit: { by: 'nth', n: 3 } } }, classes: ['person'], value: { kind: 'number', n: 5, unit: 'seconds' }, merged: 5, words: /^how long the third visit/ },
  elapsed: { m: { measure: 'elapsed', from: { kind: 'start' }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } } }, classes: ['person'], value: { kind: 'number', n: 9.8, unit: 'seconds' }, merged: null, words: /^the time from the start/ },
  times: { m: { measure: 'times', cond: { op: 'eq', n: 2 } }, classes: ['bottle'], value: { kind: 'number', n: 1, unit: 'count' }, merged: 1, words: /^how many times there came to be exactly 2 bottles/ },
  compare: { m: { measure: 'compare', of: { measure: 'count', of: 'visits' }, op: 'gt', other: { from: s(25), to: END } }, classes: ['person'], time: { from: T0, to: s(25) }, value: { kind: 'boolean', b: true }, merged: null, words: /^whether the number of visits .* was more than the same/ },
  list: { m: { measure: 'list', of: 'visits' }, classes: ['person'], value: { kind: 'list', items: [], total: 3 }, merged: 3, words: /^the visits of people/ },
  busiest: { m: { measure: 'busiest', span: 'minute' }, classes: ['person'], value: { kind: 'time', t: T0 }, merged: new Date(T0).toISOString(), words: /^the clock minute with the most arrivals of people/ },
  visit: { m: { measure: 'visit', visit: { by: 'longest' } }, classes: ['person'], value: { kind: 'visit', visit: { camera: 'cam', objectId: 'cam:person:2', label: 'person', start: s(9.75), end: s(44.75) } }, merged: { start: new Date(s(9.75)).toISOString(), end: new Date(s(44.75)).toISOString(), seconds: 35, node: 'box' }, words: /^the longest visit/ },
};

/** One camera, 60 s: people p1 0–29.5 s, p2 10–44.5 s, p3 20–24.5 s; three bottles, one away from 20 s to 30 s. */
before(async () => {
  const obs: Observation[] = [];
  for (let t = 0; t < 60_000; t += 500) {
    const ids = [t < 30_000 ? 'cam:person:1' : '', t >= 10_000 && t < 45_000 ? 'cam:person:2' : '', t >= 20_000 && t < 25_000 ? 'cam:person:3' : ''].filter(Boolean);
    const f: FrameObservation = {
      kind: 'frame',
      camera: 'cam',
      ts: T0 + t,
      motion: 0.1,
      detected: true,
      counts: { ...(ids.length ? { person: ids.length } : {}), bottle: t >= 20_000 && t < 30_000 ? 2 : 3 },
      objects: ids.map((objectId, i) => ({ objectId, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 10, y2: 10 }, score: 0.8 })),
      occupancy: {},
    };
    obs.push(f);
  }
  for (let t = 0; t < 60_000; t += 2000) obs.push(segment('cam', T0 + t, 'people'));
  obs.push(object('cam', 'cam:person:1', 'person', T0, s(29.5)));
  obs.push(object('cam', 'cam:person:2', 'person', s(10), s(44.5)));
  obs.push(object('cam', 'cam:person:3', 'person', s(20), s(24.5)));
  obs.push(object('cam', 'cam:bottle:4', 'bottle', s(0), s(59.5)));
  store = await storeOf(obs, 'vigil-registry-');
});

after(async () => {
  await store.close();
});

test('every measure of the schema has each of its pieces in the query and fleet registries', () => {
  const names = schemaMeasures();
  assert.ok(names.length >= 12, `the schema lists ${names.length} measures`);
  assert.deepEqual(Object.keys(MEASURES).sort(), [...names].sort(), 'the query registry holds exactly the schema measures');
  assert.deepEqual(Object.keys(FLEET_MEASURES).sort(), [...names].sort(), 'the fleet registry holds exactly the schema measures');
  assert.deepEqual(Object.keys(SAMPLES).sort(), [...names].sort(), 'this test has a sample of every schema measure');
  for (const name of names) {
    const mod = (MEASURES as unknown as Record<string, Record<string, unknown>>)[name];
    for (const piece of ['execute', 'describe', 'readsCounts', 'instant', 'combine']) assert.equal(typeof mod?.[piece], 'function', `${name} lacks ${piece}`);
    const fleet = (FLEET_MEASURES as unknown as Record<string, Record<string, unknown>>)[name];
    for (const piece of ['part', 'merge']) assert.equal(typeof fleet?.[piece], 'function', `${name} lacks its fleet ${piece}`);
  }
});

test('a sample query of each measure executes, reads in words and merges across one box through the registry', () => {
  for (const name of schemaMeasures()) {
    const sample = SAMPLES[name as MeasureName];
    const query: Query = { measure: sample.m, subject: { classes: sample.classes }, place: { cameras: ['cam'] }, time: sample.time ?? { from: T0, to: END } };
    const x = executeQuery(query, store, { now: END, timeZone: 'UTC' });
    if (sample.value.kind === 'list') {
      assert.equal(x.value.kind, 'list', name);
      assert.equal(x.value.kind === 'list' ? x.value.total : -1, sample.value.total, name);
    } else if (sample.value.kind === 'visit') {
      assert.equal(x.value.kind, 'visit', name);
      const v = x.value.kind === 'visit' ? x.value.visit : undefined;
      assert.deepEqual([v?.objectId, v?.start, v?.end], [sample.value.visit.objectId, sample.value.visit.start, sample.value.visit.end], name);
    } else assert.deepEqual(x.value, sample.value, name);
    assert.match(describeQuery(query, 'UTC'), sample.words, `${name} in words`);
    const part = partValue(query, store, { now: END, timeZone: 'UTC' });
    if (sample.merged === null) {
      assert.equal(part.ok, false, `${name} is not merged across boxes`);
      assert.equal(mergeValue(query, []).kind, 'none', name);
      continue;
    }
    assert.ok(part.ok, `${name}: ${part.ok ? '' : part.why}`);
    const merged = mergeValue(query, [{ node: 'box', part: part.value, coverageEnd: END }]);
    assert.deepEqual(merged.value, sample.merged, `${name} merged across one box`);
  }
});

test('the composition reads what each measure says of itself: counts, instants, how cameras combine', () => {
  assert.equal(MEASURES.countAt.instant({ measure: 'countAt' }), true);
  assert.equal(MEASURES.count.instant({ measure: 'count', of: 'visits' }), false);
  assert.equal(MEASURES.times.readsCounts({ measure: 'times', cond: { op: 'eq', n: 0 } }, () => false), true);
  assert.equal(MEASURES.visit.readsCounts({ measure: 'visit', visit: { by: 'only' } }, () => true), false);
  // a compare reads counts when its inner measure does
  assert.equal(MEASURES.compare.readsCounts({ measure: 'compare', of: { measure: 'times', cond: { op: 'eq', n: 0 } }, op: 'gt', other: { from: 0, to: 1 } }, (m) => m.measure === 'times'), true);
  assert.equal(MEASURES.extreme.combine({ measure: 'extreme', which: 'max' }), 'max');
  assert.equal(MEASURES.times.combine({ measure: 'times', cond: { op: 'ge', n: 2 } }), 'max');
  assert.equal(MEASURES.times.combine({ measure: 'times', cond: { op: 'eq', n: 0 } }), 'sum');
});

test('what is one box\'s own is refused by the fleet part, never merged: a gap between visits, a window from a visit, one identity', () => {
  const base: Query = { measure: { measure: 'count', of: 'visits' }, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: T0, to: END } };
  const own: Query[] = [
    { ...base, measure: { measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0, between: true }, episode: 'longest' } } },
    { ...base, time: { from: T0, to: END, after: { kind: 'departure', visit: { by: 'nth', n: 1 } } } },
    { ...base, subject: { classes: ['person'], one: true } },
  ];
  for (const q of own) assert.equal(partValue(q, store, { now: END, timeZone: 'UTC' }).ok, false, JSON.stringify(q));
  // the box itself answers them: no arrival after p1 left (29.5 s); three identities are not one
  assert.deepEqual(executeQuery(own[1], store, { now: END, timeZone: 'UTC' }).value, { kind: 'number', n: 0, unit: 'count' });
  const one = executeQuery(own[2], store, { now: END, timeZone: 'UTC' }).value;
  assert.ok(one.kind === 'none' && /3 different people fit/.test(one.why), JSON.stringify(one));
  // the same query without them is merged
  assert.equal(partValue(base, store, { now: END, timeZone: 'UTC' }).ok, true);
});

/** A store of one camera's people, each `[id, from s, to s, colours?]`, with a frame every 500 ms for a minute. */
async function peopleStore(camera: string, spans: readonly [string, number, number, ObjectColours?][]): Promise<MemoryStore> {
  const obs: Observation[] = [];
  for (let t = 0; t < 60_000; t += 500) {
    const ids = spans.filter(([, a, b]) => t >= a * 1000 && t <= b * 1000).map(([id]) => id);
    obs.push({ kind: 'frame', camera, ts: T0 + t, motion: 0.1, detected: true, counts: ids.length ? { person: ids.length } : {}, objects: ids.map((objectId, i) => ({ objectId, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 10, y2: 10 }, score: 0.8 })), occupancy: {} });
  }
  for (const [id, a, b, colours] of spans) obs.push(object(camera, id, 'person', s(a), s(b), colours ? { colours } : {}));
  return storeOf(obs, `vigil-${camera}-`);
}

test('the time between "the two visits" is none when there were more than two', async () => {
  // two people one after the other (0-10 s, 30-40 s), a third from 50 s
  const lot = await peopleStore('lot', [['lot:person:1', 1, 10], ['lot:person:2', 30, 40], ['lot:person:3', 50, 55]]);
  try {
    const pair = (to: number): QueryValue =>
      executeQuery(
        { measure: { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'nth', n: 1 } }, to: { kind: 'arrival', visit: { by: 'nth', n: 2 } }, pair: true }, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: T0, to } },
        lot,
        { now: END, timeZone: 'UTC' },
      ).value;
    const two = pair(s(45));
    assert.ok(two.kind === 'number' && two.n >= 19 && two.n <= 20, JSON.stringify(two));
    const three = pair(END);
    assert.equal(three.kind, 'none');
    assert.match(three.kind === 'none' ? three.why : '', /more than two visits/);
  } finally {
    await lot.close();
  }
});

test('a moment of someone named by a look: the time from when the one in grey left to the next arrival', async () => {
  // a person in grey 1-10 s, one in black 30-40 s, one in grey again 50-55 s (another visit: two fit)
  const grey: ObjectColours = { upper: { term: 'grey', lab: [50, 0, 0], share: 1 }, samples: 9 };
  const black: ObjectColours = { upper: { term: 'black', lab: [5, 0, 0], share: 1 }, samples: 9 };
  const bay = await peopleStore('bay', [['bay:person:1', 1, 10, grey], ['bay:person:2', 30, 40, black], ['bay:person:3', 50, 55, grey]]);
  try {
    const look = { colours: [{ part: 'upper' as const, term: 'grey' as const }] };
    const gap = (to: number): QueryValue =>
      executeQuery(
        { measure: { measure: 'elapsed', from: { kind: 'departure', visit: { by: 'only' }, look }, to: { kind: 'arrival', visit: { by: 'nth', n: 1 } }, next: true }, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: T0, to } },
        bay,
        { now: END, timeZone: 'UTC' },
      ).value;
    // the one in grey left at about 10 s; the next to come (in black) at 30 s
    const one = gap(s(45));
    assert.ok(one.kind === 'number' && one.n >= 19 && one.n <= 21, JSON.stringify(one));
    // two visits in grey: which one is not said
    const two = gap(END);
    assert.equal(two.kind, 'none');
    assert.match(two.kind === 'none' ? two.why : '', /first moment: 2 visits fit/);
  } finally {
    await bay.close();
  }
});

test('the order of two moments: one named by a look before another, and the first of "anyone" before a departure', async () => {
  // a person in grey 1-10 s, one in black 30-40 s, one in white 50-55 s
  const grey: ObjectColours = { upper: { term: 'grey', lab: [50, 0, 0], share: 1 }, samples: 9 };
  const black: ObjectColours = { upper: { term: 'black', lab: [5, 0, 0], share: 1 }, samples: 9 };
  const white: ObjectColours = { upper: { term: 'white', lab: [95, 0, 0], share: 1 }, samples: 9 };
  const bay = await peopleStore('bay', [['bay:person:1', 1, 10, grey], ['bay:person:2', 30, 40, black], ['bay:person:3', 50, 55, white]]);
  try {
    const look = (term: 'grey' | 'black' | 'white') => ({ colours: [{ part: 'upper' as const, term }] });
    const order = (a: Found, b: Found): QueryValue => executeQuery({ measure: { measure: 'whether', test: { kind: 'order', a, b } }, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: T0, to: END } }, bay, { now: END, timeZone: 'UTC' }).value;
    // the one in white came after the one in black left: not before
    assert.deepEqual(order({ kind: 'arrival', visit: { by: 'only' }, look: look('white') }, { kind: 'departure', visit: { by: 'only' }, look: look('black') }), { kind: 'boolean', b: false });
    assert.deepEqual(order({ kind: 'departure', visit: { by: 'only' }, look: look('grey') }, { kind: 'arrival', visit: { by: 'only' }, look: look('white') }), { kind: 'boolean', b: true });
    // without looks: the second person's departure before the third's arrival
    assert.deepEqual(order({ kind: 'departure', visit: { by: 'nth', n: 2 } }, { kind: 'arrival', visit: { by: 'nth', n: 3 } }), { kind: 'boolean', b: true });
    // a look nobody had: no such moment, no guess
    const none = order({ kind: 'arrival', visit: { by: 'only' }, look: { colours: [{ part: 'upper', term: 'red' }] } }, { kind: 'arrival', visit: { by: 'nth', n: 1 } });
    assert.equal(none.kind, 'none');
    // a moment against itself is within a second: not ordered
    assert.equal(order({ kind: 'arrival', visit: { by: 'nth', n: 1 } }, { kind: 'arrival', visit: { by: 'nth', n: 1 } }).kind, 'none');
  } finally {
    await bay.close();
  }
});
