import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EventObservation, FrameObservation } from '../../ingest/observations.js';
import { RuleEngine, RuleError } from '../../edge/rules/engine.js';
import { LocalClock } from '../../edge/rules/time.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const box = { x1: 0, y1: 0, x2: 10, y2: 10 };

function engine(): RuleEngine {
  return new RuleEngine({ node: 'n1', timeZone: 'UTC', cameras: { cam: { zones: ['table'], lines: ['door'] }, other: { zones: [], lines: [] } }, now: () => 42 });
}

function frame(ts: number, people: string[], occupancy: Record<string, number> = {}, camera = 'cam'): FrameObservation {
  return { kind: 'frame', camera, ts, motion: 0.1, detected: true, counts: people.length ? { person: people.length } : {}, objects: people.map((id, i) => ({ objectId: id, trackId: i, label: 'person', box, score: 0.8 })), occupancy };
}

function ev(ts: number, type: EventObservation['type'], extra: Partial<EventObservation>): EventObservation {
  return { kind: 'event', camera: 'cam', ts, type, ...extra };
}

test('count rule with forSeconds fires once per holding period, honours cooldown, evidence is filled', () => {
  const e = engine();
  e.put({ id: 'someone', camera: 'cam', class: 'person', trigger: { type: 'count', op: '>=', value: 1, forSeconds: 2 }, cooldownSeconds: 10 });
  assert.equal(e.observe(frame(T0, ['p1'])).length, 0);
  assert.equal(e.observe(frame(T0 + 1000, ['p1'])).length, 0);
  const [a] = e.observe(frame(T0 + 2000, ['p1']));
  assert.ok(a);
  assert.equal(a.rule, 'someone');
  assert.equal(a.frameTs, T0 + 2000);
  assert.equal(a.firedAt, 42);
  assert.deepEqual(a.evidence.objectIds, ['p1']);
  assert.equal(a.evidence.start, new Date(T0).toISOString());
  assert.equal(a.evidence.snapshot, `/api/cameras/cam/keyframe.jpg?ts=${T0 + 2000}`, 'the stored keyframe of its time until the component keeps the very frame');
  assert.equal(e.observe(frame(T0 + 3000, ['p1'])).length, 0, 'edge-triggered');
  e.observe(frame(T0 + 4000, []));
  e.observe(frame(T0 + 5000, ['p2']));
  assert.equal(e.observe(frame(T0 + 7000, ['p2'])).length, 0, 'cooldown of 10 s');
  e.observe(frame(T0 + 13_000, []));
  e.observe(frame(T0 + 14_000, ['p3']));
  assert.equal(e.observe(frame(T0 + 16_000, ['p3'])).length, 1, 'fires again after the cooldown');
  assert.equal(e.get('someone')?.lastFiredAt, T0 + 16_000);
});

test('rules of another camera or class do not fire', () => {
  const e = engine();
  e.put({ id: 'cars', class: 'car', trigger: { type: 'count', op: '>', value: 0 } });
  e.put({ id: 'other', camera: 'other', trigger: { type: 'count', op: '>', value: 0 } });
  assert.equal(e.observe(frame(T0, ['p1'])).length, 0);
});

test('dwell in a zone from zone events, once per visit', () => {
  const e = engine();
  e.put({ id: 'stay', camera: 'cam', class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 3 }, cooldownSeconds: 0 });
  e.observe(ev(T0, 'zone_enter', { zone: 'table', objectId: 'p1', label: 'person' }));
  assert.equal(e.observe(frame(T0 + 2000, ['p1'], { table: 1 })).length, 0);
  const [a] = e.observe(frame(T0 + 3000, ['p1'], { table: 1 }));
  assert.equal(a?.evidence.dwellSeconds, 3);
  assert.deepEqual(a?.evidence.objectIds, ['p1']);
  assert.equal(e.observe(frame(T0 + 4000, ['p1'], { table: 1 })).length, 0);
  e.observe(ev(T0 + 5000, 'zone_exit', { zone: 'table', objectId: 'p1', label: 'person' }));
  e.observe(frame(T0 + 5000, ['p1'], { table: 0 }));
  e.observe(ev(T0 + 6000, 'zone_enter', { zone: 'table', objectId: 'p1', label: 'person' }));
  assert.equal(e.observe(frame(T0 + 9500, ['p1'], { table: 1 })).length, 1, 'a new visit fires again');
});

test('dwell in view without a zone', () => {
  const e = engine();
  e.put({ id: 'linger', class: 'person', trigger: { type: 'dwell', seconds: 5 } });
  e.observe(frame(T0, ['p1']));
  assert.equal(e.observe(frame(T0 + 4000, ['p1'])).length, 0);
  assert.equal(e.observe(frame(T0 + 5000, ['p1'])).length, 1);
});

