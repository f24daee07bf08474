/**
 * Exact aggregate tools: the memory's typed queries do the arithmetic; the model only reads the
 * result. Counts, an instant's count, the most at once, first/last sighting, dwell, line
 * crossings and zone occupancy.
 */
import { z } from 'zod';
import type { Window } from '../../memory/queries.js';
import { PlannerError } from '../errors.js';
import { eventEvidence, objectEvidence } from './evidence.js';
import { defineTool, type Tool, type ToolContext } from './types.js';
import { instantInput, timeText, windowFields, windowOf, windowText } from './window.js';

const filters = {
  label: z.string().optional().describe('object class, e.g. person, car (omit: any class)'),
  camera: z.string().optional().describe('camera id (omit: all cameras)'),
};
const zoneField = z.string().min(1).describe('zone id');

/** Throws TOOL_BAD_INPUT when a named camera is not in the memory. */
function checkCamera(ctx: ToolContext, camera?: string): void {
  if (camera && !ctx.memory.cameras().includes(camera)) throw new PlannerError('TOOL_BAD_INPUT', `unknown camera "${camera}"; cameras: ${ctx.memory.cameras().join(', ') || 'none'}`);
}

function what(label: string | undefined, zone?: string, camera?: string): string {
  return `${label ?? 'object'}s${zone ? ` in zone ${zone}` : ''}${camera ? ` on ${camera}` : ''}`;
}

function gapsNote(ctx: ToolContext, w: Window, camera?: string): string {
  const c = ctx.queries.coverage(w, camera);
  if (!c.from) return ' WARNING: no recording covers this window.';
  return c.gaps.length ? ` Coverage gaps: ${c.gaps.map((g) => `${g.camera} ${g.start}..${g.end}`).join(', ')}.` : '';
}

