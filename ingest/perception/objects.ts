/**
 * Object book-keeping for one camera: maps tracker tracks to re-identified objects and keeps
 * each object's facts (time span, trajectory, zone visits, crossings, appearance).
 */
import type { CrossingFact, ObjectFact, ZoneVisitFact } from '../observations.js';
import { appearanceEmbedding, EmbeddingMean } from './appearance.js';
import type { Track } from './bytetrack.js';
import { ReidGrouper, type ReidOptions } from './reid.js';
import { StillPlaces } from './still.js';
import type { RgbImage } from './types.js';

/** Most trajectory points kept per object (older halves are thinned). */
const MAX_TRAJECTORY = 300;
/** A track that starts within this long after its object's last sighting continues the visit (a brief occlusion); later, it is a new visit. */
export const VISIT_GAP_MS = 10_000;
/** Embedding samples per track: every frame up to this many, then every 4th. */
const DENSE_SAMPLES = 8;

interface TrackState {
  objectId: string;
  emb: EmbeddingMean;
  frames: number;
}

/** Keeps the objects of one camera. */
export class ObjectBook {
  private readonly tracks = new Map<number, TrackState>();
  private readonly objects = new Map<string, ObjectFact>();
  private readonly reid: ReidGrouper;
  /** Tracks that start after this time (a camera outage) open a new visit, whatever the gap. */
  private brokenAt = -Infinity;

  /**
   * @param camera camera id
   * @param reid grouping thresholds
   * @param external embeddings come from an image encoder (passed to start/update), never from
   *   the built-in colour+shape features: the two spaces must not mix
   * @param still resting places of still objects (a put-back bottle takes back its id); null: off
   * @param run the run stamp object ids carry (see `ReidGrouper`)
   */
  constructor(
    private readonly camera: string,
    reid?: ReidOptions,
    private readonly external = false,
    private readonly still: StillPlaces | null = new StillPlaces(),
    run?: string,
  ) {
    this.reid = new ReidGrouper(camera, reid, run);
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

  /** A copy of an object's facts. */
  get(objectId: string): ObjectFact | undefined {
    const o = this.objects.get(objectId);
    return o ? structuredClone(o) : undefined;
  }

  /**
   * A track was confirmed: embed it and assign it to an object (existing after re-ID, or new).
   * Returns the object and whether it is new.
   */
  start(t: Track, img: RgbImage, encoded?: Float32Array): { object: ObjectFact; isNew: boolean } {
    const emb = new EmbeddingMean();
    if (encoded) emb.add(encoded);
    else if (!this.external) for (const p of t.trajectory.slice(-3)) emb.add(appearanceEmbedding(img, p.box));
    const vec = emb.value() ?? new Float32Array(0);
    const member = { trackId: t.id, label: t.label, start: t.firstSeen, end: t.lastSeen, embedding: vec };
    const claimed = this.still?.claim(t.label, t.box, t.lastSeen) ?? null;
    const objectId = claimed ? this.reid.join(claimed, member) : this.reid.assign(member);
    this.tracks.set(t.id, { objectId, emb, frames: 1 });
    this.still?.follow(t.id, objectId, t.label, t.box, t.lastSeen);
    let o = this.objects.get(objectId);
    const isNew = !o;
    if (!o) {
      o = { objectId, camera: this.camera, label: t.label, trackIds: [], firstSeen: t.firstSeen, lastSeen: t.lastSeen, box: t.box, frameSize: { width: img.width, height: img.height }, trajectory: [], zones: [], crossings: [], visits: [{ start: t.firstSeen, end: t.lastSeen }], score: t.score };
      this.objects.set(objectId, o);
    } else openVisit(o, t.firstSeen, t.lastSeen, this.brokenAt);
    if (!o.trackIds.includes(t.id)) o.trackIds.push(t.id);
    for (const p of t.trajectory) this.addPoint(o, p.ts, p.box, img);
    this.touch(o, t);
    return { object: structuredClone(o), isNew };
  }

  /** A matched track at this frame: extend its object. */
  update(t: Track, img: RgbImage, encoded?: Float32Array): void {
    const st = this.tracks.get(t.id);
    if (!st) return;
    const o = this.objects.get(st.objectId);
    if (!o) return;
    st.frames++;
    this.still?.see(t.id, t.box, t.lastSeen);
    if (encoded) st.emb.add(encoded);
    else if (!this.external && (st.frames <= DENSE_SAMPLES || st.frames % 4 === 0)) st.emb.add(appearanceEmbedding(img, t.box));
    this.addPoint(o, t.lastSeen, t.box, img);
    this.touch(o, t);
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
    this.still?.end(t.id, t.lastSeen);
    if (!st) return undefined;
    const o = this.objects.get(st.objectId);
    if (!o) return undefined;
    if (this.liveObjects().has(st.objectId)) return { ...structuredClone(o), goesOn: true };
    const vec = st.emb.value();
    if (vec) {
      this.reid.update(st.objectId, { trackId: t.id, label: t.label, start: t.firstSeen, end: t.lastSeen, embedding: vec });
      o.embedding = Array.from(vec, (x) => Math.round(x * 1e4) / 1e4);
    }
    this.touch(o, t);
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
  liveObjects(): Set<string> {
    return new Set([...this.tracks.values()].map((s) => s.objectId));
  }

  /** Drops objects not seen for `ageMs` that have no live track (bounded memory). */
  prune(now: number, ageMs: number): void {
    const live = this.liveObjects();
    for (const [id, o] of this.objects) if (!live.has(id) && now - o.lastSeen > ageMs) this.objects.delete(id);
  }

  private touch(o: ObjectFact, t: Track): void {
    const v = o.visits?.[o.visits.length - 1];
    if (v && t.lastSeen > v.end) v.end = t.lastSeen;
    o.lastSeen = Math.max(o.lastSeen, t.lastSeen);
    o.firstSeen = Math.min(o.firstSeen, t.firstSeen);
    o.box = t.box;
    o.score = Math.max(o.score, t.score);
  }

  private addPoint(o: ObjectFact, ts: number, box: Track['box'], img: RgbImage): void {
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
 * A known object is seen again from `start`: a new visit after a gap (or after an outage at
 * `brokenAt` since its last visit ended), else the last one goes on.
 */
function openVisit(o: ObjectFact, start: number, end: number, brokenAt: number): void {
  const visits = (o.visits ??= [{ start: o.firstSeen, end: o.lastSeen }]);
  const last = visits[visits.length - 1];
  if (last && start - last.end <= VISIT_GAP_MS && !(last.end <= brokenAt && brokenAt <= start)) {
    last.end = Math.max(last.end, end);
    return;
  }
  visits.push({ start, end });
}
