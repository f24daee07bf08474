/**
 * The tokeniser's stage for how people and vehicles look: "the person in the black top", "the man
 * in the dark hoodie", "someone dressed all in black", "the guy with a red jacket and blue jeans",
 * "the grey car". Each description becomes one `look` token (marker `@lN` in the sentence) beside
 * its person or vehicle word; words that narrow nothing the detector can see ("man", "hoodie")
 * are kept with it, for the Read-as line. A colour word Vigil does not name ("beige") or a thing
 * whose colour it does not measure ("hat") makes a look that the composer refuses, naming it.
 */
import type { LookColour } from './schema.js';
import { isEnglish } from './spell.js';

/** A look said in the question. */
export interface LookPhrase {
  colours: LookColour[];
  /** The words that said it ("in the dark hoodie"). */
  said: string;
  /** Words that narrowed nothing ("man", "hoodie"). */
  ignored: string[];
  /** A colour word not named, or a worn thing whose colour is not measured ("beige", "hat"). */
  unjudged?: string;
}

type Term = LookColour['term'];

/** Colour words: basic terms and the common names read as one of them (a qualifier where the name says one). */
const COLOURS: Readonly<Record<string, [Term, ('dark' | 'light')?]>> = {
  black: ['black'], white: ['white'], grey: ['grey'], gray: ['grey'], silver: ['grey'], red: ['red'], orange: ['orange'], yellow: ['yellow'],
  green: ['green'], blue: ['blue'], purple: ['purple'], pink: ['pink'], brown: ['brown'],
  navy: ['blue', 'dark'], maroon: ['red', 'dark'], burgundy: ['red', 'dark'], crimson: ['red'], scarlet: ['red'], charcoal: ['grey', 'dark'],
  violet: ['purple'], lilac: ['purple', 'light'], lavender: ['purple', 'light'], olive: ['green', 'dark'],
};
/** Colour words with no basic term a person would agree on: a look that uses one is refused. */
const UNNAMED = new Set('beige tan khaki cream turquoise teal cyan magenta gold golden ivory bronze copper mustard peach coral camo camouflage'.split(' '));
/** Qualifiers of a colour. */
const QUALIFIERS: Readonly<Record<string, 'dark' | 'light' | undefined>> = { dark: 'dark', light: 'light', pale: 'light', deep: 'dark', bright: undefined };
/** Worn things by the part of the body their colour is read on; `silent` ones say only the part and narrow nothing else. */
const GARMENTS: Readonly<Record<string, { part: LookColour['part']; silent?: true }>> = {
  top: { part: 'upper', silent: true }, tops: { part: 'upper', silent: true }, bottoms: { part: 'lower', silent: true }, trousers: { part: 'lower', silent: true },
  pants: { part: 'lower', silent: true }, clothes: { part: 'any', silent: true }, clothing: { part: 'any', silent: true }, outfit: { part: 'any', silent: true },
  shirt: { part: 'upper' }, shirts: { part: 'upper' }, 't shirt': { part: 'upper' }, 't shirts': { part: 'upper' }, tshirt: { part: 'upper' }, tee: { part: 'upper' },
  hoodie: { part: 'upper' }, hoodies: { part: 'upper' }, hoody: { part: 'upper' }, jacket: { part: 'upper' }, jackets: { part: 'upper' }, coat: { part: 'upper' }, coats: { part: 'upper' },
  vest: { part: 'upper' }, vests: { part: 'upper' }, 'hi vis': { part: 'upper' }, 'hi vis vest': { part: 'upper' }, sweater: { part: 'upper' }, sweaters: { part: 'upper' },
  jumper: { part: 'upper' }, jumpers: { part: 'upper' }, cardigan: { part: 'upper' }, cardigans: { part: 'upper' }, blouse: { part: 'upper' }, sweatshirt: { part: 'upper' },
  fleece: { part: 'upper' }, jersey: { part: 'upper' }, polo: { part: 'upper' },
  jeans: { part: 'lower' }, skirt: { part: 'lower' }, skirts: { part: 'lower' }, shorts: { part: 'lower' }, leggings: { part: 'lower' }, joggers: { part: 'lower' },
  dress: { part: 'any' }, dresses: { part: 'any' }, uniform: { part: 'any' }, uniforms: { part: 'any' }, overalls: { part: 'any' }, suit: { part: 'any' }, suits: { part: 'any' }, gear: { part: 'any', silent: true },
};
/** Words of a garment's shape or make ("long", "knit"): they narrow nothing the colours show, and are named. */
const SHAPES = new Set('long short baggy loose tight knit knitted woolly wooly thick thin big large small hooded sleeveless padded puffy puffer zip leather denim cotton plain'.split(' '));
/** Words of a person's hair, build or age before the person word: with a look they narrow nothing, and are named. */
const FEATURES = new Set('blonde blond brunette bald bearded tall short young old elderly older younger'.split(' '));
/** Worn or carried things whose colour is not measured. */
const UNMEASURED = new Set(['hard hat', 'hard hats', 'baseball cap', ...'hat hats cap caps helmet helmets shoes shoe boots sneakers trainers bag bags backpack backpacks scarf scarves gloves mask masks glasses sunglasses beanie headscarf hair tie socks belt'.split(' ')]);
/** Words for hair: a colour said of them is no colour of the clothes. */
const HAIR = new Set(['hair', 'beard']);
/** Words for a person that a description can follow. */
const PERSON = new Set('person people persons someone somebody anyone anybody one ones visitor visitors customer customers worker workers individual individuals shopper shoppers employee employees everyone everybody those guy guys fellow bloke chap'.split(' '));
/** Words for a person that say what the detector cannot see (sex, age): with a look they narrow nothing, and are named. */
const UNTOLD = new Set('man men woman women lady ladies gentleman gentlemen boy boys girl girls kid kids child children male males female females'.split(' '));
/** Vehicle words a colour can come before ("the red car"). */
const VEHICLES = new Set('car cars truck trucks van vans bus buses motorcycle motorcycles motorbike motorbikes bicycle bicycles bike bikes vehicle vehicles suv suvs pickup pickups lorry lorries taxi taxis cab cabs'.split(' '));
/** Prepositions of a person's place ("the visitor at the table in black"). */
const AT = new Set(['at', 'on', 'by', 'near', 'to']);
/** Words that join a person to a description. */
const INTRO = new Set(['wearing', 'in', 'dressed', 'clad', 'with', 'sporting', 'having', 'wore', 'wears', 'wear', 'had', 'has', 'have']);
/** Intro words that say a look even away from the person word ("did anyone come to the desk wearing orange"). */
const WORN = new Set(['wearing', 'dressed', 'clad', 'sporting', 'wore', 'wear', 'wears']);
/** Phrases after a colour that say the part of the body ("grey on top", "black on the bottom"). */
const PART_PHRASES: Readonly<Record<string, LookColour['part']>> = {
  'on top': 'upper', 'on the top': 'upper', 'up top': 'upper', 'on the bottom': 'lower', 'on the bottoms': 'lower', 'on the legs': 'lower', 'on their legs': 'lower', 'below': 'lower',
};
/** Words that join or place, never a kind of garment ("black and white shirt", "grey with blue jeans"). */
const JOINING = new Set(['and', 'with', 'the', 'for', 'from', 'but', 'nor', 'yet', 'over', 'under', 'into', 'onto', 'then', 'who', 'that', 'was', 'were', 'had', 'has']);
/** Words after a colour that make it a place's name, not a look ("in the red zone"). */
const PLACE_KINDS = new Set(['zone', 'area', 'region', 'line', 'camera', 'cam', 'tripwire']);

