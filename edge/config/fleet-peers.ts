/**
 * The discovery and dashboard fields of the `fleet` config section: how other boxes reach this
 * box's HTTP port (`publicUrl`, announced in the retained manifest) and, for each peer box
 * (`peers`), the public key this box pins to verify its fleet parts and manifest, and the URL and
 * token this box uses to fetch its camera images for the fleet dashboard. Tokens never leave the
 * box: the dashboard loads peer images through this box's proxy, and only at the pinned URL.
 */
import { z } from 'zod';
import { PUBLIC_KEY_TEXT } from '../fleet/keys.js';

/** Node id rule (the same as the config's `node`). */
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An http(s) base URL without credentials, query or fragment. */
const baseUrl = z
  .string()
  .url()
  .refine((s) => {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !u.search && !u.hash;
  }, 'an http:// or https:// base URL without credentials, query or fragment');

/** One peer box. */
const peer = z
  .strictObject({
    key: z
      .string()
      .regex(PUBLIC_KEY_TEXT, 'ed25519: and 43 base64url characters, as `vigil fleet key --data DIR` prints it on that box')
      .optional()
      .describe("Pins that box's fleet public key (`vigil fleet key` on it prints it): its fleet parts and manifest are trusted only when signed by it; without it they are dropped."),
    token: z.string().min(16).optional().describe('API token of that box (a read token is enough) sent as "Authorization: Bearer" when this box fetches its images, and only to url; never logged, never sent to browsers.'),
    url: baseUrl
      .nullable()
      .default(null)
      .describe("That box's HTTP base URL, e.g. http://10.0.0.7:8080: the only address its images are fetched from (a URL named in a manifest is never used)."),
  })
  .refine((p) => p.key !== undefined || p.token !== undefined, 'a peer needs its key, its token, or both');

/** The fields of the `fleet` section owned by discovery and the fleet dashboard. */
export const fleetPeersFields = {
  publicUrl: baseUrl
    .nullable()
    .default(null)
    .describe("How this box's HTTP port is reached, e.g. http://10.0.0.5:8080; shown in its manifest (peers fetch images only from the url they pin for it in fleet.peers)."),
  peers: z
    .record(z.string().regex(NODE_ID, 'a node id'), peer)
    .default({})
    .describe('Peer boxes by node id: the public key pinned for each (vigil fleet key on that box prints it; parts and manifests it did not sign are dropped), and the URL and token this box uses to fetch its camera images for the fleet dashboard.'),
};

/** One validated peer entry. */
export type FleetPeer = z.output<typeof peer>;
