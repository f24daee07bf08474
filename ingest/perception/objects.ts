/**
 * Object book-keeping for one camera: maps tracker tracks to re-identified objects and keeps
 * each object's facts (time span, trajectory, zone visits, crossings, appearance). Objects known
 * before this run (a restart) can be given as seeds: a returning object takes back its id and
 * its facts go on, with a new visit.
 */
import type { CrossingFact, ObjectFact, ZoneVisitFact } from '../observations.js';
import { APPEARANCE_DIM, appearanceEmbedding, appearanceSimilarity, cosine, EmbeddingMean } from './appearance.js';
import type { Track } from './bytetrack.js';
import { TrackColours } from './colours.js';
import { LightReference } from './light.js';
import { Gallery } from './gallery.js';
import { DEFAULT_REID, ReidGrouper, type ReidOptions, type ReidTrack } from './reid.js';
import { iou, overlapOfSmaller } from './postprocess.js';
import { MOVING_CLASSES, StillPlaces } from './still.js';
import { SwitchWatch } from './track-switch.js';
import { cutByEdge, leftView } from './view-edge.js';
import type { Box, RgbImage } from './types.js';

/** Most trajectory points kept per object (older halves are thinned). */
const MAX_TRAJECTORY = 300;
/** A track that starts within this long after its object's last sighting continues the visit (a brief occlusion); later, it is a new visit. */
export const VISIT_GAP_MS = 5_000;
/**
 * The same for a still thing (a bottle, a cup): its track ends only after detection looked at its
 * place and found it gone for the tracker's lost time, so a shorter absence is a new visit (a
 * bottle taken away for 4 s and set back: two visits; a hand passing in front ends no track).
 */
export const STILL_VISIT_GAP_MS = 2_500;
/** Embedding samples per track: every frame up to this many, then every 4th (and built-in ones whenever the box moved). */
const DENSE_SAMPLES = 8;
/** A box that overlaps the last sampled one less than this is a new view (built-in embedding). */
const NEW_VIEW_IOU = 0.7;

/**
 * An object known before this run, as last stored (its facts, with the appearance embedding), to
 * seed the book at start: the daemon reads them from the memory and passes plain data.
 */
export interface IdentitySeed {
  object: ObjectFact;
  /**
   * Its appearance views as the last run's re-ID kept them (see `ReidGrouper.views`); absent
   * (older memories): the stored mean embedding is its one view.
   */
  views?: readonly Float32Array[];
}

/** Width and height of a camera's frames. */
type FrameSize = Pick<RgbImage, 'width' | 'height'>;

/** A track's object once decided: its facts, and whether it is new. */
export interface Started {
  object: ObjectFact;
  isNew: boolean;
}

interface TrackState {
  objectId: string;
  emb: EmbeddingMean;
  views: Gallery;
  /** Box of the last built-in sample. */
  sampled: Box;
  frames: number;
  /** The track's last sighting that belongs to its object. */
  seen: number;
  /** Watches for a switch to another object (moving classes, built-in embedding). */
  watch: SwitchWatch | null;
  /** Colour samples of the track (people and vehicles). */
  colours: TrackColours;
}

/**
 * Least share of the smaller of a new track's box and a lost object's last box inside the other
 * for the object to have been lost there (a person half hidden is a smaller box inside her own).
 */
const LOST_HERE_OVERLAP = 0.6;

/** Keeps the objects of one camera. */
/** How recently a track must have been seen for its object to count as in view elsewhere, ms. */
const IN_VIEW_MS = 1000;