/** Whether a word is one a look is said with (a colour, a worn thing, a shape): never a typing slip of another word. */
export function isLookWord(w: string): boolean {
  return Object.hasOwn(COLOURS, w) || UNNAMED.has(w) || Object.hasOwn(QUALIFIERS, w) || Object.hasOwn(GARMENTS, w) || SHAPES.has(w) || FEATURES.has(w) || UNMEASURED.has(w);
}

/** A table's own entry for a word (never an inherited key such as "constructor"). */
function own<T>(table: Readonly<Record<string, T>>, word: string | undefined): T | undefined {
  return word !== undefined && Object.hasOwn(table, word) ? table[word] : undefined;
}

/** One description at `j`: colour words and an optional worn thing. */
interface Desc {
  colours: LookColour[];
  end: number;
  ignored: string[];
  unjudged?: string;
}

/** Reads "dark blue hoodie", "black", "light top", "beige hat" at `j` (the part is `whole` when no worn thing is named). */
function desc(w: readonly string[], j: number, whole: LookColour['part'][]): Desc | null {
  let k = j;
  // "the long grey cardigan": shape words before the colour narrow nothing
  const shapes: string[] = [];
  while (SHAPES.has(w[k] ?? '') && (Object.hasOwn(QUALIFIERS, w[k + 1] ?? '') || own(COLOURS, w[k + 1]) || UNNAMED.has(w[k + 1] ?? ''))) shapes.push(w[k++] as string);
  let qualifier: 'dark' | 'light' | undefined;
  let term: Term | undefined;
  let unjudged: string | undefined;
  // "dark" or "light" said with no hue: a look only with something worn after it
  let hueless = false;
  const q = w[k];
  if (q !== undefined && Object.hasOwn(QUALIFIERS, q)) {
    qualifier = QUALIFIERS[q];
    k++;
  }
  const c = w[k];
  const named = own(COLOURS, c);
  if (named) {
    const [t, ql] = named;
    term = t;
    qualifier = qualifier ?? ql;
    k++;
  } else if (c !== undefined && UNNAMED.has(c)) {
    unjudged = c;
    term = 'grey';
    k++;
  } else if (qualifier && q !== 'bright') {
    // "the dark hoodie": dark, whatever the hue (only with something worn: "in dark" alone says too little)
    term = qualifier;
    qualifier = undefined;
    hueless = true;
  } else return null;
  // "a black knit jumper": shape words after the colour too
  while (SHAPES.has(w[k] ?? '') && (own(GARMENTS, w[k + 1]) || SHAPES.has(w[k + 1] ?? '') || UNMEASURED.has(w[k + 1] ?? ''))) shapes.push(w[k++] as string);
  // "an orange safety vest", "a black biker jacket": an English word of a garment's kind right before it
  // (not a colour, a joining word or a shape already read) narrows nothing the colours show, and is named
  if (w[k] !== undefined && own(GARMENTS, w[k + 1]) && !own(GARMENTS, w[k]) && /^[a-z]{3,}$/.test(w[k] ?? '') && !isLookWord(w[k] ?? '') && !JOINING.has(w[k] ?? '') && isEnglish(w[k] ?? '')) shapes.push(w[k++] as string);
  // "t shirt", "hi vis vest", "hard hat": worn things of two or three words
  let garment: string | undefined;
  for (const len of [3, 2, 1]) {
    const g = w.slice(k, k + len).join(' ');
    if (w.length >= k + len && (own(GARMENTS, g) || UNMEASURED.has(g))) {
      garment = g;
      k += len;
      break;
    }
  }
  // "a black top or jacket", "a black top or a black jacket": another worn thing of the same part (and
  // colour) said as an alternative narrows nothing more
  const alternative = garment ? orSameGarment(w, k, own(GARMENTS, garment)?.part, c) : 0;
  if (alternative > 0) {
    shapes.push(w[k + alternative - 1] as string);
    k += alternative;
  }
  // "grey on top", "black on the bottom": the part said after the colour
  let said: LookColour['part'] | undefined;
  for (const len of garment ? [] : [3, 2, 1]) {
    said = own(PART_PHRASES, w.slice(k, k + len).join(' '));
    if (said && w.length >= k + len) {
      k += len;
      break;
    }
  }
  // "with long dark hair": hair is no worn thing; its words narrow nothing and are named
  if (garment && HAIR.has(garment)) return { colours: [], end: k, ignored: [w.slice(j, k).join(' ')] };
  if (!garment && !said && hueless) return null;
  if (!garment && PLACE_KINDS.has(w[k] ?? '')) return null;
  const ignored: string[] = [...shapes];
  if (garment && UNMEASURED.has(garment)) unjudged = garment;
  const g = own(GARMENTS, garment);
  if (garment && g && !g.silent) ignored.push(garment);
  const parts = g ? [g.part] : said ? [said] : whole;
  const colours = parts.map((part): LookColour => ({ part, term: term, ...(qualifier && term !== qualifier ? { qualifier } : {}) }));
  return { colours, end: k, ignored, ...(unjudged ? { unjudged } : {}) };
}

