/**
 * Evidence records built from memory records, with snapshot (keyframe) references.
 */
import type { EventRecord, ObjectRecord, SegmentRecord } from '../../memory/types.js';
import type { Evidence } from '../answer.js';

const iso = (t: number): string => new Date(t).toISOString();

/** Reference of a stored keyframe, as the HTTP API serves it. */
export function snapshotRef(camera: string, segmentStart: number): string {
  return `/api/cameras/${encodeURIComponent(camera)}/keyframe.jpg?ts=${segmentStart}`;
}

/** Evidence of a segment (with its keyframe when stored). */
export function segmentEvidence(s: SegmentRecord): Evidence {
  return { camera: s.camera, start: iso(s.start), end: iso(s.end), ...(s.objectIds?.length ? { trackIds: s.objectIds } : {}), ...(s.keyframe ? { snapshot: snapshotRef(s.camera, s.start) } : {}) };
}

/** Evidence of an object's life. */
export function objectEvidence(o: ObjectRecord): Evidence {
  return { camera: o.camera, start: iso(o.firstSeen), end: iso(o.lastSeen), trackIds: [o.objectId] };
}

/** Evidence of an event (an instant). */
export function eventEvidence(e: EventRecord): Evidence {
  return { camera: e.camera, start: iso(e.ts), end: iso(e.ts), ...(e.objectId ? { trackIds: [e.objectId] } : {}) };
}
