/**
 * ByteTrack multi-object tracker (Zhang et al., 2022) for low analysis rates (1-5 fps).
 *
 * Differences from the reference implementation, all for low and irregular frame rates:
 * - Time is in seconds: the Kalman filter predicts by the real gap between frames, and lost
 *   tracks expire after `lostTtlSeconds` rather than a frame count.
 * - Association uses a buffered IoU (as in C-BIoU, Yang et al., 2023): both boxes of a pair are
 *   grown by the same margin per side, `ratio * sqrt(w * h)` of the predicted track box, with
 *   `ratio` growing with the time since the track was last matched. At 2 fps a walking person
 *   moves about a box width per frame; a new track has no velocity yet and a lost one drifts, so
 *   plain IoU (0.2 for a 60x150 box shifted 40 px) splits tracks. Equal margins keep IoU 1 for
 *   aligned boxes and give IoU `(W - s) / (W + s)` for a shift `s` along an axis of buffered
 *   length `W`, so the gate scales with box size and elapsed time. The margin uses the box's
 *   geometric mean size rather than each axis: people move sideways by about their height per
 *   second, far more than their width, and this gave fewer id switches in simulation.
 * - Tentative tracks use the same gate as the first association (ByteTrack 0.7 assumes 30 fps).
 * - Tracks are confirmed after `minHitsToConfirm` matches, except where the caller knows a
 *   strong prior (`confirmAtOnce`: e.g. the resting place of a still object put back there),
 *   which confirms a new track on its first detection.
 */
import { leftView } from './view-edge.js';
import { linearAssignment } from './assignment.js';
import { KalmanBoxFilter } from './kalman.js';
import type { KalmanOptions } from './kalman.js';
import { CONFUSABLE_GROUPS, ITEM_GROUPS, itemGroup, labelGroup, votedLabel } from './label-groups.js';
import { iou } from './postprocess.js';
import type { Box, Detection } from './types.js';

/** One observed position of a track. */
export interface TrackPoint {
  /** Epoch ms. */
  ts: number;
  box: Box;
}

/** A tracked object; returned objects are copies the caller may keep. */
export interface Track {
  /** Positive, increasing per tracker instance (tentative tracks take ids too). */
  id: number;
  label: string;
  /** Score of the last matched detection. */
  score: number;
  /** Last matched detection box (not the Kalman prediction). */
  box: Box;
  /** Epoch ms of the first and last matched detections. */
  firstSeen: number;
  lastSeen: number;
  /**
   * Epoch ms of the last match by a confident detection (at or above `highThreshold`). A weak
   * match (ByteTrack's second association: an object half hidden, a bottle in the hand that grabs
   * it) keeps the identity but is not a sighting live counts hold on.
   */
  lastSure: number;
  /** Number of matched detections. */
  hits: number;
  state: 'tentative' | 'confirmed' | 'lost';
  /** Matched boxes in time order; halved (keeping first and last) when over the limit. */
  trajectory: TrackPoint[];
}

/** Result of one {@link ByteTracker.update}. All lists are sorted by id. */
export interface TrackerOutput {
  /** Confirmed tracks matched at this ts (including newly confirmed and re-found ones). */
  active: Track[];
  /** Tracks that became confirmed at this ts (also in `active`). */
  started: Track[];
  /** Confirmed tracks removed at this ts (lost for longer than `lostTtlSeconds`). */
  ended: Track[];
  /** All confirmed tracks currently unmatched but still kept for re-association. */
  lost: Track[];
}

