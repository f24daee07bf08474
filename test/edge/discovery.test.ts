import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Discovery } from '../../edge/mqtt/discovery.js';

test('Home Assistant discovery announces each count topic once, as a measurement sensor of the node device', () => {
  const sent: { topic: string; payload: Record<string, unknown> }[] = [];
  const d = new Discovery('edge1', 'homeassistant', (topic, payload) => sent.push({ topic, payload: JSON.parse(payload) as Record<string, unknown> }));
  const topic = 'vigil/edge1/dock/bench 2/person/count';
  d.count({ camera: 'dock', zone: 'bench 2', class: 'person', count: 1, ts: 1 }, topic);
  d.count({ camera: 'dock', zone: 'bench 2', class: 'person', count: 2, ts: 2 }, topic);
  d.count({ camera: 'dock', zone: 'all', class: 'car', count: 1, ts: 3 }, 'vigil/edge1/dock/all/car/count');
  assert.equal(sent.length, 2, 'one config per count topic, however often it changes');
  const first = sent[0]!;
  // ids and topics may hold only characters Home Assistant accepts
  assert.equal(first.topic, 'homeassistant/sensor/vigil_edge1_dock_bench_2_person_count/config');
  assert.equal(first.payload.unique_id, 'vigil_edge1_dock_bench_2_person_count');
  assert.equal(first.payload.state_topic, topic);
  assert.equal(first.payload.state_class, 'measurement');
  // available only while the node is online and the camera streams: a camera that is down shows unavailable
  assert.equal(first.payload.availability_mode, 'all');
  const avail = first.payload.availability as { topic: string; value_template?: string }[];
  assert.deepEqual(
    avail.map((a) => a.topic),
    ['vigil/edge1/status', 'vigil/edge1/dock/status'],
  );
  assert.match(avail[1]!.value_template ?? '', /value_json\.state == 'streaming'/);
  assert.match(String(first.payload.value_template), /unknown/);
  assert.deepEqual((first.payload.device as { identifiers: string[] }).identifiers, ['vigil_edge1']);
});

test('each alert rule becomes a sensor whose state is the alert message and whose attributes are the alert', () => {
  const sent: { topic: string; payload: Record<string, unknown> }[] = [];
  const d = new Discovery('edge1', 'ha', (topic, payload) => sent.push({ topic, payload: JSON.parse(payload) as Record<string, unknown> }));
  const rule = { id: 'crowd', trigger: { type: 'count', op: '>=', value: 5 } } as unknown as Parameters<Discovery['rules']>[0][number];
  d.rules([rule]);
  d.rules([rule, { ...rule, id: 'late/night' }]);
  assert.deepEqual(
    sent.map((s) => s.topic),
    ['ha/sensor/vigil_edge1_alert_crowd/config', 'ha/sensor/vigil_edge1_alert_late_night/config'],
  );
  assert.equal(sent[0]!.payload.state_topic, 'vigil/edge1/alerts/crowd');
  assert.equal(sent[0]!.payload.json_attributes_topic, 'vigil/edge1/alerts/crowd');
  assert.equal(sent[0]!.payload.value_template, '{{ value_json.message }}');
  assert.equal(sent[0]!.payload.availability_topic, 'vigil/edge1/status');
});
