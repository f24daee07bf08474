/**
 * Vector search over the memory: the k records whose embedding is nearest a query vector by
 * cosine similarity. Objects carry an appearance `embedding`; segments are searched by their
 * `visualEmbedding` (or the older `embedding`), or by `textEmbedding` when asked (records without
 * one, or of another dimension, are skipped).
 * Exact (a linear scan); synchronous on LMDB's snapshot like the typed queries.
 */
import { MemoryQueries, type Window } from './queries.js';
import type { ObjectRecord, SegmentRecord } from './types.js';
import type { MemoryView } from './view.js';

/** A segment record that may carry embeddings (`SegmentRecord` declares them). */
export type EmbeddedSegment = SegmentRecord;

/** Vector query. */
export interface VectorQuery {
  vector: number[];
  kind: 'object' | 'segment';
  k: number;
  /** Only records present in (objects) or overlapping (segments) this window. */
  window?: Window;
  camera?: string;
  /** Objects of this class; segments in which this class was seen. */
  label?: string;
  /** Segments: which embedding to compare, `visual` (default: `visualEmbedding`, else `embedding`) or `text`. */
  field?: 'visual' | 'text';
}

/** A hit: object id or `camera/start` of a segment, cosine similarity in [-1, 1], the record. */
export type VectorHit = { id: string; score: number; record: ObjectRecord } | { id: string; score: number; record: EmbeddedSegment };

/** Cosine similarity of `a` and `b` (same length); 0 when either has no length. */
export function cosine(a: readonly number[], b: readonly number[], normA?: number): number {
  let dot = 0;
  let nb = 0;
  let na = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    nb += y * y;
    if (normA === undefined) na += x * x;
  }
  const den = (normA ?? Math.sqrt(na)) * Math.sqrt(nb);
  return den > 0 ? dot / den : 0;
}

/** The `k` records most similar to `q.vector`, best first (ties by id). */
export function topK(store: MemoryView, q: VectorQuery): VectorHit[] {
  if (!Array.isArray(q.vector) || q.vector.length === 0 || q.vector.some((x) => !Number.isFinite(x))) throw new RangeError('topK: vector must be a non-empty array of finite numbers');
  const k = Math.floor(q.k);
  if (!(k > 0)) return [];
  const norm = Math.sqrt(q.vector.reduce((s, x) => s + x * x, 0));
  if (norm === 0) return [];
  const best: VectorHit[] = [];
  const worse = (a: VectorHit, b: VectorHit): boolean => a.score < b.score || (a.score === b.score && a.id > b.id);
  const offer = (hit: VectorHit): void => {
    if (best.length === k) {
      const last = best[k - 1];
      if (!last || !worse(last, hit)) return;
      best.pop();
    }
    let i = best.length;
    while (i > 0 && worse(best[i - 1] as VectorHit, hit)) i--;
    best.splice(i, 0, hit);
  };
  const usable = (e: number[] | undefined): e is number[] => Array.isArray(e) && e.length === q.vector.length;
  const d = store.dbs();
  if (q.kind === 'object') {
    const consider = (o: ObjectRecord): void => {
      if ((q.camera && o.camera !== q.camera) || (q.label && o.label !== q.label) || !usable(o.embedding)) return;
      offer({ id: o.objectId, score: cosine(q.vector, o.embedding, norm), record: o });
    };
    if (q.window) for (const o of new MemoryQueries(store).objectsIn(q.window, { camera: q.camera, label: q.label })) consider(o);
    else for (const { value } of d.objects.getRange({})) consider(value);
  } else {
    const consider = (s: EmbeddedSegment): void => {
      const e = q.field === 'text' ? s.textEmbedding : (s.visualEmbedding ?? s.embedding);
      if ((q.camera && s.camera !== q.camera) || (q.label && !((s.counts?.[q.label] ?? 0) > 0)) || !usable(e)) return;
      offer({ id: `${s.camera}/${s.start}`, score: cosine(q.vector, e, norm), record: s });
    };
    if (q.window) for (const s of store.segments(q.window.from, q.window.to, q.camera)) consider(s);
    else for (const cam of q.camera ? [q.camera] : store.cameras()) for (const { value } of d.segs.getRange({ start: [cam], end: [cam, Infinity] })) consider(value);
  }
  return best;
}
