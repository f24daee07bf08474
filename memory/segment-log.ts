/**
 * Segment records: one per camera and 2 s window (`segments`), the keyframe JPEG apart
 * (`keyframes`). Storing a segment counts it for the objects it names and extends its camera's
 * coverage; a segment written again (e.g. with a late vision caption) replaces the record only.
 */
import type { CoverageLog } from './coverage-log.js';
import type { Dbs } from './dbs.js';
import type { ObjectLog } from './object-log.js';
import type { SegmentRecord } from './types.js';
import type { WriteGate } from './write-gate.js';

/** A segment as written: the keyframe JPEG (or whether there is one) in place of the stored flag. */
export type SegmentInput = Omit<SegmentRecord, 'keyframe'> & { keyframe?: Buffer | boolean; kind?: string };

/** The segment writer of one open store. */
export class SegmentLog {
  /** Newest stored segment start per camera (see `stored`). */
  private readonly high = new Map<string, number>();

  constructor(
    private readonly d: Dbs,
    private readonly gate: WriteGate,
    private readonly objects: ObjectLog,
    private readonly coverage: CoverageLog,
  ) {}

  /**
   * Whether a camera's segment starting at `start` is stored. Segments arrive in time order, so
   * one starting after the newest known start is new without a lookup.
   */
  stored(camera: string, start: number): boolean {
    const segs = this.d.segs;
    let high = this.high.get(camera);
    if (high === undefined) {
      high = -Infinity;
      for (const k of segs.getKeys({ start: [camera, Infinity], end: [camera, -Infinity], reverse: true, limit: 1 })) high = Number(k[1]);
      this.high.set(camera, high);
    }
    return start <= high && segs.doesExist([camera, start]);
  }

  /** Stores a new segment (keyframe separately), counts it for its objects and extends the camera's coverage. */
  write(seg: SegmentInput): Promise<boolean> {
    const keyframe = seg.keyframe;
    // one copy of the segment: the keyframe flag replaces the JPEG bytes in place
    const { kind: _k, ...copy } = seg;
    const rec = copy as SegmentRecord;
    rec.keyframe = Boolean(keyframe);
    const ids = rec.objectIds;
    if (ids && ids.length > 0) this.objects.countSegment(seg.start, ids.length > 1 ? [...new Set(ids)] : ids);
    if (Buffer.isBuffer(keyframe)) this.gate.track(this.d.keyframes.put([seg.camera, seg.start], keyframe));
    // only a start known from the store can be raised (an unknown camera reads it first)
    const high = this.high.get(seg.camera);
    if (high !== undefined && seg.start > high) this.high.set(seg.camera, seg.start);
    const w = this.gate.tracked(this.d.segs.put([seg.camera, seg.start], rec));
    this.coverage.extend(seg.camera, seg.firstFrameAt, seg.lastFrameAt);
    return w;
  }

  /** Replaces a stored segment's record (caption, vision caption); roll-ups, coverage and object statistics are not counted again. */
  revise(seg: SegmentInput): Promise<boolean> {
    const { keyframe, kind: _k, ...rest } = seg;
    const prev = this.d.segs.get([seg.camera, seg.start]);
    return this.gate.tracked(this.d.segs.put([seg.camera, seg.start], { ...rest, keyframe: Boolean(keyframe) || Boolean(prev?.keyframe) }));
  }
}