/** Options of {@link ByteTracker}; defaults tuned for 2 fps. */
export interface ByteTrackerOptions {
  /** Detections at or above this score take part in the first association (ByteTrack 0.5). */
  highThreshold?: number;
  /** Detections in `[low, high)` only extend tracked tracks (second association). */
  lowThreshold?: number;
  /** Unmatched high detections start a track only from this score (ByteTrack: high + 0.1). */
  newTrackThreshold?: number;
  /** Max `1 - IoU` for high detections vs confirmed and lost tracks (ByteTrack 0.8). */
  matchIou?: number;
  /** Max `1 - IoU` for low detections vs tracked tracks (ByteTrack 0.5). */
  secondMatchIou?: number;
  /** Max `1 - IoU` for high detections vs tentative tracks, which have no velocity yet; 0.8
   * (ByteTrack 0.7) so a person moving ~1.5 box widths per frame at 2 fps is still confirmed. */
  unconfirmedMatchIou?: number;
  /** Seconds a confirmed track may go unmatched before it ends. 4 s (8 frames at 2 fps) rides out
   * short occlusions; ByteTrack's 30 frames at 30 fps is only 1 s. */
  lostTtlSeconds?: number;
  /** Seconds a track lost at the edge of the picture (its last box touching a side, and less than
   * half the picture across that way: leaving the view) is kept. 1.5 s: an object that left is gone,
   * and one coming in at the same side 3 s later is another visit (a person walking out as the
   * next walks in), while a missed detection at the edge rides out one or two frames. */
  exitTtlSeconds?: number;
  /** Matches needed to confirm; 2 = half a second of evidence at 2 fps, enough to drop
   * single-frame false positives without delaying real objects by more than one frame. */
  minHitsToConfirm?: number;
  /** Trajectory length limit (600 = 5 min at 2 fps before the first halving). */
  maxTrajectoryPoints?: number;
  /** Tracks only match detections of the same label (of the same group, with `labelGroups`). */
  classAware?: boolean;
  /** Labels that are one object to the tracker (see `label-groups.ts`); `[]`: every label apart. */
  labelGroups?: readonly (readonly string[])[];
  /** Association margin per side as a fraction of `sqrt(w * h)` of the track box, at zero
   * elapsed time (0.2, C-BIoU's small buffer is 0.3 of each side). */
  bufferRatio?: number;
  /** Growth of that fraction per second since the track was last matched (0.8: 0.6 at 2 fps,
   * 1.0 at 1 fps, 1.4 for a track lost for 1.5 s at 2 fps). */
  bufferGrowthPerSecond?: number;
  /** Upper bound of the buffer fraction (1.5). */
  maxBufferRatio?: number;
  /** Kalman noise settings. */
  kalman?: KalmanOptions;
  /**
   * Whether a detection that starts a new track is confirmed on this first hit, skipping
   * `minHitsToConfirm`: for places with a strong prior (a still object's resting place). Called
   * once per new track, in detection order; absent: never.
   */
  confirmAtOnce?: (d: Detection, ts: number) => boolean;
  /**
   * Labels whose detections may start a track by staying put: for them a detection under
   * `newTrackThreshold` (but at `highThreshold` or more) that is found at the same place on
   * `persistFrames` detected frames in a row starts a track (or on the number of frames returned:
   * more for things that move by themselves, a person standing at a shelf). The bar over
   * `highThreshold` keeps single-frame false positives out; a detection that stays put is none.
   * Absent, false or 0: never.
   */
  persistStart?: (label: string) => boolean | number;
  /** Detected frames in a row a persisting detection needs to start a track (4: 2 s at 2 fps). */
  persistFrames?: number;
  /**
   * Detected frames in a row a still thing's detection under `highThreshold` (but at
   * `lowThreshold` or more) must stay put to start a confirmed track; only labels `persistStart`
   * returns `true` for. A bottle under heavy grain scored 0.23-0.30 on every frame: the second
   * association only keeps a live track, so without this it was never counted. 0 (the default): never.
   */
  persistLowFrames?: number;
  /** Whether such a detection lands on a known resting place (a thing put back): it starts a track at once. */
  knownPlace?: (d: Detection, ts: number) => boolean;
}

/** A detection under the new-track score, followed while it stays put (see `persistStart`). */
interface Persisting {
  d: Detection;
  n: number;
}

/** IoU with its place on the frame before for a detection to stay put. */
const PERSIST_IOU = 0.7;

interface LiveTrack extends Track {
  /** Summed score per label while tentative: the label of the track is the highest. */
  votes: Map<string, number>;
  kf: KalmanBoxFilter;
  /** Time the Kalman state refers to, epoch ms. */
  kfTs: number;
}

type Settings = Required<Omit<ByteTrackerOptions, 'kalman' | 'confirmAtOnce' | 'persistStart' | 'knownPlace'>>;

const DEFAULTS: Settings = {
  highThreshold: 0.5,
  lowThreshold: 0.1,
  newTrackThreshold: 0.6,
  persistFrames: 4,
  persistLowFrames: 0,
  matchIou: 0.8,
  secondMatchIou: 0.5,
  unconfirmedMatchIou: 0.8,
  lostTtlSeconds: 4,
  exitTtlSeconds: 1.5,
  minHitsToConfirm: 2,
  maxTrajectoryPoints: 600,
  classAware: true,
  labelGroups: [...CONFUSABLE_GROUPS, ...ITEM_GROUPS],
  bufferRatio: 0.2,
  bufferGrowthPerSecond: 0.8,
  maxBufferRatio: 1.5,
};

