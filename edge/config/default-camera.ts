/**
 * The settings a camera gets when the config does not name it (e.g. `vigil replay --camera X`
 * with a config that has no camera X): the schema's defaults for a new camera.
 */
import { configSchema, type CameraConfig } from './schema.js';

/** A camera entry holding only defaults, with the given id and source. */
export function defaultCamera(id: string, url: string): CameraConfig {
  const cam = configSchema.parse({ cameras: [{ id, url }] }).cameras[0];
  if (!cam) throw new Error('the config schema gave no camera');
  return cam;
}
