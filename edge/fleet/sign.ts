/**
 * Signed fleet payloads (issue 23). A box signs each part and its manifest with its Ed25519 key
 * (`keys.ts`); the payload is the JSON the box would have sent, with `"sig":"<base64>"` appended
 * as its last member. The signature covers the exact bytes of the payload without that member,
 * after a context line:
 * - a part: `vigil-fleet-part/1`, then the SHA-256 of the ask it answers (id, asker, replyTo,
 *   question, now, time zone, deadline), so a recorded part verifies for no other question, no
 *   other asker and no altered question;
 * - a manifest: `vigil-fleet-manifest/1`, then the node id of the topic it is retained on.
 *
 * Askers and fleet views verify with the public keys pinned in `fleet.peers.<node>.key` (and
 * their own box's key): a part or manifest that is unsigned, mis-signed, or from a box whose key
 * is not pinned is dropped and named, never read.
 */
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import type { FleetManifest } from '../api/fleet-view-wire.js';
import { FleetPart, type FleetAsk } from '../../planner/fleet/protocol.js';
import { parsePublicKey } from './keys.js';
import { parseManifest } from './payloads.js';

const PART_CONTEXT = 'vigil-fleet-part/1';
const MANIFEST_CONTEXT = 'vigil-fleet-manifest/1';
/** The signature member at the end of a signed payload (64 bytes in base64). */
const SIG_TAIL = /,"sig":"([A-Za-z0-9+/]{86}==)"\}$/;

/** The hex SHA-256 of the fields of an ask a part is bound to. */
export function askDigest(ask: FleetAsk): string {
  const fields = [ask.id, ask.asker, ask.replyTo, ask.question, ask.now, ask.timeZone ?? null, ask.deadlineMs];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

function signed(context: string, bound: string, body: string): Buffer {
  return Buffer.from(`${context}\n${bound}\n${body}`, 'utf8');
}

/** `body` (a JSON object) with the signature of `message` appended as its last member. */
function withSig(body: string, message: Buffer, key: KeyObject): string {
  return `${body.slice(0, -1)},"sig":"${sign(null, message, key).toString('base64')}"}`;
}

/** A signed payload split into the signed body and its signature (null: unsigned). */
export function splitSigned(text: string): { body: string; sig: Buffer | null } {
  const m = SIG_TAIL.exec(text);
  if (!m) return { body: text, sig: null };
  return { body: `${text.slice(0, m.index)}}`, sig: Buffer.from(m[1] as string, 'base64') };
}

/** The payload of a part, signed for the ask it answers. */
export function signPart(ask: FleetAsk, part: FleetPart, key: KeyObject): string {
  const body = JSON.stringify(part);
  return withSig(body, signed(PART_CONTEXT, askDigest(ask), body), key);
}

/** The payload of a manifest, signed for its node's topic. */
export function signManifest(m: FleetManifest, key: KeyObject): string {
  const body = JSON.stringify(m);
  return withSig(body, signed(MANIFEST_CONTEXT, m.node, body), key);
}

/** The public keys an asker or fleet view trusts, by node id. */
export class FleetKeyRing {
  private readonly keys = new Map<string, KeyObject | null>();

  /** @param pins pinned key texts by node id (`fleet.peers.<node>.key`) */
  constructor(pins: Readonly<Record<string, string | undefined>>) {
    for (const [node, text] of Object.entries(pins)) {
      if (!text) continue;
      try {
        this.keys.set(node, parsePublicKey(text));
      } catch {
        this.keys.set(node, null);
      }
    }
  }

  /** The pins of a `fleet.peers` section. */
  static ofPeers(peers: Readonly<Record<string, { key?: string | null | undefined }>>): FleetKeyRing {
    return new FleetKeyRing(Object.fromEntries(Object.entries(peers).map(([n, p]) => [n, p.key ?? undefined])));
  }

  /** Trusts `key` for `node` (a box trusts its own parts and manifest). */
  trust(node: string, key: KeyObject): this {
    this.keys.set(node, key);
    return this;
  }

  /** Whether a key is pinned for `node`. */
  pinned(node: string): boolean {
    return Boolean(this.keys.get(node));
  }

  /** Null when `sig` is `node`'s signature of `message`, else why not. */
  check(node: string, message: Buffer, sig: Buffer | null): string | null {
    const key = this.keys.get(node);
    if (!key) return this.keys.has(node) ? `its pinned key (fleet.peers.${node}.key) is not a usable Ed25519 key` : `no key pinned for it (fleet.peers.${node}.key)`;
    if (!sig) return 'unsigned';
    return verify(null, message, key, sig) ? null : 'bad signature';
  }
}

/** The outcome of reading a part: the verified part, or a drop naming the box it claimed. */
export type PartCheck = { ok: true; part: FleetPart } | { ok: false; id: string | null; node: string; why: string };

/**
 * Reads and verifies a part received on the topic of box `box`.
 * @param askOf the ask of a question in flight, by id (undefined: not one of the asker's questions)
 */
export function checkPart(text: string, box: string, keys: FleetKeyRing, askOf: (id: string) => FleetAsk | undefined): PartCheck {
  const { body, sig } = splitSigned(text);
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return { ok: false, id: null, node: box, why: 'not JSON' };
  }
  const claimedId = typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;
  const r = FleetPart.safeParse(v);
  if (!r.success) return { ok: false, id: claimedId, node: box, why: `malformed (${r.error.issues[0]?.message ?? 'invalid'})` };
  const part = r.data;
  const drop = (why: string): PartCheck => ({ ok: false, id: part.id, node: part.node, why });
  if (part.node !== box) return drop(`sent on the reply topic of box "${box}"`);
  const ask = askOf(part.id);
  if (!ask) return drop('not a question in flight');
  const why = keys.check(part.node, signed(PART_CONTEXT, askDigest(ask), body), sig);
  return why ? drop(why) : { ok: true, part };
}

/** The outcome of reading a manifest: verified (`pinned`), read from a box with no pinned key, or dropped. */
export type ManifestCheck = { ok: true; manifest: FleetManifest; pinned: boolean } | { ok: false; why: string };

/**
 * Reads a manifest retained on `vigil/<node>/manifest`. A box with a pinned key must have signed
 * it; one of a box with no pinned key is read unverified (`pinned: false`: shown, never trusted).
 */
export function checkManifest(text: string, node: string, keys: FleetKeyRing): ManifestCheck {
  const { body, sig } = splitSigned(text);
  const m = parseManifest(body);
  if (!m) return { ok: false, why: 'malformed' };
  if (m.node !== node) return { ok: false, why: `names node "${m.node}"` };
  if (!keys.pinned(node)) return { ok: true, manifest: m, pinned: false };
  const why = keys.check(node, signed(MANIFEST_CONTEXT, node, body), sig);
  return why ? { ok: false, why } : { ok: true, manifest: m, pinned: true };
}
