/**
 * Perception for one camera: motion gate -> detector -> ByteTrack -> re-ID -> zones/lines ->
 * segmenter. Turns frames into typed observations; imports nothing from memory or planner.
 */
import type { EventObservation, FrameObservation, ObjectFact, ObjectObservation, Observation, OcrText, SegmentObservation } from '../observations.js';
import { sceneSized } from './scene-box.js';
import { Segmenter } from '../segmenter.js';
import { encodeJpeg } from '../jpeg.js';
import type { Frame } from '../types.js';
import { ByteTracker, type ByteTrackerOptions, type Track, type TrackerOutput } from './bytetrack.js';
import { DEFAULT_MOTION, MotionGate, type MotionOptions } from './motion.js';
import { ObjectBook, type IdentitySeed } from './objects.js';
import { DEFAULT_REID, type ReidOptions } from './reid.js';
import { FenceScreen } from './fence.js';
import { DEFAULT_STILL, MOVING_CLASSES, StillPlaces } from './still.js';
import { turnImage, turnLines, turnZones, type OrientationSetting } from './orientation.js';
import type { ProbeSlots } from './probe-slots.js';
import { OrientationChoice, PROBED, viewScore, type OrientationChoiceOptions, type OrientationStatus, type ProbedOrientation, type ViewScore } from './orientation-choice.js';
import type { Box, DetectOptions, Detection, Detector } from './types.js';
import { ZoneTracker, type LineSpec, type ZoneSpec } from './zones.js';

/** How often the object book drops the objects re-identification retired, ms of frame time. */
const PRUNE_EVERY_MS = 60_000;

/** An image encoder for re-ID embeddings (e.g. an ONNX CLIP or DINOv2 image tower). */
export interface ImageEncoder {
  embedMany(image: Frame, boxes: Box[]): Promise<Float32Array[]>;
}

/** Reads text from a frame (OCR), on the pipeline's schedule. */
export interface TextReader {
  read(frame: Frame): Promise<OcrText[]>;
}

/** Captions a segment's keyframe (e.g. a vision model); `facts` is the fact caption. */
export interface SegmentCaptioner {
  caption(jpeg: Buffer, facts: string): Promise<string>;
}

/**
 * Detected frames in a row a person (or another mover) scored under the new-track score must stay
 * put to start a track: 4 s at 2 fps. A shopper standing half-turned at a shelf, scored 0.31 on every
 * frame, is there; a moving false positive never stays put that long.
 */
export const MOVER_PERSIST_FRAMES = 8;

/** Detected frames in a row a still thing scored under the tracker's high score must stay put to start a track: 3 s at 2 fps. */
export const STILL_LOW_PERSIST_FRAMES = 6;

/**
 * Tracker thresholds for the bundled COCO detectors, whose scores run lower than the YOLO-style
 * scores ByteTrack's defaults (0.5/0.1/0.6) assume: centernet scored the shared clips' people at
 * 0.3-0.85 and bottles at 0.36-0.5. Two matched frames still confirm a track, which keeps
 * single-frame false positives out. A still thing scored under the new-track score (a bottle at
 * 0.34 in a warm-tinted, zoomed copy of the bottle clip) starts a track once it stayed put for four
 * detected frames; a person, for `MOVER_PERSIST_FRAMES`. A still thing scored under the high
 * score on every frame (a bottle at 0.23-0.30 under heavy grain) starts one after
 * `STILL_LOW_PERSIST_FRAMES`.
 */
export const DETECTOR_TRACKING: ByteTrackerOptions = {
  highThreshold: 0.3,
  lowThreshold: 0.15,
  newTrackThreshold: 0.35,
  persistStart: (label) => (MOVING_CLASSES.has(label) ? MOVER_PERSIST_FRAMES : true),
  persistLowFrames: STILL_LOW_PERSIST_FRAMES,
};

/** Default hold: counts and occupancy keep an object this long after its last sighting. */
export const DEFAULT_HOLD_MS = 1000;
/** Frames further apart than this (a camera outage, or a step of the wall clock either way) end every track. */
export const OUTAGE_GAP_MS = 5000;