/** IoU of `a` and `b` after growing both by `mx` horizontally and `my` vertically per side. */
export function bufferedIou(a: Box, b: Box, mx = 0, my = 0): number {
  const ix = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) + 2 * mx;
  const iy = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) + 2 * my;
  if (ix <= 0 || iy <= 0) return 0;
  const areaA = (a.x2 - a.x1 + 2 * mx) * (a.y2 - a.y1 + 2 * my);
  const areaB = (b.x2 - b.x1 + 2 * mx) * (b.y2 - b.y1 + 2 * my);
  const inter = ix * iy;
  const union = areaA + areaB - inter;
  return union > 0 ? inter / union : 0;
}

function validBox(b: Box): boolean {
  return [b.x1, b.y1, b.x2, b.y2].every(Number.isFinite) && b.x2 > b.x1 && b.y2 > b.y1;
}

function copyTrack(t: Track): Track {
  return {
    id: t.id,
    label: t.label,
    score: t.score,
    box: { ...t.box },
    firstSeen: t.firstSeen,
    lastSeen: t.lastSeen,
    lastSure: t.lastSure,
    hits: t.hits,
    state: t.state,
    trajectory: t.trajectory.map((p) => ({ ts: p.ts, box: { ...p.box } })),
  };
}

const byId = (a: Track, b: Track): number => a.id - b.id;

/** ByteTrack over timestamped detection frames; see the module comment. */
export class ByteTracker {
  private readonly o: Settings;
  private readonly kalman: KalmanOptions;
  private readonly confirmAtOnce: ((d: Detection, ts: number) => boolean) | null;
  private readonly persistStart: ((label: string) => boolean | number) | null;
  private readonly knownPlace: ((d: Detection, ts: number) => boolean) | null;
  /** Detections under the new-track score that stayed put so far (see `persistStart`). */
  private persisting: Persisting[] = [];
  private tracks: LiveTrack[] = [];
  private nextId = 1;
  /** Group key of a label (labels of one group match one track). */
  private readonly group: (label: string) => string;

  /** Matches a track needs to be confirmed by its hits (a track confirmed at once has fewer). */
  get minHitsToConfirm(): number {
    return this.o.minHitsToConfirm;
  }

  /** @param opts - overrides of the defaults documented on {@link ByteTrackerOptions}. */
  constructor(opts: ByteTrackerOptions = {}) {
    const { kalman, confirmAtOnce, persistStart, knownPlace, ...rest } = opts;
    this.knownPlace = knownPlace ?? null;
    this.confirmAtOnce = confirmAtOnce ?? null;
    this.persistStart = persistStart ?? null;
    const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    this.o = { ...DEFAULTS, ...(defined as Partial<Settings>) };
    this.o.minHitsToConfirm = Math.max(1, Math.floor(this.o.minHitsToConfirm));
    this.o.maxTrajectoryPoints = Math.max(2, Math.floor(this.o.maxTrajectoryPoints));
    this.kalman = kalman ?? {};
    this.group = labelGroup(this.o.labelGroups);
  }