const count = defineTool({
  name: 'count',
  brief: 'number of distinct objects seen',
  exact: true,
  description: 'Exact number of distinct objects (after re-identification) of a class seen in a window, optionally only those in a zone.',
  input: z.strictObject({ ...filters, zone: z.string().optional().describe('zone id'), ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const objs = ctx.queries.objectsIn(w, { label: i.label, camera: i.camera, zone: i.zone });
    return { value: objs.length, text: `${objs.length} distinct ${what(i.label, i.zone, i.camera)} from ${windowText(w, ctx.timeZone)}.${gapsNote(ctx, w, i.camera)}`, evidence: objs.slice(0, 10).map(objectEvidence) };
  },
});

const countAt = defineTool({
  name: 'count_at',
  brief: 'objects visible at one instant',
  exact: true,
  description: 'Exact number of objects of a class visible at one instant (summed over cameras).',
  input: z.strictObject({ at: z.string().describe('the instant, ISO-8601 or local time as tools print it'), ...filters, zone: z.string().optional() }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const t = instantInput(i.at, 'at', ctx);
    const r = ctx.queries.countAt(t, { label: i.label, camera: i.camera, zone: i.zone });
    if (r.frames.length === 0) return { value: null, text: `No frame was recorded within 2 s before ${timeText(t, ctx.timeZone)}: the count there is unknown.` };
    return { value: r.count, text: `${r.count} ${what(i.label, i.zone, i.camera)} at ${timeText(t, ctx.timeZone)} (frames: ${r.frames.map((f) => `${f.camera}@${new Date(f.ts).toISOString()}`).join(', ')}).`, evidence: r.frames.map((f) => ({ camera: f.camera, start: new Date(f.ts).toISOString(), end: new Date(f.ts).toISOString() })) };
  },
});

const maxSimultaneous = defineTool({
  name: 'max_simultaneous',
  brief: 'most objects at once, and when',
  exact: true,
  description: 'Most objects of a class visible at once in one camera frame during a window, and when it first happened.',
  input: z.strictObject({ ...filters, zone: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const r = ctx.queries.maxSimultaneous(w, { label: i.label, camera: i.camera, zone: i.zone });
    if (r.at === null || r.camera === null) return { value: 0, text: `No ${what(i.label, i.zone, i.camera)} seen at all from ${windowText(w, ctx.timeZone)}.${gapsNote(ctx, w, i.camera)}` };
    const at = new Date(r.at).toISOString();
    return { value: r.count, text: `At most ${r.count} ${what(i.label, i.zone)} at once, first at ${timeText(r.at, ctx.timeZone)} on ${r.camera}.${gapsNote(ctx, w, i.camera)}`, evidence: [{ camera: r.camera, start: at, end: at }] };
  },
});

const firstLastSeen = defineTool({
  name: 'first_last_seen',
  brief: 'first arrival and last departure',
  exact: true,
  description: 'First and last sighting of a class in a window: arrival of the first object and departure of the last.',
  input: z.strictObject({ ...filters, zone: z.string().optional(), ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const { first, last } = ctx.queries.firstLastSeen(w, { label: i.label, camera: i.camera, zone: i.zone });
    if (!first || !last) return { value: null, text: `No ${what(i.label, i.zone, i.camera)} seen from ${windowText(w, ctx.timeZone)}.${gapsNote(ctx, w, i.camera)}` };
    return {
      value: { start: new Date(first.firstSeen).toISOString(), end: new Date(last.lastSeen).toISOString() },
      text: `First: ${first.objectId} appeared ${timeText(first.firstSeen, ctx.timeZone)} on ${first.camera}. Last: ${last.objectId} last seen ${timeText(last.lastSeen, ctx.timeZone)} on ${last.camera}.`,
      evidence: [objectEvidence(first), ...(last.objectId !== first.objectId ? [objectEvidence(last)] : [])],
    };
  },
});

const dwell = defineTool({
  name: 'dwell',
  brief: 'seconds each object stayed in a zone, longest first',
  exact: true,
  description: 'How long each object stayed in a zone during a window (seconds), longest first.',
  input: z.strictObject({ zone: zoneField, ...filters, ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const rows = ctx.queries.dwell(w, i.zone, { label: i.label, camera: i.camera });
    if (rows.length === 0) return { value: null, text: `No ${what(i.label, i.zone, i.camera)} from ${windowText(w, ctx.timeZone)}.` };
    const top = rows.slice(0, 10);
    return {
      value: top[0]?.seconds ?? null,
      text: `${rows.length} objects visited zone ${i.zone}; longest first:\n${top.map((r) => `${r.object.objectId} (${r.object.label}) ${r.seconds.toFixed(1)} s, from ${new Date(r.object.firstSeen).toISOString()}`).join('\n')}`,
      evidence: top.map((r) => objectEvidence(r.object)),
    };
  },
});

const crossings = defineTool({
  name: 'crossings',
  brief: 'line crossings by direction',
  exact: true,
  description: 'Number of crossings of a directed line by direction (forward/backward) in a window.',
  input: z.strictObject({ line: z.string().min(1).describe('line id'), ...filters, ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const r = ctx.queries.crossings(w, i.line, { label: i.label, camera: i.camera });
    const total = r.forward + r.backward;
    return { value: total, text: `Line ${i.line}: ${r.forward} forward, ${r.backward} backward (${total} total) ${what(i.label)} crossings from ${windowText(w, ctx.timeZone)}.${gapsNote(ctx, w, i.camera)}`, evidence: r.events.slice(0, 10).map(eventEvidence) };
  },
});

const occupancy = defineTool({
  name: 'occupancy',
  brief: 'zone occupancy: max, mean, when',
  exact: true,
  description: 'Occupancy of a zone over a window: maximum, mean and when it was occupied.',
  input: z.strictObject({ zone: zoneField, camera: filters.camera, ...windowFields }),
  execute(i, ctx) {
    checkCamera(ctx, i.camera);
    const w = windowOf(i, ctx);
    const pts = ctx.queries.occupancyTimeline(w, i.zone, i.camera);
    if (pts.length === 0) return { value: null, text: `No frames record zone ${i.zone} from ${windowText(w, ctx.timeZone)} (unknown zone or no recording).` };
    let max = pts[0] ?? { camera: '', ts: 0, count: 0 };
    let sum = 0;
    let busy = 0;
    for (const p of pts) {
      sum += p.count;
      if (p.count > 0) busy++;
      if (p.count > max.count) max = p;
    }
    const at = new Date(max.ts).toISOString();
    return {
      value: max.count,
      text: `Zone ${i.zone}: max ${max.count} at ${timeText(max.ts, ctx.timeZone)} on ${max.camera}; mean ${(sum / pts.length).toFixed(2)}; occupied in ${busy} of ${pts.length} frames.`,
      evidence: [{ camera: max.camera, start: at, end: at }],
    };
  },
});

/** The exact aggregate tools. */
export const AGGREGATE_TOOLS: readonly Tool[] = [count, countAt, maxSimultaneous, firstLastSeen, dwell, crossings, occupancy];