/** Settings of one camera's perception. */
export interface PerceptionOptions {
  camera: string;
  /** Null runs motion and segments only. */
  detector: Detector | null;
  detect: DetectOptions;
  /** Use the motion gate (false: detect on every frame). */
  gate: boolean;
  motion?: MotionOptions;
  tracker?: ByteTrackerOptions;
  reid?: ReidOptions;
  /**
   * The run stamp object ids carry (`runStamp` of the data directory's run counter), so ids never
   * repeat across restarts; omitted, a time-and-random stamp.
   */
  run?: string;
  /**
   * Objects of this camera known before this run (read from the memory by the caller): a returning
   * one takes back its id, a still object its place. See `IdentitySeed`.
   */
  seeds?: readonly IdentitySeed[];
  zones?: ZoneSpec[];
  lines?: LineSpec[];
  segmentMs?: number;
  /**
   * Live counts and occupancy include an object while it was seen within this many ms (default
   * {@link DEFAULT_HOLD_MS}), so they follow the detections; the tracker keeps identities for longer.
   */
  holdMs?: number;
  /** Encode a keyframe JPEG per segment. */
  keyframes?: boolean;
  ocr?: { reader: TextReader; everyMs: number } | null;
  /** Re-ID embeddings from this encoder instead of the built-in colour+shape features. */
  encoder?: ImageEncoder | null;
  /** Captions closed segments' keyframes asynchronously (at most one call in flight per camera). */
  captioner?: SegmentCaptioner | null;
  /** Receives late observations: copies of segments with their vision caption. */
  onLate?: (o: Observation) => void;
  /** Receives captioner failures (the caller logs them); they never reach `process`. */
  onLateError?: (e: unknown, segmentStart: number) => void;
  /**
   * How the picture is turned before perception (see orientation.ts); `auto` probes the first
   * detected frames (see {@link OrientationChoice}). Default `upright`: frames as they come (the
   * config's default is `auto`). Zones and lines stay drawn on the picture as it comes.
   */
  orientation?: OrientationSetting;
  /** Tuning of the `auto` orientation's probe. */
  orientationProbe?: OrientationChoiceOptions;
  /** Told once when `auto` chose (the caller logs it, and its warning if any). */
  onOrientation?: (s: OrientationStatus) => void;
  /**
   * Probe slots shared with the daemon's other cameras: the `auto` orientation probes (five views
   * per detected frame) only while it holds one; meanwhile frames are detected as they come and
   * count for nothing in the probe. Absent: it probes at once.
   */
  probeSlots?: ProbeSlots;
}

/** Milliseconds spent per stage (sums; divide by `frames` or `detections`). */
export interface StageTimes {
  motion: number;
  detect: number;
  track: number;
  reid: number;
  ocr: number;
}

/** Stateful per-camera perception. Call `process` with frames in time order. */
export class CameraPerception {
  private gate: MotionGate;
  private readonly tracker: ByteTracker;
  private readonly book: ObjectBook;
  private readonly zones: ZoneTracker;
  private readonly turn: OrientationChoice;
  /** Whether the last detected frame waited for a probe slot (see {@link probeSlot}). */
  private slotWait = false;
  /** Zones and lines as drawn on the picture as it comes. */
  private drawn: { zones: readonly ZoneSpec[]; lines: readonly LineSpec[] };
  /** The last frame perceived, as perception saw it (turned). */
  private picture: Frame | null = null;
  private readonly segmenter: Segmenter;
  private lastFrame: FrameObservation | null = null;
  /** Objects counted in the last frame (the memory's visits in progress follow it). */
  private present = new Set<string>();
  private lastTs: number | null = null;
  /** Running estimate of the time between frames, ms (0 until two frames arrived). */
  private interval = 0;
  /** Confirmed tracks after the last detection (matched or lost), and its time. */
  private held: { ts: number; tracks: Track[] } | null = null;
  private lastOcr = -Infinity;
  private confirming = false;
  private stableCounts: Record<string, number> = {};
  private pendingCounts: { counts: Record<string, number>; seen: number } | null = null;
  /** Frames processed and frames the detector ran on. */
  readonly stats = { frames: 0, detected: 0, ms: { motion: 0, detect: 0, track: 0, reid: 0, ocr: 0 }, captions: { ok: 0, failed: 0, skipped: 0 } };
  /** When the object book was last pruned (frame time). */
  private prunedAt = 0;
  private inflight: Promise<void> | null = null;
  private readonly still: StillPlaces;
  /** Whether the picture is seen through a fence (decided on the first detected frames). */
  private readonly fence = new FenceScreen();
  /** Objects whose resting place a new track of the frame at `ts` already takes back. */
  private promised = { ts: -Infinity, ids: new Set<string>() };

