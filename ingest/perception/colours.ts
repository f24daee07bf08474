/**
 * What a track looks like in words: the colours of a person's upper and lower body, or a
 * vehicle's body colour, named with the basic colour terms (see `colour-names.ts`). Bands of the
 * box are measured on several sampled frames, each after taking out the scene's colour cast
 * (the median chroma of the frame outside the box), and the per-track colour is the vote and
 * median over the samples, so one bad frame names nothing.
 */
import type { ObjectColour, ObjectColours } from '../observations.js';
import { nameColour, srgbToLab, type BasicTerm, type Lab } from './colour-names.js';
import { CONFUSABLE_GROUPS } from './label-groups.js';
import type { Box, RgbImage } from './types.js';

/** A band of a box: fractions of its height (top, bottom) and of its width kept at the centre. */
interface Band {
  top: number;
  bottom: number;
  width: number;
  /** A painted body: named by its hue where enough of it has one (see {@link PAINT_SHARE}). */
  paint?: true;
}

/** Terms with no hue: a vehicle's glass, tyres, trim and shadow. */
const ACHROMATIC: ReadonlySet<BasicTerm> = new Set(['black', 'grey', 'white']);
/** Share of a painted band's pixels one hue needs to name it over the grey of its glass and trim (a red car's windows and shaded flanks are half of it). */
const PAINT_SHARE = 0.3;

/** Upper body of a person box: below the head, above the hips (wide: long hair down the back covers its centre). */
export const UPPER_BAND: Band = { top: 0.22, bottom: 0.5, width: 0.7 };
/** Lower body of a person box: thighs to ankles (from 68 %: a long shirt or cardigan reaches past 60 %). */
export const LOWER_BAND: Band = { top: 0.68, bottom: 0.92, width: 0.4 };
/** A vehicle's body: the centre of its box (windows above, wheels and shadow below). */
export const BODY_BAND: Band = { top: 0.35, bottom: 0.75, width: 0.6, paint: true };

/** Labels whose body colour is named. */
const VEHICLES: ReadonlySet<string> = new Set([...(CONFUSABLE_GROUPS[0] ?? []), 'motorcycle', 'bicycle']);
/** Most colour samples kept per track (the sampling interval doubles when full). */
const MAX_SAMPLES = 32;
/** First interval between samples, ms. */
const SAMPLE_MS = 400;
/** Most pixels read per band per frame. */
const BAND_PIXELS = 600;
/** Background pixels more chromatic than this are not used to measure the cast. */
const NEUTRAL_CHROMA = 20;
/** Largest colour cast taken out, in a*b* units (a scene that is mostly one colour is not a cast). */
const MAX_CAST = 8;

/** Whether colours are named for a label, and which bands. */
export function bandsOf(label: string): Partial<Record<'upper' | 'lower' | 'body', Band>> | null {
  if (label === 'person') return { upper: UPPER_BAND, lower: LOWER_BAND };
  if (VEHICLES.has(label)) return { body: BODY_BAND };
  return null;
}

/** Background pixels this chromatic still count towards a strong cast (warm tungsten puts greys at C* 25). */
const WIDE_CHROMA = 40;
/** Largest cast taken out when the light itself is coloured (tungsten at 3300 K measures a* 9, b* 24). */
const MAX_STRONG_CAST = 35;
/** Radius (a*b* units) around the wide estimate of the pixels a strong cast is measured on. */
const CAST_RADIUS = 20;
/** Share of the brightest pixels whose colour tells the light's. */
const BRIGHT_SHARE = 0.05;
/** Farthest the brightest pixels' colour may lie from a strong cast (a beige floor under white light fails). */
const BRIGHT_AGREE = 12;

/** Lightness and a*b* of the background's grid points outside `box`. */
function backgroundLabs(img: RgbImage, box: Box): Lab[] {
  const out: Lab[] = [];
  const step = Math.max(4, Math.floor(Math.sqrt((img.width * img.height) / 900)));
  const d = img.data;
  for (let y = step >> 1; y < img.height; y += step) {
    for (let x = step >> 1; x < img.width; x += step) {
      if (x >= box.x1 && x < box.x2 && y >= box.y1 && y < box.y2) continue;
      const i = (y * img.width + x) * 3;
      out.push(srgbToLab(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0));
    }
  }
  return out;
}

