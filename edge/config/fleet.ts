/**
 * The `fleet` section of the config: fleet questions over MQTT (enabled, prefix, deadlineMs; see
 * docs/fleet.md) and discovery and the fleet dashboard (publicUrl, peers; see
 * `fleet-peers.ts`).
 */
import { z } from 'zod';
import { fleetPeersFields } from './fleet-peers.js';

/** Default topic prefix of a fleet. */
export const DEFAULT_FLEET_PREFIX = 'vigil-fleet/default';

/** A topic prefix: levels without wildcards, no leading `$`, no empty level. */
const prefix = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => !/[+#\s]/.test(p) && !p.startsWith('$') && !p.split('/').includes(''), 'a topic prefix without wildcards, spaces, empty levels or a leading $');

/** The `fleet` section. */
export const fleetSchema = z
  .strictObject({
    enabled: z.boolean().default(false).describe('Take part in the fleet: publish the retained manifest, follow the other boxes and answer fleet questions (needs MQTT).'),
    prefix: prefix.default(DEFAULT_FLEET_PREFIX).describe('Fleet topic prefix, e.g. vigil-fleet/site1: a box listens on <prefix>/ask and replies only under <prefix>/reply/.'),
    deadlineMs: z.number().int().min(100).max(60_000).default(3000).describe("Default time an asker waits for the boxes' parts, ms."),
    ...fleetPeersFields,
  })
  .prefault({})
  .describe('Fleet of boxes over the MQTT broker (cluster): discovery, the fleet dashboard and fleet questions.');

/** The same schema under the name the fleet view uses. */
export const FleetSection = fleetSchema;

/** The validated `fleet` section. */
export type FleetConfig = z.output<typeof fleetSchema>;
