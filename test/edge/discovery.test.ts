import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RuleInfo } from '../../edge/api/wire.js';
import { Discovery, type DiscoveryDeps } from '../../edge/mqtt/discovery.js';
import { ruleName } from '../../edge/mqtt/ha-entities.js';
import { OccupancyStates } from '../../edge/mqtt/occupancy.js';
import { haConfigProblems } from './ha-schema.js';

type Config = Record<string, unknown>;

const rule = (id: string, extra: Partial<RuleInfo> = {}): RuleInfo => ({ id, trigger: { type: 'count', op: 'ge', n: 2 }, source: 'config', lastFiredAt: null, ...extra });

/** A box with a one-class camera (table: people only) and one whose rules name bottles (shelf). */
function box(rules: RuleInfo[], publicUrl: string | null = null): { d: Discovery; sent: Map<string, string>; log: string[]; deps: DiscoveryDeps } {
  const sent = new Map<string, string>();
  const log: string[] = [];
  const detector = (classes: string[]) => ({ classes }) as unknown as DiscoveryDeps['cameras'][number]['detector'];
  const deps: DiscoveryDeps = {
    node: 'edge1',
    prefix: 'homeassistant',
    version: '1.2.3',
    publicUrl,
    cameras: [
      { id: 'table', zones: [{ id: 'standing', polygon: [] }], detector: detector(['person']) },
      { id: 'shelf', zones: [{ id: 'bench', polygon: [] }], detector: detector([]) },
    ] as DiscoveryDeps['cameras'],
    rules: () => rules,
    publish: (t, p) => {
      sent.set(t, p);
      log.push(t);
    },
  };
  return { d: new Discovery(deps), sent, log, deps };
}

const configs = (sent: Map<string, string>): [string, Config][] => [...sent].filter(([, p]) => p !== '').map(([t, p]) => [t, JSON.parse(p) as Config]);
const byName = (sent: Map<string, string>, platform: string, name: string): Config => {
  const c = configs(sent).find(([t, p]) => t.includes(`/${platform}/`) && p.name === name);
  assert.ok(c, `a ${platform} named "${name}" among ${configs(sent).map(([, p]) => String(p.name)).join(', ')}`);
  return c[1];
};

test('every published discovery config uses only the keys, device classes and forms Home Assistant documents', () => {
  const rules = [rule('crowd', { camera: 'table', class: 'person' }), rule('low-stock', { camera: 'shelf', class: 'bottle', zone: 'bench' }), rule('anyone')];
  const { d, sent } = box(rules, 'http://10.0.0.5:8080/');
  d.connected();
  d.count({ camera: 'shelf', zone: 'bench', class: 'bottle', count: 2, ts: 1 });
  d.count({ camera: 'table', zone: 'standing', class: 'person', count: 1, ts: 1 });
  const all = configs(sent);
  assert.ok(all.length >= 14, `${all.length} configs`);
  const problems = all.flatMap(([t, c]) => haConfigProblems(t, c));
  assert.deepEqual(problems, []);
  // one of each platform is announced, and every unique id is unique
  for (const p of ['sensor', 'binary_sensor', 'image', 'event']) assert.ok(all.some(([t]) => t.startsWith(`homeassistant/${p}/`)), p);
  const uids = all.map(([, c]) => c.unique_id);
  assert.equal(new Set(uids).size, uids.length);
  // the checker itself refuses what Home Assistant does not document
  assert.match(haConfigProblems('homeassistant/sensor/x/config', { unique_id: 'x', default_entity_id: 'sensor.x', state_topic: 't', stat_t: 't', device: { identifiers: ['a'], name: 'n' } }).join(), /unknown key stat_t/);
  assert.match(haConfigProblems('homeassistant/sensor/x/config', { unique_id: 'x', object_id: 'x', default_entity_id: 'sensor.x', state_topic: 't', device: { identifiers: ['a'], name: 'n' } }).join(), /unknown key object_id/);
  assert.match(haConfigProblems('homeassistant/binary_sensor/x/config', { unique_id: 'x', default_entity_id: 'binary_sensor.x', state_topic: 't', device_class: 'people', device: { identifiers: ['a'], name: 'n' } }).join(), /device_class people/);
});