/** Median a* and b* of the labs (0, 0 for none). */
function medianAb(labs: readonly Lab[]): [number, number] {
  return [median(labs.map((l) => l[1])), median(labs.map((l) => l[2]))];
}

/** Whether an a*b* shift lies along the colours of light (warm: yellow to orange; cool: blue), not a painted scene's. */
function alongLight([a, b]: [number, number]): boolean {
  return b > 0 ? a >= -0.2 * b && a <= 0.6 * b : Math.abs(a) <= 0.5 * -b;
}

/**
 * A strong cast (coloured light: tungsten, sodium, a cold LED): the background's light pixels,
 * chromatic ones included, centred twice; taken only when it lies along the colours of light and
 * the brightest pixels (lamps, white walls) carry the same colour. Null when none.
 */
function strongCast(labs: readonly Lab[]): [number, number] | null {
  const lit = labs.filter((l) => l[0] >= 40 && Math.hypot(l[1], l[2]) <= WIDE_CHROMA);
  if (lit.length < 20) return null;
  const wide = medianAb(lit);
  if (Math.hypot(...wide) <= MAX_CAST) return null;
  const near = lit.filter((l) => Math.hypot(l[1] - wide[0], l[2] - wide[1]) <= CAST_RADIUS);
  if (near.length < lit.length * 0.3) return null;
  const cast = medianAb(near);
  const bright = [...labs].sort((p, q) => q[0] - p[0]).slice(0, Math.max(5, Math.floor(labs.length * BRIGHT_SHARE)));
  const light = medianAb(bright);
  if (!alongLight(cast) || Math.hypot(light[0] - cast[0], light[1] - cast[1]) > BRIGHT_AGREE) return null;
  const k = Math.min(1, MAX_STRONG_CAST / Math.hypot(...cast));
  return [cast[0] * k, cast[1] * k];
}

/** Median lightness of the background under which a scene is dim: its colours are read brightened. */
const DIM_L = 40;
/** The lightness a dim scene's background is brought to (an indoor scene in ordinary light measures 46-59). */
const REFERENCE_L = 50;
/** Most a dim scene's luminance is raised (pre-dawn light at L* 22 is raised 5.2 times). */
const MAX_LIGHT_GAIN = 6;

/** Luminance Y (0..1) of a lightness L*. */
function luminance(L: number): number {
  const f = (L + 16) / 116;
  return f > 6 / 29 ? f ** 3 : (L * 27) / 24389;
}

/** Lightness L* of a luminance Y (0..1). */
function lightness(Y: number): number {
  return Y > 216 / 24389 ? 116 * Math.cbrt(Y) - 16 : (Y * 24389) / 27;
}

/**
 * How much a dim scene's luminance is raised before its colours are named: the lighting of the
 * scene taken into account, so a grey cardigan in pre-dawn light (L* 15, the room at 22) is named
 * dark grey as it is once the lights come on (L* 41), not black; 1 when the background's median
 * lightness is {@link DIM_L} or more.
 */
export function sceneGain(img: RgbImage, box: Box): number {
  return gainOf(backgroundLabs(img, box));
}

/** {@link sceneGain} of the background's grid points. */
function gainOf(labs: readonly Lab[]): number {
  if (labs.length === 0) return 1;
  const L = median(labs.map((l) => l[0]));
  return L >= DIM_L ? 1 : Math.min(MAX_LIGHT_GAIN, luminance(REFERENCE_L) / Math.max(1e-4, luminance(L)));
}

/** A colour of a dim scene brightened by `gain` (luminance), its chroma raised with its lightness. */
function brighten(lab: Lab, gain: number): Lab {
  if (gain === 1 || lab[0] <= 0) return lab;
  const L = Math.min(100, lightness(Math.min(1, luminance(lab[0]) * gain)));
  const k = L / lab[0];
  return [L, lab[1] * k, lab[2] * k];
}

