/**
 * Checks of the payloads the fleet view reads from the broker (any client the broker's ACLs let
 * through can publish them): manifests, camera statuses and alerts. Each returns the typed value
 * or null; unknown extra fields are dropped so a newer box's manifest still reads.
 */
import { z } from 'zod';
import type { FleetManifest } from '../api/fleet-view-wire.js';
import type { Alert, CameraState } from '../api/wire.js';

const id = z.string().min(1).max(64);
const ids = z.array(z.string().max(128)).max(1000);
const iso = z.string().max(64).nullable();

const manifest = z.object({
  v: z.literal(1),
  node: id,
  version: z.string().max(64),
  publicUrl: z.string().max(2048).nullable(),
  cameras: z
    .array(
      z.object({
        id,
        name: z.string().max(200).optional(),
        enabled: z.boolean().optional(),
        zones: ids,
        lines: ids,
        classes: ids,
        model: z.string().max(64),
      }),
    )
    .max(256),
  coverage: z.object({ from: iso, to: iso }),
  rules: ids.optional(),
  fleet: z.object({ prefix: z.string().min(1).max(200) }).nullable().optional(),
  updatedAt: z.string().max(64),
});

const cameraStatus = z.object({
  camera: id,
  state: z.enum(['connecting', 'streaming', 'backoff', 'stopped', 'disabled']),
  fps: z.number().finite().min(0),
  lastFrameAt: iso,
  error: z.string().max(2000).nullable(),
});

const alert = z.object({
  id: z.string().min(1).max(128),
  rule: id,
  node: id,
  camera: id,
  class: z.string().max(64).nullable(),
  zone: z.string().max(64).nullable(),
  message: z.string().max(2000),
  frameTs: z.number().finite(),
  firedAt: z.number().finite(),
  evidence: z.object({ start: z.string().max(64), end: z.string().max(64), objectIds: z.array(z.string().max(256)).max(1000), snapshot: z.string().max(2048) }).loose(),
});

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A manifest, or null. */
export function parseManifest(text: string): FleetManifest | null {
  const r = manifest.safeParse(json(text));
  return r.success ? r.data : null;
}

/** A camera status (the fields the view keeps), or null. */
export function parseCameraStatus(text: string): Pick<CameraState, 'camera' | 'state' | 'fps' | 'lastFrameAt' | 'error'> | null {
  const r = cameraStatus.safeParse(json(text));
  return r.success ? r.data : null;
}

/** An alert, or null. */
export function parseAlert(text: string): Alert | null {
  const r = alert.safeParse(json(text));
  return r.success ? r.data : null;
}
