/**
 * A box's fleet signing key (issue 23): an Ed25519 key pair generated at first start in the data
 * directory (`fleet-key.pem`, PKCS#8, owner-only), and the text form of its public half
 * (`ed25519:<base64url of the 32 key bytes>`) that the other boxes and askers pin in
 * `fleet.peers.<node>.key`. `vigil fleet key --data DIR` prints it (creating the pair if need be).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VigilError } from '../../ingest/errors/catalogue.js';

/** File name of the private key in the data directory. */
export const FLEET_KEY_FILE = 'fleet-key.pem';

/** The text form of a public key: `ed25519:` and 43 base64url characters. */
export const PUBLIC_KEY_TEXT = /^ed25519:[A-Za-z0-9_-]{43}$/;

/** A box's key pair with the text of its public half. */
export interface FleetKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** `ed25519:<base64url>`, what peers pin. */
  publicText: string;
}

/** What loading the key did. */
export interface FleetKeyLoad {
  key: FleetKeyPair;
  path: string;
  /** The pair was generated now (first start). */
  created: boolean;
  /** The file was readable by others and was made owner-only. */
  tightened: boolean;
}

/** The pinnable text of an Ed25519 public key. */
export function publicKeyText(k: KeyObject): string {
  const jwk = k.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new VigilError('FLEET_KEY', 'not an Ed25519 key');
  return `ed25519:${jwk.x}`;
}

/**
 * The public key of a pinned text.
 * @throws VigilError FLEET_KEY when the text is not `ed25519:<43 base64url characters>`
 */
export function parsePublicKey(text: string): KeyObject {
  if (!PUBLIC_KEY_TEXT.test(text)) throw new VigilError('FLEET_KEY', 'a fleet public key is "ed25519:" and 43 base64url characters (vigil fleet key --data DIR prints it)');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: text.slice('ed25519:'.length) }, format: 'jwk' });
}

function pairOf(privateKey: KeyObject): FleetKeyPair {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new VigilError('FLEET_KEY', 'the fleet key file does not hold an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicText: publicKeyText(publicKey) };
}

/** Writes a new pair to `path` atomically (a file that exists already wins: two starts at once agree). */
function create(path: string): boolean {
  const { privateKey } = generateKeyPairSync('ed25519');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'w' });
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * Loads the box's key pair from `<dataDir>/fleet-key.pem`, generating it (mode 0600) when absent.
 * A key file readable by group or others is made owner-only.
 * @throws VigilError FLEET_KEY when the file cannot be read, written or parsed (the message names the path)
 */
export function loadOrCreateFleetKey(dataDir: string): FleetKeyLoad {
  const path = join(dataDir, FLEET_KEY_FILE);
  try {
    mkdirSync(dataDir, { recursive: true });
    let created = false;
    try {
      statSync(path);
    } catch {
      created = create(path);
    }
    let tightened = false;
    if ((statSync(path).mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
      tightened = true;
    }
    return { key: pairOf(createPrivateKey(readFileSync(path))), path, created, tightened };
  } catch (e) {
    if (e instanceof VigilError) throw new VigilError('FLEET_KEY', `${path}: ${e.message}`);
    throw new VigilError('FLEET_KEY', `the fleet key ${path} could not be read or created: ${(e as Error).message}`);
  }
}

/** The public key of the key pair in `dataDir`, or null when it has none (or it cannot be read): nothing is created. */
export function existingPublicKey(dataDir: string): KeyObject | null {
  try {
    return pairOf(createPrivateKey(readFileSync(join(dataDir, FLEET_KEY_FILE)))).publicKey;
  } catch {
    return null;
  }
}

/** The daemon's own fleet key, loaded once (at the fleet's start) from its data directory. */
export class FleetIdentity {
  private loaded: FleetKeyLoad | null = null;

  constructor(readonly dataDir: string) {}

  /** Loads (or at first start creates) the key pair; later calls return the same. */
  load(): FleetKeyLoad {
    this.loaded ??= loadOrCreateFleetKey(this.dataDir);
    return this.loaded;
  }

  /** The key pair (loaded on first use). */
  get key(): FleetKeyPair {
    return this.load().key;
  }
}
