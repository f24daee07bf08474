/**
 * The templates of Vigil's Home Assistant configs, rendered by Jinja2 (Debian's python3-jinja2, the
 * template engine Home Assistant runs, in its sandboxed environment) with the variables Home
 * Assistant gives MQTT templates (`value`, `value_json`) and its `to_json` filter (Home Assistant
 * adds it to Jinja2; here it is `json.dumps`, as there). They run on real payloads of the daemon's
 * topics: counts, camera status and alerts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import type { Alert, CameraState } from '../../edge/api/wire.js';
import { alertEventTemplate, availability, cameraEntities, countEntities, type HaContext } from '../../edge/mqtt/ha-entities.js';

const RENDER = `
import json, sys
from jinja2.sandbox import ImmutableSandboxedEnvironment
env = ImmutableSandboxedEnvironment()
env.filters['to_json'] = json.dumps
out = []
for case in json.load(sys.stdin):
    value = case['value']
    try:
        value_json = json.loads(value)
    except ValueError:
        value_json = None
    out.append(env.from_string(case['template']).render(value=value, value_json=value_json))
print(json.dumps(out))
`;

/** Renders each template with its payload, as Home Assistant does. */
function render(cases: { template: string; value: string }[]): string[] {
  const r = spawnSync('/usr/bin/python3', ['-c', RENDER], { input: JSON.stringify(cases), encoding: 'utf8' });
  assert.equal(r.status, 0, `python3 with Jinja2 (Debian python3-jinja2; npm test installs it): ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

const ctx = (publicUrl: string | null): HaContext => ({ node: 'edge1', prefix: 'homeassistant', version: '1', publicUrl });

const alert = (snapshot: string, count?: number): Alert => ({
  id: 'crowd-table-1-1',
  rule: 'crowd',
  node: 'edge1',
  camera: 'table',
  class: 'person',
  zone: 'standing',
  message: '2 people in standing',
  frameTs: 1,
  firedAt: 2,
  evidence: { start: 'a', end: 'b', objectIds: [], snapshot, ...(count === undefined ? {} : { count }) },
});

const status = (state: CameraState['state']): string => JSON.stringify({ camera: 'table', state, enabled: true, fps: 2, lastFrameAt: null, reconnects: 0, error: null } satisfies CameraState);

test('count, availability and connectivity templates read the daemon payloads as Home Assistant needs', () => {
  const [count] = countEntities(ctx(null), { camera: 'table', zone: 'standing', class: 'person' });
  const countTpl = String(count?.config.value_template);
  const availTpl = (availability(ctx(null), 'table').availability as { value_template?: string }[])[1]?.value_template ?? '';
  const streamTpl = String(cameraEntities(ctx(null), 'table')[0]?.config.value_template);
  assert.deepEqual(
    render([
      { template: countTpl, value: '3' },
      { template: countTpl, value: '0' },
      { template: countTpl, value: 'unknown' },
      { template: availTpl, value: status('streaming') },
      { template: availTpl, value: status('backoff') },
      { template: streamTpl, value: status('streaming') },
      { template: streamTpl, value: status('backoff') },
    ]),
    // "None" is Home Assistant's payload for no value
    ['3', '0', 'None', 'online', 'offline', 'ON', 'OFF'],
  );
});

test('the event template turns an alert into an event of type rule with camera, count and an absolute snapshot URL', () => {
  const withBase = alertEventTemplate('https://vigil.example:8443/');
  const plain = alertEventTemplate(null);
  const out = render([
    { template: withBase, value: JSON.stringify(alert('/api/alerts/crowd-table-1-1/snapshot.jpg', 2)) },
    { template: withBase, value: JSON.stringify(alert('http://10.0.0.5:8080/api/alerts/x/snapshot.jpg')) },
    { template: plain, value: JSON.stringify(alert('/api/alerts/crowd-table-1-1/snapshot.jpg', 2)) },
  ]).map((s) => JSON.parse(s) as Record<string, unknown>);
  assert.deepEqual(out[0], {
    event_type: 'crowd',
    rule: 'crowd',
    camera: 'table',
    zone: 'standing',
    class: 'person',
    count: 2,
    message: '2 people in standing',
    alert_id: 'crowd-table-1-1',
    snapshot: 'https://vigil.example:8443/api/alerts/crowd-table-1-1/snapshot.jpg',
  });
  assert.equal(out[1]?.snapshot, 'http://10.0.0.5:8080/api/alerts/x/snapshot.jpg', 'an absolute URL is kept');
  assert.equal(out[1]?.count, null, 'a dwell alert has no count');
  assert.equal(out[2]?.snapshot, '/api/alerts/crowd-table-1-1/snapshot.jpg', 'no public URL: the path');
});