test('counts and occupancy have friendly names and units, per camera, zone and class, with no "objects" duplicate on a one-class camera', () => {
  const { d, sent } = box([rule('low-stock', { camera: 'shelf', class: 'bottle', zone: 'bench' }), rule('cups', { camera: 'shelf', class: 'cup' })]);
  sent.set('homeassistant/sensor/vigil_edge1_table_standing_all_count/config', '{"name":"table standing all count"}');
  d.connected();
  const people = byName(sent, 'sensor', 'Standing people');
  assert.equal(people.unit_of_measurement, 'people');
  assert.equal(people.state_class, 'measurement');
  assert.equal(people.state_topic, 'vigil/edge1/table/standing/person/count');
  assert.equal(people.unique_id, 'vigil_edge1_table_standing_person_count', 'the unique id of earlier versions: history is kept');
  assert.equal(people.default_entity_id, 'sensor.edge1_table_standing_people');
  assert.deepEqual((people.device as { name: string; via_device: string }).name, 'Table camera');
  assert.equal((people.device as { via_device: string }).via_device, 'vigil_edge1');
  const occupied = byName(sent, 'binary_sensor', 'Standing person occupancy');
  assert.equal(occupied.device_class, 'occupancy');
  assert.equal(occupied.state_topic, 'vigil/edge1/table/standing/person/occupancy');
  assert.equal(byName(sent, 'sensor', 'People').state_topic, 'vigil/edge1/table/all/person/count', 'the whole frame');
  byName(sent, 'binary_sensor', 'Person occupancy');
  // table sees people only: no "Standing objects", and the old duplicate's retained config is cleared
  assert.ok(!configs(sent).some(([, c]) => c.name === 'Standing objects' || c.name === 'Standing occupancy'));
  assert.equal(sent.get('homeassistant/sensor/vigil_edge1_table_standing_all_count/config'), '');
  // shelf has no configured classes: its rules name bottles and cups; "Bench objects" counts any class, with no unit
  assert.equal(byName(sent, 'sensor', 'Bench bottles').unit_of_measurement, 'bottles');
  assert.equal(byName(sent, 'sensor', 'Bench objects').unit_of_measurement, undefined);
  byName(sent, 'binary_sensor', 'Bench occupancy');
  // a class no rule names gets no entity while some class is named
  d.count({ camera: 'shelf', zone: 'bench', class: 'chair', count: 1, ts: 1 });
  assert.ok(!configs(sent).some(([t]) => t.includes('_chair_')));
  // availability: the daemon's Last Will topic and the camera streaming, all of them
  assert.equal(people.availability_mode, 'all');
  const avail = people.availability as { topic: string; value_template?: string }[];
  assert.deepEqual(
    avail.map((a) => a.topic),
    ['vigil/edge1/status', 'vigil/edge1/table/status'],
  );
  assert.match(avail[1]!.value_template ?? '', /value_json\.state == 'streaming'/);
});

test('a camera with nothing named gets entities for each class it sees, once', () => {
  const { d, sent, log } = box([]);
  d.connected();
  const before = log.length;
  d.count({ camera: 'shelf', zone: 'bench', class: 'cup', count: 1, ts: 1 });
  d.count({ camera: 'shelf', zone: 'bench', class: 'cup', count: 2, ts: 2 });
  assert.equal(log.length - before, 2, 'a sensor and a binary_sensor, once');
  assert.equal(byName(sent, 'sensor', 'Bench cups').unit_of_measurement, 'cups');
});

test('each camera has a connectivity binary_sensor and images of its latest frame and its last alert; the box its own status', () => {
  const { d, sent } = box([]);
  d.connected();
  const stream = configs(sent).find(([t]) => t === 'homeassistant/binary_sensor/vigil_edge1_table_stream/config')?.[1];
  assert.ok(stream);
  assert.equal(stream.device_class, 'connectivity');
  assert.equal(stream.state_topic, 'vigil/edge1/table/status');
  assert.match(String(stream.value_template), /'ON' if value_json\.state == 'streaming' else 'OFF'/);
  // it reports the camera down, so only the daemon makes it unavailable
  assert.deepEqual(
    (stream.availability as { topic: string }[]).map((a) => a.topic),
    ['vigil/edge1/status'],
  );
  const snap = byName(sent, 'image', 'Snapshot');
  assert.equal(snap.image_topic, 'vigil/edge1/table/snapshot');
  assert.equal(snap.content_type, 'image/jpeg');
  assert.equal(snap.url_topic, undefined, 'bytes over the broker, never an open URL');
  assert.equal(byName(sent, 'image', 'Last alert').image_topic, 'vigil/edge1/table/alert_snapshot');
  const status = byName(sent, 'binary_sensor', 'Status');
  assert.equal(status.state_topic, 'vigil/edge1/status');
  assert.equal(status.payload_off, 'offline');
  assert.equal(status.availability, undefined, 'a box that is gone reads disconnected, not unavailable');
  assert.deepEqual((status.device as { identifiers: string[] }).identifiers, ['vigil_edge1']);
});

