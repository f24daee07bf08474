/**
 * The asker's merge of fleet parts, rule by rule (planner/fleet/merge.ts): counts add, "at once"
 * sums the boxes' count timelines, first/last pick among the boxes' candidates, duration
 * aggregates add totals and counts, lists concatenate by time, and the answer names the boxes
 * that answered, the silent ones and the ones with no matching camera.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeParts } from '../../planner/fleet/merge.js';
import type { FleetPart, FleetPartValue } from '../../planner/fleet/protocol.js';
import { sumTimelines, toSteps } from '../../planner/fleet/timeline.js';
import type { Measure, Query } from '../../planner/query/schema.js';

const T = Date.parse('2026-11-21T09:00:00Z');
const s = (x: number): number => T + x * 1000;
const query = (measure: Measure, at?: number): Query => ({ measure, subject: { classes: ['person'] }, place: { cameras: [] }, time: { from: s(0), to: s(100), ...(at !== undefined ? { at } : {}) } });
const across = (q: Query): Query => ({ ...q, place: { ...q.place, across: true } });
const cov = { from: new Date(s(0)).toISOString(), to: new Date(s(100)).toISOString() };
function part(node: string, q: Query, p: FleetPartValue, extra: Partial<FleetPart> = {}): FleetPart {
  return { v: 1, id: 'q1', node, status: 'ok', ms: 3, coverage: cov, cameras: [`${node}-cam`], query: q, part: p, answer: `${node} says`, evidence: [{ camera: `${node}-cam`, start: cov.from, end: cov.from }], ...extra };
}
const none = (node: string): FleetPart => ({ v: 1, id: 'q1', node, status: 'none', ms: 1, coverage: cov, cameras: [], why: 'there is no camera called "dock" in the memory' });
const opts = { timeZone: 'UTC' };

test('counts add; the answer names who answered (with coverage), who had no matching camera and who was silent (partial)', () => {
  const q = query({ measure: 'count', of: 'visits' });
  const a = mergeParts([part('a', q, { kind: 'count', n: 3 }), part('b', q, { kind: 'count', n: 4 }), none('c')], { ...opts, silent: ['d'] });
  assert.equal(a.value, 7);
  assert.equal(a.partial, true);
  assert.deepEqual(a.missing, ['d']);
  assert.match(a.answer, /Answered: a 3 \(1 camera, memory 2026-11-21 09:00:00 UTC to 2026-11-21 09:01:40 UTC\); b 4/);
  assert.match(a.answer, /No matching camera: c\./);
  assert.match(a.answer, /Did not answer by the deadline: d/);
  assert.deepEqual(a.boxes.map((b) => [b.node, b.status]), [['a', 'ok'], ['b', 'ok'], ['c', 'none']]);
  assert.deepEqual(a.evidence.map((e) => e.node), ['a', 'b']);
  const full = mergeParts([part('a', q, { kind: 'count', n: 3 })], { ...opts, silent: ['a'] });
  assert.equal(full.partial, false, 'a box that answered is not missing');
});

test('countAt and missing add; a duplicate part of a box is ignored', () => {
  const q = query({ measure: 'countAt' }, s(50));
  const a = mergeParts([part('a', q, { kind: 'count', n: 2 }), part('a', q, { kind: 'count', n: 2 }), part('b', q, { kind: 'count', n: 1 })], opts);
  assert.equal(a.value, 3);
  const m = query({ measure: 'missing' }, s(50));
  assert.equal(mergeParts([part('a', m, { kind: 'count', n: 1 }), part('b', m, { kind: 'count', n: 2 })], opts).value, 3);
  // the most missing at once is at one camera: the most of any box, never their sum
  const most = query({ measure: 'missing', most: true });
  assert.equal(mergeParts([part('a', most, { kind: 'count', n: 1 }), part('b', most, { kind: 'count', n: 2 })], opts).value, 2);
});

test('identities add and the answer says they are not merged across boxes', () => {
  const q = query({ measure: 'count', of: 'identities' });
  const a = mergeParts([part('a', q, { kind: 'count', n: 2 }), part('b', q, { kind: 'count', n: 5 })], opts);
  assert.equal(a.value, 7);
  assert.match(a.answer, /Identities are not merged across boxes/);
});

test('"at once" across all cameras sums the boxes\' overlapping count timelines (not the sum or max of their maxima); otherwise it is the most at one camera', () => {
  const q = across(query({ measure: 'extreme', which: 'max' }));
  const A = toSteps([[s(0), s(10), 0], [s(10), s(60), 2], [s(60), s(100), 0]], s(0), s(100));
  const B = toSteps([[s(0), s(30), 0], [s(30), s(90), 3], [s(90), s(100), 0]], s(0), s(100));
  const C = toSteps([[s(0), s(70), 0], [s(70), s(80), 3], [s(80), s(100), 0]], s(0), s(100));
  const tl = (steps: typeof A): FleetPartValue => ({ kind: 'timeline', from: s(0), to: s(100), steps, usual: 0 });
  const a = mergeParts([part('a', q, tl(A)), part('b', q, tl(B)), part('c', q, tl(C))], opts);
  assert.equal(a.value, 6, 'B 3 + C 3 from 70 s to 80 s; A 2 + B 3 = 5 from 30 s to 60 s');
  const two = mergeParts([part('a', q, tl(A)), part('b', q, tl(B))], opts);
  assert.equal(two.value, 5);
  // per place (the default): each box's timeline is the most at one of its cameras; the fleet's is the most at any
  const one = query({ measure: 'extreme', which: 'max' });
  const perPlace = mergeParts([part('a', one, tl(A)), part('b', one, tl(B)), part('c', one, tl(C))], opts);
  assert.equal(perPlace.value, 3, 'never more than one camera held');
  assert.match(perPlace.answer, /most at any one camera/);
  const min = mergeParts([part('a', query({ measure: 'extreme', which: 'min' }), tl(A)), part('b', query({ measure: 'extreme', which: 'min' }), tl(B))], opts);
  assert.equal(min.value, 0);
});

test('timelines: a box with nothing recorded adds nothing; the sum keeps the other boxes', () => {
  const A = toSteps([[s(20), s(40), 2]], s(0), s(100));
  assert.deepEqual(A, [[s(0), null], [s(20), 2], [s(40), null]]);
  const B = toSteps([[s(0), s(100), 1]], s(0), s(100));
  assert.deepEqual(sumTimelines([{ from: s(0), to: s(100), steps: A }, { from: s(0), to: s(100), steps: B }]), [[s(0), s(20), 1], [s(20), s(40), 3], [s(40), s(100), 1]]);
  assert.deepEqual(sumTimelines([{ from: s(0), to: s(100), steps: A }]), [[s(20), s(40), 2]]);
});

test('count conditions read the summed timeline: whether, how long, how many times, when', () => {
  const A = toSteps([[s(0), s(10), 0], [s(10), s(60), 2], [s(60), s(100), 0]], s(0), s(100));
  const B = toSteps([[s(0), s(30), 0], [s(30), s(90), 3], [s(90), s(100), 0]], s(0), s(100));
  const tl = (steps: typeof A): FleetPartValue => ({ kind: 'timeline', from: s(0), to: s(100), steps, usual: 0 });
  const both = (q: Query): FleetPart[] => [part('a', q, tl(A)), part('b', q, tl(B))];
  const empty = { op: 'eq', n: 0 } as const;
  assert.equal(mergeParts(both(query({ measure: 'whether', test: { kind: 'count', cond: empty } })), opts).value, true);
  assert.equal(mergeParts(both(query({ measure: 'whether', test: { kind: 'count', cond: empty, all: true } })), opts).value, false);
  // empty across the fleet: 0-10 s and 90-100 s
  assert.equal(mergeParts(both(query({ measure: 'duration', of: { kind: 'condition', cond: empty } })), opts).value, 20);
  assert.equal(mergeParts(both(across(query({ measure: 'times', cond: { op: 'ge', n: 5 } }))), opts).value, 1);
  assert.equal(mergeParts(both(across(query({ measure: 'when', of: { kind: 'condition', cond: { op: 'ge', n: 4 }, pick: { by: 'nth', n: 1 } } }))), opts).value, new Date(s(30)).toISOString());
  // "together" is at one camera unless asked across: never 4 at one camera here
  assert.equal(mergeParts(both(query({ measure: 'times', cond: { op: 'ge', n: 4 } })), opts).value, 0);
  assert.equal(mergeParts(both(query({ measure: 'duration', of: { kind: 'condition', cond: empty, episode: 'last' } })), opts).value, 10);
  // at an instant: a one-millisecond window
  const at = s(45);
  const inst = (steps: typeof A): FleetPartValue => ({ kind: 'timeline', from: at, to: at + 1, steps: steps.length ? steps : [[at, null]], usual: 0 });
  const qa = across(query({ measure: 'whether', test: { kind: 'count', cond: { op: 'eq', n: 5 } } }, at));
  assert.equal(mergeParts([part('a', qa, inst([[at, 2]])), part('b', qa, inst([[at, 3]]))], opts).value, true);
  // "full": at least the usual count, the boxes' usual counts summed
  const full = query({ measure: 'whether', test: { kind: 'count', cond: { op: 'full' } } }, at);
  assert.equal(mergeParts([part('a', full, { ...(inst([[at, 2]]) as object), usual: 2 } as FleetPartValue), part('b', full, { ...(inst([[at, 3]]) as object), usual: 4 } as FleetPartValue)], opts).value, false);
});

test('first and last take the earliest and latest of the boxes\' candidates; other ordinals pick again among them', () => {
  const v = (node: string, start: number, end: number) => ({ camera: `${node}-cam`, objectId: `${node}:${start}`, label: 'person', start: s(start), end: s(end) });
  const first = query({ measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } });
  const a = mergeParts([part('a', first, { kind: 'visits', items: [v('a', 20, 30)] }), part('b', first, { kind: 'visits', items: [v('b', 12, 40)] })], opts);
  assert.equal(a.value, new Date(s(12)).toISOString());
  assert.match(a.answer, /of box b/);
  const last = query({ measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } } });
  assert.equal(mergeParts([part('a', last, { kind: 'visits', items: [v('a', 20, 95)] }), part('b', last, { kind: 'visits', items: [v('b', 50, 80)] })], opts).value, new Date(s(95)).toISOString());
  const second = query({ measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } });
  assert.equal(mergeParts([part('a', second, { kind: 'visits', items: [v('a', 5, 9), v('a', 40, 50)] }), part('b', second, { kind: 'visits', items: [v('b', 12, 20), v('b', 60, 70)] })], opts).value, new Date(s(12)).toISOString());
  const only = query({ measure: 'visit', visit: { by: 'only' } });
  assert.equal(mergeParts([part('a', only, { kind: 'visits', items: [v('a', 5, 9)] }), part('b', only, { kind: 'visits', items: [v('b', 12, 20)] })], opts).value, null, 'two boxes each with one: not "the only one"');
  const longest = query({ measure: 'visit', visit: { by: 'longest' } });
  assert.deepEqual(mergeParts([part('a', longest, { kind: 'visits', items: [v('a', 5, 9)] }), part('b', longest, { kind: 'visits', items: [v('b', 12, 40)] })], opts).value, { start: new Date(s(12)).toISOString(), end: new Date(s(40)).toISOString(), seconds: 28, node: 'b' });
  const ev = query({ measure: 'when', of: { kind: 'event', event: 'line_cross', pick: { by: 'nth', n: -1 } } });
  assert.equal(mergeParts([part('a', ev, { kind: 'moments', items: [{ camera: 'a-cam', ts: s(70) }] }), part('b', ev, { kind: 'moments', items: [{ camera: 'b-cam', ts: s(66) }] })], opts).value, new Date(s(70)).toISOString());
  const after = query({ measure: 'when', of: { kind: 'event', event: 'line_cross', pick: { by: 'after', t: s(30) } } });
  assert.equal(mergeParts([part('a', after, { kind: 'moments', items: [{ camera: 'a-cam', ts: s(70) }] }), part('b', after, { kind: 'moments', items: [{ camera: 'b-cam', ts: s(31) }] })], opts).value, new Date(s(31)).toISOString());
});

test('duration aggregates: average = sum of totals / sum of counts; max and min across boxes', () => {
  const st = (total: number, count: number, max: number, min: number): FleetPartValue => ({ kind: 'stats', total, count, max, min });
  const q = (agg: 'avg' | 'total' | 'max' | 'min'): Query => query({ measure: 'duration', of: { kind: 'visits', agg } });
  const parts = (agg: 'avg' | 'total' | 'max' | 'min'): FleetPart[] => [part('a', q(agg), st(30_000, 1, 30_000, 30_000)), part('b', q(agg), st(30_000, 3, 20_000, 2_000)), part('c', q(agg), st(0, 0, 0, 0))];
  assert.equal(mergeParts(parts('avg'), opts).value, 15, '(30 + 30) s / 4 visits, not the mean of the boxes\' averages (20)');
  assert.equal(mergeParts(parts('total'), opts).value, 60);
  assert.equal(mergeParts(parts('max'), opts).value, 30);
  assert.equal(mergeParts(parts('min'), opts).value, 2, 'a box with no visit does not give 0');
});

test('whether a visit or event: any box; with a count, the fleet\'s arrivals compared; negation kept', () => {
  const q = query({ measure: 'whether', test: { kind: 'visit' } });
  assert.equal(mergeParts([part('a', q, { kind: 'count', n: 0 }), part('b', q, { kind: 'count', n: 1 })], opts).value, true);
  const more = query({ measure: 'whether', test: { kind: 'visit', count: { op: 'gt', n: 3 } } });
  assert.equal(mergeParts([part('a', more, { kind: 'count', n: 2 }), part('b', more, { kind: 'count', n: 2 })], opts).value, true);
  assert.equal(mergeParts([part('a', q, { kind: 'count', n: 0 }, { negate: true }), part('b', q, { kind: 'count', n: 1 }, { negate: true })], opts).value, false);
});

test('lists concatenate by time, each item tagged with its box', () => {
  const q = query({ measure: 'list', of: 'events' });
  const a = mergeParts([part('a', q, { kind: 'list', items: [{ camera: 'a-cam', ts: s(50), kind: 'line_cross' }], total: 1 }), part('b', q, { kind: 'list', items: [{ camera: 'b-cam', ts: s(10), kind: 'zone_enter' }, { camera: 'b-cam', ts: s(70), kind: 'zone_exit' }], total: 2 })], opts);
  assert.equal(a.value, 3);
  assert.match(a.answer, /3: 2026-11-21 09:00:10 UTC zone_enter on b-cam of box b; 2026-11-21 09:00:50 UTC line_cross on a-cam of box a; 2026-11-21 09:01:10 UTC zone_exit on b-cam of box b/);
});

test('a part read as another measure than most boxes read it is named and not merged', () => {
  const q = query({ measure: 'count', of: 'visits' });
  const other = query({ measure: 'count', of: 'events', event: 'line_cross' });
  const a = mergeParts([part('a', q, { kind: 'count', n: 3 }), part('b', q, { kind: 'count', n: 4 }), part('c', other, { kind: 'count', n: 100 })], opts);
  assert.equal(a.value, 7);
  assert.equal(a.partial, true);
  assert.match(a.answer, /Not merged \(read as another question\): c/);
});

test('no box with a matching camera: said so, with the reason', () => {
  const a = mergeParts([none('a'), none('b')], opts);
  assert.equal(a.value, null);
  assert.match(a.answer, /No box holds a camera, zone or line the question names/);
  assert.match(a.answer, /there is no camera called "dock"/);
});

test('boxes that refused or failed are named with their reason; speech answers are listed per box, not merged', () => {
  const q = query({ measure: 'count', of: 'visits' });
  const refused: FleetPart = { v: 1, id: 'q1', node: 'r', status: 'refused', ms: 0, coverage: null, cameras: [], why: 'the box is busy' };
  const failed: FleetPart = { v: 1, id: 'q1', node: 'e', status: 'error', ms: 0, coverage: null, cameras: [], why: 'disk gone' };
  const a = mergeParts([part('a', q, { kind: 'count', n: 2 }), refused, failed], opts);
  assert.equal(a.value, 2);
  assert.match(a.answer, /Could not answer: e \(disk gone\); r \(the box is busy\)\./);
  const speech: FleetPart = { v: 1, id: 'q1', node: 's', status: 'ok', ms: 1, coverage: cov, cameras: ['s-cam'], part: { kind: 'opaque' }, answer: 'Someone said "hello" at 09:00:10.' };
  const b = mergeParts([speech], opts);
  assert.equal(b.value, null);
  assert.match(b.answer, /Box s says: Someone said "hello"/);
});

test('a box that could not tell (nothing recorded then) is named, the others merged', () => {
  const q = query({ measure: 'count', of: 'visits' });
  const a = mergeParts([part('a', q, { kind: 'count', n: 2 }), { ...part('b', q, { kind: 'count', n: 0 }), part: undefined, why: 'nothing was recorded then' }], opts);
  assert.equal(a.value, 2);
  assert.match(a.answer, /Box b could not tell: nothing was recorded then\./);
});

test('a departure of someone still there when the recording ended is no departure (as one box reads it)', () => {
  const q = query({ measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1 } } });
  const v = (node: string, start: number, end: number, open = false) => ({ camera: `${node}-cam`, objectId: `${node}:${start}`, label: 'person', start: s(start), end: s(end), ...(open ? { open } : {}) });
  const a = mergeParts([part('a', q, { kind: 'visits', items: [v('a', 20, 40)] }), part('b', q, { kind: 'visits', items: [v('b', 50, 100, true)] })], opts);
  assert.equal(a.value, null);
  assert.match(a.answer, /on b-cam of box b was still there when the recording ended/);
  const seen = query({ measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'sighting' } } });
  const b = mergeParts([part('a', seen, { kind: 'visits', items: [v('a', 20, 40)] }), part('b', seen, { kind: 'visits', items: [v('b', 50, 100, true)] })], opts);
  assert.equal(b.value, new Date(s(100)).toISOString());
  assert.match(b.answer, /still in view when the recording ended/);
});

test('the count on average is read from the summed timeline; visits compared and a visit\'s length pick from the boxes\' candidates', () => {
  const tl = (steps: [number, number, number][]): FleetPartValue => ({ kind: 'timeline', from: s(0), to: s(100), steps: toSteps(steps, s(0), s(100)), usual: 0 });
  const avg = query({ measure: 'extreme', which: 'avg' });
  // a: 2 for the first half; b: 1 all the time -> 2 for 50 s, 1 for 50 s
  const a = mergeParts([part('a', avg, tl([[s(0), s(50), 1], [s(50), s(100), 0]])), part('b', avg, tl([[s(0), s(100), 1]]))], opts);
  assert.equal(a.value, 1.5);
  const v = (node: string, start: number, end: number) => ({ camera: `${node}-cam`, objectId: `${node}:${start}`, label: 'person', start: s(start), end: s(end) });
  const cmp = query({ measure: 'whether', test: { kind: 'compare', a: { by: 'nth', n: 2 }, op: 'gt', b: { by: 'nth', n: 1 } } });
  // the fleet's first is b's (10-15 s), its second a's (20-50 s)
  assert.equal(mergeParts([part('a', cmp, { kind: 'visits', items: [v('a', 20, 50), v('a', 60, 61)] }), part('b', cmp, { kind: 'visits', items: [v('b', 10, 15), v('b', 70, 90)] })], opts).value, true);
  const len = query({ measure: 'whether', test: { kind: 'length', visit: { by: 'nth', n: 1 }, where: { op: 'gt', seconds: 10 } } });
  assert.equal(mergeParts([part('a', len, { kind: 'visits', items: [v('a', 20, 50)] }), part('b', len, { kind: 'visits', items: [v('b', 10, 15)] })], opts).value, false, 'the first visit is b\'s, 5 s');
});

test('a state for a stretch of some length, and the longest stretch, are read from the summed timeline', () => {
  const tl = (steps: [number, number, number][]): FleetPartValue => ({ kind: 'timeline', from: s(0), to: s(100), steps: toSteps(steps, s(0), s(100)), usual: 0 });
  // a busy 10-40 s, b busy 30-50 s: together someone there 10-50 s, nobody 0-10 s and 50-100 s
  const parts = (q: Query): FleetPart[] => [part('a', q, tl([[s(0), s(10), 0], [s(10), s(40), 1], [s(40), s(100), 0]])), part('b', q, tl([[s(0), s(30), 0], [s(30), s(50), 1], [s(50), s(100), 0]]))];
  const lasting = (seconds: number): Query => query({ measure: 'whether', test: { kind: 'count', cond: { op: 'gt', n: 0 }, lasting: { op: 'gt', seconds } } });
  assert.equal(mergeParts(parts(lasting(35)), opts).value, true, 'one stretch of 40 s across the boxes');
  assert.equal(mergeParts(parts(lasting(45)), opts).value, false);
  const longest = query({ measure: 'duration', of: { kind: 'condition', cond: { op: 'eq', n: 0 }, episode: 'longest' } });
  assert.equal(mergeParts(parts(longest), opts).value, 50);
});

test('one visit against an instant: the fleet\'s n-th visit is picked among the boxes\' candidates', () => {
  const v = (node: string, start: number, end: number) => ({ camera: `${node}-cam`, objectId: `${node}:${start}`, label: 'person', start: s(start), end: s(end) });
  const left = query({ measure: 'whether', test: { kind: 'visitTime', visit: { by: 'nth', n: 1 }, moment: 'departure', side: 'before', t: s(20) } });
  // box a's first leaves at 30 s, but the fleet's first is b's (10-15 s)
  assert.equal(mergeParts([part('a', left, { kind: 'visits', items: [v('a', 20, 30)] }), part('b', left, { kind: 'visits', items: [v('b', 10, 15)] })], opts).value, true);
  const there = query({ measure: 'whether', test: { kind: 'visitTime', visit: { by: 'nth', n: 1 }, moment: 'presence', t: s(25) } });
  assert.equal(mergeParts([part('a', there, { kind: 'visits', items: [v('a', 20, 30)] }), part('b', there, { kind: 'visits', items: [v('b', 10, 15)] })], opts).value, false);
});
