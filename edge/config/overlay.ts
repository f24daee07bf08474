/**
 * The zones overlay (`<data>/zones.overlay.json`): zones and lines drawn in the dashboard, per
 * camera. For each camera it names, the overlay's zones and lines replace those of the config
 * file, at start and at once when saved. It is written atomically (see `atomic-file.ts`) with the
 * version it replaces kept as `zones.overlay.json.prev`.
 *
 * ```json
 * {"version": 1, "cameras": {"shelf": {"zones": [{"id": "bench", "polygon": [[0.1, 0.5], [0.6, 0.5], [0.6, 1]]}],
 *   "lines": [{"id": "door", "from": [0.5, 0], "to": [0.5, 1]}], "updatedAt": 1764190000000}}}
 * ```
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { writeFileAtomic } from '../atomic-file.js';
import { geometryProblems } from './geometry.js';
import { DEMO_URL, lineSchema, zoneSchema } from './schema.js';

/** File name of the overlay in the data directory. */
export const OVERLAY_FILE = 'zones.overlay.json';

/** Most zones (and most lines) of one camera. */
export const MAX_SHAPES = 64;

/** One camera's zones and lines as the overlay stores them. */
export const cameraGeometrySchema = z.strictObject({
  zones: z.array(zoneSchema).max(MAX_SHAPES),
  lines: z.array(lineSchema).max(MAX_SHAPES),
  /** When it was saved, epoch ms. */
  updatedAt: z.number().int().nonnegative().optional(),
});

/** The overlay file. */
export const overlaySchema = z.strictObject({ version: z.literal(1), cameras: z.record(z.string(), cameraGeometrySchema) });

/** A parsed overlay. */
export type ZoneOverlay = z.output<typeof overlaySchema>;
/** One camera's entry of the overlay. */
export type CameraGeometrySpec = z.output<typeof cameraGeometrySchema>;

/** An overlay with no camera. */
export const EMPTY_OVERLAY: ZoneOverlay = { version: 1, cameras: {} };

/** Zones or lines refused (code `ZONES_INVALID`): every problem, also in `details`. */
export class ZoneOverlayError extends VigilError<'ZONES_INVALID'> {
  constructor(readonly problems: string[]) {
    super('ZONES_INVALID', `invalid zones or lines:\n${problems.map((p) => `  - ${p}`).join('\n')}`, problems);
  }
}

/** The overlay file of a data directory. */
export function overlayPath(data: string): string {
  return join(resolve(data), OVERLAY_FILE);
}

/** Every problem of a raw overlay value (its schema, then each camera's geometry), as `path: message`. */
export function overlayProblems(v: unknown): string[] {
  const r = overlaySchema.safeParse(v);
  const problems = r.success ? [] : r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  const cams = v && typeof v === 'object' ? (v as { cameras?: unknown }).cameras : undefined;
  if (cams && typeof cams === 'object' && !Array.isArray(cams)) {
    for (const [id, g] of Object.entries(cams)) {
      const o = g && typeof g === 'object' ? (g as { zones?: unknown; lines?: unknown }) : {};
      problems.push(...geometryProblems(o.zones, o.lines, `cameras.${id}`));
    }
  }
  return problems;
}

/** What reading the overlay found. */
export type OverlayRead = { state: 'missing' } | { state: 'ok'; overlay: ZoneOverlay } | { state: 'bad'; problems: string[] };

/** Reads and checks an overlay file without changing anything. */
export function readOverlay(path: string): OverlayRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'bad', problems: [`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`] };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { state: 'bad', problems: [`not JSON: ${(e as Error).message}`] };
  }
  const problems = overlayProblems(v);
  return problems.length > 0 ? { state: 'bad', problems } : { state: 'ok', overlay: overlaySchema.parse(v) };
}

/**
 * Writes an overlay atomically, keeping the version it replaces as `<path>.prev`.
 * @throws ZoneOverlayError when it is invalid (nothing is written); a file system error on a failed write (the old file is then unchanged)
 */
export function saveOverlay(path: string, overlay: ZoneOverlay): void {
  const problems = overlayProblems(overlay);
  if (problems.length > 0) throw new ZoneOverlayError(problems);
  writeFileAtomic(path, `${JSON.stringify(overlay, null, 2)}\n`, `${path}.prev`);
}

/** A raw config with an overlay applied, and which overlay cameras took effect. */
export interface Overlaid {
  config: Record<string, unknown>;
  /** Cameras whose zones and lines come from the overlay. */
  applied: string[];
  /** Overlay cameras that the config does not have (left out). */
  ignored: string[];
}

/**
 * Replaces the zones and lines of every camera the overlay names (a config without `cameras`
 * has the demo camera). The raw config is not changed.
 */
export function applyOverlay(raw: Record<string, unknown>, overlay: ZoneOverlay): Overlaid {
  const cams: unknown[] = raw.cameras === undefined ? [{ id: 'demo', url: DEMO_URL }] : Array.isArray(raw.cameras) ? raw.cameras : [];
  const applied: string[] = [];
  const cameras = cams.map((c) => {
    const id = c && typeof c === 'object' ? (c as { id?: unknown }).id : undefined;
    const g = typeof id === 'string' && Object.hasOwn(overlay.cameras, id) ? overlay.cameras[id] : undefined;
    if (!g || typeof id !== 'string') return c;
    applied.push(id);
    return { ...(c as object), zones: g.zones, lines: g.lines };
  });
  const ignored = Object.keys(overlay.cameras).filter((id) => !applied.includes(id));
  if (!Array.isArray(raw.cameras) && raw.cameras !== undefined) return { config: raw, applied: [], ignored: Object.keys(overlay.cameras) };
  return { config: { ...raw, cameras }, applied, ignored };
}