/**
 * The colour cast of a frame, measured outside `box` on a coarse grid (a grey-world correction on
 * the background, which stands still while the object moves). Usually the median a* and b* of the
 * near-neutral light pixels, clamped to {@link MAX_CAST}; under coloured light, where hardly any
 * background pixel stays near neutral, the strong cast of {@link strongCast}. Subtracted from
 * measured colours.
 */
export function sceneCast(img: RgbImage, box: Box): [number, number] {
  return castOf(backgroundLabs(img, box));
}

/** The cast and the dim-scene gain of a frame around `box`, from one reading of its background. */
export function sceneLight(img: RgbImage, box: Box): { cast: [number, number]; gain: number } {
  const labs = backgroundLabs(img, box);
  return { cast: castOf(labs), gain: gainOf(labs) };
}

/** {@link sceneCast} of the background's grid points. */
function castOf(labs: readonly Lab[]): [number, number] {
  const strong = strongCast(labs);
  if (strong) return strong;
  // near-neutral surfaces only (walls, floors of concrete, roads): a coloured floor is no cast
  const neutral = labs.filter((l) => l[0] >= 40 && Math.hypot(l[1], l[2]) <= NEUTRAL_CHROMA);
  const clamp = (v: number): number => Math.max(-MAX_CAST, Math.min(MAX_CAST, v));
  const [a, b] = medianAb(neutral);
  return [clamp(a), clamp(b)];
}

/** One frame's reading of a band: the term most of its pixels have and their median colour. */
export interface BandReading {
  term: BasicTerm;
  lab: Lab;
  /** Share of the band's pixels with that term. */
  share: number;
}

/** Reads one band of `box` on `img`, the cast taken out and a dim scene brightened by `gain` ({@link sceneGain}); null when the band is too small. */
export function readBand(img: RgbImage, box: Box, band: Band, cast: [number, number], gain = 1): BandReading | null {
  const bw = box.x2 - box.x1;
  const bh = box.y2 - box.y1;
  const cx = (box.x1 + box.x2) / 2;
  const x1 = Math.max(0, Math.floor(cx - (bw * band.width) / 2));
  const x2 = Math.min(img.width, Math.ceil(cx + (bw * band.width) / 2));
  const y1 = Math.max(0, Math.floor(box.y1 + bh * band.top));
  const y2 = Math.min(img.height, Math.ceil(box.y1 + bh * band.bottom));
  if (x2 - x1 < 2 || y2 - y1 < 2) return null;
  const step = Math.max(1, Math.floor(Math.sqrt(((x2 - x1) * (y2 - y1)) / BAND_PIXELS)));
  const byTerm = new Map<BasicTerm, Lab[]>();
  let n = 0;
  const d = img.data;
  for (let y = y1; y < y2; y += step) {
    for (let x = x1; x < x2; x += step) {
      const i = (y * img.width + x) * 3;
      const [L, a, b] = srgbToLab(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0);
      // a cast tints in proportion to the light: a dark pixel carries little of it
      const k = Math.min(1, L / 60);
      const lab: Lab = brighten([L, a - k * cast[0], b - k * cast[1]], gain);
      const term = nameColour(lab).term;
      const list = byTerm.get(term);
      if (list) list.push(lab);
      else byTerm.set(term, [lab]);
      n++;
    }
  }
  let best: [BasicTerm, Lab[]] | null = null;
  for (const e of byTerm) if (!best || e[1].length > best[1].length) best = e;
  if (!best || n === 0) return null;
  // a painted body: its glass, tyres and trim are grey or black whatever the paint, so the paint is the hue
  if (band.paint) {
    let hue: [BasicTerm, Lab[]] | null = null;
    for (const e of byTerm) if (!ACHROMATIC.has(e[0]) && (!hue || e[1].length > hue[1].length)) hue = e;
    if (hue && hue[1].length >= PAINT_SHARE * n) best = hue;
  }
  return { term: best[0], lab: medianLab(best[1]), share: best[1].length / n };
}

