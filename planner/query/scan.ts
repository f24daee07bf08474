/**
 * The first stage of the question parser: normalises the sentence, takes its time expressions out
 * (resolved by planner/time.ts in the configured zone), and turns the rest into tokens: names from
 * the memory's vocabulary (cameras, zones, lines, classes), numbers and ordinals, and the lexicon's
 * words. A word that matches nothing stays a `word` token: the parser refuses to answer over it.
 */
import { relativeStretch, stretchEdges, visitEdges } from './scan-edges.js';
import { restatements } from './scan-restate.js';
import { gapWords } from './scan-gaps.js';
import { extremeStates } from './scan-extreme.js';
import { emphasis } from './scan-emphasis.js';
import { sceneNouns } from './scan-scene.js';
import { resolveTime, wallTime, zonedToEpoch } from '../time.js';
import { CLASS_WORDS, MOVERS, NUMBERS, ORDINALS, PHRASES, WORDS, type Lex } from './lexicon.js';
import { firstWindow, recordingInstant, type TimePhrase } from './scan-times.js';
import { repairs } from './scan-repair.js';
import { absence } from './scan-absence.js';
import { wordOrder } from './scan-order.js';
import { particleVerbs } from './scan-particles.js';
import { spotPhrases } from './scan-spots.js';
import type { Spot } from './schema.js';
import { takeLooks, type LookPhrase } from './scan-look.js';
import { nounSynonyms, splitCompound } from './synonyms.js';
import { nounSenses } from './wordnet.js';
import { calendarDates } from './scan-dates.js';
import { spokenClock, spokenNumbers, type ClockHour } from './spoken.js';

export type { TimePhrase } from './scan-times.js';

/** A name the memory knows. */
export interface PlaceName {
  kind: 'camera' | 'zone' | 'line';
  id: string;
}

/** One token of the question. */
export type Token = (
  | Lex
  | { t: 'class'; v: string[]; agent: boolean; emptied?: true }
  /** `holder`: a noun for what the things at the only camera stand on ("the shelf"): only things may be asked about there. */
  | { t: 'place'; v: PlaceName; alias?: true; holder?: true; /** a word of the name itself */ own?: true }
  | { t: 'time'; v: TimePhrase }
  | { t: 'look'; v: LookPhrase }
  /** A place in the picture said of a thing ("the left bottle"): see `scan-spots.ts`. */
  | { t: 'spot'; v: Spot }
  | { t: 'word' }
  | { t: 'sep' }
) & { text: string; i: number } & TokenFeatures;

/**
 * What the tokeniser says of a word's form, so the composer reads features, never the text:
 * `plural` on classes ("people", "bottles", "staff"), visit nouns ("visits") and verbs said as
 * plural nouns ("arrivals"); `sPlural` on classes and visit nouns, a plural by "-s" or "people"
 * (not "men", "children", "staff"); `toSecond` on a time said to the second ("at 09:01:14");
 * `opens` on a time said as a side of a moment ("after 09:00"); `posture` on a verb of staying that
 * things do as well as people ("standing", "sat"): it does not make the subject a person.
 */
export interface TokenFeatures {
  plural?: true;
  sPlural?: true;
  toSecond?: true;
  /** The word a time phrase opens with when it says a side of a moment ("before 09:00", "since 10:02", "by noon"). */
  opens?: 'before' | 'until' | 'till' | 'by' | 'after' | 'since' | 'from';
  posture?: true;
}

/** Sets a token's form features from its kind and text (the one place they are read from the text). */
export function withFeatures<T extends Token>(t: T): T {
  if (t.t === 'class' && /(?:s|people|men|children|staff)$/.test(t.text)) t.plural = true;
  if (t.t === 'class' && /(?:s|people)$/.test(t.text)) t.sPlural = true;
  if ((t.t === 'visitnoun' || t.t === 'verb') && /s$/.test(t.text)) t.plural = true;
  if (t.t === 'visitnoun' && /s$/.test(t.text)) t.sPlural = true;
  if (t.t === 'time' && /:\d{2}:\d{2}/.test(t.text)) t.toSecond = true;
  const opens = t.t === 'time' ? /^(before|until|till|by|after|since|from)\b/.exec(t.text)?.[1] : undefined;
  if (opens) t.opens = opens as TokenFeatures['opens'];
  if (t.t === 'verb' && t.v === 'stay' && /^(?:stand|stood|sit|sat|lie|lay|lying|lain|rest)/.test(t.text)) t.posture = true;
  return t;
}

/** A token before its position is known. */
type TokenBody = Token extends infer T ? (T extends unknown ? Omit<T, 'text' | 'i'> : never) : never;

/** What the scanner needs to know about the memory. */
export interface ScanVocabulary {
  cameras: readonly string[];
  zones: readonly string[];
  lines: readonly string[];
  /** Every label the detectors can produce (and any stored). */
  labels: readonly string[];
}

