/**
 * The executor's check of a thing picked by its place in the picture ("the left bottle"): one class
 * that stands still, a measure read from settled counts, and one camera whose picture tells the
 * place. Narrows the run's cameras to that camera, or refuses saying why.
 */
import { countMeasure } from './measures/index.js';
import { MOVERS } from './lexicon.js';
import { readSpot, spotWords } from './spots.js';
import type { Run } from './execute-common.js';
import type { QueryValue } from './schema.js';

/** Undefined when the spot can be read (the run's cameras narrowed to its one camera), else the refusal. */
export function spotCheck(r: Run): QueryValue | undefined {
  const { q } = r;
  const spot = q.subject.spot;
  if (!spot) return undefined;
  const label = q.subject.classes.length === 1 ? (q.subject.classes[0] as string) : undefined;
  const where = spotWords(spot);
  if (!label || MOVERS.has(label)) return { kind: 'none', why: `${where} picks one of the things that stand still in a row (bottles on a shelf) by its place in the picture; ${label ? `${label === 'person' ? 'people' : `${label}s`} move about` : 'it needs one kind of thing'}` };
  if (q.place.zone || q.place.line) return { kind: 'none', why: `${where} is a place in the whole picture; it is not read inside a zone or at a line` };
  if (!countMeasure(q.measure)) return { kind: 'none', why: `the ${label} at ${where} is told by the count at its place in the picture: ask when it was taken or put back, how long it was gone, or whether it was there` };
  const reads = r.cams.map((cam) => ({ cam, read: readSpot(r.memory, cam, label, spot, q.time.from, q.time.at !== undefined ? q.time.at + 1 : q.time.to) }));
  const ok = reads.filter((x) => !('why' in x.read));
  if (ok.length > 1) return { kind: 'none', why: `${ok.map((x) => x.cam).join(' and ')} each have ${label}s in a row; say which camera` };
  const one = ok[0];
  if (!one || 'why' in one.read) {
    const why = reads.find((x) => 'why' in x.read)?.read;
    return { kind: 'none', why: why && 'why' in why ? why.why : `no ${label} was seen then` };
  }
  r.cams = [one.cam];
  r.notes.push(`The ${label} at ${where} of ${one.read.places} in a row on ${one.cam} (left and right as the camera's picture shows them), read from the count at that place`);
  return undefined;
}
