/**
 * Input checks and errors of the memory: why an observation cannot be stored, and the error
 * (with a stable code) the store raises.
 */

import { VigilError } from '../ingest/errors/catalogue.js';

/** Stable error codes of the memory (rows of the catalogue, `ingest/errors/catalogue.ts`). */
export type MemoryErrorCode = 'MEMORY_NOT_OPEN' | 'MEMORY_NOT_WRITABLE' | 'MEMORY_WRITE_FAILED' | 'MEMORY_BAD_INPUT' | 'MEMORY_READ_FAILED';

/** An error of the memory, with a stable code. */
export class MemoryError extends VigilError<MemoryErrorCode> {}

const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A speech record's kept sound: mu-law bytes at a positive rate. */
const soundOk = (a: unknown): boolean => isRecord(a) && a.mulaw instanceof Uint8Array && typeof a.rate === 'number' && isFinite(a.rate) && a.rate > 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why an observation cannot be stored, or null when it can. */
export function invalidObservation(o: unknown): string | null {
  if (!isRecord(o)) return 'observation must be an object';
  if (typeof o.camera !== 'string' || o.camera === '') return 'camera must be a non-empty string';
  switch (o.kind) {
    case 'frame':
      if (!isFinite(o.ts)) return 'frame ts must be a finite number';
      if (!isRecord(o.counts) || !isRecord(o.occupancy) || !Array.isArray(o.objects)) return 'frame needs counts, occupancy and objects';
      if (!o.objects.every((x: unknown) => isRecord(x) && typeof x.objectId === 'string')) return 'frame objects need an objectId';
      return null;
    case 'event':
      if (!isFinite(o.ts)) return 'event ts must be a finite number';
      if (typeof o.type !== 'string' || o.type === '') return 'event type must be a non-empty string';
      if (o.line !== undefined && typeof o.line !== 'string') return 'event line must be a string';
      return null;
    case 'object': {
      if (!isFinite(o.ts)) return 'object ts must be a finite number';
      const ob = o.object;
      if (!isRecord(ob)) return 'object observation needs an object';
      if (typeof ob.objectId !== 'string' || ob.objectId === '') return 'objectId must be a non-empty string';
      if (typeof ob.camera !== 'string' || ob.camera === '') return 'object camera must be a non-empty string';
      if (typeof ob.label !== 'string' || ob.label === '') return 'object label must be a non-empty string';
      if (!isFinite(ob.firstSeen) || !isFinite(ob.lastSeen)) return 'object firstSeen and lastSeen must be finite numbers';
      if (!Array.isArray(ob.zones) || !Array.isArray(ob.crossings)) return 'object needs zones and crossings arrays';
      // zone visits are keys of the zone-visit index
      for (const z of ob.zones as unknown[]) {
        if (!isRecord(z)) return 'object zone visits must be objects';
        if (typeof z.zone !== 'string' || z.zone === '') return 'object zone visit zone must be a non-empty string';
        if (!isFinite(z.enteredAt)) return 'object zone visit enteredAt must be a finite number';
        if (z.exitedAt !== null && !isFinite(z.exitedAt)) return 'object zone visit exitedAt must be a finite number or null';
      }
      if (o.views !== undefined && (!Array.isArray(o.views) || !o.views.every((v: unknown) => v instanceof Float32Array))) return 'object views must be an array of Float32Array';
      return null;
    }
    case 'audio':
      if (!isFinite(o.start) || !isFinite(o.end) || !isFinite(o.rmsDbfs) || !isFinite(o.peakDbfs)) return 'audio start, end, rmsDbfs and peakDbfs must be finite numbers';
      return null;
    case 'speech':
      if (!isFinite(o.start) || !isFinite(o.end)) return 'speech start and end must be finite numbers';
      if (typeof o.text !== 'string') return 'speech text must be a string';
      if (!Array.isArray(o.words)) return 'speech words must be an array';
      if (o.audio !== undefined && !soundOk(o.audio)) return 'speech audio must be {rate > 0, mulaw: bytes}';
      return null;
    case 'segment':
    case undefined:
      if (!isFinite(o.start) || !isFinite(o.end) || !isFinite(o.firstFrameAt) || !isFinite(o.lastFrameAt)) return 'segment start, end, firstFrameAt and lastFrameAt must be finite numbers';
      if (o.objectIds !== undefined && (!Array.isArray(o.objectIds) || !o.objectIds.every((x: unknown) => typeof x === 'string'))) return 'segment objectIds must be strings';
      return null;
    default:
      return `unknown observation kind ${JSON.stringify(o.kind)}`;
  }
}