export class ObjectBook {
  private readonly tracks = new Map<number, TrackState>();
  private readonly objects = new Map<string, ObjectFact>();
  private readonly reid: ReidGrouper;
  /** Tracks that start after this time (a camera outage) open a new visit, whatever the gap. */
  private brokenAt = -Infinity;
  /** When each object's last track ended by leaving the view (walked out at a side): its visit is over, whatever the gap. */
  private readonly exited = new Map<string, number>();
  /** Facts of seeded objects not seen again yet, by id. */
  private readonly seeded = new Map<string, ObjectFact>();
  /** Seeded still objects whose resting place waits for the first frame's size. */
  private pendingPlaces: ObjectFact[] = [];
  /** Confirmed tracks whose identity waits for more views, by track id. */
  private readonly pending = new Map<number, { st: TrackState; waited: number; size: FrameSize }>();
  /** Detections a new track of a moving class may wait for its identity. */
  private readonly waitDetections: number;
  /** The last two detected frames (see {@link frame}): a new track's first boxes are embedded on their own frames. */
  private frames: { ts: number; img: RgbImage }[] = [];
  /** The camera's reference light: views are embedded with the change of light taken out. */
  private readonly light = new LightReference();

  /**
   * @param camera camera id
   * @param reid grouping thresholds
   * @param external embeddings come from an image encoder (passed to start/update), never from
   *   the built-in colour+shape features: the two spaces must not mix
   * @param still resting places of still objects (a put-back bottle takes back its id); null: off
   * @param run the run stamp object ids carry (see `ReidGrouper`)
   * @param seeds objects of this camera known before this run (see {@link IdentitySeed})
   */
  constructor(
    private readonly camera: string,
    reid?: ReidOptions,
    private readonly external = false,
    private readonly still: StillPlaces | null = new StillPlaces(),
    run?: string,
    seeds: readonly IdentitySeed[] = [],
  ) {
    this.reid = new ReidGrouper(camera, reid, run, external ? cosine : appearanceSimilarity);
    this.waitDetections = (reid ?? DEFAULT_REID).waitDetections ?? 0;
    this.seed(seeds);
  }

  /**
   * Seeds re-ID with the objects known before this run: each one whose stored embedding is of
   * this book's kind joins the grouper, still objects leave their last place (once the frame size
   * is known, see {@link frame}), and a track that takes one back continues its facts. The restart
   * is an outage up to the latest seed's last sighting: no visit spans it.
   */
  private seed(seeds: readonly IdentitySeed[]): void {
    for (const { object: o, views } of seeds) {
      if (o.camera !== this.camera || this.seeded.has(o.objectId)) continue;
      this.seeded.set(o.objectId, structuredClone(o));
      this.outage(o.lastSeen);
      if (this.still?.isStill(o.label)) this.pendingPlaces.push(o);
      const samples = this.ownKind(views ?? []);
      const e = o.embedding;
      if (samples.length === 0 && e) samples.push(...this.ownKind([Float32Array.from(e)]));
      if (samples.length === 0) continue;
      this.reid.seed([{ objectId: o.objectId, label: o.label, firstSeen: o.firstSeen, lastSeen: o.lastSeen, samples, ...(o.colours ? { colours: o.colours } : {}) }]);
    }
  }

  /** The views of this book's kind (the built-in embedding, or an encoder's): the two spaces never mix. */
  private ownKind(views: readonly Float32Array[]): Float32Array[] {
    return views.filter((v) => v.length > 0 && (v.length === APPEARANCE_DIM) !== this.external);
  }

  /** An object's appearance views for a later run (re-ID's kept views; see `ReidGrouper.views`). */
  views(objectId: string): Float32Array[] {
    return this.reid.views(objectId);
  }

  /**
   * A detected frame, before its tracking. The book keeps it and the one before: a track is
   * confirmed on its second detection, and its first box must be embedded on its own frame (on
   * the newer one it cuts a person walking in at the wrong place). Seeded still objects' places
   * are scaled to the frame's size (they were stored with the size of their own frames).
   */
  frame(img: RgbImage, ts: number): void {
    this.frames = [...this.frames.slice(-1), { ts, img }];
    if (this.pendingPlaces.length === 0 || !this.still) return;
    const { width, height } = img;
    this.still.seed(
      this.pendingPlaces.map((o) => {
        const sx = o.frameSize ? width / o.frameSize.width : 1;
        const sy = o.frameSize ? height / o.frameSize.height : 1;
        return { objectId: o.objectId, label: o.label, box: { x1: o.box.x1 * sx, y1: o.box.y1 * sy, x2: o.box.x2 * sx, y2: o.box.y2 * sy }, endedAt: o.lastSeen };
      }),
    );
    this.pendingPlaces = [];
  }

