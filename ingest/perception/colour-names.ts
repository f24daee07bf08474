/**
 * Basic colour terms over CIELAB: the eleven basic terms (Berlin and Kay) as centroids in
 * L*a*b* (D65), with "dark" and "light" qualifiers by lightness. Written for this project from
 * the usual sRGB renderings of each term (a red of sRGB ~(200,30,30), a navy-to-royal blue, ...),
 * not copied from a published table.
 */

/** A colour in CIELAB (D65): lightness 0..100, green-red a*, blue-yellow b*. */
export type Lab = [number, number, number];

/** The eleven basic colour terms. */
export const BASIC_TERMS = ['black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown'] as const;

/** One basic colour term. */
export type BasicTerm = (typeof BASIC_TERMS)[number];

/** A named colour: the term, an optional qualifier, and the measured L*a*b* it was named from. */
export interface ColourName {
  term: BasicTerm;
  qualifier?: 'dark' | 'light';
  lab: Lab;
}

/**
 * Centroids of the chromatic terms. Achromatic colours (black, grey, white) are named by
 * lightness alone once the chroma is under {@link ACHROMATIC_CHROMA}.
 */
const CHROMATIC: readonly { term: BasicTerm; lab: Lab }[] = [
  { term: 'red', lab: [45, 62, 42] },
  { term: 'orange', lab: [66, 38, 66] },
  { term: 'yellow', lab: [86, -4, 78] },
  { term: 'green', lab: [52, -46, 36] },
  { term: 'blue', lab: [40, 12, -52] },
  { term: 'purple', lab: [36, 44, -38] },
  { term: 'pink', lab: [72, 38, 2] },
  { term: 'brown', lab: [38, 18, 30] },
];

/** Chroma (sqrt(a*^2+b*^2)) under which a colour is black, grey or white. */
export const ACHROMATIC_CHROMA = 13;
/** Lightness under which an achromatic colour is black; over {@link WHITE_L}, white. */
const BLACK_L = 27;
const WHITE_L = 84;
/** A chromatic colour this far below or above its centroid's lightness is "dark" or "light". */
const QUALIFIER_L = 16;
/** Weights of lightness and chroma in the distance to a centroid (hue decides most). */
const L_WEIGHT = 0.5;
const C_WEIGHT = 0.3;

/** sRGB 0..255 to linear light, by table for whole values. */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

function linear(c: number): number {
  const t = LINEAR[c];
  if (t !== undefined) return t;
  const v = Math.max(0, Math.min(255, c)) / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** sRGB 0..255 to CIELAB (D65). */
export function srgbToLab(r: number, g: number, b: number): Lab {
  const R = linear(r);
  const G = linear(g);
  const B = linear(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Names an L*a*b* colour with a basic term (and "dark"/"light" where its lightness says so). */
export function nameColour(lab: Lab): ColourName {
  const [L, a, b] = lab;
  const chroma = Math.hypot(a, b);
  // dark colours carry little chroma: a navy at L 20 has C ~12, so the bar falls with lightness
  const bar = L < 30 ? ACHROMATIC_CHROMA * (0.6 + (0.4 * L) / 30) : ACHROMATIC_CHROMA;
  if (chroma < bar) {
    if (L < BLACK_L) return { term: 'black', lab };
    if (L > WHITE_L) return { term: 'white', lab };
    if (L < 45) return { term: 'grey', qualifier: 'dark', lab };
    if (L > 68) return { term: 'grey', qualifier: 'light', lab };
    return { term: 'grey', lab };
  }
  let best = CHROMATIC[0]!;
  let bestD = Infinity;
  const hue = Math.atan2(b, a);
  for (const c of CHROMATIC) {
    const d = centroidDistance(L, chroma, hue, c.lab);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  const out: ColourName = { term: best.term, lab };
  if (L < best.lab[0] - QUALIFIER_L) out.qualifier = 'dark';
  else if (L > best.lab[0] + QUALIFIER_L) out.qualifier = 'light';
  return out;
}

/**
 * Distance of a chromatic colour to a centroid: hue angle first (degrees), then lightness and
 * chroma, weighted down. Plain Euclidean L*a*b* distance names a near-black navy "brown" (the
 * dark centroid nearest in lightness); by hue it stays blue.
 */
function centroidDistance(L: number, chroma: number, hue: number, c: Lab): number {
  let dh = Math.abs(hue - Math.atan2(c[2], c[1])) * (180 / Math.PI);
  if (dh > 180) dh = 360 - dh;
  const dl = L_WEIGHT * (L - c[0]);
  const dc = C_WEIGHT * (chroma - Math.hypot(c[1], c[2]));
  return dh * dh + dl * dl + dc * dc;
}

/** The words of a named colour, e.g. "dark blue". */
export function colourWords(c: Pick<ColourName, 'term' | 'qualifier'>): string {
  return c.qualifier ? `${c.qualifier} ${c.term}` : c.term;
}

/**
 * Whether a named colour is "dark" in the everyday sense a question uses ("the man in the dark
 * hoodie"): black, dark grey, or any dark-qualified term.
 */
export function isDark(c: Pick<ColourName, 'term' | 'qualifier'>): boolean {
  return c.term === 'black' || c.qualifier === 'dark';
}

/** The angle between the hues of two colours, degrees (0..180). */
export function hueApart(p: Lab, q: Lab): number {
  const d = Math.abs(Math.atan2(p[2], p[1]) - Math.atan2(q[2], q[1])) * (180 / Math.PI);
  return d > 180 ? 360 - d : d;
}

/** Hues named by hue alone (brown is orange made dark; black, grey and white have none). */
const HUE_TERMS: ReadonlySet<BasicTerm> = new Set(['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink']);
/** A hue this close (degrees) to the line halfway between two named hues could be called either. */
const BORDER_DEG = 10;

/**
 * The other basic term a person might give a colour that lies near the border between two hues
 * (a hi-vis vest in dim light reads red at 42 degrees, halfway to orange at 60): empty when the
 * colour is clearly one term.
 */
export function borderTerms(lab: Lab): BasicTerm[] {
  const named = nameColour(lab);
  if (!HUE_TERMS.has(named.term)) return [];
  const hues = CHROMATIC.filter((c) => HUE_TERMS.has(c.term)).map((c) => ({ term: c.term, d: hueApart(lab, c.lab) })).sort((x, y) => x.d - y.d);
  const [first, second] = hues;
  if (!first || !second || first.term !== named.term) return [];
  return (second.d - first.d) / 2 < BORDER_DEG ? [second.term] : [];
}
