/**
 * Typed queries over the memory that do exact arithmetic. Each runs synchronously on LMDB's
 * read snapshot (no transaction is held across an await). This class is the read API the planner
 * and the daemon use; the queries themselves live in `queries/` by what they read (objects,
 * events, frames, visits, names), over the narrow `MemoryView` of a store.
 */
import type { CameraVisit } from './camera-visits.js';
import { summariseCoverage } from './coverage.js';
import type { DwellRow } from './dwell.js';
import { readLive, type LiveEntry } from './live.js';
import { orientationOf } from './places.js';
import { countRuns, type CountKey, type WindowRuns } from './queries/counts.js';
import * as events from './queries/events.js';
import * as frames from './queries/frames.js';
import { changeStamp, namesInUse, type MemoryNames } from './queries/names.js';
import * as objects from './queries/objects.js';
import type { Window } from './queries/scope.js';
import * as visits from './queries/visits.js';
import { searchTranscripts, type TranscriptHit } from './transcripts.js';
import type { Coverage, EventRecord, ObjectRecord, SegmentRecord, SpeechRecord } from './types.js';
import type { MemoryView } from './view.js';

export type { DwellRow } from './dwell.js';
export type { CountKey, Run, WindowRuns } from './queries/counts.js';
export type { FrameRow } from './queries/frames.js';
export type { MemoryNames } from './queries/names.js';
export type { Window } from './queries/scope.js';

/** Query API over one store. */
export class MemoryQueries {
  constructor(private readonly v: MemoryView) {}

  /** Objects of a class (any class when omitted) present in the window, optionally only those that were in a zone during it. */
  objectsIn(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): ObjectRecord[] {
    return objects.objectsIn(this.v, w, opts);
  }

  /**
   * The first `limit` objects (by first sighting) of a class present in the window, as `objectsIn`
   * orders them, decoding only those (the span indexes pick them), and how many distinct objects
   * the span indexes hold for the window (`countDistinct`), from the same single scan.
   */
  firstObjectsIn(w: Window, opts: { label?: string; camera?: string }, limit: number): { objects: ObjectRecord[]; count: number } {
    return objects.firstObjectsIn(this.v, w, opts, limit);
  }

  /** Number of distinct objects (after re-ID) of a class in the window. */
  countDistinct(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): number {
    return objects.countDistinct(this.v, w, opts);
  }

  /** Objects of a class visible at an instant (the last frame at or before it, within 2 s), per camera summed. */
  countAt(t: number, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; frames: { camera: string; ts: number }[] } {
    return frames.countAt(this.v, t, opts);
  }

