/**
 * The box's fleet key (edge/fleet/keys.ts) and signed payloads (edge/fleet/sign.ts): the key pair
 * is created once, owner-only, and read back the same; `vigil fleet key` prints its public half;
 * a signed part or manifest verifies only byte for byte, under the pinned key, for its own ask.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { existingPublicKey, FLEET_KEY_FILE, loadOrCreateFleetKey, parsePublicKey, publicKeyText } from '../../edge/fleet/keys.js';
import { askDigest, checkManifest, checkPart, FleetKeyRing, signManifest, signPart, splitSigned } from '../../edge/fleet/sign.js';
import type { FleetAsk, FleetPart } from '../../planner/fleet/protocol.js';
import type { FleetManifest } from '../../edge/api/fleet-view-wire.js';
import { runCli, tempDir } from '../helpers/daemon.js';

const ASK: FleetAsk = { v: 1, id: 'q1', question: 'how many people came?', now: 1, timeZone: 'UTC', deadlineMs: 3000, replyTo: 'p/reply/cli', asker: 'cli' };
const PART: FleetPart = { v: 1, id: 'q1', node: 'b', status: 'ok', ms: 1, coverage: null, cameras: ['dock'], part: { kind: 'count', n: 3 }, answer: 'ünïcode "3"\n' };

test('the key pair is created once in the data directory, owner-only, and read back the same', () => {
  const dir = join(tempDir('fleet-key'), 'data');
  const first = loadOrCreateFleetKey(dir);
  assert.equal(first.created, true);
  assert.equal(statSync(join(dir, FLEET_KEY_FILE)).mode & 0o777, 0o600);
  const again = loadOrCreateFleetKey(dir);
  assert.equal(again.created, false);
  assert.equal(again.key.publicText, first.key.publicText);
  assert.match(first.key.publicText, /^ed25519:[A-Za-z0-9_-]{43}$/);
  assert.equal(publicKeyText(parsePublicKey(first.key.publicText)), first.key.publicText);
  assert.equal(existingPublicKey(dir)?.equals(first.key.publicKey), true);
  assert.equal(existingPublicKey(tempDir('fleet-none')), null, 'nothing is created');
  chmodSync(join(dir, FLEET_KEY_FILE), 0o644);
  assert.equal(loadOrCreateFleetKey(dir).tightened, true);
  assert.equal(statSync(join(dir, FLEET_KEY_FILE)).mode & 0o777, 0o600);
  const bad = tempDir('fleet-bad');
  writeFileSync(join(bad, FLEET_KEY_FILE), 'not a key', { mode: 0o600 });
  assert.throws(() => loadOrCreateFleetKey(bad), (e: Error & { code?: string }) => e.code === 'FLEET_KEY' && e.message.includes(join(bad, FLEET_KEY_FILE)));
});

test('vigil fleet key --data DIR prints the public key, the same each time', async () => {
  const dir = tempDir('fleet-key-cli');
  const a = await runCli(['fleet', 'key', '--data', dir]);
  assert.equal(a.code, 0, a.stderr);
  assert.match(a.stdout, /^ed25519:[A-Za-z0-9_-]{43}\n$/);
  assert.match(a.stderr, /created the fleet key/);
  const b = await runCli(['fleet', 'key', '--data', dir]);
  assert.equal(b.stdout, a.stdout);
  assert.equal(b.stdout.trim(), loadOrCreateFleetKey(dir).key.publicText);
  assert.equal((await runCli(['fleet', 'nope'])).code, 2);
});

test('a signed part verifies byte for byte, for its own ask only, under the pinned key only', () => {
  const kb = generateKeyPairSync('ed25519');
  const keys = new FleetKeyRing({ b: publicKeyText(kb.publicKey) });
  const payload = signPart(ASK, PART, kb.privateKey);
  assert.equal(splitSigned(payload).body, JSON.stringify(PART));
  assert.deepEqual(checkPart(payload, 'b', keys, () => ASK), { ok: true, part: PART });
  const why = (text: string, ask: FleetAsk = ASK, box = 'b', ring = keys): string => {
    const c = checkPart(text, box, ring, () => ask);
    return c.ok ? 'ok' : c.why;
  };
  assert.equal(why(payload.replace('"n":3', '"n":1000')), 'bad signature', 'a value changed');
  assert.equal(why(JSON.stringify(PART)), 'unsigned');
  for (const other of [{ ...ASK, question: 'how many cars came?' }, { ...ASK, asker: 'rogue' }, { ...ASK, now: 2 }, { ...ASK, replyTo: 'p/reply/rogue' }]) assert.equal(why(payload, other), 'bad signature', JSON.stringify(other));
  assert.notEqual(askDigest(ASK), askDigest({ ...ASK, timeZone: 'Europe/Paris' }));
  assert.equal(why(payload, ASK, 'c'), 'sent on the reply topic of box "c"');
  assert.equal(why(payload, ASK, 'b', new FleetKeyRing({})), 'no key pinned for it (fleet.peers.b.key)');
  assert.equal(why(payload, ASK, 'b', new FleetKeyRing({ b: 'ed25519:not-a-key' })), 'its pinned key (fleet.peers.b.key) is not a usable Ed25519 key');
  assert.equal(why('{nope'), 'not JSON');
  const none = checkPart(payload, 'b', keys, () => undefined);
  assert.equal(!none.ok && none.why, 'not a question in flight');
});

test('a signed manifest verifies for its own node under its pinned key; an unpinned box is read unverified', () => {
  const kb = generateKeyPairSync('ed25519');
  const keys = new FleetKeyRing({ b: publicKeyText(kb.publicKey) });
  const m: FleetManifest = { v: 1, node: 'b', version: '1', publicUrl: 'http://10.0.0.7:8080', cameras: [], coverage: { from: null, to: null }, fleet: { prefix: 'p' }, updatedAt: '2026-01-01T00:00:00.000Z' };
  const text = signManifest(m, kb.privateKey);
  assert.deepEqual(checkManifest(text, 'b', keys), { ok: true, manifest: m, pinned: true });
  assert.deepEqual(checkManifest(text.replace('10.0.0.7', '10.6.6.6'), 'b', keys), { ok: false, why: 'bad signature' });
  assert.deepEqual(checkManifest(JSON.stringify(m), 'b', keys), { ok: false, why: 'unsigned' });
  assert.deepEqual(checkManifest(text, 'c', keys), { ok: false, why: 'names node "b"' });
  const other = signManifest({ ...m, node: 'c' }, kb.privateKey);
  assert.deepEqual(checkManifest(other, 'c', keys), { ok: true, manifest: { ...m, node: 'c' }, pinned: false });
});