  /**
   * Advances all tracks to `ts` (epoch ms) and associates `dets`. Timestamps should not
   * decrease; a repeated or earlier ts predicts by zero time.
   */
  update(dets: Detection[], ts: number, frame?: { width: number; height: number }): TrackerOutput {
    const o = this.o;
    for (const t of this.tracks) {
      if (t.state === 'lost') t.kf.mean[7] = 0; // as ByteTrack: no height drift while lost
      t.kf.predict((ts - t.kfTs) / 1000);
      t.kfTs = Math.max(t.kfTs, ts);
    }
    // 0. Lost tracks past their time end before association: frames the motion gate skipped never
    // ran the expiry, and a track lost 4.5 s ago must not take the next object that comes in.
    const expired = this.tracks.filter((t) => t.state === 'lost' && ts - t.lastSeen > this.ttl(t, frame) * 1000);
    if (expired.length > 0) this.tracks = this.tracks.filter((t) => !expired.includes(t));
    const valid = dets.filter((d) => validBox(d.box) && Number.isFinite(d.score));
    const high = valid.filter((d) => d.score >= o.highThreshold);
    const low = valid.filter((d) => d.score >= o.lowThreshold && d.score < o.highThreshold);
    const matched = new Set<LiveTrack>();
    const started: LiveTrack[] = [];

    // 1. High detections vs confirmed and lost tracks.
    const pool = this.tracks.filter((t) => t.state !== 'tentative');
    const first = this.associate(pool, high, o.matchIou, ts);
    for (const [t, d] of first.pairs) this.apply(t, d, ts, matched, started);
    // 2. Low detections vs tracks that were tracked (not lost) before this frame, and lost still
    // things (a bottle scored low on most frames is found again where it stands).
    const tracked = first.tracks.filter((t) => t.state === 'confirmed' || (t.state === 'lost' && this.o.persistLowFrames > 0 && this.persistStart?.(t.label) === true));
    const second = this.associate(tracked, low, o.secondMatchIou, ts);
    for (const [t, d] of second.pairs) this.apply(t, d, ts, matched, started);
    for (const t of second.tracks) t.state = 'lost';
    // 3. Remaining high detections vs tentative tracks; unmatched tentatives are dropped.
    const tentative = this.tracks.filter((t) => t.state === 'tentative');
    const third = this.associate(tentative, first.dets, o.unconfirmedMatchIou, ts);
    for (const [t, d] of third.pairs) this.apply(t, d, ts, matched, started);
    const dropped = new Set<LiveTrack>(third.tracks);
    // 4. New tracks from confident leftovers, and from still things' detections that stayed put.
    this.persisting = this.startTracks(third.dets, second.dets, ts, matched, started);
    // 5. Expire lost tracks.
    const ended: LiveTrack[] = [...expired];
    for (const t of this.tracks) if (t.state === 'lost' && ts - t.lastSeen > this.ttl(t, frame) * 1000) ended.push(t);
    const gone = new Set<LiveTrack>([...ended, ...dropped]);
    this.tracks = this.tracks.filter((t) => !gone.has(t));
    return {
      active: this.tracks.filter((t) => matched.has(t) && t.state === 'confirmed').map(copyTrack).sort(byId),
      started: started.map(copyTrack).sort(byId),
      ended: ended.map(copyTrack).sort(byId),
      lost: this.tracks.filter((t) => t.state === 'lost').map(copyTrack).sort(byId),
    };
  }

  /** Seconds a lost track is kept: shorter once its last box says it left the view. */
  private ttl(t: Track, frame: { width: number; height: number } | undefined): number {
    return frame && leftView(t.box, frame) ? Math.min(this.o.exitTtlSeconds, this.o.lostTtlSeconds) : this.o.lostTtlSeconds;
  }

  /** Ends every track (end of stream) and returns the confirmed and lost ones, sorted by id. */
  flush(_ts: number): Track[] {
    // Tracks end at their lastSeen; the ts is accepted for symmetry with update().
    const out = this.tracks.filter((t) => t.state !== 'tentative').map(copyTrack).sort(byId);
    this.tracks = [];
    return out;
  }

  /**
   * Moves the last sighting of lost track `id` forward to `ts` (not its Kalman state, nor its
   * last confident sighting): the caller knows it was still there then, on frames the detector
   * did not run on because nothing moved. Returns whether a track was moved.
   */
  carry(id: number, ts: number): boolean {
    const t = this.tracks.find((x) => x.id === id && x.state === 'lost');
    if (!t || !(ts > t.lastSeen)) return false;
    t.lastSeen = ts;
    return true;
  }

  /** Copies of all live tracks (tentative, confirmed and lost), sorted by id. */
  snapshot(): Track[] {
    return this.tracks.map(copyTrack).sort(byId);
  }

  /** Whether there are detections under the new-track score being followed (the next frame should be detected). */
  get watching(): boolean {
    return this.persisting.length > 0;
  }

  /**
   * Starts tracks from the detections no track took: a confident one at once (tentative), one
   * under the new-track score once it stayed put (`persistStart`), and a still thing's detection
   * under the high score once it stayed put for `persistLowFrames` detected frames (confirmed:
   * its sightings were the evidence). Returns the detections still being followed.
   */
  private startTracks(leftHigh: Detection[], leftLow: Detection[], ts: number, matched: Set<LiveTrack>, started: LiveTrack[]): Persisting[] {
    const o = this.o;
    const persisting: Persisting[] = [];
    for (const d of leftHigh) {
      if (d.score < o.newTrackThreshold && !this.stayedPut(d, ts, persisting, false)) continue;
      const t = this.newTrack(d, ts);
      this.apply(t, d, ts, matched, started, false);
      if (t.state === 'tentative' && this.confirmAtOnce?.(d, ts)) {
        t.state = 'confirmed';
        started.push(t);
      }
    }
    if (o.persistLowFrames <= 0) return persisting;
    for (const d of leftLow) {
      if (!this.stayedPut(d, ts, persisting, true)) continue;
      const t = this.newTrack(d, ts);
      this.apply(t, d, ts, matched, started, false);
      if (t.state === 'tentative') {
        t.state = 'confirmed';
        started.push(t);
      }
    }
    return persisting;
  }