  constructor(private readonly o: PerceptionOptions) {
    this.gate = new MotionGate(o.motion ?? DEFAULT_MOTION);
    // a lost still object is taken over only once it no longer counts (past the hold)
    this.still = new StillPlaces({ ...DEFAULT_STILL, lostMs: Math.max(DEFAULT_STILL.lostMs, o.holdMs ?? DEFAULT_HOLD_MS) });
    // a detection on a still object's resting place counts on its first frame (a put-back bottle)
    this.tracker = new ByteTracker({ ...DETECTOR_TRACKING, ...o.tracker, confirmAtOnce: (d, ts) => this.putBack(d, ts), knownPlace: (d, ts) => this.still.restingPlace(d.label, d.box, ts) !== null });
    this.book = new ObjectBook(o.camera, o.reid, Boolean(o.encoder), this.still, o.run, o.seeds);
    this.drawn = { zones: o.zones ?? [], lines: o.lines ?? [] };
    this.turn = new OrientationChoice(o.orientation ?? 'upright', this.drawn.zones.length + this.drawn.lines.length > 0, o.orientationProbe);
    if (!o.detector) this.turn.stop('no detector: the picture is kept as it comes');
    const t = this.turn.orientation;
    this.zones = new ZoneTracker(turnZones(this.drawn.zones, t), turnLines(this.drawn.lines, t));
    this.segmenter = new Segmenter(o.camera, o.segmentMs ?? 2000);
  }

  /**
   * Processes one frame and returns what it observed (frame, objects, events, closed segment).
   * `detected` is called as soon as the detector is done with the frame (or at once when the frame
   * is not detected), before tracking, re-ID and OCR.
   */
  async process(input: Frame, detected?: () => void): Promise<Observation[]> {
    const out: Observation[] = [];
    const prevTs = this.lastTs;
    // the picture the right way up (a ceiling mount); everything below sees it turned
    let frame = turnImage(input, this.turn.orientation);
    // a camera that sent nothing for a while was down, and a wall clock that stepped back (NTP)
    // broke time: nothing it tracked spans the gap (a track never ends at a time before it began)
    if (this.lastTs !== null && Math.abs(frame.ts - this.lastTs) > OUTAGE_GAP_MS) out.push(...this.down(this.lastTs));
    else if (this.lastTs !== null && frame.ts > this.lastTs) this.interval = this.interval > 0 ? this.interval * 0.8 + (frame.ts - this.lastTs) * 0.2 : frame.ts - this.lastTs;
    this.lastTs = frame.ts;
    const ms = this.stats.ms;
    this.stats.frames++;
    let t = performance.now();
    const m = this.gate.check(frame, frame.ts);
    ms.motion += performance.now() - t;
    // a tentative track needs its confirming detection on the next frame, motion or not
    const runDetector = this.o.detector !== null && (!this.o.gate || m.detect || this.confirming);
    let obs: FrameObservation;
    if (runDetector && this.o.detector) {
      t = performance.now();
      let dets;
      try {
        const r = await this.detectTurned(frame, this.o.detector);
        dets = r.dets;
        // the probe turned the picture: what was tracked on the picture as it came ends
        if (r.frame !== frame && prevTs !== null) out.push(...this.down(prevTs));
        frame = r.frame;
      } finally {
        detected?.();
      }
      ms.detect += performance.now() - t;
      this.stats.detected++;
      t = performance.now();
      this.book.frame(frame, frame.ts);
      const carried = this.carriedTracks();
      const tr = this.tracker.update(dets, frame.ts, frame);
      // motion woke the detector and a track a still scene carried is gone: it left on this frame
      if (carried && m.reason === 'motion') this.carryLost(tr.lost, carried);
      // a detection being followed while it stays put needs the next frames detected as well
      this.confirming = this.tracker.watching || this.tracker.snapshot().some((x) => x.state === 'tentative');
      ms.track += performance.now() - t;
      t = performance.now();
      const enc = this.o.encoder;
      const startEmb = enc && tr.started.length ? await enc.embedMany(frame, tr.started.map((s) => s.box)) : [];
      const starts = this.startTracks(tr, frame, startEmb);
      // an identity that still waits needs the next frame detected, motion or not
      if (this.book.waiting) this.confirming = true;
      const started = new Set([...tr.started, ...starts.map((x) => x.s)].map((s) => s.id));
      const updates = tr.active.filter((a) => !started.has(a.id));
      const sampled = enc ? updates.filter((a) => this.book.wantsSample(a.id)) : [];
      const sampledEmb = enc && sampled.length ? await enc.embedMany(frame, sampled.map((a) => a.box)) : [];
      const byId = new Map(sampled.map((a, i) => [a.id, sampledEmb[i]]));
      const switched = updates.filter((a) => this.book.update(a, frame, byId.get(a.id)) === 'switched');
      ms.reid += performance.now() - t;
      for (const a of switched) out.push(...this.splitTrack(a, frame));
      const zoneEvs = this.zoneEvents(tr.active.filter((a) => this.book.objectOf(a.id) !== undefined), frame);
      // new and taken-back objects are reported with the zones they are in
      for (const { s, object, isNew } of starts) out.push(...this.announce(frame.ts, s, object, isNew));
      out.push(...zoneEvs);
      for (const e of tr.ended) out.push(...this.endTrack(e));
      this.held = { ts: frame.ts, tracks: [...tr.active, ...tr.lost] };
      obs = this.frameObs(frame.ts, m.level, true, this.heldAt(frame.ts));
    } else {
      detected?.();
      // still scene: what the last detection saw is carried forward, while unseen ones expire
      const prev = this.lastFrame;
      obs = prev && this.held ? this.frameObs(frame.ts, m.level, false, this.heldAt(frame.ts)) : { kind: 'frame', camera: this.o.camera, ts: frame.ts, motion: m.level, detected: false, counts: {}, objects: [], occupancy: {} };
    }
    this.lastFrame = obs;
    this.picture = frame;
    out.push(...this.presenceChanges(obs, out));
    out.push(obs);
    out.push(...this.countChanges(obs));
    let ocr: OcrText[] | undefined;
    if (this.o.ocr && frame.ts - this.lastOcr >= this.o.ocr.everyMs) {
      this.lastOcr = frame.ts;
      t = performance.now();
      ocr = await this.o.ocr.reader.read(frame);
      ms.ocr += performance.now() - t;
    }
    const seg = await this.segmenter.push({ obs, ...(ocr ? { ocr } : {}), ...(this.o.keyframes === false ? {} : { jpeg: () => encodeJpeg(frame, 70) }) });
    if (seg) {
      out.push(seg);
      this.captionLater(seg);
      out.push(...this.refreshPresent(obs.ts, out));
      this.pruneBook(obs.ts);
    }
    return out;
  }

