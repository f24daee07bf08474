/**
 * Selecting objects and visits by their named colours (see `ingest/perception/colours.ts`): "the
 * person in the black top" is a person whose upper colour is black; "dark" matches black and any
 * dark-qualified colour; a vehicle's colour is its body's. Objects stored before colours were
 * named have none and match no colour filter (they are counted as `unknown`, so an answer can say
 * some could not be judged).
 */
import type { ObjectColour, ObjectColours, ObjectFact } from '../../ingest/observations.js';
import { borderTerms } from '../../ingest/perception/colour-names.js';

/** A "dark" garment is black, or a dark-qualified colour under this lightness (a mid-grey cardigan at L* 41 is grey, not dark). */
const DARK_L = 35;

/** A dark-qualified colour under this lightness is near black (its hue is the camera's, not the eye's): called black as well as by its hue (a blue-cast black jacket at L* 5). */
const NEAR_BLACK_L = 8;

/** An achromatic grey this light or lighter is a light grey (P6's light grey shirt measures L* 61-64). */
const LIGHT_GREY_L = 60;
/** Lightness under {@link LIGHT_GREY_L} where a grey could be called light or not: not judged. */
const GREY_BORDER_L = 5;

/** Body parts a colour filter can name. */
export type ColourPart = 'upper' | 'lower' | 'body' | 'any';

/** One colour condition: a basic term ("black") or "dark"/"light", with an optional qualifier, on a part. */
export interface ColourFilter {
  part: ColourPart;
  /** A basic colour term, or 'dark'/'light' alone ("the man in the dark hoodie"). */
  term: string;
  /** Qualifier said ("dark blue"): the colour may have it or none, never the opposite one (a dark blue coat measured as plain blue still fits); absent: any. */
  qualifier?: 'dark' | 'light';
}

/** What a colour filter selected: matches, and objects with no colours to judge. */
export interface ColourSelection<T> {
  matches: T[];
  /** Objects (or visits) with no named colour for the part asked about. */
  unknown: T[];
}

/** Whether one named colour fits a filter's term and qualifier. "grey" also names silver. */
export function colourFits(c: ObjectColour | undefined, f: Pick<ColourFilter, 'term' | 'qualifier'>): boolean | undefined {
  if (!c) return undefined;
  const term = f.term === 'silver' || f.term === 'gray' ? 'grey' : f.term;
  if (term === 'dark') return c.term === 'black' || ((c.qualifier === 'dark' || c.term === 'grey') && c.lab[0] < DARK_L);
  // a grey is light ("pale", "light grey") from LIGHT_GREY_L; just under it, it could be called either
  if (term === 'light' && c.term === 'grey') return c.lab[0] >= LIGHT_GREY_L ? true : c.lab[0] >= LIGHT_GREY_L - GREY_BORDER_L ? undefined : false;
  if (term === 'light') return c.term === 'white' || c.qualifier === 'light';
  // a colour on the border of two hues could be called either: neither is judged
  const border: readonly string[] = borderTerms(c.lab);
  if (border.length > 0 && (c.term === term || border.includes(term))) return undefined;
  if (term === 'black' && c.qualifier === 'dark' && c.lab[0] < NEAR_BLACK_L) return true;
  if (c.term !== term) return false;
  return f.qualifier === undefined || c.qualifier === undefined || c.qualifier === f.qualifier;
}

/** Whether a set of colours fits every filter; undefined when a part asked about was not named. */
export function coloursFit(cs: ObjectColours | undefined, filters: readonly ColourFilter[]): boolean | undefined {
  let unknown = false;
  for (const f of filters) {
    const parts = f.part === 'any' ? [cs?.upper, cs?.lower, cs?.body].filter((c) => c !== undefined) : [cs?.[f.part]];
    const fits = parts.map((c) => colourFits(c, f));
    if (fits.some((x) => x === true)) continue;
    if (fits.length === 0 || fits.every((x) => x === undefined)) unknown = true;
    else return false;
  }
  return unknown ? undefined : true;
}

/**
 * Objects whose colours fit every filter (an object fits when its own colours do, or any of its
 * visits' do: a person seen in a coat and later without one). Objects with nothing to judge go
 * to `unknown`.
 */
export function selectByColour<T extends Pick<ObjectFact, 'colours' | 'visits'>>(objects: readonly T[], filters: readonly ColourFilter[]): ColourSelection<T> {
  const out: ColourSelection<T> = { matches: [], unknown: [] };
  for (const o of objects) {
    const verdicts = [coloursFit(o.colours, filters), ...(o.visits ?? []).map((v) => coloursFit(v.colours, filters))];
    if (verdicts.includes(true)) out.matches.push(o);
    else if (verdicts.every((v) => v === undefined)) out.unknown.push(o);
  }
  return out;
}

/**
 * The visits of an object whose colours fit every filter (a visit without its own colours is
 * judged by the object's). For "when did the man in the dark hoodie leave": the visits, not the
 * whole object, are narrowed.
 */
export function visitsByColour(o: Pick<ObjectFact, 'colours' | 'visits' | 'firstSeen' | 'lastSeen'>, filters: readonly ColourFilter[]): { start: number; end: number }[] {
  const visits = o.visits ?? [{ start: o.firstSeen, end: o.lastSeen }];
  return visits.filter((v) => coloursFit('colours' in v && v.colours ? v.colours : o.colours, filters) === true).map((v) => ({ start: v.start, end: v.end }));
}

/** Words of a colour question and the part they name: "top"/"shirt"/"hoodie"/"vest" name the upper body, "trousers"/"jeans" the lower. */
export const GARMENT_PARTS: Readonly<Record<string, ColourPart>> = {
  top: 'upper', shirt: 'upper', 't-shirt': 'upper', tshirt: 'upper', hoodie: 'upper', jacket: 'upper', coat: 'upper', vest: 'upper', sweater: 'upper', jumper: 'upper', cardigan: 'upper', blouse: 'upper',
  trousers: 'lower', pants: 'lower', jeans: 'lower', skirt: 'lower', shorts: 'lower', leggings: 'lower',
};

/**
 * The colours of the visit of `o` that overlaps `[start, end]` most (a visit without its own
 * colours, or an object without visits, has the object's).
 */
export function visitColours(o: Pick<ObjectFact, 'colours' | 'visits'>, start: number, end: number): ObjectColours | undefined {
  let best: { colours?: ObjectColours } | undefined;
  let bestOverlap = -Infinity;
  for (const v of o.visits ?? []) {
    const overlap = Math.min(end, v.end) - Math.max(start, v.start);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = v;
    }
  }
  return best?.colours ?? o.colours;
}