/** Options of `scan`. */
export interface ScanOptions {
  now: number;
  timeZone: string;
  /** The memory's coverage, for "in the first minute" and the default window. */
  coverage: { from: number; to: number };
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bwhat's\b/g, 'what is'],
  [/\bwho's\b/g, 'who is'],
  [/\bwhere's\b/g, 'where is'],
  [/\bthere's\b/g, 'there is'],
  [/\bit's\b/g, 'it is'],
  [/\bhow's\b/g, 'how is'],
  [/\bthat's\b/g, 'that is'],
  [/\bwhen's\b/g, 'when is'],
  [/\bcan't\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\b(\w+)'(?:re|ve|ll|d)\b/g, '$1'],
  [/\b(\w+)'s\b/g, '$1'],
];

/** Clock words: "half past nine" -> "9:30". */
const CLOCK_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/** "Go above (below) three": a verb of going before a comparison and a count ("get over the whole day" is none). */
const GO = '(?:go|goes|went|gone|going|get|got|gets)';
const COUNT_AHEAD = '(?= (?:\\d|zero|one|two|three|four|five|six|seven|eight|nine|ten)\\b)';
const GO_ABOVE = new RegExp(`\\b${GO} (above|over|past|beyond)${COUNT_AHEAD}`, 'g');
const GO_BELOW = new RegExp(`\\b${GO} (below|under)${COUNT_AHEAD}`, 'g');

/**
 * Ways of asking read as the forms the scanner knows: a tag asking for a yes or no after a statement
 * ("car was in the lot at 07:00, yes or no?"), "how long before it was back" (how long it was
 * away), "the bottle count dropped by two at once" (two taken at once), "how much times".
 */
function askingForms(s0: string): string {
  let s = s0;
  // "car was in the lot at 07:00, yes or no?", "..., right?": a tag that asks for a yes or no (the statement asks)
  s = s.replace(/(?:[,;:-]?\s*(?:yes or no|yes\/no|y\/n|true or false)|,\s*(?:right|correct|true|is that right|is that correct))\s*([?.!]*)\s*$/, ' $1 ');
  // "how long before it was back": how long it was away
  s = s.replace(/\bhow long (?:before|until|till) (it|they|he|she|the \w+) (?:was|were|came|got|went) back\b/g, 'how long was $1 away');
  // "did the bottle count ever drop by two at once": that many taken at once
  s = s.replace(/\b(?:the )?(?:number of (\w+)|(\w+) count) (ever )?(?:drop|drops|dropped|fall|falls|fell|go down|goes down|went down) by (\d+|two|three|four|five|six) (at once|at the same time|in one go)\b/g, (_m, a: string | undefined, b: string | undefined, ever: string | undefined, n: string, once: string) => `${n} ${a ?? b ?? ''} ${ever ?? ''}taken ${once}`);
  // "how long after midnight did the first person arrive": after that time, how long until the first
  // such moment ("the second person" may be counted from the start or from that time: left refused)
  s = s.replace(/\bhow long after ((?:the )?(?:midnight|noon|midday)|\d{1,2}[:.]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?) (?:did|was|were) (?=(?:the (?:first|next)|a|an|someone|somebody|anyone|anybody) )/g, 'after $1, how long until ');
  // "parcel counter visits total?", "total visits?": how many, in total
  s = s.replace(/^\s*([a-z0-9 -]*?)\s*\b(?:total (visits|visitors|arrivals|passes)|(visits|visitors|arrivals|passes) total)\s*([?.!]*)\s*$/, (_m, where: string, a?: string, b?: string, end?: string) => ` how many ${a ?? b ?? 'visits'} in total${where ? ` at ${where}` : ''} ${end ?? ''} `);
  // "both visits together, how long was he there", "all her trips combined": the visits summed, not people at once
  s = s.replace(/\b(?:both|all|the two|all (?:of )?(?:his|her|their|the)|(?:his|her|their) two) (?:visits|trips|times|stays) (?:together|combined|added up)\b/g, 'in total');
  // "how much times", "how much people": how many
  s = s.replace(/\bhow much (?=(?:times|people|persons|visitors|customers|guests|cars|vehicles|bottles|visits)\b)/g, 'how many ');
  return s;
}

/** "The 2 o'clock", "two o clock in the afternoon": that hour, as "H:00". */
function oClock(s: string, opts: ScanOptions): string {
  // the hour of the 12-hour clock nearest the recording
  // ("two o clock in the afternoon": the part of the day says which; a word or a slip for the hour)
  return s.replace(/\b(?:the )?(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) ?o'? ?clock\b(?: (in the (?:morning|mornin)|in the (?:afternoo?n|after noon|evening|evenin)|at night|tonight)\b)?/g, (_m, w: string, part: string | undefined) => {
    const h = CLOCK_WORDS[w] ?? Number(w);
    return `${part === undefined || h > 12 ? twelveHour(h, opts) : hourOfPart(h, part)}:00`;
  });
}

function normalise(q: string, opts: ScanOptions): string {
  let s = ` ${q.toLowerCase().replace(/[\u2018\u2019`´]/g, "'").replace(/[\u201c\u201d"]/g, ' ')} `;
  for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  // "bottle count @ 16:05:48": at that time
  s = s.replace(/\s@\s*(?=\d)/g, ' at ');
  // "hey, can you tell me ...", "ok so ...": a greeting or filler before the question
  s = s.replace(/^\s*(?:(?:hey|hi|hello|hiya|yo|ok|okay|um+|uh+|erm|er|hmm+|well|alright)(?: there)?\s*,?\s+)+/, ' ');
  // "twenty five seconds", "three and a half minutes", "four minutes past two": in digits
  s = spokenClock(spokenNumbers(s), clockHour(opts));
  s = oClock(s, opts);
  s = askingForms(s);
  // "on Nov 14", "the 19th": calendar dates as ISO dates
  s = calendarDates(s, opts.now, opts.timeZone);
  // "visitor number 3", "person no. 2": the ordinal
  s = s.replace(/\b([a-z]+) (?:number|no\.|#) ?(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/g, (m, noun: string, n: string) => (noun === 'the' || noun === 'a' ? m : `${CLOCK_WORDS[n] ?? n}th ${noun}`));
  // "visitor three", "person 2": the ordinal (not "a person two seconds later")
  s = s.replace(/\b(visitor|person|customer|guest|shopper|visit|individual) (\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b(?! ?(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|people|persons|visitors|times)\b)/g, (_m, noun: string, n: string) => `${CLOCK_WORDS[n] ?? n}th ${noun}`);
  // "did the bottle count ever ...", "the visitor count at noon": the number of them
  s = s.replace(/\b(the|a) ([a-z]{3,}) count\b(?! (?:of|as|for)\b)/g, '$1 number of $2');
  // "across both of his visits", "over all her trips": in total (one person's visits, as said);
  // "between her two visits": the first and second of them (two said, so no others)
  s = s.replace(/\bbetween (his|her|their) two (visits|trips|stops|stays)\b/g, 'between $1 first and second $2').replace(/\b(?:across|over|in|during|for|from) (?:both|all) (?:of )?(?:his|her|their) (?:visits|trips|stops|stays|times)\b/g, 'in total');
  // "leave for good": for the last time
  s = s.replace(/\b(left|leave|leaves|leaving|gone|go|went) for good\b/g, '$1 for the last time');
  // "a truck or a bus": either class (the subject's classes are summed, as with "and")
  s = s.replace(/\b(a|an|any) ([a-z]+) or (?:a|an|any) (?=[a-z]+\b)/g, '$1 $2 and ');
  // "add up all the time somebody was in view. What does it come to?": a length asked of the time said first
  s = s.replace(/(\btime\b[^?]*?[.,;:!]\s*)what (?:does|did|would) (?:it|that|this|all that) (?:come|add up|amount|total) to\b/g, '$1how long is that').replace(/(\btime\b[^?]*?[.,;:!]\s*)what(?: is|'s) the (?:total|sum)\b/g, '$1how long is that');
  s = lengthsInFull(s);
  // "at 7:50 on the dot": sharp (stress of the time before it)
  s = s.replace(/(\d) on the dot\b/g, '$1 sharp');
  // "did the count ever go above three": rise above it; "go below": drop below it
  s = s.replace(GO_ABOVE, 'rise $1').replace(GO_BELOW, 'drop $1');
  s = spanWording(exclusions(s));
  // "came twice", "three times": how often, in digits ("twice as long" is a ratio, left as said)
  s = s.replace(/\btwice\b(?!\s+as\b)/g, '2 times').replace(/\bthrice\b/g, '3 times');
  // "came only once": one time (not "count them once", a rule, nor "at once")
  s = s.replace(/\b(came|come|comes|visited|visit|visits|showed up|stopped by|dropped by|turned up)( in| by| here| there)?( only| just| exactly)? once\b/g, '$1$2$3 1 times');
  // "during the whole first 5 seconds": all the time, during the first 5 seconds
  s = s.replace(/\b(during|in|for|over|throughout)\s+the\s+(?:whole|entire)\s+(?=(?:first|last|final|opening|second|closing)\b)/g, (_m, p: string) => `the whole time ${p === 'throughout' ? 'during' : p} the `);
  // "the final 20 seconds", "the closing minute": the last
  s = s.replace(/\b(?:final|closing)\s+(?=(?:\d+(?:\.\d+)?\s+|(?:few|two|three|four|five|ten|fifteen|twenty|thirty)\s+)?(?:second|sec|minute|min|hour)s?\b)/g, 'last ');
  // "second-to-last" -> "second to last"; a dash between clauses is a pause
  s = s.replace(/([a-z])-(?=[a-z])/g, '$1 ').replace(/\s[-\u2013\u2014]+\s/g, ' , ');
  // "(if the same person came twice, count them once)": a bracket is a clause of its own
  s = s.replace(/\s*[()[\]]\s*/g, ' , ');
  // "put a bottle back" -> "put back a bottle"
  s = s.replace(/\b(put|puts|putting|bring|brings|brought|set|placed|place|places)\s+((?:[a-z]+\s+){1,3}?)back\b/g, '$1 back $2');
  // "4 or more" -> "at least 4"; "2 or fewer" -> "at most 2"
  s = s.replace(/\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+or\s+(?:more|above|over|greater)\b/g, 'at least $1');
  s = s.replace(/\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+or\s+(?:fewer|less|below|under)\b/g, 'at most $1');
  // "15 seconds or more" -> "at least 15 seconds"; "a minute or less" -> "at most 1 minute"
  s = s.replace(/\b(\d+(?:\.\d+)?\s+(?:s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?))\s+or\s+(more|longer|above|over|less|shorter|under|fewer)\b/g, (_m, d: string, w: string) => `${/^(?:more|longer|above|over)$/.test(w) ? 'at least' : 'at most'} ${d}`);
  // "for how much of the first minute was someone there": the time it held in that part
  s = s.replace(/\bhow much of the\b/g, 'how long in the');
  // "before ten", "after nine": hours in words
  s = s.replace(/\b(before|after|since|until|till)\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?=\s*(?:$|[,?.!]|and\b|am\b|pm\b|a\.m|p\.m|o'?clock|on\b|today|yesterday))/g, (_m, w: string, h: string) => `${w} ${CLOCK_WORDS[h] ?? h}`);
  // "3:15 in the afternoon" -> "3:15 pm"; "in the afternoon" -> "this afternoon"
  s = s.replace(/\b(\d{1,2}(?::\d{2}(?::\d{2})?)?)\s+in the (morning|afternoon|evening)\b/g, (_m, t: string, p: string) => `${t} ${p === 'morning' ? 'am' : 'pm'}`);
  s = s.replace(/\b(?:in|during|of) the (morning|afternoon|evening)\b/g, 'this $1');
  // "how long ago was ...": the time since it
  s = s.replace(/\bhow (long|many (?:seconds|minutes|hours)) ago\b/g, 'how $1 since');
  // "over the whole day", "all day": today
  s = s.replace(/\b(?:(?:over|during|for|in|across)\s+)?(?:the\s+)?(?:whole|entire)\s+day\b|\ball day(?: long)?\b/g, 'today');
  // "had left by 09:01:30": until then
  s = s.replace(/\bby\s+(?=\d{1,2}[:.]\d{2})/g, 'until ');
  // "at about 09:01:32", "around 09:01" -> "at 09:01:32"; "after about 13:38" -> "after 13:38"
  s = s.replace(/\b(?:(before|after|since|until|till|from)\s+|at\s+)?(?:about|around|approximately|roughly|circa|approx|exactly|precisely|~)\s*(?=\d{1,2}[:.]\d{2}|\d{1,2}\s*[ap]\.?m\b|(?:noon|midday|midnight)\b)/g, (_m, side?: string) => (side ? `${side} ` : 'at '));
  s = clockSpans(s);
  // a bare clock time ("how many bottles 10:00:10") is an instant
  s = s.replace(/(^|\s)(?!(?:at|by|before|after|between|and|from|since|until|till|to|than)\s)(\S+\s+)(\d{1,2}:\d{2}(?::\d{2})?)\b/g, (m, a: string, w: string, t: string) =>
    /^(?:at|by|before|after|between|and|from|since|until|till|to|than|past)\s+$/.test(w) ? m : `${a}${w}at ${t}`,
  );
  // "25s", "1.5min" -> "25 s", "1.5 min"
  s = s.replace(/(\d)(s|sec|secs|seconds?|m|mins?|minutes?|h|hrs?|hours?)\b/g, '$1 $2');
  // a sentence's end inside the question ("Morning! how many ...", "Someone left at 10:02. When ...") is a clause break
  s = s.replace(/(?:[?!]+|(?<!\b(?:[ap]\.m|no|approx|ca|vs|mr|mrs|ms|dr|st))\.)\s+(?=\S)/g, ' , ').replace(/[?!]+/g, ' ').replace(/\.(\s|$)/g, ' ').replace(/([,;:])(\s|$)/g, ' , ');
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Windows said as clock times alone: "(15:49:00 to 15:50:00)", "10:00 until 10:05" (two clock times
 * joined by "to" are a span, as "from ... to"), and "the 15:49 minute" (from its start to the next one's).
 */
function clockSpans(text: string): string {
  let s = text;
  s = s.replace(/(^|\s)(?!(?:from|between|since)\s)(\S+\s+)(\d{1,2}:\d{2}(?::\d{2})?)\s+(?:to|until|till)\s+(?=\d{1,2}:\d{2})/g, (m, a: string, w: string, t: string) =>
    /^(?:from|between|since)\s+$/.test(w) ? m : `${a}${w}from ${t} to `,
  );
  s = s.replace(/\bthe (\d{1,2}):(\d{2}) minute\b/g, (m, h: string, mm: string) => {
    const next = (Number(h) * 60 + Number(mm) + 1) % 1440;
    return Number(h) > 23 || Number(mm) > 59 ? m : `from ${h}:${mm}:00 to ${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}:00`;
  });
  return s;
}

/**
 * The hour of a time said on the 12-hour clock ("four minutes past two"): the afternoon's when only
 * it falls within the memory's coverage (of less than a day), otherwise the hour as said.
 */
/** An hour of the 12-hour clock with the part of the day said after it: "3 in the afternoon" 15, "12 at night" 0, "2 at night" 2. */
function hourOfPart(h: number, part: string): number {
  if (/morn/.test(part)) return h % 12;
  if (/night/.test(part)) return h === 12 ? 0 : h >= 6 ? h + 12 : h;
  return (h % 12) + 12;
}

/** An hour said on the 12-hour clock ("2 o'clock"): the morning or afternoon one nearer the middle of the recording. */
function twelveHour(h: number, opts: ScanOptions): number {
  if (h < 1 || h > 12) return h;
  const mid = wallTime((opts.coverage.from + opts.coverage.to) / 2, opts.timeZone);
  const am = h % 12;
  const dist = (x: number): number => Math.min(Math.abs(x - mid.hour), 24 - Math.abs(x - mid.hour));
  return dist(am) <= dist(am + 12) ? am : am + 12;
}

function clockHour(opts: ScanOptions): ClockHour {
  const { from, to } = opts.coverage;
  const covers = (hour: number, minute: number): boolean =>
    [from, to].some((t) => {
      const w = wallTime(t, opts.timeZone);
      const at = zonedToEpoch({ year: w.year, month: w.month, day: w.day, hour, minute }, opts.timeZone);
      return at >= from && at <= to;
    });
  return (hour, minute) => (hour < 12 && to - from < 86_400_000 && covers(hour + 12, minute) && !covers(hour, minute) ? hour + 12 : hour);
}

/** Takes the time expressions out, leaving `@tN` markers. */
function takeTimes(s0: string, opts: ScanOptions): { s: string; times: TimePhrase[] } {
  let s = s0;
  const times: TimePhrase[] = [];
  const put = (idx: number, len: number, w: TimePhrase): void => {
    s = `${s.slice(0, idx)} @t${times.length} ${s.slice(idx + len)}`.replace(/\s+/g, ' ').trim();
    times.push(w);
  };
  // "in the first minute than in the second minute": each part of the recording named
  for (let fw = firstWindow(s, opts.coverage), k = 0; fw && k < 3; fw = firstWindow(s, opts.coverage), k++) put(fw.m.index, fw.m[0].length, fw.w);
  // "30 seconds in", "halfway through": a moment of the recording
  const ri = recordingInstant(s, opts.coverage);
  if (ri) put(ri.m.index, ri.m[0].length, ri.w);
  // "30 seconds ago", "a minute ago": an instant before now
  const ago = /\b(\d+(?:\.\d+)?|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty)\s+(second|sec|minute|min|hour)s?\s+ago\b/.exec(s);
  if (ago) {
    const n = ago[1] === 'a' || ago[1] === 'an' ? 1 : (NUMBERS[ago[1] ?? ''] ?? Number(ago[1]));
    const unit = ago[2]?.startsWith('s') ? 1000 : ago[2]?.startsWith('h') ? 3_600_000 : 60_000;
    const t = opts.now - n * unit;
    put(ago.index, ago[0].length, { from: t - 2000, to: t + 1, instant: t, phrase: ago[0] });
  }
  for (let guard = 0; guard < 6; guard++) {
    const r = resolveTime(s, { now: opts.now, timeZone: opts.timeZone, all: opts.coverage });
    if (!r.phrase) break;
    const idx = s.indexOf(r.phrase);
    if (idx < 0) break;
    const w: TimePhrase = { from: r.from, to: r.to, phrase: r.phrase };
    if (r.instant !== undefined) w.instant = r.instant;
    put(idx, r.phrase.length, w);
  }
  return { s, times };
}

/** Spoken forms of an id: "bench2" -> "bench2", "bench 2"; "loading_dock" -> "loading dock". */
function forms(id: string): string[] {
  const base = id.toLowerCase();
  const spaced = base.replace(/[_\-.]+/g, ' ').replace(/([a-z])(\d)/g, '$1 $2').replace(/(\d)([a-z])/g, '$1 $2').trim();
  return [...new Set([base, spaced])];
}

/** Plural forms of a label ("bottle" -> bottles, "bus" -> buses, "cell phone" -> cell phones). */
function plurals(label: string): string[] {
  const out = [label];
  if (/(?:s|x|ch|sh)$/.test(label)) out.push(`${label}es`);
  else if (/[^aeiou]y$/.test(label)) out.push(`${label.slice(0, -1)}ies`);
  else if (/fe?$/.test(label) && label.endsWith('knife')) out.push('knives');
  else out.push(`${label}s`);
  if (label === 'person') out.push('people');
  if (label === 'mouse') out.push('mice');
  return out;
}

/** The phrase table of a vocabulary: word sequences to tokens, longest matched first. */
function nameTable(v: ScanVocabulary): Map<string, Lex | TokenBody> {
  const table = new Map<string, Lex | TokenBody>();
  for (const [label] of Object.entries(CLASS_WORDS)) table.set(label, { t: 'class', v: CLASS_WORDS[label] ?? [], agent: /one|body/.test(label) });
  for (const label of v.labels) for (const f of plurals(label.toLowerCase())) if (!table.has(f)) table.set(f, { t: 'class', v: [label], agent: false });
  const add = (kind: PlaceName['kind'], id: string, words: string[]): void => {
    for (const f of forms(id)) {
      // a short id ("b") is only a name with its kind word ("line b", "b line")
      if (f.length > 2) table.set(f, { t: 'place', v: { kind, id } });
      for (const w of words) {
        table.set(`${w} ${f}`, { t: 'place', v: { kind, id } });
        table.set(`${f} ${w}`, { t: 'place', v: { kind, id } });
      }
    }
  };
  for (const id of v.lines) add('line', id, ['line', 'tripwire']);
  for (const id of v.zones) add('zone', id, ['zone', 'area', 'region']);
  for (const id of v.cameras) add('camera', id, ['camera', 'cam']);
  // "the table" for camera standing-table, "the shelf" for drinks-shelf: a word of one name alone, where it means nothing else
  for (const [word, place] of nameWords(v)) {
    // a word of the name itself ("ramp" of ferry-ramp), not another word for it
    const own = forms(place.id).some((f) => ` ${f} `.includes(` ${word} `));
    const lex: TokenBody = { t: 'place', v: place, alias: true, ...(own ? { own: true as const } : {}) };
    if (!table.has(word) && (word.includes(' ') || !known(word))) table.set(word, lex);
    // "the bench" of greenhouse-bench is also a class: the place where a class stands as one (`placeAfterClass`)
    else if (own && table.get(word)?.t === 'class') table.set(`${CLASS_PLACE}${word}`, lex);
    // "at the exit" of car-wash-exit is also a verb: the place where "the" stands before it (`placeAfterThe`)
    else if (own && !word.includes(' ')) table.set(`${NAME_WORD}${word}`, lex);
  }
  for (const [p, lex] of Object.entries(PHRASES)) if (!table.has(p)) table.set(p, lex);
  return table;
}

/**
 * Words before a class word: "every bottle", "each bottle" are all of them; "the right bottle", "the
 * left car" pick one by a position the memory cannot tell (read as a word it does not know, so the
 * question is refused naming it; "right" is otherwise a filler word). Changes `out` in place.
 */
function beforeClass(out: Token[]): void {
  for (const t of out) {
    const next = out[t.i + 1];
    if (next?.t !== 'class') continue;
    if (t.t !== 'spot' && POSITIONS.test(t.text) && out[t.i - 1]?.text === 'the') Object.assign(t, { t: 'word' });
    else if (t.t === 'skip' && (t.text === 'every' || t.text === 'each') && !next.agent) Object.assign(t, { t: 'all' });
  }
}

/** Words of position that pick one thing among others ("the right bottle"). */
const POSITIONS = /^(?:right|left|leftmost|rightmost|middle|centre|center|front|back|rear|top|bottom|upper|lower|near|far|nearest|farthest)$/;

/** Words that say a name is a camera's, a zone's or a line's. */
const PLACE_KIND_WORDS = new Set(['camera', 'cam', 'cameras', 'zone', 'area', 'region', 'line', 'tripwire']);

/** Words of a place's name that say where, not what ("left", "front"): never a name alone. */
const NOT_ALONE = new Set(['left', 'right', 'front', 'back', 'rear', 'top', 'bottom', 'main', 'side', 'north', 'south', 'east', 'west', 'upper', 'lower', 'inner', 'outer', 'new', 'old', 'cam', 'camera', 'zone', 'area', 'line']);

/** Whether a word, or the word an -ing, -ed or -s ending was added to ("standing": "stand"), is one the lexicon knows. */
function known(word: string): boolean {
  const stems = [word, word.replace(/(?:ing|ed|s)$/, ''), word.replace(/(?:ing|ed)$/, 'e'), word.replace(/([a-z])\1(?:ing|ed)$/, '$1')];
  return stems.some((w) => Object.hasOwn(WORDS, w) || Object.hasOwn(NUMBERS, w) || Object.hasOwn(ORDINALS, w));
}

/**
 * Other words for a place, each belonging to exactly one place: the words of a multi-word name
 * ("table" for standing-table), and WordNet's synonyms of the name and of its words with their
 * head nouns ("parking lot" and "lot" for car-park, "booth" for kiosk). Words of three letters or
 * more, never a word that says where rather than what ("front", "left").
 */
function nameWords(v: ScanVocabulary): Map<string, PlaceName> {
  const seen = new Map<string, PlaceName | null>();
  const places: PlaceName[] = [...v.cameras.map((id) => ({ kind: 'camera' as const, id })), ...v.zones.map((id) => ({ kind: 'zone' as const, id })), ...v.lines.map((id) => ({ kind: 'line' as const, id }))];
  const put = (w: string, p: PlaceName): void => {
    if (w.length < 3 || !/^[a-z]+(?: [a-z]+)?$/.test(w) || NOT_ALONE.has(w)) return;
    const had = seen.get(w);
    seen.set(w, had === undefined || (had && had.kind === p.kind && had.id === p.id) ? p : null);
  };
  for (const p of places) {
    const name = forms(p.id).at(-1) ?? '';
    const words = name.split(' ').filter((w) => /^[a-z]{3,}$/.test(w) && !NOT_ALONE.has(w));
    if (words.length > 1 || name.includes(' ')) for (const w of words) put(w, p);
    // "staff-carpark": WordNet has the car park spaced
    const split = words.flatMap((w) => splitCompound(w) ?? []);
    for (const sp of split) put(sp, p);
    // "the car park" of marina-car-park: two words of the name that WordNet knows as one noun
    const runs = words.slice(1).map((w, k) => `${words[k] ?? ''} ${w}`).filter((run) => nounSenses(run.replace(' ', '_')).length > 0);
    for (const run of runs) put(run, p);
    // "the front desk" of hostel-front-desk: two words of the name as they stand in it
    // (a word that is never a name alone, "front", is one with the word after it)
    const said = name.split(' ');
    if (said.length > 2) for (let k = 0; k + 1 < said.length; k++) put(`${said[k] ?? ''} ${said[k + 1] ?? ''}`, p);
    // "the dental waiting table" of dental-surgery-waiting: two words of the name in their order, a word between them left out
    for (let k = 0; k + 2 < said.length; k++) for (let j = k + 2; j < said.length; j++) put(`${said[k] ?? ''} ${said[j] ?? ''}`, p);
    for (const term of new Set([name, ...words, ...split, ...runs])) {
      for (const syn of nounSynonyms(term)) {
        put(syn, p);
        const head = syn.split(' ').pop() ?? '';
        if (head !== syn) put(head, p);
      }
    }
  }
  return new Map([...seen].filter((e): e is [string, PlaceName] => e[1] !== null));
}

const ORDINAL_DIGITS = /^(\d+)(?:st|nd|rd|th)$/;

/**
 * The start or the end of the recording left out in words, of a state's stretches ("when did the
 * longest empty stretch begin (not counting the start of the clip)"): the question is asked from the
 * first arrival, or up to the last departure, said as a clause before it.
 */
function exclusions(text: string): string {
  const out = /\s*[(,]?\s*\b(?:not counting|excluding|leaving out|ignoring|apart from|except(?: for)?|other than|besides) (?:the (?:empty |quiet )?(?:time|stretch|spell|period|bit) (?:at|before) )?the (start|beginning|end)(?: of the (?:clip|recording|video|footage|day))?\b\s*\)?/;
  const m = out.exec(text);
  // (only of a state's stretches: "the first person, not counting the start" leaves nothing out)
  if (!m || !/\b(?:empty|quiet|vacant|unoccupied|unused|idle|nobody|gap|gaps|stretch|stretches|spell|spells|lull|occupied|full|missing)\b/.test(text)) return text;
  const rest = (text.slice(0, m.index) + text.slice(m.index + m[0].length)).trim();
  return ` ${m[1] === 'end' ? 'before the last departure' : 'after the first arrival'}, ${rest}`;
}

/**
 * Lengths said short or in fractions, in full: "15 s", "30secs", "2 mins", "1 hr" with the unit
 * spelt out; "half a minute", "a minute and a half", "a quarter of an hour" in numbers.
 */
function lengthsInFull(text: string): string {
  let s = text;
  s = s.replace(/\b(\d+(?:\.\d+)?) ?(?:s|secs?)\b(?!:)/g, '$1 seconds').replace(/\b(\d+(?:\.\d+)?) ?mins?\b/g, '$1 minutes').replace(/\b(\d+(?:\.\d+)?) ?hrs?\b/g, '$1 hours');
  s = s.replace(/\bhalf(?: a| an|-| )(minute|hour)\b/g, (_m, u: string) => (u === 'minute' ? '30 seconds' : '30 minutes'));
  s = s.replace(/\bhalf an? (minute|hour)\b/g, (_m, u: string) => (u === 'minute' ? '30 seconds' : '30 minutes'));
  s = s.replace(/\ba (minute|hour) and a half\b/g, (_m, u: string) => (u === 'minute' ? '90 seconds' : '90 minutes'));
  s = s.replace(/\ba quarter of an hour\b/g, '15 minutes');
  return s;
}

/**
 * Ways of saying the span of an `elapsed` question, in its plainest words: "how far into the clip"
 * is how long into it; "how long did it take (for X) to ..." is how long until it; a span's first
 * moment said first ("the first time a bottle was taken, how long ...") is said after "after".
 */
function spanWording(text: string): string {
  let s = text;
  // "how far into the clip did ...": how long; "how long into the recording did it take before ...": the wait from the start, said twice
  s = s.replace(/\bhow far into\b/g, 'how long into').replace(/\bhow long into (?:the |this )?(?:recording|clip|footage|video|feed|tape) did it take\b/g, 'how long did it take');
  // "how long did it take for it to be put back", "how long did it take the first car to arrive": until it was
  s = s.replace(/\bhow long did it take (?:for )?((?:[a-z]+ ){0,4}?)to (?:be |get )?(?=[a-z])/g, 'how long until $1');
  // "the first time a bottle was taken, how long until ...", "when the first car left, how long before ...": the span's first moment, said first
  s = s.replace(/^(\s*)(?:(?:so|and|ok) )?(?:when (?=the (?:first|second|third|last|\d+(?:st|nd|rd|th)) )|(?:the )?(?=(?:first|second|third|last|\d+(?:st|nd|rd|th)) time\b))([^,?;]+), how long (?=(?:until|till|before|did it take|was it until|was it before)\b)/, '$1after the $2, how long ').replace(/^(\s*)after the the\b/, '$1after the');
  return s;
}

/**
 * Tokenises a question. Time expressions become `time` tokens, names of the memory `class` and
 * `place` tokens, the lexicon's words their kinds; unknown words stay `word` tokens.
 */
export function scan(question: string, vocab: ScanVocabulary, opts: ScanOptions): Token[] {
  return scanRead(question, vocab, opts).toks;
}

/** The tokens of a question and how its unknown words were read (`read "tabel" as "table"`). */
export interface ScanRead {
  toks: Token[];
  read: string[];
  /** The question's own words, lower case, as typed (before normalising and repairs). */
  words: string[];
  /** Scene nouns read as the camera ("the desk" at the only camera), to be said in the answer. */
  scene: string[];
}

/**
 * Tokenises a question as `scan`, reading the words it does not know as their verb roots or, for a
 * typing slip, the nearest known word (scan-repair.ts), then reading the repaired sentence again.
 */
export function scanRead(question: string, vocab: ScanVocabulary, opts: ScanOptions): ScanRead {
  const s = normalise(question, opts);
  const table = nameTable(vocab);
  const toks = tokenise(s, table, opts);
  const scene = [...passesWithoutLines(toks, vocab), ...sceneNouns(toks, vocab)];
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  const unknown = [...new Set(toks.filter((t) => t.t === 'word' && !t.text.includes(' ')).map((t) => t.text))];
  if (unknown.length === 0) return { toks, read: [], words, scene };
  const fixes = repairs(s, unknown, table.keys());
  if (fixes.size === 0) return { toks, read: [], words, scene };
  // the repaired words go back into the question, which is normalised again ("betwen 09:00" -> "between 09:00")
  let fixed = question.toLowerCase();
  for (const [w, f] of fixes) if (/^[a-z0-9]+$/.test(w)) fixed = fixed.replace(new RegExp(`(?<![a-z0-9])${w}(?![a-z0-9])`, 'g'), f.to);
  const read = [...fixes].filter(([, f]) => f.slip).map(([w, f]) => `read "${w}" as "${f.to}"`);
  const again = tokenise(normalise(fixed, opts), table, opts);
  const passes = passesWithoutLines(again, vocab);
  const senses = [...fixes].filter(([, f]) => f.sense).map(([w, f]) => f.said ?? `read "${w}" as ${f.to}`);
  return { toks: again, read, words, scene: [...senses, ...passes, ...sceneNouns(again, vocab)] };
}

/**
 * "How many cars drove through": with no line drawn anywhere, going through is passing through the
 * view, a visit (said in the answer); with lines, it is a crossing. "Cross" itself always is.
 */
function passesWithoutLines(toks: Token[], vocab: ScanVocabulary): string[] {
  if (vocab.lines.length > 0) return [];
  const notes: string[] = [];
  for (const t of toks) {
    if (t.t !== 'verb' || t.v !== 'cross' || /^cross/.test(t.text)) continue;
    Object.assign(t, { v: 'arrive' });
    notes.push(`read "${t.text}" as coming into view, as no line is drawn`);
  }
  return notes;
}

/** The tokens of a normalised sentence. */
function tokenise(sentence: string, table: Map<string, Lex | TokenBody>, opts: ScanOptions): Token[] {
  const { s: described, looks } = takeLooks(sentence);
  const { s, times } = takeTimes(described, opts);
  const w = s.split(' ').filter(Boolean);
  const out: Token[] = [];
  for (let i = 0; i < w.length; ) {
    const word = w[i] as string;
    const tm = /^@t(\d+)$/.exec(word);
    if (tm) {
      out.push({ t: 'time', v: times[Number(tm[1])] as TimePhrase, text: (times[Number(tm[1])] as TimePhrase).phrase, i: out.length });
      i++;
      continue;
    }
    const lm = /^@l(\d+)$/.exec(word);
    if (lm) {
      const look = looks[Number(lm[1])] as LookPhrase;
      out.push({ t: 'look', v: look, text: look.said, i: out.length });
      i++;
      continue;
    }
    if (word === ',') {
      out.push({ t: 'sep', text: ',', i: out.length });
      i++;
      continue;
    }
    let hit: { len: number; lex: Lex | TokenBody } | null = null;
    for (let len = Math.min(5, w.length - i); len >= 2 && !hit; len--) {
      const lex = table.get(w.slice(i, i + len).join(' '));
      if (lex) hit = { len, lex };
    }
    // "the check-in camera" for clinic-checkin: two words said apart that the name joins
    const joined = !hit && i + 1 < w.length ? table.get(`${word}${w[i + 1] ?? ''}`) : undefined;
    if (joined?.t === 'place') hit = { len: 2, lex: joined };
    if (!hit) {
      const prev = out[out.length - 1];
      const lex = single(word, prev, w[i + 1], table);
      hit = { len: 1, lex };
    }
    out.push({ ...(hit.lex as Lex), text: w.slice(i, i + hit.len).join(' '), i: out.length });
    i += hit.len;
  }
  // "drove off", "pulled in": a verb of motion with a particle
  particleVerbs(out, sentence);
  // "how long was the first bottle away": missing, never its time there
  absence(out);
  changeByAmount(out);
  secondAsOrdinal(out);
  // "once the first visitor had arrived, ...": a moment the question counts from, as "after"
  const opener = out[0];
  if (opener?.t === 'word' && opener.text === 'once' && (out[1]?.t === 'ord' || out[2]?.t === 'ord' || out[1]?.t === 'class')) Object.assign(opener, { t: 'rank', v: 'after' });
  // "at 10:16 exactly", "the longest single visit", "please confirm ...": stress and asking
  emphasis(out);
  // "when did the longest empty stretch end": which end of a stretch
  // "the longest gap between cars", "how many lulls": a stretch with none there between visits
  gapWords(out);
  extremeStates(out);
  stretchEdges(out);
  relativeStretch(out);
  // "come back later", "finally end", "the long empty stretch", "that one": said again, nothing more
  restatements(out);
  // "how much time was the shortest visit taking": a visit takes time (it lasts), it takes nothing away
  for (const t of out) if (t.t === 'verb' && t.v === 'take' && out.slice(0, t.i).reverse().find((x) => x.t !== 'aux' && x.t !== 'skip')?.t === 'visitnoun') Object.assign(t, { v: 'stay' });
  // "the shelf camera": a name said as a name is the name, never another word for one
  // ("the ramp camera" of ferry-ramp: a word of the name is the name)
  for (const t of out) if (t.t === 'place' && t.alias && !t.own && PLACE_KIND_WORDS.has(out[t.i + 1]?.text ?? '')) Object.assign(t, { t: 'word' });
  placeAfterClass(out, table);
  placeAfterThe(out, table);
  // "when did the second visit at the drop-off end": a visit's ends, across the place said after it
  visitEdges(out);
  // "the left bottle", "the bottle in the middle": a place in the picture
  spotPhrases(out);
  byNeighbours(out);
  beforeClass(out);
  // "longer at the table than": the place after the comparison's other side
  wordOrder(out);
  for (const t of out) withFeatures(t);
  return out;
}

/** "A second car came": the ordinal, not one second. Changes `out` in place. */
function secondAsOrdinal(out: Token[]): void {
  for (const t of out) {
    const a = out[t.i - 1];
    if (t.t === 'unit' && t.text === 'second' && a?.t === 'num' && (a.text === 'a' || a.text === 'an') && ['class', 'visitnoun', 'word'].includes(out[t.i + 1]?.t ?? '')) {
      Object.assign(a, { t: 'skip' });
      Object.assign(t, { t: 'ord', v: 2 });
    }
  }
}

/**
 * "Did the count go up by 2", "did the bottle count drop by one": a change by an amount, which no
 * measure reads (it had been read as "were there 2", another question). "By" becomes a word the
 * parser does not know, so the question is refused naming it ("fell by two at once" is read before).
 */
function changeByAmount(out: Token[]): void {
  const counted = out.some((x) => x.t === 'head' && /^(?:number|count) of$/.test(x.text));
  for (const t of out) {
    if (out[t.i + 1]?.t !== 'num') continue;
    const before = out[t.i - 1];
    const by = t.t === 'skip' && t.text === 'by' && before?.t === 'verb' && (before.v === 'drop' || before.v === 'rise');
    if (by || (t.t === 'verb' && t.text === 'drop by' && counted)) Object.assign(t, { t: 'word' });
  }
}

/**
 * Words read by the word after them: "at most" with no number after it is the most; "first" of the arrival of one already named by an ordinal
 * ("when did the third shopper first show up"), and a verb of staying before a state, which is
 * the state's copula ("did the desk ever stand empty", "remained full"). Changes `out` in place.
 */
function byNeighbours(out: Token[]): void {
  for (const t of out) {
    const next = out[t.i + 1];
    // "how many were there at most": the most, not a comparison
    if (t.t === 'cmp' && t.text === 'at most' && next?.t !== 'num') Object.assign(t, { t: 'agg', v: 'max' });
    if (t.t === 'ord' && t.v === 1 && t.text === 'first' && next?.t === 'verb' && next.v === 'arrive' && out.slice(0, t.i).some((o) => o.t === 'ord')) Object.assign(t, { t: 'skip' });
    if (t.t === 'verb' && t.v === 'stay' && next?.t === 'cond') Object.assign(t, { v: 'be' });
    // "first car in?", "last person out": the particle closing an ordinal's class is its arrival or departure
    const closing = out.slice(t.i + 1).every((x) => x.t === 'sep');
    if (t.t === 'skip' && (t.text === 'in' || t.text === 'out') && closing && out[t.i - 1]?.t === 'class' && out[t.i - 2]?.t === 'ord') Object.assign(t, { t: 'verb', v: t.text === 'in' ? 'arrive' : 'leave' });
  }
}

/** The table's key prefix for a word of a place's name that is also a class ("bench"). */
const CLASS_PLACE = '@place ';
/** The table's key prefix for a word of a place's name that is also another word ("exit", a verb). */
const NAME_WORD = '@name ';

/** Kinds of token no "the" comes before: a verb, a state, a word not known, a preposition of time. */
const AFTER_THE = new Set(['verb', 'cond', 'word', 'elapse']);

/**
 * "When did the first car appear at the exit" where the camera is car-wash-exit: a word of one
 * place's own name that the lexicon reads as a verb or a state, right after "the", is the place
 * (no verb or state follows "the"). Changes `toks` in place.
 */
function placeAfterThe(toks: Token[], table: Map<string, Lex | TokenBody>): void {
  for (const [i, t] of toks.entries()) {
    // ("at the till" of canteen-till: no preposition follows "the" either)
    if (!AFTER_THE.has(t.t) || toks[i - 1]?.text !== 'the') continue;
    const place = table.get(`${NAME_WORD}${t.text}`);
    if (place) toks[i] = { ...place, text: t.text, i: t.i };
  }
}

/**
 * "How many bottles were on the bench" where the camera is greenhouse-bench: a class word that is a
 * word of a place's name, after "the" and a preposition of place following another class, or
 * after "the" with no other class in the question ("was the bench empty"), is the place. Changes
 * `toks` in place.
 */
function placeAfterClass(toks: Token[], table: Map<string, Lex | TokenBody>): void {
  for (const [i, t] of toks.entries()) {
    if (t.t !== 'class' || t.agent || toks[i - 1]?.text !== 'the') continue;
    const place = table.get(`${CLASS_PLACE}${t.text}`);
    if (!place) continue;
    // ("was the bench empty": with no other class, the one named after it is the place; never a
    // class that moves by itself: "was the car that came through silver" of car-wash-exit is a car)
    const alone = !toks.some((p) => p.t === 'class' && p !== t) && !t.v.some((c) => MOVERS.has(c));
    // ("was the bench ever empty of bottles": the state is said of the place, of the other class)
    const stateOf = toks.some((c, k) => k > i && c.t === 'cond' && toks[k + 1]?.text === 'of' && toks[k + 2]?.t === 'class');
    if (alone || stateOf || classAsPlace(toks, i)) toks[i] = { ...place, text: t.text, i: t.i };
  }
}

/**
 * Whether the class word at `i` stands where a place does: after a preposition of place and "the",
 * following another class ("how many bottles were on the bench"). Counting it with the subject
 * would answer another question: it is the place named so, or a refusal (parse.ts).
 */
export function classAsPlace(toks: readonly Token[], i: number): boolean {
  const t = toks[i];
  if (t?.t !== 'class' || t.agent || toks[i - 1]?.text !== 'the') return false;
  // ("taken off the bench": the preposition is the verb's particle)
  const before = toks[i - 2];
  const prep = /^(?:at|on|by|near|beside|in|inside|under|around|to|from|next to|off|onto)$/.test(before?.text ?? '') || (before?.t === 'verb' && / (?:off|from|on|onto|at|to)$/.test(before.text));
  return prep && toks.slice(0, i - 2).some((p) => p.t === 'class');
}

/** The verb a word of a visit's end or start is after the visit ("the visit ended": leave), or undefined. */
export function visitEdgeVerb(word: string): 'leave' | 'arrive' | undefined {
  if (/^(?:end|ends|ended|finish|finished|finishes|stop|stopped)$/.test(word)) return 'leave';
  if (/^(?:start|starts|started|begin|began|begins)$/.test(word)) return 'arrive';
  return undefined;
}

/** Reads one word given its neighbours ("20 second" is a unit, "the second" an ordinal). */
function single(word: string, prev: Token | undefined, next: string | undefined, table: Map<string, Lex | TokenBody>): Lex | TokenBody {
  const afterNumber = prev?.t === 'num';
  if (afterNumber && /^(?:s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours)$/.test(word)) return WORDS[word] as Lex;
  if (word === 'min' || word === 'mins') return { t: 'agg', v: 'min' };
  if ((word === 'a' || word === 'an') && next && /^(?:second|minute|hour)$/.test(next)) return { t: 'num', v: 1 };
  if (/^\d+(?:\.\d+)?$/.test(word)) return { t: 'num', v: Number(word) };
  // "how long did the visit last?": the verb, not the ordinal
  if (word === 'last' && (next === undefined || next === ',' || next === 'for' || next.startsWith('@t') || prev?.t === 'visitnoun') && (prev?.t !== 'skip' || /^(?:it|they|he|she|that|this)$/.test(prev.text))) return { t: 'verb', v: 'stay' };
  // "the second pass", "each pass", "its third pass": a pass through the view is a visit
  if (word === 'pass' && (prev?.t === 'ord' || prev?.t === 'agg' || /^(?:a|one|each|every|per|its|that|this|his|her|their|single)$/.test(prev?.text ?? ''))) return { t: 'visitnoun' };
  // "how long did the quickest car pass take": a noun before a verb of lasting (in "did the car pass the gate" a verb)
  if (word === 'pass' && prev?.t === 'class' && /^(?:take|takes|took|last|lasts|lasted|was|is|of)$/.test(next ?? '')) return { t: 'visitnoun' };
  // "when did the longest visit end", "when did the second visit start": a visit's ends
  const edge = prev?.t === 'visitnoun' ? visitEdgeVerb(word) : undefined;
  if (edge) return { t: 'verb', v: edge };
  // "did the ledge hold one bottle": a place that holds or contains things has them (a person holding one is not read)
  if ((prev?.t === 'place' || prev?.t === 'here') && /^(?:hold|holds|held|holding|contain|contains|contained|containing)$/.test(word)) return { t: 'aux', v: 'past' };
  const od = ORDINAL_DIGITS.exec(word);
  if (od) return { t: 'ord', v: Number(od[1]) };
  const named = table.get(word);
  if (named) return named;
  if (word in ORDINALS) return { t: 'ord', v: ORDINALS[word] as number };
  if (word in NUMBERS && word !== 'none') return { t: 'num', v: NUMBERS[word] as number };
  const hyph = /^([a-z]+)-([a-z]+)$/.exec(word);
  if (hyph && hyph[1] && hyph[2] && NUMBERS[hyph[1]] !== undefined && NUMBERS[hyph[2]] !== undefined) return { t: 'num', v: (NUMBERS[hyph[1]] as number) + (NUMBERS[hyph[2]] as number) };
  return WORDS[word] ?? { t: 'word' };
}
