/**
 * The box's fleet responder (edge/fleet/responder.ts) without a broker: it replies on its own topic
 * `<replyTo>/<node>` with a part signed for that very ask, malformed asks and reply topics other
 * than `<prefix>/reply/<asker>` are dropped (never answered, never fatal), and a flood of asks
 * goes through the shared admission gate: beyond its queue a box replies `refused` (busy) at once.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import { fillMemory, TEST_FLEET } from '../../bench/fleet-memory.js';
import { AdmissionGate } from '../../edge/api/admission.js';
import { publicKeyText } from '../../edge/fleet/keys.js';
import { FleetResponder } from '../../edge/fleet/responder.js';
import { checkPart, FleetKeyRing, splitSigned } from '../../edge/fleet/sign.js';
import { MemoryStore } from '../../memory/store.js';
import { FleetAsk, FleetPart } from '../../planner/fleet/protocol.js';
import { tempDir } from '../helpers/daemon.js';
import { silentLogger } from '../helpers/logger.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const END = T0 + 240_000;
let store: MemoryStore;
const KEY = generateKeyPairSync('ed25519');

before(async () => {
  store = new MemoryStore({ dir: tempDir('fleet-resp') });
  store.open();
  await fillMemory(store, T0, END, TEST_FLEET.b ?? []);
});
after(() => store.close());

function responder(gate = new AdmissionGate()): { r: FleetResponder; sent: { topic: string; part: FleetPart; payload: string }[] } {
  const sent: { topic: string; part: FleetPart; payload: string }[] = [];
  const r = new FleetResponder({
    cfg: { enabled: true, prefix: 'site/one', deadlineMs: 3000, publicUrl: null, peers: {} },
    node: 'box-b',
    key: () => KEY.privateKey,
    memory: store,
    admission: gate,
    timeZone: 'UTC',
    log: silentLogger(),
    publish: (topic, payload, _o, done) => {
      sent.push({ topic, part: FleetPart.parse(JSON.parse(splitSigned(payload).body)), payload });
      setImmediate(() => done?.());
    },
  });
  return { r, sent };
}
const ask = (over: object = {}): Buffer => Buffer.from(JSON.stringify({ v: 1, id: 'q1', question: 'how many people came?', now: END, timeZone: 'UTC', deadlineMs: 3000, replyTo: 'site/one/reply/cli', asker: 'cli', ...over }));
const settle = (ms = 300): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('answers a valid ask on its own reply topic with its typed part, signed for that ask', async () => {
  const { r, sent } = responder();
  assert.equal(r.onMessage('site/one/ask', ask()), true);
  assert.equal(r.onMessage('vigil/box-b/ask', ask()), false, 'not the fleet topic');
  await settle();
  assert.equal(sent.length, 1);
  assert.equal(sent[0]?.topic, 'site/one/reply/cli/box-b');
  assert.deepEqual(sent[0]?.part.part, { kind: 'count', n: 3 });
  assert.equal(sent[0]?.part.node, 'box-b');
  const keys = new FleetKeyRing({ 'box-b': publicKeyText(KEY.publicKey) });
  const theAsk = FleetAsk.parse(JSON.parse(ask().toString()));
  const payload = sent[0]?.payload ?? '';
  assert.equal(checkPart(payload, 'box-b', keys, () => theAsk).ok, true, 'verifies for its ask');
  assert.deepEqual(checkPart(payload, 'box-b', keys, () => ({ ...theAsk, id: 'q2' })), { ok: false, id: 'q1', node: 'box-b', why: 'bad signature' }, 'not for another');
  assert.equal(checkPart(payload, 'box-b', new FleetKeyRing({ 'box-b': publicKeyText(generateKeyPairSync('ed25519').publicKey) }), () => theAsk).ok, false, 'not under another key');
});

test('malformed asks and reply topics other than <prefix>/reply/<asker> are dropped, not answered', async () => {
  const { r, sent } = responder();
  for (const bad of [Buffer.from('{nope'), Buffer.from('[]'), ask({ v: 2 }), ask({ question: '' }), ask({ replyTo: 'vigil/box-b/request' }), ask({ replyTo: 'site/one/reply/' }), ask({ replyTo: 'site/one/reply/#' }), ask({ replyTo: 'site/one-other/reply/x' }), ask({ replyTo: 'site/one/reply/cli/box-a' }), ask({ replyTo: 'site/one/reply/other' }), ask({ extra: 1 }), Buffer.alloc(20_000, 0x20)]) r.onMessage('site/one/ask', bad);
  await settle();
  assert.equal(sent.length, 0);
  assert.equal(r.stats.dropped, 12);
});

test('a flood goes through the admission gate: beyond its queue the box replies refused (busy) at once', async () => {
  const { r, sent } = responder(new AdmissionGate({ maxInFlight: 1, maxQueued: 2 }));
  for (let i = 0; i < 20; i++) r.onMessage('site/one/ask', ask({ id: `f${i}` }));
  await settle(1500);
  const ok = sent.filter((s) => s.part.status === 'ok');
  const busy = sent.filter((s) => s.part.status === 'refused');
  assert.equal(sent.length, 20, 'every ask gets a reply');
  assert.equal(ok.length, 3, 'one runs, two wait');
  assert.equal(busy.length, 17);
  assert.match(busy[0]?.part.why ?? '', /busy/);
  assert.equal(r.stats.busy, 17);
});