  /** Whether the next update of a track should carry a new embedding sample. */
  wantsSample(trackId: number): boolean {
    const st = this.tracks.get(trackId);
    if (!st) return false;
    const n = st.frames + 1;
    return n <= DENSE_SAMPLES || n % 4 === 0;
  }

  /** Object id of a live track, if assigned. */
  objectOf(trackId: number): string | undefined {
    return this.tracks.get(trackId)?.objectId;
  }

  /** The last sighting of a live track that belongs to its object (a doubted one does not, see {@link update}). */
  ownSighting(trackId: number): number | undefined {
    return this.tracks.get(trackId)?.seen;
  }

  /** A copy of an object's facts. */
  get(objectId: string): ObjectFact | undefined {
    const o = this.objects.get(objectId);
    return o ? structuredClone(o) : undefined;
  }

  /**
   * A track was confirmed: embed it and assign it to an object (existing after re-ID, or new).
   * Returns the object and whether it is new; or null while its identity waits (a track of a
   * moving class that matches no known object at once: see {@link settle}).
   */
  start(t: Track, img: RgbImage, encoded?: Float32Array): Started | null {
    const st = this.state(t);
    st.colours.add(img, t.box, t.lastSeen);
    if (encoded) this.sample(st, encoded);
    else if (!this.external) this.firstViews(st, t, img);
    const claimed = this.still?.claim(t.label, t.box, t.lastSeen) ?? null;
    if (claimed) return this.open(t, img, st, this.reid.join(claimed, this.member(t, st)));
    const id = this.reid.assign(this.member(t, st), this.waits(t.label, 0), this.inView(t.firstSeen), this.lostHere(t));
    if (id !== null) return this.open(t, img, st, id);
    this.pending.set(t.id, { st, waited: 0, size: { width: img.width, height: img.height } });
    return null;
  }

  /**
   * A track whose identity waits, at a later detection: a view of this frame is added when the
   * track was matched on it, and re-ID decides once the track matches a known object, has waited
   * its detections, or `final` (the track ends). Returns the object as {@link start} does, or null
   * while it still waits (and for a track that does not wait).
   */
  settle(t: Track, img: RgbImage | null, final = false): Started | null {
    const p = this.pending.get(t.id);
    if (!p) return null;
    if (img && this.frames[this.frames.length - 1]?.ts === t.lastSeen) {
      p.st.colours.add(img, t.box, t.lastSeen);
      p.st.sampled = t.box;
      this.sample(p.st, this.embed(img, t.box));
    }
    p.waited++;
    const id = this.reid.assign(this.member(t, p.st), !final && this.waits(t.label, p.waited), this.inView(t.firstSeen), this.lostHere(t));
    if (id === null) return null;
    this.pending.delete(t.id);
    return this.open(t, p.size, p.st, id);
  }

  /** Forgets a track whose identity still waits (it ended before it was counted). */
  forget(trackId: number): void {
    this.pending.delete(trackId);
  }

  /** Whether a track's identity waits for more views (see {@link start}). */
  isPending(trackId: number): boolean {
    return this.pending.has(trackId);
  }

  /** Whether any track's identity waits: the next frame should be detected. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  /** Whether a new track of `label` that has waited `waited` detections may wait once more. */
  private waits(label: string, waited: number): boolean {
    return !this.external && MOVING_CLASSES.has(label) && waited < this.waitDetections;
  }

