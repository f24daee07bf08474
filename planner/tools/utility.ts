/**
 * Utility tools: a snapshot reference (the stored keyframe nearest an instant) and a clip cut
 * with ffmpeg from stored recordings. Vigil stores keyframes, not video, unless recordings are
 * configured: without them the clip tool says so plainly.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { PlannerError } from '../errors.js';
import { segmentEvidence } from './evidence.js';
import { keyframesAround } from './videoagent.js';
import { defineTool, type Tool } from './types.js';
import { instantInput } from './window.js';

const run = promisify(execFile);

/** Longest clip cut, seconds. */
export const MAX_CLIP_SECONDS = 300;

const snapshot = defineTool({
  name: 'snapshot',
  brief: 'stored keyframe nearest an instant',
  description: 'Reference of the stored keyframe (snapshot) of a camera nearest an instant.',
  input: z.strictObject({ camera: z.string().min(1), at: z.string().describe('ISO-8601 or local time as tools print it') }),
  execute(i, ctx) {
    const t = instantInput(i.at, 'at', ctx);
    if (!ctx.memory.cameras().includes(i.camera)) throw new PlannerError('TOOL_BAD_INPUT', `unknown camera "${i.camera}"`);
    const [f] = keyframesAround(ctx, i.camera, t, 1, 30_000);
    if (!f) throw new PlannerError('TOOL_NOTHING_STORED', `no keyframe is stored within 30 s of ${i.at} on ${i.camera}`);
    const ev = segmentEvidence(f.seg);
    return { value: ev.snapshot ?? null, text: `Snapshot of ${i.camera} at ${ev.start}: ${ev.snapshot ?? ''}`, evidence: [ev] };
  },
});

/** Recordings of a camera: files named `<startEpochMs>.mp4`, sorted by start. */
function recordings(dir: string, camera: string): { file: string; start: number }[] {
  const d = join(dir, camera);
  if (!existsSync(d)) return [];
  return readdirSync(d)
    .map((f) => ({ file: join(d, f), m: /^(\d+)\.(mp4|mkv|ts)$/.exec(f) }))
    .filter((x) => x.m)
    .map((x) => ({ file: x.file, start: Number(x.m?.[1]) }))
    .sort((a, b) => a.start - b.start);
}

const clip = defineTool({
  name: 'clip',
  brief: 'cut a video clip from recordings',
  description: 'Cuts a video clip of a camera between two instants from stored recordings (ffmpeg); returns its path.',
  input: z.strictObject({ camera: z.string().min(1), from: z.string(), to: z.string() }),
  async execute(i, ctx) {
    const from = instantInput(i.from, 'from', ctx);
    const to = instantInput(i.to, 'to', ctx);
    if (!(to > from)) throw new PlannerError('TOOL_BAD_INPUT', 'to must be after from');
    if ((to - from) / 1000 > MAX_CLIP_SECONDS) throw new PlannerError('TOOL_BAD_INPUT', `clips are at most ${MAX_CLIP_SECONDS} s`);
    const dir = ctx.paths.recordings;
    const recs = dir ? recordings(dir, i.camera) : [];
    const rec = recs.filter((r) => r.start <= from).pop();
    if (!dir || !rec) {
      throw new PlannerError('TOOL_NOTHING_STORED', `no recording is stored for ${i.camera} at ${i.from}: Vigil keeps keyframes and facts, not video${dir ? '' : ' (no recordings folder is configured)'}, so no clip can be cut`);
    }
    const out = join(ctx.paths.clips ?? join(dir, '..', 'clips'), `${i.camera}-${from}-${to}.mp4`);
    mkdirSync(join(out, '..'), { recursive: true });
    const args = ['-loglevel', 'error', '-y', '-ss', String((from - rec.start) / 1000), '-i', rec.file, '-t', String((to - from) / 1000), '-c', 'copy', out];
    try {
      await run(locateFfmpeg().path, args, { timeout: 60_000 });
    } catch (e) {
      throw new PlannerError('TOOL_FAILED', `ffmpeg could not cut the clip: ${(e as Error).message.split('\n').slice(-2).join(' ')}`);
    }
    return { value: out, text: `Clip of ${i.camera} ${i.from} .. ${i.to}: ${out}`, evidence: [{ camera: i.camera, start: new Date(from).toISOString(), end: new Date(to).toISOString() }] };
  },
});

/** The utility tools. */
export const UTILITY_TOOLS: readonly Tool[] = [snapshot, clip];