  /**
   * A frame's detections (a box that fills the picture is the scene, not an object). While the
   * `auto` orientation probes, the frame's `rotate180` and `vflip` versions are detected too; when
   * the choice turns the picture, the turned frame and its detections are returned.
   */
  private async detectTurned(frame: Frame, detector: Detector): Promise<{ frame: Frame; dets: Detection[] }> {
    // (a fence in front of the camera: the detector sees the picture with its thin dark lines filled)
    const run = async (f: Frame, probe: boolean): Promise<Detection[]> => (await detector.detect(this.fence.screen(f), probe ? { ...this.o.detect, probe } : this.o.detect)).filter((d) => !sceneSized(d.box, f));
    if (this.turn.waiting) {
      if (!this.turnNow()) return { frame, dets: await run(frame, false) };
      const turned = turnImage(frame, this.turn.orientation);
      return { frame: turned, dets: await run(turned, false) };
    }
    if (!this.turn.probing || !this.probeSlot()) return { frame, dets: await run(frame, false) };
    const views = PROBED.map((p) => turnImage(frame, p));
    const found = await Promise.all(views.map((v, i) => run(v, i > 0)));
    const scores = Object.fromEntries(PROBED.map((p, i) => [p, viewScore(found[i] ?? [], this.o.orientationProbe?.minScore)])) as Record<ProbedOrientation, ViewScore>;
    const decided = this.turn.record(scores);
    if (!this.turn.probing) this.o.probeSlots?.release(this.turn);
    if (!decided) return { frame, dets: found[0] ?? [] };
    if (!this.turn.waiting) this.o.onOrientation?.(this.turn.status());
    const at = this.turnNow() ? PROBED.indexOf(this.turn.orientation as ProbedOrientation) : 0;
    return at > 0 ? { frame: views[at] ?? frame, dets: found[at] ?? [] } : { frame, dets: found[0] ?? [] };
  }

  /**
   * Applies a chosen turn once nothing is tracked on the picture as it comes (bounded): the motion
   * gate and a detector's own choice start again on the turned picture (auto turns no camera with
   * zones or lines). Returns true when the picture is turned from this frame on.
   */
  private turnNow(): boolean {
    // nothing counted and no track kept (a car lost for a moment is still in view)
    if (!this.turn.apply(this.present.size === 0 && this.tracker.snapshot().length === 0)) return false;
    this.gate = new MotionGate(this.o.motion ?? DEFAULT_MOTION);
    this.o.detector?.pictureChanged?.();
    this.o.onOrientation?.(this.turn.status());
    return true;
  }