  /** A new track's first views: each box of its last three detections embedded on its own frame. */
  private firstViews(st: TrackState, t: Track, img: RgbImage): void {
    for (const p of t.trajectory.slice(-3)) {
      const own = p.ts === t.lastSeen ? img : this.frames.find((f) => f.ts === p.ts)?.img;
      if (own && own.width === img.width && own.height === img.height) this.sample(st, this.embed(own, p.box));
    }
    // the book was not told of the frames: the current box alone
    if (st.emb.count === 0) this.sample(st, this.embed(img, t.box));
  }

  /** The track now belongs to `objectId`: a known object goes on (a new visit after a gap), else it is new. */
  private open(t: Track, img: FrameSize, st: TrackState, objectId: string): Started {
    st.objectId = objectId;
    this.tracks.set(t.id, st);
    this.still?.follow(t.id, objectId, t.label, t.box, t.lastSeen);
    let o = this.objects.get(objectId) ?? this.restore(objectId);
    const isNew = !o;
    if (!o) {
      o = { objectId, camera: this.camera, label: t.label, trackIds: [], firstSeen: t.firstSeen, lastSeen: t.lastSeen, box: t.box, frameSize: { width: img.width, height: img.height }, trajectory: [], zones: [], crossings: [], visits: [{ start: t.firstSeen, end: t.lastSeen }], score: t.score };
      this.objects.set(objectId, o);
    } else {
      // came in at a side of the picture, away from where it was last seen: it had left the view
      // (into a dark corner, behind a mask), so this is a new visit however soon
      const first = t.trajectory[0]?.box ?? t.box;
      const cameIn = MOVING_CLASSES.has(o.label) && cutByEdge(first, img) && !near(o.box, first) ? t.firstSeen - 1 : -Infinity;
      const gap = MOVING_CLASSES.has(o.label) ? VISIT_GAP_MS : STILL_VISIT_GAP_MS;
      openVisit(o, t.firstSeen, t.lastSeen, Math.max(this.brokenAt, this.exited.get(objectId) ?? -Infinity, cameIn), gap);
    }
    if (!o.trackIds.includes(t.id)) o.trackIds.push(t.id);
    for (const p of t.trajectory) this.addPoint(o, p.ts, p.box, img);
    this.touch(o, t);
    return { object: structuredClone(o), isNew };
  }

  /** A seeded object seen again: its stored facts become a known object of this run. */
  private restore(objectId: string): ObjectFact | undefined {
    const o = this.seeded.get(objectId);
    if (!o) return undefined;
    this.seeded.delete(objectId);
    this.objects.set(objectId, o);
    return o;
  }

  /** A new track's appearance state. */
  private state(t: Track): TrackState {
    const sim = this.external ? cosine : appearanceSimilarity;
    const watch = !this.external && MOVING_CLASSES.has(t.label) ? new SwitchWatch(sim) : null;
    return { objectId: '', emb: new EmbeddingMean(), views: new Gallery(sim), sampled: t.box, frames: 1, seen: t.lastSeen, watch, colours: new TrackColours(t.label) };
  }

  /** The built-in embedding of a box, with the change of the camera's light taken out. */
  private embed(img: RgbImage, box: Track['box']): Float32Array {
    return appearanceEmbedding(img, box, this.light.gains(img));
  }

  /** Adds an embedding to a track's mean and views. */
  private sample(st: TrackState, v: Float32Array): void {
    st.emb.add(v);
    st.views.add(v);
  }

  /** The track as re-ID sees it: its span, mean and views (the live gallery: it grows with the track). */
  private member(t: Track, st: TrackState): ReidTrack {
    const colours = st.colours.value();
    return { trackId: t.id, label: t.label, start: t.firstSeen, end: t.lastSeen, embedding: st.emb.value() ?? new Float32Array(0), samples: st.views.samples, ...(colours ? { colours } : {}) };
  }