  /**
   * Most objects of a class seen at once in one camera's frame, and when (the earliest frame with
   * that count). Closed hour and minute roll-ups answer the whole hours and minutes of the window;
   * frames answer the edges and any minute still open.
   */
  maxSimultaneous(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { count: number; at: number | null; camera: string | null } {
    return frames.maxSimultaneous(this.v, w, opts);
  }

  /**
   * First and last sighting of a class in the window. Without a zone the span indexes answer:
   * one scan of span keys picks both, and only those two objects are decoded.
   */
  firstLastSeen(w: Window, opts: { label?: string; camera?: string; zone?: string } = {}): { first: ObjectRecord | null; last: ObjectRecord | null } {
    return objects.firstLastSeen(this.v, w, opts);
  }

  /**
   * Dwell per object in a zone: seconds within the window, longest first (ties: by first
   * sighting). The zone-visit index answers it without decoding objects; each row's `object` is
   * read from the store when first used. Objects count as `objectsIn` counts them (present in the
   * window, with a visit to the zone overlapping it).
   */
  dwell(w: Window, zone: string, opts: { label?: string; camera?: string } = {}): DwellRow[] {
    return objects.dwell(this.v, w, zone, opts);
  }

  /** How long objects of a class were visible in the window, per object, longest first. */
  presence(w: Window, opts: { label?: string; camera?: string } = {}): { object: ObjectRecord; seconds: number }[] {
    return objects.presence(this.v, w, opts);
  }

  /** Events in the window, optionally filtered; by time (ties: by camera, then in write order). */
  events(w: Window, filter: Partial<Pick<EventRecord, 'type' | 'label' | 'zone' | 'line' | 'direction' | 'camera'>> = {}): EventRecord[] {
    return events.events(this.v, w, filter);
  }

  /** Line crossings by direction. */
  crossings(w: Window, line: string, opts: { label?: string; camera?: string } = {}): { forward: number; backward: number; events: EventRecord[] } {
    return events.crossings(this.v, w, line, opts);
  }

  /** The cameras (of `among`) that have a zone (its occupancy or visits are stored there). */
  camerasWithZone(zone: string, among: readonly string[]): string[] {
    return frames.camerasWithZone(this.v, zone, among);
  }

  /** Occupancy of a zone over time: one point per stored frame. */
  occupancyTimeline(w: Window, zone: string, camera?: string): { camera: string; ts: number; count: number }[] {
    return frames.occupancyTimeline(this.v, w, zone, camera);
  }

  /**
   * Camera visits (arrival and departure of an object at its camera, apart from identities) of a
   * class overlapping the window, by arrival, from the camera-visit index only; null while that
   * index is still being built for an older store.
   */
  cameraVisits(w: Window, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
    return visits.cameraVisits(this.v, w, opts);
  }

  /**
   * Zone visits (entry and exit) of a class overlapping the window, by entry, from the zone-visit
   * index only (no object is decoded); null while that index is being built.
   */
  zoneVisits(w: Window, zone: string, opts: { label?: string; camera?: string } = {}): CameraVisit[] | null {
    return visits.zoneVisits(this.v, w, zone, opts);
  }

  /** How many camera visits of a class began in the window (index keys counted, nothing decoded); null while the index is being built. */
  countArrivals(w: Window, opts: { label: string; camera?: string }): number | null {
    return visits.countArrivals(this.v, w, opts);
  }

  /**
   * The visits of a class overlapping the window and the identities they are drawn from, at
   * cameras, read from index keys; null while an index is being built.
   */
  countIdentities(w: Window, opts: { label: string; camera?: string }): { ids: number; visits: number } | null {
    return visits.countIdentities(this.v, w, opts);
  }

  /**
   * Count, total, shortest and longest length (ms) of the visits of a class that began in the
   * window, at cameras or in a zone, read from the visit indexes without building any record;
   * each visit's length is widened by `pad` ms (the caller's estimate of the unseen ends). Null
   * while the index is being built.
   */
  visitStats(w: Window, opts: { label: string; camera?: string; zone?: string; pad?: number }): { n: number; total: number; min: number; max: number; open: number } | null {
    return visits.visitStats(this.v, w, opts);
  }

  /** How a camera's picture is turned before perception, as kept (undefined: not known). */
  orientation(camera: string): string | undefined {
    return orientationOf(this.v.dbs().places, camera);
  }

  /** The present of a camera: its last stored frame (or coverage end when later), epoch ms; -Infinity when it has none. */
  presentOf(camera: string): number {
    return visits.presentOf(this.v, camera);
  }

  /** Visits in progress or closed by a stop (see `live.ts`), of one camera or all. */
  live(camera?: string): LiveEntry[] {
    return readLive(this.v.dbs().live, camera);
  }

  /** Segments in the window. */
  segments(w: Window, camera?: string): SegmentRecord[] {
    return this.v.segments(w.from, w.to, camera);
  }

  /** Utterances (speech transcripts) overlapping the window, by start. */
  transcripts(w: Window, camera?: string): SpeechRecord[] {
    return this.v.speech(w.from, w.to, camera);
  }

  /** The moments in the window whose transcript best matches `text` (MMCTAgent's query_transcript). */
  searchTranscript(text: string, w: Window, opts: { camera?: string; k?: number } = {}): TranscriptHit[] {
    return searchTranscripts(this.v.speech(w.from, w.to, opts.camera), text, opts.k ?? 5);
  }

  /** One object with its trajectory. */
  object(objectId: string): ObjectRecord | undefined {
    return this.v.dbs().objects.get(objectId);
  }

  /** Coverage of the window (or of everything). */
  coverage(w?: Window, camera?: string): Coverage {
    return summariseCoverage(this.v.coverage(camera), w);
  }

  /** Stored frames of one camera with times in the window, by time: counts per class and per zone (iterate without awaiting). */
  frames(w: Window, camera: string): Iterable<frames.FrameRow> {
    return frames.frameRows(this.v, w, camera);
  }

  /**
   * The runs of one camera's count (every class, a class or a zone) long enough to settle within
   * its frames of the window, clipped to them, from the count-run index; null when the index
   * cannot answer (a store not yet indexed, or a camera whose frames came out of order).
   */
  countRuns(w: Window, camera: string, k: CountKey = {}): WindowRuns | null {
    return countRuns(this.v, camera, k, w);
  }

  /** The classes a camera's frames ever counted (from the count-run index; empty where it is not kept). */
  countedLabels(camera: string): Set<string> {
    const intro = this.v.dbs().ctail.get([camera])?.intro ?? {};
    return new Set(Object.keys(intro).flatMap((k) => (k.startsWith('l:') ? [k.slice(2)] : [])));
  }

  /** The classes, zones and lines the stored objects and events name, and objects per camera and class (decodes them all: cache it under `changeStamp()`). */
  names(): MemoryNames {
    return namesInUse(this.v);
  }

  /** A stamp that changes whenever `names()` may have (costs nothing to read). */
  changeStamp(): string {
    return changeStamp(this.v);
  }
}