/**
 * The words of "or (a) (<the same colour>) <worn thing of the same part>" at `k`, or 0: an
 * alternative that says the same colour on the same part of the body.
 */
function orSameGarment(w: readonly string[], k: number, part: LookColour['part'] | undefined, colour: string | undefined): number {
  if (w[k] !== 'or' || part === undefined) return 0;
  let n = 1;
  if (/^(?:a|an)$/.test(w[k + n] ?? '')) n++;
  if (colour !== undefined && w[k + n] === colour) n++;
  return own(GARMENTS, w[k + n])?.part === part ? n + 1 : 0;
}

/** Words that open a relative clause. */
const RELATIVES = new Set(['that', 'which', 'who']);

/** Whether a colour at `i` is said of "the" vehicle before it, right after it, after its place or a short relative clause ("was the car red", "was the second car at the lot red", "was the car that went by silver"). */
function saidOfVehicle(w: readonly string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 5); k--) {
    if (!VEHICLES.has(w[k] ?? '')) continue;
    const between = w.slice(k + 1, i);
    // "was the car at the gate red?", "was the car that went by silver?": a place or a short relative clause between
    const short = between.length <= 4 && !between.some((x) => own(COLOURS, x));
    const place = between.length === 0 || (short && (AT.has(between[0] ?? '') || RELATIVES.has(between[0] ?? '')));
    return place && w.slice(Math.max(0, k - 3), k).includes('the');
  }
  return false;
}

