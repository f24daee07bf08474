/**
 * The discovery and dashboard fields of the `fleet` config section: how other boxes reach this
 * box's HTTP port (`publicUrl`, announced in the retained manifest) and the tokens this box sends
 * when it fetches a peer's camera images for its fleet dashboard (`peers`). Tokens never leave the
 * box: the dashboard loads peer images through this box's proxy.
 */
import { z } from 'zod';

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
const peer = z.strictObject({
  token: z.string().min(16).describe('API token of that box (a read token is enough) sent as "Authorization: Bearer" when this box fetches its images; never logged, never sent to browsers.'),
  url: baseUrl
    .nullable()
    .default(null)
    .describe("Pins the peer's HTTP base URL; null uses the publicUrl of its retained manifest (then the broker's ACLs must keep other boxes from publishing its manifest)."),
});

/** The fields of the `fleet` section owned by discovery and the fleet dashboard. */
export const fleetPeersFields = {
  publicUrl: baseUrl
    .nullable()
    .default(null)
    .describe("How other boxes reach this box's HTTP port, e.g. http://10.0.0.5:8080; announced in the manifest (null: peers cannot show this box's images unless they pin its url)."),
  peers: z
    .record(z.string().regex(NODE_ID, 'a node id'), peer)
    .default({})
    .describe('Peer boxes by node id: the token (and optionally the URL) this box uses to fetch their camera images for the fleet dashboard.'),
};

/** One validated peer entry. */
export type FleetPeer = z.output<typeof peer>;
