/**
 * The `fleet` section of the config: fleet questions over MQTT (see the README, "Fleet"). Kept in
 * its own file so the fleet helpers' additions merge without touching the rest of the schema.
 */
import { z } from 'zod';

/** Default topic prefix of a fleet. */
export const DEFAULT_FLEET_PREFIX = 'vigil-fleet/default';

/** A topic prefix: levels without wildcards, no leading `$`, no empty level. */
const prefix = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => !/[+#\s]/.test(p) && !p.startsWith('$') && !p.split('/').includes(''), 'a topic prefix without wildcards, spaces, empty levels or a leading $');

/** Fleet settings (the question protocol: enabled, prefix, deadlineMs). */
export const fleetSchema = z
  .strictObject({
    enabled: z.boolean().default(false).describe('Answer fleet questions under fleet.prefix (needs MQTT).'),
    prefix: prefix.default(DEFAULT_FLEET_PREFIX).describe('Fleet topic prefix, e.g. vigil-fleet/site1: a box listens on <prefix>/ask and replies only under <prefix>/reply/.'),
    deadlineMs: z.number().int().min(100).max(60_000).default(3000).describe('Default time an asker waits for the boxes\' parts, ms.'),
  })
  .prefault({})
  .describe('Fleet of boxes: one question to every box over the MQTT broker (cluster).');

/** The validated fleet section. */
export type FleetConfig = z.output<typeof fleetSchema>;
