import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRequest, validateRequest } from '../../edge/api/validate.js';
import { REQUEST_SCHEMAS } from '../../edge/api/requests.js';
import { MQTT_TOPICS, WS_REQUEST_TYPES } from '../../edge/api/wire.js';
import { EventBus } from '../../edge/bus.js';
import { Auth } from '../../edge/api/auth.js';
import { LiveState } from '../../edge/api/live.js';
import { silentLogger } from '../helpers/logger.js';

test('malformed JSON, missing id, unknown type and bad params get stable codes', () => {
  const bad = parseRequest('{"id": "1", "type": ');
  assert.equal(bad.ok, false);
  assert.equal(!bad.ok && bad.error.code, 'BAD_JSON');
  assert.equal(!bad.ok && bad.id, null);
  const arr = parseRequest('[1,2]');
  assert.equal(!arr.ok && arr.error.code, 'BAD_JSON');
  const noId = validateRequest({ type: 'ping' });
  assert.equal(!noId.ok && noId.error.code, 'BAD_REQUEST');
  const unknown = validateRequest({ id: 'a', type: 'launch' });
  assert.equal(!unknown.ok && unknown.error.code, 'UNKNOWN_TYPE');
  assert.equal(!unknown.ok && unknown.id, 'a');
  const params = validateRequest({ id: 'b', type: 'segments', from: 'yesterday' });
  assert.equal(!params.ok && params.error.code, 'BAD_REQUEST');
  assert.match(!params.ok ? params.error.message : '', /from/);
  const rule = validateRequest({ id: 'c', type: 'rules.put', rule: { id: 'r', trigger: { type: 'count', op: '~', value: 1 } } });
  assert.equal(!rule.ok && rule.error.code, 'RULE_INVALID');
});

test('valid requests of every kind parse', () => {
  const ok = [
    { id: '1', type: 'ask', question: 'how many people?' },
    { id: '2', type: 'subscribe', channels: ['alerts', 'counts'] },
    { id: '3', type: 'segments', from: 0, to: 1000, camera: 'cam' },
    { id: '4', type: 'rules.put', rule: { id: 'r', class: 'person', trigger: { type: 'dwell', seconds: 3 } } },
    { id: '5', type: 'camera.enable', camera: 'cam', enabled: false },
    { id: '6', type: 'ping' },
  ];
  for (const r of ok) assert.equal(validateRequest(r).ok, true, JSON.stringify(r));
  assert.ok(WS_REQUEST_TYPES.includes('rules.compile'));
});

test('the request schemas are the one list of request types; parsed requests keep id and type and drop unknown fields', () => {
  assert.deepEqual(Object.keys(REQUEST_SCHEMAS).sort(), [...WS_REQUEST_TYPES].sort());
  const r = validateRequest({ id: 'e', type: 'events', from: 0, to: 10, types: ['loud_sound', 'zone_enter'], extra: 1 });
  assert.deepEqual(r.ok && r.request, { id: 'e', type: 'events', from: 0, to: 10, types: ['loud_sound', 'zone_enter'] });
  const ask = validateRequest({ id: 'a', type: 'ask', question: '  how many?  ', planner: 'react' });
  assert.deepEqual(ask.ok && ask.request, { id: 'a', type: 'ask', question: 'how many?', planner: 'react' });
  const bad = validateRequest({ id: 'b', type: 'events', from: 0, to: 10, types: ['teleport'] });
  assert.equal(!bad.ok && bad.error.code, 'BAD_REQUEST');
  assert.match(!bad.ok ? bad.error.message : '', /^types\.0: /);
  const cancel = validateRequest({ id: 'c', type: 'ask.cancel' });
  assert.match(!cancel.ok ? cancel.error.message : '', /^askId: /);
});

test('topics follow the documented layout', () => {
  assert.equal(MQTT_TOPICS.status('n'), 'vigil/n/status');
  assert.equal(MQTT_TOPICS.cameraStatus('n', 'c'), 'vigil/n/c/status');
  assert.equal(MQTT_TOPICS.events('n', 'c'), 'vigil/n/c/events');
  assert.equal(MQTT_TOPICS.count('n', 'c', 'z', 'person'), 'vigil/n/c/z/person/count');
  assert.equal(MQTT_TOPICS.alert('n', 'r'), 'vigil/n/alerts/r');
  assert.equal(MQTT_TOPICS.ask('n'), 'vigil/n/ask');
});

test('bus: a throwing listener is logged and never breaks the emitter; owners are removed', () => {
  const lines: string[] = [];
  const bus = new EventBus(silentLogger(lines));
  const got: number[] = [];
  bus.on('alert', 'a', () => {
    throw new Error('boom');
  });
  bus.on('alert', 'b', (a) => got.push(a.frameTs));
  bus.emit('alert', { frameTs: 7 } as never);
  assert.deepEqual(got, [7]);
  assert.ok(lines.some((l) => l.includes('bus listener failed')));
  bus.removeOwner('a');
  assert.equal(bus.listenerCount('alert'), 1);
});

test('auth: off without tokens; bearer tokens with scopes', () => {
  assert.deepEqual(new Auth([]).check(undefined), { ok: true, scope: 'admin', name: null });
  const a = new Auth([{ name: 'viewer', token: 'r'.repeat(20), scope: 'read' }, { name: 'ops', token: 'a'.repeat(20), scope: 'admin' }]);
  assert.equal(a.check(undefined).ok, false);
  assert.equal(a.check('nope').ok, false);
  assert.deepEqual(a.check('r'.repeat(20)), { ok: true, scope: 'read', name: 'viewer' });
  assert.deepEqual(a.check('a'.repeat(20)), { ok: true, scope: 'admin', name: 'ops' });
});

test('live state reports count changes only, zeroes vanished classes, and object before/after', () => {
  const l = new LiveState();
  const f = (ts: number, counts: Record<string, number>, occupancy: Record<string, number> = {}) => ({ kind: 'frame' as const, camera: 'c', ts, motion: 0, detected: true, counts, objects: [], occupancy });
  assert.deepEqual(l.observe(f(1, { person: 1 }, { table: 1 })).counts.map((c) => `${c.zone}/${c.class}=${c.count}`), ['all/person=1', 'table/all=1']);
  assert.equal(l.observe(f(2, { person: 1 }, { table: 1 })).counts.length, 0);
  assert.deepEqual(l.observe(f(3, {}, { table: 0 })).counts.map((c) => `${c.zone}/${c.class}=${c.count}`), ['table/all=0', 'all/person=0']);
  const obj = { objectId: 'c:person:1', camera: 'c', label: 'person', trackIds: [1], firstSeen: 0, lastSeen: 1000, box: { x1: 0, y1: 0, x2: 1, y2: 1 }, trajectory: [], zones: [{ zone: 'table', enteredAt: 0, exitedAt: null, dwellSeconds: 1 }], crossings: [], score: 0.5 };
  const n = l.observe({ kind: 'object', camera: 'c', ts: 1000, event: 'new', object: obj }).event;
  assert.equal(n?.before, null);
  assert.deepEqual(n?.after.currentZones, ['table']);
  const u = l.observe({ kind: 'object', camera: 'c', ts: 2000, event: 'end', object: { ...obj, lastSeen: 2000 } }).event;
  assert.equal(u?.before?.lastSeen, 1000);
  assert.equal(u?.after.lastSeen, 2000);
});