/** Whether the description word at `i` follows a person and the place they were at ("the visitor at the table in black"). */
function afterPlace(w: readonly string[], i: number): boolean {
  // person, a preposition of place, "the" (or not), one or two words of the place's name
  for (const back of [3, 4, 5]) {
    const k = i - back;
    if (k < 0 || !PERSON.has(w[k] ?? '') || !AT.has(w[k + 1] ?? '')) continue;
    const rest = w.slice(k + 2, i);
    const name = rest[0] === 'the' ? rest.slice(1) : rest;
    if (name.length >= 1 && name.length <= 2 && name.every((x) => /^[a-z]+$/.test(x) && !INTRO.has(x))) return true;
  }
  return false;
}

/** Whether a wearing word at `i` is said of the one person word before it in its clause ("did anyone come to the desk wearing orange"). */
function afterSubject(w: readonly string[], i: number): boolean {
  // "in black" said away from the person only right before a colour ("in the last hour" is no look)
  const inColour = w[i] === 'in' && (own(COLOURS, w[i + 1]) !== undefined || (w[i + 1] === 'all' && own(COLOURS, w[i + 2]) !== undefined));
  if (!WORN.has(w[i] ?? '') && !inColour) return false;
  for (let k = i - 1; k >= Math.max(0, i - 8); k--) {
    const x = w[k] ?? '';
    if (PERSON.has(x) || UNTOLD.has(x)) return true;
    if (WORN.has(x) || own(COLOURS, x) || VEHICLES.has(x) || /^[?.!,;:]$/.test(x) || x.startsWith('@')) return false;
  }
  return false;
}

/** A description after a person word, from `j`: "in the black top", "who was wearing red and blue jeans", "dressed all in black". */
function personDesc(w: readonly string[], j0: number): Desc | null {
  let j = j0;
  if ((w[j] === 'who' || w[j] === 'that') && /^(?:is|was|were|are)$/.test(w[j + 1] ?? '')) j += 2;
  const intro = w[j];
  if (intro === undefined || !INTRO.has(intro)) return null;
  j++;
  // "the man in black": the top, what a person is seen in first ("all in black": top and bottom)
  let whole: LookColour['part'][] = ['upper'];
  // "all in black", "head to toe in black": top and bottom alike
  if (w[j] === 'all' || w[j] === 'entirely' || w[j] === 'completely') {
    whole = ['upper', 'lower'];
    j++;
  } else if (w.slice(j, j + 3).join(' ') === 'head to toe') {
    whole = ['upper', 'lower'];
    j += 3;
  }
  if (w[j] === 'in' && intro !== 'in') j++;
  // "wearing something orange": a colour of anything worn
  if ((w[j] === 'something' || w[j] === 'anything') && whole.length === 1) whole = ['any'];
  if (w[j] === 'a' || w[j] === 'an' || w[j] === 'the' || w[j] === 'some' || w[j] === 'something' || w[j] === 'anything') j++;
  const first = desc(w, j, whole);
  if (!first) return null;
  // "a black top and blue jeans", "with a white shirt and black trousers"
  const k = first.end;
  const and = w[k] === 'and' || w[k] === 'with' ? k + 1 + (/^(?:a|an|the)$/.test(w[k + 1] ?? '') ? 1 : 0) : -1;
  const second = and > 0 ? desc(w, and, whole) : null;
  // "a light grey shirt and jeans": a worn thing with no colour said narrows nothing
  const bare = !second && and > 0 && own(GARMENTS, w[and]) ? (w[and] as string) : undefined;
  if (bare) first.ignored.push(bare);
  const end = second ? second.end : bare ? and + 1 : k;
  // "with long dark hair in the grey cardigan", "in a black top wearing blue jeans": one more description
  const more = w[end] !== undefined && INTRO.has(w[end]) ? personDesc(w, end) : null;
  const both = [first, ...(second ? [second] : []), ...(more ? [more] : [])];
  const colours = both.flatMap((d) => d.colours);
  // hair alone is no look the detector can judge
  const unjudged = both.find((d) => d.unjudged)?.unjudged ?? (colours.length === 0 ? 'hair' : undefined);
  return { colours, end: more ? more.end : end, ignored: both.flatMap((d) => d.ignored), ...(unjudged ? { unjudged } : {}) };
}