  /** Whether the orientation probe may run on this frame: it holds a shared probe slot, or none are shared. */
  private probeSlot(): boolean {
    this.slotWait = this.o.probeSlots !== undefined && !this.o.probeSlots.take(this.turn);
    return !this.slotWait;
  }

  /** The camera's orientation now, for `/healthz`. */
  orientationStatus(): OrientationStatus {
    const s = this.turn.status();
    return this.slotWait && this.turn.probing ? { ...s, reason: `waiting to probe: ${this.o.probeSlots?.max ?? 0} cameras probe at once; the picture as it comes meanwhile` } : s;
  }

  /** The last frame perceived, turned as perception saw it (null before the first). */
  get lastPicture(): Frame | null {
    return this.picture;
  }

  /** Once a minute, objects re-identification retired leave the book (bounded memory over weeks). */
  private pruneBook(ts: number): void {
    if (ts - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = ts;
    this.book.prune(ts, this.o.reid?.retireAfterMs ?? DEFAULT_REID.retireAfterMs);
  }

  /**
   * Once per segment, the objects counted now are written again (their last sighting, trajectory
   * and zones), so what the memory reads from object records (the objects table, dwell, spans)
   * stays within a segment of the present, not at the arrival.
   */
  private refreshPresent(ts: number, out: Observation[]): ObjectObservation[] {
    const told = new Set(out.flatMap((o) => (o.kind === 'object' ? [o.object.objectId] : [])));
    return this.updates(this.present, told, ts);
  }

  /**
   * The camera went down (or sent no frame since `lastFrameTs`): every track ends at its last
   * sighting, later tracks open new visits, and nothing is carried forward.
   */
  down(lastFrameTs: number): Observation[] {
    const out: Observation[] = [];
    for (const t of this.tracker.flush(lastFrameTs)) if (t.state !== 'tentative') out.push(...this.endTrack(t));
    this.book.outage(lastFrameTs);
    this.present = new Set();
    this.confirming = false;
    this.lastFrame = null;
    this.held = null;
    return out;
  }

  /** The zones and lines this camera tracks now. */
  get geometry(): { zones: readonly ZoneSpec[]; lines: readonly LineSpec[] } {
    return this.drawn;
  }

  /**
   * Replaces the camera's zones and lines while it runs: the next frame is placed in the new ones.
   * Objects inside a zone that is gone leave it at the last frame's time.
   * @returns the zone exits (and the object updates) to store, like `process` output
   */
  setGeometry(zones: readonly ZoneSpec[], lines: readonly LineSpec[]): Observation[] {
    const ts = this.lastTs ?? Date.now();
    const out: Observation[] = [];
    const labels = new Map(this.tracker.snapshot().map((t) => [t.id, t.label]));
    const touched = new Set<string>();
    this.drawn = { zones, lines };
    // zones drawn on the picture as it comes keep `auto` from turning it, as at the start
    this.turn.zoned = zones.length + lines.length > 0;
    const t = this.turn.orientation;
    for (const e of this.zones.setGeometry(turnZones(zones, t), turnLines(lines, t), ts)) {
      if (e.type !== 'zone_exit') continue;
      const objectId = this.book.objectOf(e.trackId);
      const label = labels.get(e.trackId);
      this.book.zoneFacts(e.trackId, this.zones.visits.get(e.trackId) ?? []);
      if (objectId) touched.add(objectId);
      out.push({ kind: 'event', camera: this.o.camera, ts: e.ts, type: 'zone_exit', zone: e.zone, dwellSeconds: e.dwellSeconds, ...(label ? { label } : {}), ...(objectId ? { objectId } : {}) });
    }
    out.push(...this.updates(touched, new Set(), ts));
    return out;
  }

  /**
   * The tracks the last frame carried without running the detector (a still scene), with its
   * time: those the detection before it had matched. Null when the last frame was detected.
   */
  private carriedTracks(): { ts: number; ids: Set<number> } | null {
    const last = this.lastFrame;
    const h = this.held;
    if (!last || last.detected || !h || !(last.ts > h.ts)) return null;
    const matched = new Set(h.tracks.filter((t) => t.lastSeen === h.ts).map((t) => t.id));
    const ids = new Set(last.objects.map((o) => o.trackId).filter((id) => matched.has(id)));
    return ids.size > 0 ? { ts: last.ts, ids } : null;
  }

  /** Lost tracks the still frames before this one carried were there until the last of them. */
  private carryLost(lost: readonly Track[], carried: { ts: number; ids: Set<number> }): void {
    for (const t of lost) {
      if (!carried.ids.has(t.id) || !this.tracker.carry(t.id, carried.ts)) continue;
      this.book.carry(t.id, carried.ts);
    }
  }

  /** Capture time of the last frame processed, or null. */
  get lastFrameTs(): number | null {
    return this.lastTs;
  }

  /** Ends every track and closes the open segment (end of stream). */
  flush(ts: number): Observation[] {
    this.o.probeSlots?.release(this.turn);
    const out: Observation[] = [];
    // a still scene carried what the last detection saw to the last frame: those were there until then
    const carried = this.carriedTracks();
    for (const t of this.tracker.flush(ts)) {
      if (t.state === 'tentative') continue;
      const until = carried?.ids.has(t.id) && carried.ts > t.lastSeen ? carried.ts : undefined;
      if (until !== undefined) this.book.carry(t.id, until);
      out.push(...this.endTrack(until !== undefined ? { ...t, lastSeen: until } : t));
    }
    const seg = this.segmenter.flush();
    if (seg) {
      out.push(seg);
      this.captionLater(seg);
    }
    return out;
  }

  /** Resolves once no caption call is in flight (its late observation, if any, delivered). */
  async flushLate(): Promise<void> {
    while (this.inflight) await this.inflight;
  }

  /**
   * Starts a caption call for a closed segment with a keyframe, unless one is in flight for this
   * camera (then the segment keeps its fact caption and is counted as skipped).
   */
  private captionLater(seg: SegmentObservation): void {
    const cap = this.o.captioner;
    const jpeg = seg.keyframe;
    if (!cap || !jpeg) return;
    if (this.inflight) {
      this.stats.captions.skipped++;
      return;
    }
    const facts = seg.caption;
    const run = (async (): Promise<void> => {
      try {
        const vision = await cap.caption(jpeg, facts);
        this.stats.captions.ok++;
        this.o.onLate?.({ ...seg, visionCaption: vision, caption: `${facts} — ${vision}` });
      } catch (e) {
        this.stats.captions.failed++;
        try {
          this.o.onLateError?.(e, seg.start);
        } catch {
          // a failing error handler must not surface as an unhandled rejection
        }
      }
    })();
    this.inflight = run;
    void run.finally(() => {
      if (this.inflight === run) this.inflight = null;
    });
  }

  /**
   * Whether a new track's first detection lands on the resting place of a still object of its
   * class that no live track holds: that place has a strong prior (the object put back), so the
   * track is confirmed at once and takes the object back. Elsewhere the tracker's 2-hit rule
   * keeps single-frame false positives out. One place serves one detection per frame.
   */
  private putBack(d: Detection, ts: number): boolean {
    if (this.promised.ts !== ts) this.promised = { ts, ids: new Set() };
    const id = this.still.restingPlace(d.label, d.box, ts, this.promised.ids);
    if (id === null) return false;
    this.promised.ids.add(id);
    return true;
  }

  /**
   * Tracks counted at `ts`: those a confident detection matched last time (a still scene keeps
   * them), and the others while their last confident sighting is within the hold. A weak match
   * (a bottle half hidden by the hand that takes it) keeps the track's identity, not its count:
   * the count follows what the detector is sure of, within the hold.
   *
   * Frames are stamped on arrival, so their spacing jitters: the hold is shortened by half a frame
   * interval, so an object never stays a frame longer on a timestamp 20 ms early.
   */
  private heldAt(ts: number): Track[] {
    const h = this.held;
    if (!h) return [];
    const hold = this.o.holdMs ?? DEFAULT_HOLD_MS;
    const within = hold - Math.min(this.interval, hold) / 2;
    return h.tracks.filter((t) => t.lastSure === h.ts || ts - t.lastSure < within);
  }

  /** Facts of a frame from the tracks seen within the hold: counts, objects and occupancy agree. */
  private frameObs(ts: number, motion: number, detected: boolean, held: Track[]): FrameObservation {
    const counts: Record<string, number> = {};
    const seenCounts: Record<string, number> = {};
    const objects: FrameObservation['objects'] = [];
    const ids = new Set<number>();
    const seenIds = new Set<number>();
    const last = this.held?.ts;
    for (const a of held.sort((x, y) => x.id - y.id)) {
      const objectId = this.book.objectOf(a.id);
      if (!objectId) continue;
      ids.add(a.id);
      counts[a.label] = (counts[a.label] ?? 0) + 1;
      objects.push({ objectId, trackId: a.id, label: a.label, box: a.box, score: a.score, zones: this.zones.zonesOf(a.id) });
    }
    // what the last detection matched, weak matches included (the history keeps it, no hold); a
    // put-back counted live on its first hit enters the history with its second, as every track
    // does (a bottle still in the hand over its place is not yet back)
    for (const a of this.held?.tracks ?? []) {
      if (a.lastSeen !== last || a.hits < this.tracker.minHitsToConfirm || !this.book.objectOf(a.id)) continue;
      seenIds.add(a.id);
      seenCounts[a.label] = (seenCounts[a.label] ?? 0) + 1;
    }
    const occupancy = this.zones.occupancy(ids);
    const same = seenIds.size === ids.size && [...ids].every((id) => seenIds.has(id));
    const seen = same ? { counts, occupancy } : { counts: seenCounts, occupancy: this.zones.occupancy(seenIds) };
    return { kind: 'frame', camera: this.o.camera, ts, motion, detected, counts, objects, occupancy, seen };
  }

  /**
   * What the memory must hear to hold the present: an object that starts or stops counting while
   * its track lives (`present` / `away`), and one that entered or left a zone or crossed a line
   * (its zone facts). Objects already reported on this frame (new, taken back) get their presence set.
   */
  private presenceChanges(obs: FrameObservation, out: Observation[]): ObjectObservation[] {
    const now = new Set(obs.objects.map((o) => o.objectId));
    const told = new Set<string>();
    const ids = new Set<string>();
    for (const o of out) {
      if (o.kind === 'object' && o.event !== 'end') {
        o.presence = now.has(o.object.objectId) ? 'present' : 'away';
        told.add(o.object.objectId);
      } else if (o.kind === 'event' && o.objectId && (o.type === 'zone_enter' || o.type === 'zone_exit' || o.type === 'line_cross')) ids.add(o.objectId);
    }
    for (const id of now) if (!this.present.has(id)) ids.add(id);
    for (const id of this.present) if (!now.has(id)) ids.add(id);
    this.present = now;
    return this.updates(ids, told, obs.ts);
  }

  /** `update` observations of the live objects among `ids` not already reported (`told`), with their presence now. */
  private updates(ids: Iterable<string>, told: ReadonlySet<string>, ts: number): ObjectObservation[] {
    const live = this.book.liveObjects();
    const res: ObjectObservation[] = [];
    for (const id of ids) {
      const object = told.has(id) || !live.has(id) ? undefined : this.book.get(id);
      if (object) res.push({ kind: 'object', camera: this.o.camera, ts, event: 'update', object, presence: this.present.has(id) ? 'present' : 'away' });
    }
    return res;
  }

  private zoneEvents(active: Track[], frame: Frame): EventObservation[] {
    const out: EventObservation[] = [];
    const evs = this.zones.update(
      active.map((a) => ({ trackId: a.id, box: a.box })),
      frame.width,
      frame.height,
      frame.ts,
    );
    for (const e of evs) {
      const objectId = this.book.objectOf(e.trackId);
      const label = active.find((a) => a.id === e.trackId)?.label;
      const base = { kind: 'event' as const, camera: this.o.camera, ts: e.ts, ...(objectId ? { objectId } : {}), ...(label ? { label } : {}) };
      if (e.type === 'line_cross') {
        this.book.zoneFacts(e.trackId, [], { line: e.line, ts: e.ts, direction: e.direction });
        out.push({ ...base, type: 'line_cross', line: e.line, direction: e.direction });
      } else {
        out.push({ ...base, type: e.type, zone: e.zone, ...(e.type === 'zone_exit' ? { dwellSeconds: e.dwellSeconds } : {}) });
      }
    }
    for (const a of active) this.book.zoneFacts(a.id, this.zones.visits.get(a.id) ?? []);
    return out;
  }

  /**
   * Objects of the tracks confirmed on this frame, and of earlier ones whose identity waited (see
   * `ObjectBook.settle`) and is decided now; a track whose identity still waits is left out.
   */
  private startTracks(tr: TrackerOutput, frame: Frame, emb: (Float32Array | undefined)[]): { s: Track; object: ObjectFact; isNew: boolean }[] {
    const out: { s: Track; object: ObjectFact; isNew: boolean }[] = [];
    tr.started.forEach((s, i) => {
      const r = this.book.start(s, frame, emb[i]);
      if (r) out.push({ s, ...r });
    });
    const fresh = new Set(tr.started.map((s) => s.id));
    // (a waiting track decides on its own sightings: one lost since is not counted by waiting)
    for (const a of tr.active) {
      if (fresh.has(a.id) || !this.book.isPending(a.id) || a.lastSeen !== frame.ts) continue;
      const r = this.book.settle(a, frame);
      if (r) out.push({ s: a, ...r });
    }
    return out;
  }

  /**
   * A track whose views became another object's (a person left, another stepped into the place):
   * its object ends at its last sighting, with its zone exits, and the track goes on as the other
   * object, reported now (its zones are entered again on this frame).
   */
  private splitTrack(t: Track, frame: Frame): Observation[] {
    const out: Observation[] = [];
    const objectId = this.book.objectOf(t.id);
    const endAt = this.book.ownSighting(t.id) ?? t.lastSeen;
    for (const e of this.zones.end(t.id, endAt)) {
      if (e.type === 'zone_exit') out.push({ kind: 'event', camera: this.o.camera, ts: e.ts, type: 'zone_exit', zone: e.zone, dwellSeconds: e.dwellSeconds, label: t.label, ...(objectId ? { objectId } : {}) });
    }
    this.book.zoneFacts(t.id, this.zones.visits.get(t.id) ?? []);
    this.zones.forget(t.id);
    const s = this.book.split(t, frame);
    if (!s) return out;
    out.push({ kind: 'object', camera: this.o.camera, ts: endAt, event: 'end', object: s.ended, views: this.book.views(s.ended.objectId) });
    out.push(this.event(endAt, 'disappear', s.ended.objectId, t.label));
    out.push(...this.announce(frame.ts, t, s.started.object, s.started.isNew));
    return out;
  }

  /** A track's object, new or known, reported at `ts`: the object (with its zones) and its appearance. */
  private announce(ts: number, s: Track, object: ObjectFact, isNew: boolean): Observation[] {
    return [
      { kind: 'object', camera: this.o.camera, ts, event: isNew ? 'new' : 'update', object: this.book.get(object.objectId) ?? object },
      this.event(ts, 'appear', object.objectId, s.label),
    ];
  }

  private endTrack(t: Track): Observation[] {
    const out: Observation[] = [];
    // a track that ends while its identity waits was never counted in a frame: a glimpse (a
    // detection or two of something far off, a duplicate box), not a visit; it is forgotten
    if (this.book.isPending(t.id)) this.book.forget(t.id);
    const objectId = this.book.objectOf(t.id);
    for (const e of this.zones.end(t.id, t.lastSeen)) {
      if (e.type === 'zone_exit') out.push({ kind: 'event', camera: this.o.camera, ts: e.ts, type: 'zone_exit', zone: e.zone, dwellSeconds: e.dwellSeconds, label: t.label, ...(objectId ? { objectId } : {}) });
    }
    this.book.zoneFacts(t.id, this.zones.visits.get(t.id) ?? []);
    this.zones.forget(t.id);
    const ended = this.book.end(t);
    // a still object taken over by a newer track goes on: its old track's end is not its end
    if (ended && !ended.goesOn) {
      const object = ended;
      out.push({ kind: 'object', camera: this.o.camera, ts: t.lastSeen, event: 'end', object, views: this.book.views(object.objectId) });
      out.push(this.event(t.lastSeen, 'disappear', object.objectId, t.label));
    }
    return out;
  }

  private event(ts: number, type: 'appear' | 'disappear', objectId: string, label: string): EventObservation {
    return { kind: 'event', camera: this.o.camera, ts, type, objectId, label };
  }

  /** A class count change is reported once the new count held on two detections in a row. */
  private countChanges(obs: FrameObservation): EventObservation[] {
    if (!obs.detected) return [];
    const key = JSON.stringify(Object.entries(obs.counts).sort());
    if (key === JSON.stringify(Object.entries(this.stableCounts).sort())) {
      this.pendingCounts = null;
      return [];
    }
    if (!this.pendingCounts || JSON.stringify(Object.entries(this.pendingCounts.counts).sort()) !== key) {
      this.pendingCounts = { counts: obs.counts, seen: 1 };
      return [];
    }
    const before = this.stableCounts;
    this.stableCounts = obs.counts;
    this.pendingCounts = null;
    const labels = new Set([...Object.keys(before), ...Object.keys(obs.counts)]);
    return [...labels]
      .filter((l) => (before[l] ?? 0) !== (obs.counts[l] ?? 0))
      .map((l) => ({ kind: 'event', camera: this.o.camera, ts: obs.ts, type: 'count_change', label: l, before: before[l] ?? 0, after: obs.counts[l] ?? 0 }));
  }
}
