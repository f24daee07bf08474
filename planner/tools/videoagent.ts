/**
 * VideoAgent's four tools over the memory: caption retrieval (at most 15 segments), segment
 * localisation (top 5; embeddings when configured, words otherwise), visual question answering
 * (the vision model on keyframes around a segment) and object memory querying.
 */
import { z } from 'zod';
import { topK } from '../../memory/vector.js';
import type { SegmentRecord } from '../../memory/types.js';
import { PlannerError } from '../errors.js';
import { formatLocal } from '../time.js';
import { objectEvidence, segmentEvidence } from './evidence.js';
import { lexicalScore, words } from './lexical.js';
import { defineTool, type Tool, type ToolContext } from './types.js';
import { isoInput, windowFields, windowOf, windowText } from './window.js';

/** Most segments caption_retrieval returns. */
export const MAX_CAPTIONS = 15;
/** Segments segment_localization returns. */
export const TOP_SEGMENTS = 5;

const segText = (s: SegmentRecord): string => [s.caption ?? '', s.visionCaption ?? '', s.transcript ?? '', ...(s.ocr ?? []).map((o) => (typeof o === 'string' ? o : JSON.stringify(o)))].join(' ');

function segLine(s: SegmentRecord, tz: string, until?: number): string {
  return `${s.camera} ${formatLocal(s.start, tz)}${until ? ` .. ${formatLocal(until, tz)}` : ''} [id ${s.camera}/${s.start}]: ${s.caption ?? '(no caption)'}${s.transcript ? ` | said: "${s.transcript}"` : ''}`;
}

/** Runs of consecutive same-caption segments of one camera. */
function runs(segs: SegmentRecord[]): { first: SegmentRecord; end: number }[] {
  const out: { first: SegmentRecord; end: number }[] = [];
  const open = new Map<string, { first: SegmentRecord; end: number }>();
  for (const s of segs) {
    const cur = open.get(s.camera);
    if (cur && cur.first.caption === s.caption && cur.first.transcript === s.transcript && s.start <= cur.end + 1) {
      cur.end = s.end;
      continue;
    }
    const r = { first: s, end: s.end };
    open.set(s.camera, r);
    out.push(r);
  }
  return out;
}