/** The person word a sex or age word stands for ("women": "people", "man": "person"). */
function personWord(untold: string): 'person' | 'people' {
  return /(?:men|women|ladies|boys|girls|kids|children|males|females)$/.test(untold) ? 'people' : 'person';
}

/**
 * Takes the looks out of a normalised sentence: each becomes a marker `@lN` after its person word
 * (a sex or age word becomes "person"/"people", named as narrowing nothing) or before its vehicle.
 */
export function takeLooks(sentence: string): { s: string; looks: LookPhrase[] } {
  const w = sentence.split(' ');
  const out: string[] = [];
  const looks: LookPhrase[] = [];
  for (let i = 0; i < w.length; i++) {
    const word = w[i] as string;
    // "the grey car", "a dark blue van", "the dark car"
    const q = own(QUALIFIERS, word);
    const dark: Desc | null = q && VEHICLES.has(w[i + 1] ?? '') ? { colours: [{ part: 'body', term: q }], end: i + 1, ignored: [] } : null;
    const v = dark ?? (!PERSON.has(word) && !UNTOLD.has(word) ? desc(w, i, ['body']) : null);
    if (v && v.ignored.length === 0 && !v.colours.some((c) => c.part !== 'body') && VEHICLES.has(w[v.end] ?? '')) {
      out.push(`@l${looks.length}`);
      looks.push({ colours: v.colours, said: w.slice(i, v.end).join(' '), ignored: [], ...(v.unjudged ? { unjudged: v.unjudged } : {}) });
      i = v.end - 1;
      continue;
    }
    // "the black-jacket guy", "the orange vest worker": a worn thing with its colour before the person word
    const worn = !PERSON.has(word) && !UNTOLD.has(word) ? desc(w, i, []) : null;
    const who = worn && worn.colours.length > 0 && !worn.unjudged ? w[worn.end] : undefined;
    if (worn && who !== undefined && (PERSON.has(who) || UNTOLD.has(who))) {
      const untold = UNTOLD.has(who);
      out.push(untold ? personWord(who) : who, `@l${looks.length}`);
      looks.push({ colours: worn.colours, said: w.slice(i, worn.end).join(' '), ignored: [...(untold ? [who] : []), ...worn.ignored] });
      i = worn.end;
      continue;
    }
    // "was the car red?": a colour said of the vehicle, ending the question
    const said = saidOfVehicle(w, i) ? desc(w, i, ['body']) : null;
    if (said && said.ignored.length === 0 && !said.colours.some((c) => c.part !== 'body') && (said.end === w.length || w[said.end] === '?')) {
      out.push(`@l${looks.length}`);
      looks.push({ colours: said.colours, said: w.slice(i, said.end).join(' '), ignored: [], ...(said.unjudged ? { unjudged: said.unjudged } : {}) });
      i = said.end - 1;
      continue;
    }
    // "the second visitor at the table in black": a description after the person's place
    const placed = INTRO.has(word) && (afterPlace(w, i) || afterSubject(w, i)) ? personDesc(w, i) : null;
    if (placed) {
      out.push(`@l${looks.length}`);
      looks.push({ colours: placed.colours, said: w.slice(i, placed.end).join(' '), ignored: placed.ignored, ...(placed.unjudged ? { unjudged: placed.unjudged } : {}) });
      i = placed.end - 1;
      continue;
    }
    if (PERSON.has(word) || UNTOLD.has(word)) {
      const d = personDesc(w, i + 1);
      if (d) {
        const untold = UNTOLD.has(word);
        // "the blonde girl", "the dark haired woman": hair, build and age narrow nothing either
        const features: string[] = [];
        while (out.length > 0) {
          const last = out[out.length - 1] as string;
          if (FEATURES.has(last)) features.unshift(out.pop() as string);
          else if (last === 'haired' && out.length > 1) features.unshift(`${out.splice(-2, 2).join(' ')}`);
          else break;
        }
        d.ignored.unshift(...features);
        out.push(untold ? personWord(word) : word, `@l${looks.length}`);
        looks.push({ colours: d.colours, said: w.slice(i + 1, d.end).join(' '), ignored: [...(untold ? [word] : []), ...d.ignored], ...(d.unjudged ? { unjudged: d.unjudged } : {}) });
        i = d.end - 1;
        continue;
      }
    }
    out.push(word);
  }
  return { s: out.join(' '), looks };
}