  /**
   * A matched track at this frame: extend its object. Returns `switched` when the track's latest
   * views are another object's (see `SwitchWatch`; the caller then calls {@link split}), and
   * `doubt` when this view is unlike the track's (its sighting counts for the object until a
   * second one makes a switch; its view joins the object's only if none does).
   */
  update(t: Track, img: RgbImage, encoded?: Float32Array): 'same' | 'doubt' | 'switched' {
    const st = this.tracks.get(t.id);
    const o = this.objects.get(st?.objectId ?? '');
    if (!st || !o) return 'same';
    const check = st.watch?.check(t.lastSeen, st.seen, () => this.embed(img, t.box), st.views.samples) ?? 'same';
    if (check === 'switched') return check;
    st.frames++;
    if (check === 'same') {
      st.seen = t.lastSeen;
      const sampled = st.colours.samples;
      st.colours.add(img, t.box, t.lastSeen);
      // named while the track lives, so a question about someone still there can use them
      if (st.colours.samples !== sampled) nameColours(o, st.colours);
    }
    this.still?.see(t.id, t.box, t.lastSeen);
    if (encoded) this.sample(st, encoded);
    else if (check === 'same' && !this.external && (st.frames <= DENSE_SAMPLES || st.frames % 4 === 0 || iou(st.sampled, t.box) < NEW_VIEW_IOU)) {
      // a person walking in or out changes view every frame: those views are the ones a return shows first
      st.sampled = t.box;
      this.sample(st, this.embed(img, t.box));
    }
    this.addPoint(o, t.lastSeen, t.box, img);
    this.touch(o, t);
    return check;
  }

  /**
   * Track `trackId` was still there at `ts`, on a frame the detector did not run on (a still
   * scene carried it): its object's last sighting and visit reach `ts`.
   */
  carry(trackId: number, ts: number): void {
    const st = this.tracks.get(trackId);
    const o = this.objects.get(st?.objectId ?? '');
    if (!st || !o) return;
    const v = o.visits?.[o.visits.length - 1];
    if (v && ts > v.end) v.end = ts;
    o.lastSeen = Math.max(o.lastSeen, ts);
  }

  /**
   * A track that switched to another object (see {@link update}) is split: its object ends at
   * the track's last sighting of it, and the track goes on as the object its new views are (re-ID
   * decides at once: it has two views). Returns both, or null when the track did not switch.
   */
  split(t: Track, img: RgbImage): { ended: ObjectFact; started: Started } | null {
    const st = this.tracks.get(t.id);
    const other = st?.watch?.other;
    const o = this.objects.get(st?.objectId ?? '');
    if (!st || !other || !o) return null;
    this.reid.update(st.objectId, this.member({ ...t, lastSeen: st.seen }, st));
    // the doubted sighting was the other object's: the object's facts end at its last own one
    o.lastSeen = st.seen;
    o.trajectory = o.trajectory.filter((p) => p[0] <= st.seen);
    const visit = o.visits?.[o.visits.length - 1];
    if (visit) visit.end = Math.min(visit.end, st.seen);
    const mean = st.emb.value();
    if (mean) o.embedding = Array.from(mean, (x) => Math.round(x * 1e4) / 1e4);
    const after: Track = { ...t, firstSeen: other.since, trajectory: t.trajectory.filter((p) => p.ts >= other.since) };
    const ns = this.state(after);
    for (const v of other.views) this.sample(ns, v);
    const started = this.open(after, img, ns, this.reid.assign(this.member(after, ns), false, this.inView(after.firstSeen)));
    return { ended: structuredClone(o), started };
  }

  /** Records zone visits and crossings of a track's object. */
  zoneFacts(trackId: number, visits: readonly ZoneVisitFact[], crossing?: CrossingFact): void {
    const o = this.objects.get(this.tracks.get(trackId)?.objectId ?? '');
    if (!o) return;
    for (const v of visits) {
      const i = o.zones.findIndex((z) => z.zone === v.zone && z.enteredAt === v.enteredAt);
      if (i >= 0) o.zones[i] = { ...v };
      else o.zones.push({ ...v });
    }
    if (crossing) o.crossings.push(crossing);
  }