test('absence for a time', () => {
  const e = engine();
  e.put({ id: 'empty', camera: 'cam', class: 'person', trigger: { type: 'absence', seconds: 10 } });
  e.observe(frame(T0, ['p1']));
  e.observe(frame(T0 + 1000, []));
  assert.equal(e.observe(frame(T0 + 10_000, [])).length, 0);
  const [a] = e.observe(frame(T0 + 11_000, []));
  assert.match(a?.message ?? '', /no people for 10 s/);
  assert.equal(a?.evidence.count, 0);
});

test('line crossing with a direction', () => {
  const e = engine();
  e.put({ id: 'in', camera: 'cam', class: 'person', trigger: { type: 'line', line: 'door', direction: 'forward' }, cooldownSeconds: 0 });
  assert.equal(e.observe(ev(T0, 'line_cross', { line: 'door', direction: 'backward', label: 'person', objectId: 'p1' })).length, 0);
  const [a] = e.observe(ev(T0 + 1, 'line_cross', { line: 'door', direction: 'forward', label: 'person', objectId: 'p1' }));
  assert.equal(a?.evidence.direction, 'forward');
});

test('time of day window, with wrap over midnight and weekdays', () => {
  const c = new LocalClock('UTC');
  assert.equal(c.inside({ from: '09:00', to: '17:00' }, Date.parse('2026-11-21T10:00:00Z')), true);
  assert.equal(c.inside({ from: '09:00', to: '17:00' }, Date.parse('2026-11-21T18:00:00Z')), false);
  assert.equal(c.inside({ from: '22:00', to: '06:00' }, Date.parse('2026-11-21T23:30:00Z')), true);
  assert.equal(c.inside({ from: '22:00', to: '06:00' }, Date.parse('2026-11-21T05:30:00Z')), true);
  // 2026-11-21 is a Saturday (6); 05:30 on Sunday belongs to Saturday night's window
  assert.equal(c.inside({ from: '22:00', to: '06:00', days: [6] }, Date.parse('2026-11-22T05:30:00Z')), true);
  assert.equal(c.inside({ from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5] }, Date.parse('2026-11-21T10:00:00Z')), false);
  const e = engine();
  e.put({ id: 'night', trigger: { type: 'count', op: '>=', value: 1 }, timeOfDay: { from: '20:00', to: '06:00' } });
  assert.equal(e.observe(frame(T0, ['p1'])).length, 0, '10:00 is outside');
});

test('invalid rules are refused with every problem listed', () => {
  const e = engine();
  assert.throws(() => e.put({ id: 'bad id!', trigger: { type: 'count', op: '>=', value: 1 } }), (err: unknown) => err instanceof RuleError && err.code === 'RULE_INVALID' && /id/.test(err.message));
  assert.throws(() => e.put({ id: 'x', camera: 'nope', zone: 'nowhere', trigger: { type: 'dwell', seconds: 3 } }), /unknown camera "nope".*zone/);
  assert.throws(() => e.put({ id: 'x', trigger: { type: 'line', line: 'window' } }), /line "window"/);
  assert.throws(() => e.put({ id: 'x', trigger: { type: 'teleport' } }), RuleError);
  assert.equal(e.list().length, 0);
  assert.equal(e.delete('x'), false);
});

test('many rules at once, replace by id', () => {
  const e = engine();
  for (let i = 0; i < 50; i++) e.put({ id: `r${i}`, class: 'person', trigger: { type: 'count', op: '>=', value: 1 } });
  assert.equal(e.observe(frame(T0, ['p1'])).length, 50);
  e.put({ id: 'r0', class: 'person', trigger: { type: 'count', op: '>=', value: 5 } });
  assert.equal(e.list().length, 50);
  assert.equal(e.get('r0')?.trigger.type, 'count');
});

test('sound rule fires on loud_sound events above its level, with cooldown; frames never fire it', () => {
  const e = engine();
  e.put({ id: 'bang', camera: 'cam', trigger: { type: 'sound', minDbfs: -8 }, cooldownSeconds: 30 });
  assert.equal(e.observe(frame(T0, ['p1'])).length, 0);
  assert.equal(e.observe(ev(T0 + 1000, 'loud_sound', { dbfs: -9.5 })).length, 0, 'quieter than -8 dBFS');
  const [a] = e.observe(ev(T0 + 2000, 'loud_sound', { dbfs: -4.2 }));
  assert.ok(a);
  assert.equal(a.rule, 'bang');
  assert.equal(a.evidence.dbfs, -4.2);
  assert.match(a.message, /loud sound \(-4.2 dBFS\)/);
  assert.equal(e.observe(ev(T0 + 10_000, 'loud_sound', { dbfs: -3 })).length, 0, 'cooldown');
  assert.equal(e.observe(ev(T0 + 33_000, 'loud_sound', { dbfs: -3 })).length, 1);
});
