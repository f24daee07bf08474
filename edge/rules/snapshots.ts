/**
 * The frames that fired alerts, kept as JPEG files under `<data>/alerts/` and served at
 * `/api/alerts/<id>/snapshot.jpg`. A picture goes when the memory's retention drops its alert
 * (`remove`), and beyond the newest `keep` (default 1,000: a bound on the disk they take; an older
 * alert's picture is then the stored keyframe of its time). A failed write (disk full) loses the
 * picture, never the alert.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeJpeg } from '../../ingest/jpeg.js';
import type { Frame, Logger } from '../../ingest/types.js';

/** Alert ids as the rule engine makes them: `<rule>-<camera>-<ts>-<n>`. */
const ALERT_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** The file name of an alert's picture (ids are checked first, so no path can escape). */
const fileOf = (id: string): string => `${id.replace(/:/g, '_')}.jpg`;

/** Alert pictures on disk. */
export class AlertSnapshots {
  /** File names, oldest first. */
  private readonly order: string[] = [];

  private opened = false;

  constructor(
    readonly dir: string,
    private readonly log: Logger,
    private readonly keep = 1000,
  ) {}

  /** Reads the folder once, on first use (constructors only store their arguments). */
  private open(): void {
    if (this.opened) return;
    this.opened = true;
    const dir = this.dir;
    mkdirSync(dir, { recursive: true });
    const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
    const mtime = new Map(files.map((f) => [f, statSync(join(dir, f)).mtimeMs]));
    this.order.push(...files.sort((a, b) => (mtime.get(a) ?? 0) - (mtime.get(b) ?? 0)));
    this.prune();
  }

  /** The URL path of an alert's picture. */
  static url(id: string): string {
    return `/api/alerts/${encodeURIComponent(id)}/snapshot.jpg`;
  }

  /** Encodes and stores the frame that fired alert `id`; false when it could not be stored. */
  async save(id: string, frame: Frame): Promise<boolean> {
    if (!ALERT_ID.test(id)) return false;
    const name = fileOf(id);
    try {
      this.open();
      const jpg = await encodeJpeg(frame, 80);
      const tmp = join(this.dir, `.${name}.tmp`);
      writeFileSync(tmp, jpg);
      renameSync(tmp, join(this.dir, name));
    } catch (e) {
      this.log.warn({ alert: id, err: (e as Error).message }, 'the alert picture could not be stored; the alert names the stored keyframe of its time');
      return false;
    }
    this.order.push(name);
    this.prune();
    return true;
  }

  /** The stored picture of alert `id`, or null. */
  read(id: string): Buffer | null {
    if (!ALERT_ID.test(id)) return null;
    try {
      return readFileSync(join(this.dir, fileOf(id)));
    } catch {
      return null;
    }
  }

  /** Deletes the picture of alert `id` (its alert left the history); a missing one is no error. */
  remove(id: string): void {
    if (!ALERT_ID.test(id)) return;
    const name = fileOf(id);
    try {
      this.open();
      unlinkSync(join(this.dir, name));
    } catch {
      // never stored, or already gone
    }
    const i = this.order.indexOf(name);
    if (i >= 0) this.order.splice(i, 1);
  }

  private prune(): void {
    while (this.order.length > this.keep) {
      const old = this.order.shift();
      if (!old) break;
      try {
        unlinkSync(join(this.dir, old));
      } catch {
        // already gone
      }
    }
  }
}
