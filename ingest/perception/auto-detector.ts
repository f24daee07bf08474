/**
 * The `auto` detector of one camera: CenterNet (the primary) on every detected frame, and the
 * Open Images SSD (the secondary) beside it while the camera probes or once it chose both (see
 * {@link AutoChoice}). The secondary contributes only vehicles (the confusable vehicle group) that
 * no primary box of that group overlaps, so what the primary sees is never changed.
 *
 * In the daemon the two detectors are shared with other cameras and owned by the caller (`load`
 * and `dispose` here do nothing); a replay passes `owns` so they load and dispose with this one.
 */
import { AutoChoice, AUTO_CHOICE_DEFAULTS, type AutoChoiceOptions, type AutoStatus } from './auto-choice.js';
import { CONFUSABLE_GROUPS, labelGroup } from './label-groups.js';
import type { ProbeSlots } from './probe-slots.js';
import { iou } from './postprocess.js';
import type { Box, Detection, DetectOptions, Detector, RgbImage } from './types.js';

/** Score from which a secondary vehicle counts as found (the tracker's new-track score). */
export const AUTO_ADD_SCORE = 0.35;
/** A secondary vehicle overlapping a primary one of its group by more than this is the same vehicle. */
export const AUTO_SAME_IOU = 0.3;

/** A secondary vehicle box lying this much inside a surer one is a part of that vehicle. */
export const AUTO_PART_OF = 0.6;

const VEHICLES = new Set(CONFUSABLE_GROUPS[0] ?? []);
const group = labelGroup();

/** Callback told of each change of a camera's mode. */
export type AutoModeListener = (status: AutoStatus) => void;

/** A camera's view of two shared detectors, chosen between as {@link AutoChoice} decides. */
export class AutoDetector implements Detector {
  readonly model = 'auto';
  readonly labels: readonly string[];
  private readonly extra = new Map<string, number>();
  private choice: AutoChoice;

  constructor(
    private readonly primary: Detector,
    private readonly secondary: Detector,
    private readonly onChange: AutoModeListener = () => {},
    private readonly options: AutoChoiceOptions = AUTO_CHOICE_DEFAULTS,
    private readonly owns = false,
    private readonly slots: ProbeSlots | null = null,
  ) {
    this.choice = new AutoChoice({ primary: primary.model, secondary: secondary.model }, options, slots);
    const labels = [...primary.labels];
    for (const l of secondary.labels) {
      if (VEHICLES.has(l) && !labels.includes(l)) {
        this.extra.set(l, labels.length);
        labels.push(l);
      }
    }
    this.labels = labels;
  }

  get backend(): string {
    return this.primary.backend;
  }

  /** The camera's choice now, for `/healthz`. */
  status(): AutoStatus {
    return this.choice.status();
  }

  /** The camera's picture was turned: what was probed on the picture as it came no longer counts, the probe starts again. */
  pictureChanged(): void {
    this.choice.close();
    this.choice = new AutoChoice({ primary: this.primary.model, secondary: this.secondary.model }, this.options, this.slots);
    this.onChange(this.choice.status());
  }

  async load(): Promise<void> {
    if (this.owns) await Promise.all([this.primary.load(), this.secondary.load()]);
  }

  async detect(image: RgbImage, opts: DetectOptions): Promise<Detection[]> {
    const wanted = this.choice.runsSecondary() ? vehicleClasses(opts.classes) : [];
    if (wanted.length === 0) {
      const dets = await this.primary.detect(image, opts);
      if (!opts.probe) this.note(null);
      return dets;
    }
    const secondaryOpts: DetectOptions = { ...opts };
    delete secondaryOpts.classes;
    const [prim, sec] = await Promise.all([this.primary.detect(image, opts), this.secondary.detect(image, secondaryOpts)]);
    const { dets, added } = this.pool(prim, sec, wanted, opts);
    if (!opts.probe) this.note(added);
    return dets;
  }

  /**
   * The primary's detections with the secondary's vehicles pooled in: a secondary vehicle no primary
   * vehicle overlaps is added, and one surer than the primary vehicle it overlaps replaces it (the
   * surer detector names it). `added` counts the vehicles the tracker would start from
   * the secondary only: found at {@link AUTO_ADD_SCORE} where the primary had none that sure.
   */
  private pool(prim: readonly Detection[], sec: readonly Detection[], wanted: readonly string[], opts: DetectOptions): { dets: Detection[]; added: number } {
    const out = [...prim];
    let added = 0;
    const pooled: Detection[] = [];
    for (const d of [...sec].sort((a, b) => b.score - a.score)) {
      if (!VEHICLES.has(d.label)) continue;
      // a second box mostly inside a surer one (a car's bonnet) is part of that vehicle
      if (pooled.some((p) => containment(p.box, d.box) > AUTO_PART_OF)) continue;
      pooled.push(d);
      const at = out.findIndex((p) => VEHICLES.has(p.label) && iou(p.box, d.box) > AUTO_SAME_IOU);
      const twin = at >= 0 ? out[at] : undefined;
      if (twin && twin.score >= d.score) continue;
      // COCO has no generic "vehicle": the SSD's generic label is read as a car
      const label = d.label !== 'vehicle' && wanted.includes(d.label) ? d.label : wanted.includes('car') ? 'car' : (wanted[0] as string);
      if (d.score < (opts.classThresholds?.[label] ?? opts.scoreThreshold)) continue;
      if (d.score >= AUTO_ADD_SCORE && (!twin || twin.score < AUTO_ADD_SCORE)) added++;
      const x = { ...d, label, classId: this.labels.indexOf(label) >= 0 ? this.labels.indexOf(label) : (this.extra.get(label) ?? d.classId) };
      if (twin) out[at] = x;
      else if (out.length < opts.maxDetections) out.push(x);
    }
    return { dets: out, added };
  }

  private note(added: number | null): void {
    if (this.choice.record(added) !== null) this.onChange(this.choice.status());
  }

  async dispose(): Promise<void> {
    this.choice.close();
    if (this.owns) await Promise.all([this.primary.dispose(), this.secondary.dispose()]);
  }
}

/** The share of the smaller box's area that lies in the other box. */
export function containment(a: Box, b: Box): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const area = (x: Box): number => Math.max(1e-9, (x.x2 - x.x1) * (x.y2 - x.y1));
  return (w * h) / Math.min(area(a), area(b));
}

/** The vehicle labels a camera's class filter allows (all of the group when it has none). */
export function vehicleClasses(classes: readonly string[] | undefined): string[] {
  if (!classes || classes.length === 0) return [...VEHICLES];
  return classes.filter((c) => group(c) === group('car'));
}