/**
 * The bands of a box that lie on the parts of the body they are named for. A box cut by the
 * frame's top or bottom edge puts bands measured from its top on the wrong parts, except: a person
 * cut at the top (head out of view) still has the legs at the bottom of the box, where the lower
 * band is; a person cut at the bottom (close to the camera) still has the torso below the head,
 * where the upper band is, while the box is at least 1.5 times as tall as wide (most of the body in
 * view, not a head and shoulders). Other classes, and a box cut at both, give none.
 */
export function bandsInView(label: string, box: Box, height: number): Set<string> {
  const top = box.y1 <= 1;
  const bottom = box.y2 >= height - 1;
  const all = Object.keys(bandsOf(label) ?? {});
  if (!top && !bottom) return new Set(all);
  if (label !== 'person' || (top && bottom)) return new Set();
  if (top) return new Set(['lower']);
  return box.y2 - box.y1 >= 1.5 * (box.x2 - box.x1) ? new Set(['upper']) : new Set();
}

/** Colour samples of one track: bands read on frames at most every so often. */
export class TrackColours {
  private readonly readings = new Map<string, BandReading[]>();
  private interval = SAMPLE_MS;
  private last = -Infinity;
  /** Frames sampled. */
  samples = 0;

  constructor(private readonly label: string) {}

  /** Whether a frame at `ts` should be sampled. */
  wants(ts: number): boolean {
    return bandsOf(this.label) !== null && ts - this.last >= this.interval;
  }

  /** Samples the bands of `box` on `img` at `ts` (when {@link wants} says so). */
  add(img: RgbImage, box: Box, ts: number): void {
    const bands = bandsOf(this.label);
    if (!bands || !this.wants(ts)) return;
    const seen = bandsInView(this.label, box, img.height);
    if (seen.size === 0) return;
    this.last = ts;
    const { cast, gain } = sceneLight(img, box);
    for (const [part, band] of Object.entries(bands)) {
      if (!seen.has(part)) continue;
      const r = readBand(img, box, band, cast, gain);
      if (!r) continue;
      const list = this.readings.get(part) ?? [];
      list.push(r);
      this.readings.set(part, list);
    }
    this.samples++;
    if (this.samples >= MAX_SAMPLES) this.thin();
  }

  /** Keeps every other reading and doubles the interval. */
  private thin(): void {
    for (const [k, list] of this.readings) this.readings.set(k, list.filter((_, i) => i % 2 === 0));
    this.samples = Math.ceil(this.samples / 2);
    this.interval *= 2;
  }

  /** The track's colours: per part, the term most samples read and the median of their colours; undefined before any sample. */
  value(): ObjectColours | undefined {
    if (this.samples === 0) return undefined;
    const out: ObjectColours = { samples: this.samples };
    for (const [part, list] of this.readings) {
      const c = voteColour(list);
      if (c) out[part as 'upper' | 'lower' | 'body'] = c;
    }
    return out;
  }
}

/** The term most readings have, named from the median of their colours. */
export function voteColour(list: readonly BandReading[]): ObjectColour | undefined {
  const votes = new Map<BasicTerm, BandReading[]>();
  for (const r of list) votes.set(r.term, [...(votes.get(r.term) ?? []), r]);
  let best: BandReading[] = [];
  for (const v of votes.values()) if (v.length > best.length) best = v;
  if (best.length === 0) return undefined;
  const lab = medianLab(best.map((r) => r.lab));
  const named = nameColour(lab);
  const term = best[0]!.term;
  const out: ObjectColour = { term, lab: lab.map((x) => Math.round(x * 10) / 10) as Lab, share: Math.round((best.length / list.length) * 100) / 100 };
  if (named.term === term && named.qualifier) out.qualifier = named.qualifier;
  return out;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function medianLab(labs: readonly Lab[]): Lab {
  return [median(labs.map((l) => l[0])), median(labs.map((l) => l[1])), median(labs.map((l) => l[2]))];
}
