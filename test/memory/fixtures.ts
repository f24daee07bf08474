/**
 * Synthetic observations for memory tests and the benchmark.
 */
import type { EventObservation, FrameObservation, ObjectObservation, SegmentObservation } from '../../ingest/observations.js';

/** A frame with `n` people (ids given) and zone occupancy. */
export function frame(camera: string, ts: number, ids: string[], zone?: Record<string, number>): FrameObservation {
  return {
    kind: 'frame',
    camera,
    ts,
    motion: 0.1,
    detected: true,
    counts: ids.length ? { person: ids.length } : {},
    objects: ids.map((objectId, i) => ({ objectId, trackId: i, label: 'person', box: { x1: 0, y1: 0, x2: 10, y2: 10 }, score: 0.8 })),
    occupancy: zone ?? {},
  };
}

/** A 2 s segment. */
export function segment(camera: string, start: number, caption = 'quiet'): SegmentObservation {
  return { kind: 'segment', camera, start, end: start + 2000, frames: 4, firstFrameAt: start, lastFrameAt: start + 1500, counts: {}, objectIds: [], motion: 0, occupancy: {}, ocr: [], caption };
}

/** An object observation. */
export function object(camera: string, id: string, label: string, firstSeen: number, lastSeen: number, extra: Partial<ObjectObservation['object']> = {}): ObjectObservation {
  return {
    kind: 'object',
    camera,
    ts: lastSeen,
    event: 'end',
    object: { objectId: id, camera, label, trackIds: [1], firstSeen, lastSeen, box: { x1: 0, y1: 0, x2: 1, y2: 1 }, trajectory: [[firstSeen, 0.1, 0.2], [lastSeen, 0.5, 0.6]], zones: [], crossings: [], score: 0.9, ...extra },
  };
}

/** An event. */
export function event(camera: string, ts: number, type: EventObservation['type'], extra: Partial<EventObservation> = {}): EventObservation {
  return { kind: 'event', camera, ts, type, ...extra };
}
