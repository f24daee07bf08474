/**
 * The `fleet` config section: fleet questions over MQTT (enabled, prefix, deadlineMs) and
 * discovery and the fleet dashboard (publicUrl, peers; see `fleet-peers.ts`). Kept in its own
 * file so the two fleet parts merge without touching the rest of the schema.
 */
import { z } from 'zod';
import { fleetPeersFields } from './fleet-peers.js';

/** The `fleet` section. */
export const FleetSection = z
  .strictObject({
    enabled: z.boolean().default(false).describe('Take part in the fleet: publish the retained manifest, follow the other boxes and answer fleet questions (needs MQTT).'),
    prefix: z.string().min(1).max(200).default('vigil-fleet').describe('Fleet topic prefix, e.g. vigil-fleet/site1: a box listens only under it.'),
    deadlineMs: z.number().int().min(100).max(60_000).default(3000).describe("Default time an asker waits for the boxes' parts, ms."),
    ...fleetPeersFields,
  })
  .prefault({})
  .describe('Fleet of boxes over the MQTT broker (cluster): discovery, the fleet dashboard and fleet questions.');

/** The validated `fleet` section. */
export type FleetConfig = z.output<typeof FleetSection>;