const captionRetrieval = defineTool({
  name: 'caption_retrieval',
  description: `Captions of the segments in a window (at most ${MAX_CAPTIONS} lines; repeated captions are merged, long windows are sampled evenly).`,
  input: z.strictObject({ camera: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    const w = windowOf(i, ctx);
    const all = runs(ctx.queries.segments(w, i.camera).sort((a, b) => a.start - b.start || a.camera.localeCompare(b.camera)));
    if (all.length === 0) return { text: `No segments recorded from ${windowText(w, ctx.timeZone)}.` };
    const step = all.length / MAX_CAPTIONS;
    const picked = all.length <= MAX_CAPTIONS ? all : Array.from({ length: MAX_CAPTIONS }, (_, k) => all[Math.floor(k * step)] as (typeof all)[number]);
    const note = picked.length < all.length ? ` (${picked.length} of ${all.length} caption runs, sampled evenly)` : '';
    return { text: `Captions${note}:\n${picked.map((r) => segLine(r.first, ctx.timeZone, r.end)).join('\n')}`, evidence: picked.map((r) => segmentEvidence(r.first)) };
  },
});

async function embeddingHits(text: string, ctx: ToolContext, w: { from: number; to: number }, camera?: string): Promise<Map<string, { s: SegmentRecord; score: number; n: number }>> {
  const [vec] = await ctx.models.embed([text]);
  const merged = new Map<string, { s: SegmentRecord; score: number; n: number }>();
  if (!vec) return merged;
  for (const field of ['text', 'visual'] as const) {
    for (const h of topK(ctx.memory, { vector: vec, kind: 'segment', k: 20, window: w, ...(camera ? { camera } : {}), field })) {
      const cur = merged.get(h.id);
      if (cur) {
        cur.score += h.score;
        cur.n++;
      } else merged.set(h.id, { s: h.record as SegmentRecord, score: h.score, n: 1 });
    }
  }
  return merged;
}

const segmentLocalization = defineTool({
  name: 'segment_localization',
  description: `The ${TOP_SEGMENTS} segments best matching a description (caption and visual embeddings when configured, else words of captions and OCR).`,
  input: z.strictObject({ text: z.string().min(1).describe('what to look for, e.g. "a person at the door"'), camera: z.string().optional(), ...windowFields }),
  async execute(i, ctx) {
    const w = windowOf(i, ctx);
    let method = 'words';
    let ranked: { s: SegmentRecord; score: number }[] = [];
    if (ctx.models.has('embeddings')) {
      const hits = await embeddingHits(i.text, ctx, w, i.camera);
      if (hits.size > 0) {
        method = 'embeddings';
        ranked = [...hits.values()].map((h) => ({ s: h.s, score: h.score / h.n }));
      }
    }
    if (method === 'words') {
      const q = words(i.text);
      if (q.length === 0) throw new PlannerError('TOOL_BAD_INPUT', 'text has no content words to match');
      for (const s of ctx.queries.segments(w, i.camera)) {
        const score = lexicalScore(q, segText(s));
        if (score > 0) ranked.push({ s, score });
      }
    }
    ranked.sort((a, b) => b.score - a.score || a.s.start - b.s.start);
    const top = ranked.slice(0, TOP_SEGMENTS);
    if (top.length === 0) return { text: `No segment matches "${i.text}" from ${windowText(w, ctx.timeZone)} (by ${method}).` };
    return { text: `Top ${top.length} segments for "${i.text}" (by ${method}):\n${top.map((r) => `${r.score.toFixed(3)} ${segLine(r.s, ctx.timeZone)}`).join('\n')}`, evidence: top.map((r) => segmentEvidence(r.s)) };
  },
});

/** Reads a segment id `camera/startMs`. */
export function parseSegmentId(id: string): { camera: string; start: number } {
  const m = /^(.+)\/(\d+)$/.exec(id);
  if (!m) throw new PlannerError('TOOL_BAD_INPUT', `segment "${id}" is not an id of the form camera/startMs (ids are shown by caption_retrieval and segment_localization)`);
  return { camera: m[1] as string, start: Number(m[2]) };
}

/** Keyframes of the stored segments nearest an instant of a camera (at most `n`). */
export function keyframesAround(ctx: ToolContext, camera: string, at: number, n: number, radiusMs = 6000): { seg: SegmentRecord; jpeg: Buffer }[] {
  const segs = ctx.memory.segments(at - radiusMs, at + radiusMs, camera).filter((s) => s.keyframe);
  segs.sort((a, b) => Math.abs(a.start - at) - Math.abs(b.start - at));
  const out: { seg: SegmentRecord; jpeg: Buffer }[] = [];
  for (const seg of segs) {
    const jpeg = ctx.memory.keyframe(camera, seg.start);
    if (jpeg) out.push({ seg, jpeg });
    if (out.length >= n) break;
  }
  return out.sort((a, b) => a.seg.start - b.seg.start);
}

const visualQuestionAnswering = defineTool({
  name: 'visual_question_answering',
  description: 'Asks the vision model a question about the keyframes around one segment (give the segment id camera/startMs, or camera and an ISO time).',
  input: z.strictObject({ question: z.string().min(1), segment: z.string().optional().describe('segment id camera/startMs'), camera: z.string().optional(), at: z.string().optional().describe('ISO-8601') }),
  async execute(i, ctx) {
    const where = i.segment ? parseSegmentId(i.segment) : i.camera && i.at ? { camera: i.camera, start: isoInput(i.at, 'at') } : null;
    if (!where) throw new PlannerError('TOOL_BAD_INPUT', 'give segment (camera/startMs) or both camera and at');
    if (!ctx.models.has('vision')) throw new PlannerError('PLANNER_NO_MODEL', 'no vision model is configured (models.vision): frames cannot be looked at');
    const frames = keyframesAround(ctx, where.camera, where.start, 3);
    if (frames.length === 0) throw new PlannerError('TOOL_NOTHING_STORED', `no keyframe is stored near ${new Date(where.start).toISOString()} on ${where.camera}`);
    const reply = await ctx.models.see(`${i.question}\n(${frames.length} frames of camera ${where.camera} from ${new Date(frames[0]?.seg.start ?? 0).toISOString()})`, frames.map((f) => f.jpeg));
    return { text: `Vision model on ${frames.length} keyframes of ${where.camera}: ${reply}`, evidence: frames.map((f) => segmentEvidence(f.seg)) };
  },
});

const objectMemoryQuerying = defineTool({
  name: 'object_memory_querying',
  description: 'Finds re-identified objects matching a question (by class and the words of their stored descriptions: zones, lines, duration) and lists their facts.',
  input: z.strictObject({ question: z.string().min(1), label: z.string().optional(), camera: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    const w = windowOf(i, ctx);
    const objs = ctx.queries.objectsIn(w, { label: i.label, camera: i.camera });
    if (objs.length === 0) return { text: `No ${i.label ?? 'object'} in memory from ${windowText(w, ctx.timeZone)}.` };
    const q = words(i.question);
    const scored = objs.map((o) => ({ o, score: lexicalScore(q, `${o.label} ${o.description ?? ''} ${o.zones.map((z) => z.zone).join(' ')} ${o.crossings.map((c) => c.line).join(' ')}`) }));
    scored.sort((a, b) => b.score - a.score || a.o.firstSeen - b.o.firstSeen);
    const top = scored.slice(0, 10);
    const line = (o: (typeof objs)[number]): string =>
      `${o.objectId} ${o.label} on ${o.camera} ${formatLocal(o.firstSeen, ctx.timeZone)} .. ${formatLocal(o.lastSeen, ctx.timeZone)}: ${o.description ?? ''}`;
    return { text: `${objs.length} candidate objects; best ${top.length}:\n${top.map((s) => line(s.o)).join('\n')}`, evidence: top.map((s) => objectEvidence(s.o)) };
  },
});

/** VideoAgent's tools. */
export const VIDEOAGENT_TOOLS: readonly Tool[] = [captionRetrieval, segmentLocalization, visualQuestionAnswering, objectMemoryQuerying];