  /** A new tentative track at `d`. */
  private newTrack(d: Detection, ts: number): LiveTrack {
    const t: LiveTrack = {
      id: this.nextId++,
      label: d.label,
      score: d.score,
      box: { ...d.box },
      firstSeen: ts,
      lastSeen: ts,
      lastSure: ts,
      hits: 0,
      state: 'tentative',
      trajectory: [],
      votes: new Map(),
      kf: new KalmanBoxFilter(d.box, this.kalman),
      kfTs: ts,
    };
    this.tracks.push(t);
    return t;
  }

  /**
   * Whether a detection under the new-track score has now stayed put for `persistFrames` detected
   * frames (`persistLowFrames` for one under the high score: `low`; then it starts a track);
   * otherwise it is followed into `next`.
   */
  private stayedPut(d: Detection, ts: number, next: Persisting[], low: boolean): boolean {
    const rule = this.persistStart?.(d.label) ?? false;
    if (rule === false || rule === 0 || (low && rule !== true)) return false;
    if (this.knownPlace?.(d, ts)) return true;
    const before = this.persisting.find((p) => p.d.label === d.label && iou(p.d.box, d.box) >= PERSIST_IOU);
    const n = (before?.n ?? 0) + 1;
    if (n >= (low ? this.o.persistLowFrames : rule === true ? this.o.persistFrames : rule)) return true;
    next.push({ d, n });
    return false;
  }

  /** Gated Hungarian matching on `1 - bufferedIou`; returns pairs and leftovers in input order. */
  private associate(
    tracks: LiveTrack[],
    dets: Detection[],
    maxCost: number,
    ts: number,
  ): { pairs: [LiveTrack, Detection][]; tracks: LiveTrack[]; dets: Detection[] } {
    const o = this.o;
    const cost = tracks.map((t) => {
      const p = t.kf.box();
      const elapsed = Math.max(0, ts - t.lastSeen) / 1000;
      const ratio = Math.min(o.maxBufferRatio, o.bufferRatio + o.bufferGrowthPerSecond * elapsed);
      const m = ratio * Math.sqrt((p.x2 - p.x1) * (p.y2 - p.y1));
      const g = this.group(t.label);
      return dets.map((d) => (o.classAware && this.group(d.label) !== g ? Infinity : 1 - bufferedIou(p, d.box, m, m)));
    });
    if (tracks.length === 0) return { pairs: [], tracks: [], dets };
    const r = linearAssignment(cost, maxCost);
    return {
      pairs: r.matches.map(([i, j]): [LiveTrack, Detection] => [tracks[i]!, dets[j]!]),
      tracks: r.unmatchedRows.map((i) => tracks[i]!),
      dets: r.unmatchedCols.map((j) => dets[j]!),
    };
  }

  /** Records a matched detection; confirms the track once it has enough hits. */
  private apply(
    t: LiveTrack,
    d: Detection,
    ts: number,
    matched: Set<LiveTrack>,
    started: LiveTrack[],
    correct = true,
  ): void {
    if (correct) t.kf.update(d.box);
    t.box = { ...d.box };
    t.score = d.score;
    // an item group's label is voted over the track's life (a bottle read as a vase for a while stays a bottle)
    if (t.state === 'tentative' || itemGroup(d.label) !== undefined) {
      t.votes.set(d.label, (t.votes.get(d.label) ?? 0) + d.score);
      t.label = votedLabel(t.votes);
    }
    t.lastSeen = ts;
    if (d.score >= this.o.highThreshold) t.lastSure = ts;
    t.hits += 1;
    t.trajectory.push({ ts, box: { ...d.box } });
    if (t.trajectory.length > this.o.maxTrajectoryPoints) t.trajectory = halve(t.trajectory);
    if (t.state === 'lost') t.state = 'confirmed';
    if (t.state === 'tentative' && t.hits >= this.o.minHitsToConfirm) {
      t.state = 'confirmed';
      started.push(t);
    }
    matched.add(t);
  }
}

/** Keeps every other point, always including the first and the last. */
function halve(points: TrackPoint[]): TrackPoint[] {
  const out: TrackPoint[] = [];
  for (let i = 0; i < points.length - 1; i += 2) out.push(points[i]!);
  const last = points[points.length - 1];
  if (last !== undefined) out.push(last);
  return out;
}
