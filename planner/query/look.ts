/**
 * Visits narrowed by how their objects look ("the person in the black top", "the red car"): each
 * visit is judged by the colours perception named for it (see `memory/queries/colours.ts`). A
 * visit whose object has no colours for a part asked about is not judged: it is neither kept nor
 * dropped, but counted apart so the executor can refuse rather than guess.
 */
import { coloursFit, visitColours } from '../../memory/queries/colours.js';
import { MemoryQueries } from '../../memory/queries.js';
import type { MemoryStore } from '../../memory/store.js';
import type { ObjectRecord } from '../../memory/types.js';
import type { Look, LookColour, VisitFact } from './schema.js';

/** Visits judged by a look: those that fit, and those with nothing to judge. */
export interface LookJudged {
  matches: VisitFact[];
  unknown: VisitFact[];
}

/** Labels whose colours perception names: people (upper, lower) and vehicles (body). */
export const LOOK_LABELS: ReadonlySet<string> = new Set(['person', 'car', 'truck', 'bus', 'van', 'motorcycle', 'bicycle', 'train', 'boat', 'vehicle']);

/** Whether a label's objects have a body colour (vehicles) rather than upper and lower ones (people). */
export function hasBody(label: string): boolean {
  return label !== 'person' && LOOK_LABELS.has(label);
}

/** The look's colours as a label's parts are named: a vehicle has one body colour, whatever part the words named. */
function forLabel(cs: readonly LookColour[], label: string): LookColour[] {
  return hasBody(label) ? cs.map((c) => ({ ...c, part: 'body' as const })) : cs.map((c) => (c.part === 'body' ? { ...c, part: 'any' as const } : c));
}

/** Judges visits by a look, reading each object once. */
export function judgeVisits(memory: MemoryStore, visits: readonly VisitFact[], look: Look): LookJudged {
  const q = new MemoryQueries(memory);
  const objects = new Map<string, ObjectRecord | undefined>();
  const out: LookJudged = { matches: [], unknown: [] };
  for (const v of visits) {
    if (!objects.has(v.objectId)) objects.set(v.objectId, q.object(v.objectId));
    const o = objects.get(v.objectId);
    const fit = o ? coloursFit(visitColours(o, v.start, v.end), forLabel(look.colours, v.label)) : undefined;
    if (fit === true) out.matches.push(v);
    else if (fit === undefined) out.unknown.push(v);
  }
  return out;
}

/** Whether an object (by id) looks so: true, false, or undefined when it has no colours to judge. */
export function objectLooks(memory: MemoryStore, objectId: string, look: Look): boolean | undefined {
  const o = new MemoryQueries(memory).object(objectId);
  if (!o) return undefined;
  const fits = [o.colours, ...(o.visits ?? []).map((v) => v.colours)].map((c) => coloursFit(c, forLabel(look.colours, o.label)));
  if (fits.includes(true)) return true;
  return fits.every((f) => f === undefined) ? undefined : false;
}

/** A look in words: "dark on top", "black on top and blue below", "grey". */
export function lookWords(look: Look): string {
  const part = { upper: ' on top', lower: ' below', body: '', any: '' } as const;
  return look.colours.map((c) => `${c.qualifier ? `${c.qualifier} ` : ''}${c.term}${part[c.part]}`).join(' and ');
}
