/**
 * The cameras' zones and lines as they are drawn while the daemon runs: `zones.put` checks a
 * camera's new zones and lines (the overlay's own checks, then the whole configuration with them
 * as `vigil config check` would, then the runtime rules), saves them to the overlay file
 * atomically and applies them to perception, the rules and the live counts at once. Nothing is
 * saved or applied when a check fails.
 */
import { VigilError } from '../../ingest/errors/catalogue.js';
import type { Logger } from '../../ingest/types.js';
import type { LineSpec, ZoneSpec } from '../../ingest/perception/zones.js';
import type { CameraZones } from '../api/wire.js';
import { configProblemLines, type OverlayInfo } from '../config/load.js';
import { overlayPath, overlayProblems, readOverlay, saveOverlay, ZoneOverlayError, EMPTY_OVERLAY, type CameraGeometrySpec, type ZoneOverlay } from '../config/overlay.js';
import type { Config } from '../config/schema.js';

/** A camera's zones and lines. */
export interface Geometry {
  zones: ZoneSpec[];
  lines: LineSpec[];
}

/** What the editor reaches. */
export interface ZoneEditorDeps {
  /** The configuration the daemon runs (the overlay of its start applied). */
  config: Config;
  /** The overlay it was loaded with; omitted: the data directory's file is read (and only kept, not applied). */
  overlay?: OverlayInfo;
  /** Places the camera's next frames in the new zones and lines. */
  perception: { setGeometry(camera: string, zones: readonly ZoneSpec[], lines: readonly LineSpec[]): void };
  /** The rules: their problems with new zones and lines, and the zone and line ids they judge by. */
  rules: { geometryProblems(camera: string, g: { zones: string[]; lines: string[] }): string[]; setGeometry(camera: string, g: { zones: string[]; lines: string[] }): void };
  /** Live counts: those of zones that are gone are dropped. */
  live: { forgetZones(camera: string, keep: ReadonlySet<string>): void };
  /** Tells the clients (the `zones` push). */
  emit: (z: CameraZones) => void;
  log: Logger;
  now?: () => number;
}

const copy = (g: Geometry): Geometry => ({
  zones: g.zones.map((z) => ({ id: z.id, polygon: z.polygon.map(([x, y]): [number, number] => [x, y]) })),
  lines: g.lines.map((l) => ({ id: l.id, from: [l.from[0], l.from[1]], to: [l.to[0], l.to[1]] })),
});

/** Reads and replaces the cameras' zones and lines. */
export class ZoneEditor {
  private overlay: ZoneOverlay;
  private readonly path: string;
  private readonly current = new Map<string, CameraZones>();

  constructor(private readonly d: ZoneEditorDeps) {
    this.path = d.overlay?.path ?? overlayPath(d.config.data);
    if (d.overlay) this.overlay = d.overlay.overlay;
    else {
      const read = readOverlay(this.path);
      this.overlay = read.state === 'ok' ? read.overlay : EMPTY_OVERLAY;
    }
    const applied = new Set(d.overlay?.applied ?? []);
    for (const c of d.config.cameras) {
      const from = applied.has(c.id) ? this.overlay.cameras[c.id] : undefined;
      this.current.set(c.id, { camera: c.id, ...copy({ zones: c.zones, lines: c.lines }), source: from ? 'overlay' : 'config', updatedAt: from?.updatedAt ?? null });
    }
  }

  /** The overlay file. */
  get file(): string {
    return this.path;
  }

  /**
   * The zones and lines of one camera, or of every camera in config order.
   * @throws VigilError NOT_FOUND for an unknown camera
   */
  list(camera?: string): CameraZones[] {
    if (camera === undefined) return [...this.current.values()].map((c) => ({ ...c, ...copy(c) }));
    const c = this.current.get(camera);
    if (!c) throw new VigilError('NOT_FOUND', `unknown camera "${camera}"`);
    return [{ ...c, ...copy(c) }];
  }

  /**
   * Replaces a camera's zones and lines: checked, saved to the overlay, applied at once.
   * @throws VigilError NOT_FOUND (unknown camera), ZoneOverlayError ZONES_INVALID (every problem;
   *   nothing saved), INTERNAL when the file cannot be written (nothing applied)
   */
  put(camera: string, g: Geometry): CameraZones {
    if (!this.current.has(camera)) throw new VigilError('NOT_FOUND', `unknown camera "${camera}"`);
    const entry: CameraGeometrySpec = { ...copy(g), updatedAt: (this.d.now ?? Date.now)() };
    const own = overlayProblems({ version: 1, cameras: { [camera]: entry } });
    if (own.length > 0) throw new ZoneOverlayError(own);
    const problems = [...this.configProblemsWith(camera, entry), ...this.d.rules.geometryProblems(camera, ids(entry))];
    if (problems.length > 0) throw new ZoneOverlayError(problems);
    const next: ZoneOverlay = { version: 1, cameras: { ...this.overlay.cameras, [camera]: entry } };
    try {
      saveOverlay(this.path, next);
    } catch (e) {
      if (e instanceof ZoneOverlayError) throw e;
      this.d.log.error({ file: this.path, err: (e as Error).message }, 'zones overlay not saved');
      throw new VigilError('INTERNAL', `the zones could not be saved (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing changed`);
    }
    this.overlay = next;
    return this.apply(camera, entry);
  }

  /** The configuration's problems with this camera's new zones and lines that it does not have now. */
  private configProblemsWith(camera: string, g: Geometry): string[] {
    const now = new Set(configProblemLines(this.raw(null, g)));
    return configProblemLines(this.raw(camera, g)).filter((p) => !now.has(p));
  }

  /** The running configuration as raw input, with the current zones and lines (those of `camera` replaced by `g`). */
  private raw(camera: string | null, g: Geometry): Record<string, unknown> {
    return {
      ...this.d.config,
      cameras: this.d.config.cameras.map((c) => {
        const cur = c.id === camera ? g : (this.current.get(c.id) ?? c);
        return { ...c, zones: cur.zones, lines: cur.lines };
      }),
    };
  }

  private apply(camera: string, entry: CameraGeometrySpec): CameraZones {
    const z: CameraZones = { camera, ...copy(entry), source: 'overlay', updatedAt: entry.updatedAt ?? null };
    this.current.set(camera, z);
    this.d.perception.setGeometry(camera, z.zones, z.lines);
    this.d.rules.setGeometry(camera, ids(z));
    this.d.live.forgetZones(camera, new Set(z.zones.map((x) => x.id)));
    this.d.log.info({ camera, zones: z.zones.length, lines: z.lines.length, file: this.path }, 'zones saved and applied');
    this.d.emit({ ...z, ...copy(z) });
    return z;
  }
}

/** The zone and line ids of a camera's geometry. */
function ids(g: Geometry): { zones: string[]; lines: string[] } {
  return { zones: g.zones.map((z) => z.id), lines: g.lines.map((l) => l.id) };
}