  /**
   * A track ended: finalise the re-ID member and return the object's facts, with `goesOn` when a
   * newer track of the same object is live (a still object taken over by place).
   */
  end(t: Track): (ObjectFact & { goesOn?: true }) | undefined {
    const st = this.tracks.get(t.id);
    this.tracks.delete(t.id);
    this.pending.delete(t.id);
    this.still?.end(t.id, t.lastSeen);
    if (!st) return undefined;
    const o = this.objects.get(st.objectId);
    if (!o) return undefined;
    if (this.liveObjects().has(st.objectId)) return { ...structuredClone(o), goesOn: true };
    // walked out at a side: a later track of this object is a new visit, however soon
    const walkedOut = o.frameSize !== undefined && MOVING_CLASSES.has(o.label) && leftView(t.box, o.frameSize);
    // a doubt the track ended in never became a switch: its views are the object's
    for (const v of st.watch?.doubted ?? []) this.sample(st, v);
    const vec = st.emb.value();
    if (vec) {
      this.reid.update(st.objectId, this.member(t, st));
      o.embedding = Array.from(vec, (x) => Math.round(x * 1e4) / 1e4);
    }
    this.touch(o, t);
    if (walkedOut) {
      exitTail(o, t.lastSeen);
      this.exited.set(o.objectId, o.lastSeen);
    }
    nameColours(o, st.colours);
    return structuredClone(o);
  }

  /**
   * The camera was down (or sent no frame for a while) up to `ts`: a track that starts later opens
   * a new visit of its object even when re-ID finds it again within {@link VISIT_GAP_MS}, so no
   * visit spans an outage.
   */
  outage(ts: number): void {
    this.brokenAt = Math.max(this.brokenAt, ts);
  }

  /** Object ids with at least one live track. */
  /**
   * Objects a track of which was seen within a second of `at`: in view elsewhere then, so not the
   * object a new track is (two identical cars in the lot at once are two objects). A track lost
   * for longer is not counted: a person who stepped out may be the one stepping back in.
   */
  private inView(at: number): Set<string> {
    return new Set([...this.tracks.values()].filter((s) => s.objectId !== '' && s.seen >= at - IN_VIEW_MS).map((s) => s.objectId));
  }

  /**
   * Objects of the track's moving class lost a moment ago (within {@link VISIT_GAP_MS}, not by
   * walking out at a side) whose last box and the track's box lie mostly one in the other: a shopper hidden for a few
   * seconds behind another one, found again where she stood.
   */
  private lostHere(t: Track): Set<string> {
    const out = new Set<string>();
    if (!MOVING_CLASSES.has(t.label)) return out;
    for (const o of this.objects.values()) {
      const gap = t.firstSeen - o.lastSeen;
      if (o.label !== t.label || gap <= 0 || gap > VISIT_GAP_MS || (this.exited.get(o.objectId) ?? -Infinity) >= o.lastSeen) continue;
      if (overlapOfSmaller(o.box, t.box) >= LOST_HERE_OVERLAP) out.add(o.objectId);
    }
    return out;
  }

  liveObjects(): Set<string> {
    return new Set([...this.tracks.values()].map((s) => s.objectId));
  }

  /**
   * Drops objects not seen for `ageMs` that have no live track and that re-identification can no
   * longer return (their group retired), so a daemon that runs for weeks holds a bounded book:
   * an object dropped here is never reopened with partial facts.
   */
  prune(now: number, ageMs: number): void {
    const live = this.liveObjects();
    const known = this.reid.known();
    for (const [id, o] of this.objects) if (!live.has(id) && !known.has(id) && now - o.lastSeen > ageMs) this.objects.delete(id);
    for (const [id, o] of this.seeded) if (!known.has(id) && now - o.lastSeen > ageMs) this.seeded.delete(id);
  }

  /** Objects held (for bounds and tests). */
  get size(): number {
    return this.objects.size;
  }

