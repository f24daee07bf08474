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
import { instantInput, windowFields, windowOf, windowText } from './window.js';

/** Most segments caption_retrieval returns. */
export const MAX_CAPTIONS = 15;
/** Segments segment_localization returns. */
export const TOP_SEGMENTS = 5;

const segText = (s: SegmentRecord): string => [s.caption ?? '', s.visionCaption ?? '', s.transcript ?? '', ...(s.ocr ?? []).map((o) => (typeof o === 'string' ? o : JSON.stringify(o)))].join(' ');

/** Local date and time of day of an instant (`YYYY-MM-DD`, `HH:MM:SS[.mmm]`). */
function dayTime(t: number, tz: string): [string, string] {
  const s = formatLocal(t, tz);
  return [s.slice(0, 10), s.slice(11, s.length - tz.length - 1)];
}

/** The one local date of all instants, or null when they span several. */
function oneDay(ts: readonly number[], tz: string): string | null {
  const days = new Set(ts.map((t) => dayTime(t, tz)[0]));
  return days.size === 1 ? ([...days][0] as string) : null;
}

/**
 * A segment as one compact line: `[date ]HH:MM:SS[-HH:MM:SS] camera: caption`, the date left out
 * when the list's header gives it (tool results are resent with every later call, so they are
 * kept short). Camera and start time identify the segment for visual_question_answering.
 */
function segLine(s: SegmentRecord, tz: string, withDate: boolean, withCamera: boolean, until?: number): string {
  const [day, time] = dayTime(s.start, tz);
  return `${withDate ? `${day} ` : ''}${time}${until ? `-${dayTime(until, tz)[1]}` : ''}${withCamera ? ` ${s.camera}` : ''}: ${s.caption ?? '(no caption)'}${s.transcript ? ` | said: "${s.transcript}"` : ''}`;
}

/** The header part naming what every line shares: the camera (when one) and the date (when one). */
function shared(segs: readonly SegmentRecord[], tz: string): { head: string; withDate: boolean; withCamera: boolean } {
  const cams = new Set(segs.map((s) => s.camera));
  const day = oneDay(segs.map((s) => s.start), tz);
  return { head: `${cams.size === 1 ? `${[...cams][0]} ` : ''}${day ? `${day} ` : ''}${tz}`, withDate: day === null, withCamera: cams.size !== 1 };
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
  brief: 'segment captions of a window (at most 15)',
  description: `Captions of the segments in a window (at most ${MAX_CAPTIONS} lines; repeated captions are merged, long windows are sampled evenly).`,
  input: z.strictObject({ camera: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    const w = windowOf(i, ctx);
    const all = runs(ctx.queries.segments(w, i.camera).sort((a, b) => a.start - b.start || a.camera.localeCompare(b.camera)));
    if (all.length === 0) return { text: `No segments recorded from ${windowText(w, ctx.timeZone)}.` };
    const step = all.length / MAX_CAPTIONS;
    const picked = all.length <= MAX_CAPTIONS ? all : Array.from({ length: MAX_CAPTIONS }, (_, k) => all[Math.floor(k * step)] as (typeof all)[number]);
    const note = picked.length < all.length ? `, ${picked.length} of ${all.length} runs sampled evenly` : '';
    const sh = shared(picked.map((r) => r.first), ctx.timeZone);
    return { text: `Captions ${sh.head}${note ? ` (${note.slice(2)})` : ''}:\n${picked.map((r) => segLine(r.first, ctx.timeZone, sh.withDate, sh.withCamera, r.end)).join('\n')}`, evidence: picked.map((r) => segmentEvidence(r.first)) };
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
  brief: '5 segments best matching a description',
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
    const sh = shared(top.map((r) => r.s), ctx.timeZone);
    return { text: `Top ${top.length} segments for "${i.text}" (by ${method}; ${sh.head}):\n${top.map((r) => `${r.score.toFixed(3)} ${segLine(r.s, ctx.timeZone, sh.withDate, sh.withCamera)}`).join('\n')}`, evidence: top.map((r) => segmentEvidence(r.s)) };
  },
});

/** Reads a segment id `camera/startMs`. */
export function parseSegmentId(id: string): { camera: string; start: number } {
  const m = /^(.+)\/(\d+)$/.exec(id);
  if (!m) throw new PlannerError('TOOL_BAD_INPUT', `segment "${id}" is not an id of the form camera/startMs (or give camera and at, the start time caption_retrieval and segment_localization print)`);
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
  brief: 'vision model on frames of a segment',
  description: 'Asks the vision model a question about the keyframes around one segment: its camera and start time (as caption_retrieval and segment_localization print it, or ISO-8601), or a segment id camera/startMs.',
  input: z.strictObject({ question: z.string().min(1), camera: z.string().optional(), at: z.string().optional().describe('segment start: local time as tools print it, or ISO-8601'), segment: z.string().optional().describe('segment id camera/startMs') }),
  async execute(i, ctx) {
    const where = i.segment ? parseSegmentId(i.segment) : i.camera && i.at ? { camera: i.camera, start: instantInput(i.at, 'at', ctx) } : null;
    if (!where) throw new PlannerError('TOOL_BAD_INPUT', 'give both camera and at (a segment start time), or segment (camera/startMs)');
    if (!ctx.models.has('vision')) throw new PlannerError('PLANNER_NO_MODEL', 'no vision model is configured (models.vision): frames cannot be looked at');
    const frames = keyframesAround(ctx, where.camera, where.start, 3);
    if (frames.length === 0) throw new PlannerError('TOOL_NOTHING_STORED', `no keyframe is stored near ${new Date(where.start).toISOString()} on ${where.camera}`);
    const reply = await ctx.models.see(`${i.question}\n(${frames.length} frames of camera ${where.camera} from ${new Date(frames[0]?.seg.start ?? 0).toISOString()})`, frames.map((f) => f.jpeg));
    return { text: `Vision model on ${frames.length} keyframes of ${where.camera}: ${reply}`, evidence: frames.map((f) => segmentEvidence(f.seg)) };
  },
});

const objectMemoryQuerying = defineTool({
  name: 'object_memory_querying',
  brief: 'objects matching a question, with facts',
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