test('each rule is an event entity (event_types: the rule) replacing the alert sensor of earlier versions; a deleted rule is cleared', () => {
  const rules = [rule('crowd', { camera: 'table', class: 'person' }), rule('late/night')];
  const { d, sent } = box(rules, 'https://vigil.example:8443/');
  d.connected();
  const crowd = byName(sent, 'event', 'Crowd alert');
  assert.equal(crowd.state_topic, 'vigil/edge1/alerts/crowd');
  assert.deepEqual(crowd.event_types, ['crowd']);
  assert.match(String(crowd.value_template), /'event_type': value_json\.rule/);
  assert.match(String(crowd.value_template), /"https:\/\/vigil\.example:8443" ~ s/, 'relative snapshot paths made absolute with the public URL');
  assert.equal((crowd.device as { name: string }).name, 'Table camera');
  assert.deepEqual(
    (crowd.availability as { topic: string }[]).map((a) => a.topic),
    ['vigil/edge1/status', 'vigil/edge1/table/status'],
  );
  const any = configs(sent).find(([t]) => t === 'homeassistant/event/vigil_edge1_rule_late_night/config')?.[1];
  assert.ok(any, 'a rule id with a slash makes a valid object id');
  assert.equal((any.device as { name: string }).name, 'Vigil edge1', 'a rule over every camera belongs to the box');
  // the old alert sensors (state: the message text) are removed from Home Assistant
  assert.equal(sent.get('homeassistant/sensor/vigil_edge1_alert_crowd/config'), '');
  assert.ok(!configs(sent).some(([t]) => t.startsWith('homeassistant/sensor/') && t.includes('_alert_')));
  rules.pop();
  d.rulesChanged();
  assert.equal(sent.get('homeassistant/event/vigil_edge1_rule_late_night/config'), '');
  assert.ok(configs(sent).some(([t]) => t === 'homeassistant/event/vigil_edge1_rule_crowd/config'));
});

test('configs are sent once, and all again when Home Assistant announces itself online', () => {
  const { d, log } = box([rule('crowd')]);
  d.connected();
  const first = log.length;
  d.connected();
  d.message('homeassistant/status', Buffer.from('online'), true);
  assert.equal(log.length, first, 'a reconnect or a retained birth message sends nothing new');
  d.message('homeassistant/status', Buffer.from('online'), false);
  assert.equal(log.length, first * 2, 'Home Assistant restarted: everything again');
  assert.deepEqual(d.filters, ['homeassistant/status']);
});

test('occupancy is ON above 0 and OFF at 0, sent when it changes; unknown counts send nothing', () => {
  const o = new OccupancyStates();
  assert.equal(o.initial('a'), 'OFF');
  assert.equal(o.initial('a'), null);
  assert.deepEqual(
    [2, 3, 0, 0, null, 1, null, 1].map((n) => o.next('a', n)),
    ['ON', null, 'OFF', null, null, 'ON', null, null],
  );
  assert.equal(o.next('b', 1), 'ON');
  assert.equal(o.initial('b'), null, 'a state already sent is kept');
});

test('zones drawn while running get entities at once, and zones removed are cleared', () => {
  const { d, sent } = box([]);
  d.connected();
  const occupancy = (zone: string): string | undefined => sent.get(`homeassistant/binary_sensor/vigil_edge1_table_${zone}_person_occupancy/config`) || undefined;
  assert.ok(occupancy('standing'), 'the config zone has an occupancy entity');
  assert.equal(occupancy('kiosk'), undefined);
  d.zonesChanged('table', [{ id: 'kiosk' }]);
  assert.ok(occupancy('kiosk'), 'the drawn zone is announced without a restart');
  const gone = [...sent].filter(([t]) => t.includes('_standing_'));
  assert.ok(gone.length >= 2 && gone.every(([, p]) => p === ''), 'the removed zone entities are cleared');
});

test('a rule written in words is named by its sentence in Home Assistant; others by their id', () => {
  assert.equal(ruleName({ id: 'person-table-stays3s', description: 'tell me when anyone is at the table for 3 seconds' }), 'Anyone is at the table for 3 seconds');
  assert.equal(ruleName({ id: 'crowd' }), 'Crowd alert');
  assert.equal(ruleName({ id: 'low', description: 'Bottles on the bench are running low, restock from the back room before the evening shift' }), 'Low alert');
});