  private touch(o: ObjectFact, t: Track): void {
    const v = o.visits?.[o.visits.length - 1];
    if (v && t.lastSeen > v.end) v.end = t.lastSeen;
    o.lastSeen = Math.max(o.lastSeen, t.lastSeen);
    o.firstSeen = Math.min(o.firstSeen, t.firstSeen);
    o.box = t.box;
    o.score = Math.max(o.score, t.score);
  }

  private addPoint(o: ObjectFact, ts: number, box: Track['box'], img: FrameSize): void {
    const last = o.trajectory[o.trajectory.length - 1];
    if (last && last[0] >= ts) return;
    const x = Math.round(((box.x1 + box.x2) / 2 / img.width) * 1e4) / 1e4;
    const y = Math.round((box.y2 / img.height) * 1e4) / 1e4;
    o.trajectory.push([ts, x, y]);
    if (o.trajectory.length > MAX_TRAJECTORY) {
      const lastPoint = o.trajectory[o.trajectory.length - 1];
      o.trajectory = o.trajectory.filter((_, i) => i % 2 === 0);
      if (lastPoint && o.trajectory[o.trajectory.length - 1] !== lastPoint) o.trajectory.push(lastPoint);
    }
  }
}

/**
 * How long a person or vehicle walking out at a side of the picture stays partly in view after the
 * detector's last box of them (it needs most of the body to see one). Measured on the shared
 * one-by-one clip and its 1.6x and 2x copies at 2 fps: the last frame with any part in view is
 * 0.7-0.75 s after the last detection on average, of which half a frame (0.25 s) answers add. The
 * tail stays under the rest (0.4 s: the visit ends 0.65 s after the last box), so an instant just
 * after someone walked out is rarely read as them still there.
 */
export const EXIT_TAIL_MS = 400;

/** A visit that ended by walking out at a side, at `lastSeen`, reaches the moment the object was last partly in view. */
function exitTail(o: ObjectFact, lastSeen: number): void {
  const v = o.visits?.[o.visits.length - 1];
  if (!v || v.end !== lastSeen) return;
  v.end = lastSeen + EXIT_TAIL_MS;
  o.lastSeen = Math.max(o.lastSeen, v.end);
}

/**
 * A track of `o` ended: its colours become its visit's (the last one; a visit of several tracks
 * keeps the best-sampled), and the object's are its best-sampled visit's.
 */
function nameColours(o: ObjectFact, colours: TrackColours): void {
  const c = colours.value();
  const v = o.visits?.[o.visits.length - 1];
  if (c && v && c.samples >= (v.colours?.samples ?? 0)) v.colours = c;
  let best = o.colours;
  for (const x of o.visits ?? []) if (x.colours && x.colours.samples >= (best?.samples ?? 0)) best = x.colours;
  if (!best && c) best = c;
  if (best) o.colours = best;
}

/** Share of the smaller box inside the other for two boxes to be one place (a person flickering at the edge of the picture). */
const SAME_PLACE_OVERLAP = 0.3;

/** Whether two boxes are one place: much of the smaller lies in the other, or their centres are within half a box's width. */
function near(a: Box, b: Box): boolean {
  if (overlapOfSmaller(a, b) >= SAME_PLACE_OVERLAP) return true;
  const d = Math.hypot((a.x1 + a.x2 - b.x1 - b.x2) / 2, (a.y1 + a.y2 - b.y1 - b.y2) / 2);
  return d < Math.max(a.x2 - a.x1, b.x2 - b.x1) / 2;
}

/**
 * A known object is seen again from `start`: a new visit after a gap longer than `gap` ms (or after a break at
 * `brokenAt` since its last visit ended: an outage, or its last track walked out of the view),
 * else the last one goes on.
 */
function openVisit(o: ObjectFact, start: number, end: number, brokenAt: number, gap: number): void {
  const visits = (o.visits ??= [{ start: o.firstSeen, end: o.lastSeen }]);
  const last = visits[visits.length - 1];
  if (last && start - last.end <= gap && !(last.end <= brokenAt && brokenAt <= start)) {
    last.end = Math.max(last.end, end);
    return;
  }
  visits.push({ start, end });
}
