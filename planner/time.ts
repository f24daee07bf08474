/**
 * Time expressions in questions ("in the last hour", "this morning", "since 9", "between 14:00
 * and 14:30 yesterday", "at 09:01:30") resolved into exact windows of epoch ms in an IANA time
 * zone. Deterministic given `now`. Wall times are converted to epoch with Intl only.
 */

/** A resolved time: a window `[from, to)` in epoch ms, and for "at HH:MM" questions the instant. */
export interface ResolvedTime {
  from: number;
  to: number;
  /** Set when the question names one instant ("at 09:01:30"). */
  instant?: number;
  /** The phrase that was recognised, or null when the question names no time (whole coverage). */
  phrase: string | null;
  /** The question with the phrase removed. */
  rest: string;
}

/** Options of `resolveTime`. */
export interface TimeOptions {
  /** The moment the question is asked, epoch ms. */
  now: number;
  /** IANA zone of wall times in the question. */
  timeZone: string;
  /** Window used when the question names no time (the memory's coverage); defaults to `[0, now]`. */
  all?: { from: number; to: number };
}

/** Civil date-time parts in some zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `tz` is an IANA zone Intl knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall time of an epoch instant in a zone (seconds truncated). */
export function wallTime(t: number, tz: string): WallTime {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(t))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year ?? 1970, month: p.month ?? 1, day: p.day ?? 1, hour: (p.hour ?? 0) % 24, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** Offset of the zone from UTC at an instant, ms (wall minus UTC). */
function offsetAt(t: number, tz: string): number {
  const w = wallTime(t, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * Epoch ms of a wall time in a zone. A wall time skipped by a DST change resolves as if the
 * earlier offset still applied (02:30 on a spring-forward day becomes 03:30); a repeated one
 * resolves to its first occurrence.
 */
export function zonedToEpoch(w: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number }, tz: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour ?? 0, w.minute ?? 0, w.second ?? 0);
  const o1 = offsetAt(guess - offsetAt(guess, tz), tz);
  const candidates = [guess - offsetAt(guess - 3 * HOUR, tz), guess - o1, guess - offsetAt(guess + 3 * HOUR, tz)];
  const ok = candidates.filter((t) => offsetAt(t, tz) === guess - t).sort((a, b) => a - b);
  // in a gap no candidate maps back: keep the offset before the change
  return ok[0] ?? guess - offsetAt(guess - 3 * HOUR, tz);
}

/** Civil date `n` days after a date. */
function addDays(d: { year: number; month: number; day: number }, n: number): { year: number; month: number; day: number } {
  const x = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
}

/** A time of day. */
export interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

/** Pattern of a time of day: "9", "09:30", "09:01:30", "9am", "2.30 pm", "noon", "midnight". */
const TOD = String.raw`(?:(?:the\s+)?(?:noon|midday|midnight)|\d{1,2}(?:[:.]\d{2}(?::\d{2})?)?(?:\s*[ap]\.?m\.?)?(?:\s*o'?clock)?)`;
/** Date qualifier after or before a time. */
const DAY = String.raw`(?:today|yesterday|on\s+\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2})`;

/**
 * Reads one time of day ("9", "09:30", "09:01:30", "9am", "2.30 pm", "7 p.m.", "noon",
 * "midnight"), lower case; null when it is not one.
 */
export function parseTod(s: string): TimeOfDay | null {
  // "after the midnight": the article said before a named time of day
  const t = s.trim().replace(/^the\s+/, '');
  if (t === 'noon' || t === 'midday') return { hour: 12, minute: 0, second: 0 };
  if (t === 'midnight') return { hour: 0, minute: 0, second: 0 };
  const m = /^(\d{1,2})(?:[:.](\d{2})(?::(\d{2}))?)?\s*(?:([ap])\.?m\.?)?(?:\s*o'?clock)?$/.exec(t);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const second = Number(m[3] ?? 0);
  const ap = m[4];
  if (ap) {
    if (hour < 1 || hour > 12) return null;
    if (ap === 'a' && hour === 12) hour = 0;
    if (ap === 'p' && hour < 12) hour += 12;
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

/** Resolves time expressions relative to `now` in one zone. */
class Resolver {
  readonly today: { year: number; month: number; day: number };
  constructor(
    readonly now: number,
    readonly tz: string,
  ) {
    const w = wallTime(now, tz);
    this.today = { year: w.year, month: w.month, day: w.day };
  }

  at(d: { year: number; month: number; day: number }, tod: TimeOfDay): number {
    return zonedToEpoch({ ...d, ...tod }, this.tz);
  }

  dayStart(d: { year: number; month: number; day: number }): number {
    return zonedToEpoch(d, this.tz);
  }

  /** A date qualifier ("today", "yesterday", "on 2026-11-21") as a civil date. */
  day(q: string | undefined): { year: number; month: number; day: number } | null {
    if (!q) return null;
    const s = q.trim();
    if (s === 'today') return this.today;
    if (s === 'yesterday') return addDays(this.today, -1);
    const m = /(\d{4})-(\d{2})-(\d{2})/.exec(s);
    return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
  }

  /** The latest occurrence of a time of day at or before now (on `day` when given). */
  latest(tod: TimeOfDay, day: { year: number; month: number; day: number } | null): number {
    if (day) return this.at(day, tod);
    const t = this.at(this.today, tod);
    return t <= this.now ? t : this.at(addDays(this.today, -1), tod);
  }
}

/** One recognised expression: its pattern and how it resolves. */
interface Rule {
  re: RegExp;
  resolve: (m: RegExpExecArray, r: Resolver, end: number) => { from: number; to: number; instant?: number } | null;
}

const UNIT_MS: Record<string, number> = { second: 1000, sec: 1000, minute: MINUTE, min: MINUTE, hour: HOUR, hr: HOUR, day: 24 * HOUR };
const WORD_N: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, fifteen: 15, twenty: 20, thirty: 30, 'forty five': 45, sixty: 60, few: 3, couple: 2 };

/** Parts of the day, local wall hours `[start, end)`. */
const PARTS: Record<string, [number, number]> = { morning: [6, 12], afternoon: [12, 18], evening: [18, 24], night: [0, 6] };

function part(r: Resolver, day: { year: number; month: number; day: number }, name: string, end: number): { from: number; to: number } {
  const [a, b] = PARTS[name] ?? [0, 24];
  const from = r.at(day, { hour: a, minute: 0, second: 0 });
  const to = b === 24 ? r.dayStart(addDays(day, 1)) : r.at(day, { hour: b, minute: 0, second: 0 });
  return { from, to: Math.min(to, end) };
}

/**
 * "between 2:06 and 2:08 pm": a start said without am/pm is in the half of the day the end names,
 * when that keeps it before the end.
 */
function sameHalf(a: TimeOfDay | null, aText: string, b: TimeOfDay | null, bText: string): TimeOfDay | null {
  if (!a || !b || /[ap]\.?m/.test(aText) || !/p\.?m/.test(bText) || a.hour >= 12) return a;
  const pm = { ...a, hour: a.hour + 12 };
  const secs = (t: TimeOfDay): number => t.hour * 3600 + t.minute * 60 + t.second;
  return secs(pm) <= secs(b) ? pm : a;
}

const RULES: Rule[] = [
  {
    // (in) the 5 minutes before 09:19:30 / during the 10 seconds after 10:02 / the two minutes leading up to
    // 9:20: a window on one side of a clock time ("5 minutes before 9:20" alone is a moment: not read here)
    re: new RegExp(String.raw`\b(?:(?:in|during|over|within|for)\s+(?:the\s+)?|the\s+)(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty five|sixty|few|couple)\s+(second|sec|minute|min|hour|hr)s?\s+(before|after|following|leading up to)\s+(${TOD})(?:\s+(${DAY}))?`),
    resolve: (m, r, end) => {
      const n = WORD_N[m[1] ?? ''] ?? Number(m[1]);
      const unit = UNIT_MS[m[2] ?? ''] ?? MINUTE;
      const a = parseTod(m[4] ?? '');
      if (!a || !(n > 0)) return null;
      const t = r.latest(a, r.day(m[5]));
      return m[3] === 'before' || m[3] === 'leading up to' ? { from: t - n * unit, to: Math.min(t, end) } : { from: t, to: Math.min(t + n * unit, end) };
    },
  },
  {
    // between 14:00 and 14:30 [yesterday]; from 9 to 10 today
    re: new RegExp(String.raw`\b(?:(${DAY})\s+)?(?:between|from)\s+(${TOD})\s+(?:and|to|until|till)\s+(${TOD})(?:\s+(${DAY}))?`),
    resolve: (m, r, end) => {
      const b = parseTod(m[3] ?? '');
      const a = sameHalf(parseTod(m[2] ?? ''), m[2] ?? '', b, m[3] ?? '');
      if (!a || !b) return null;
      const day = r.day(m[1] ?? m[4]);
      const from = r.latest(a, day);
      const w = wallTime(from, r.tz);
      const d0 = { year: w.year, month: w.month, day: w.day };
      let to = r.at(d0, b);
      if (to <= from) to = r.at(addDays(d0, 1), b);
      return { from, to: Math.min(to, end) };
    },
  },
  {
    // in the last hour / in the past 15 minutes / over the last 2 hours / last 10 minutes
    re: /\b(?:(?:in|during|over|within|for)\s+)?(?:the\s+)?(?:last|past|previous)\s+(?:(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty five|sixty|few|couple)\s+(?:of\s+)?)?(second|sec|minute|min|hour|hr|day)s?\b/,
    resolve: (m, r, end) => {
      const n = m[1] === undefined ? 1 : (WORD_N[m[1]] ?? Number(m[1]));
      const unit = UNIT_MS[m[2] ?? ''] ?? HOUR;
      return { from: r.now - n * unit, to: end };
    },
  },
  {
    // this morning / this afternoon / this evening / tonight / (the last visitor) of the night / at night
    re: /\b(?:(?:in|during)\s+)?(?:this\s+(morning|afternoon|evening)|(tonight))\b|\b(?:of|during)\s+the\s+(morning|afternoon|evening|night)\b|\bat\s+(night)\b/,
    resolve: (m, r, end) => {
      const said = m[1] ?? m[3] ?? m[4] ?? 'evening';
      // "tonight" in the small hours: the night in progress, since the evening before
      const small = part(r, r.today, 'night', end);
      if (m[2] !== undefined && r.now >= small.from && r.now < small.from + 6 * HOUR) return { from: part(r, addDays(r.today, -1), 'evening', end).from, to: end };
      // "this morning" asked before 06:00: the early morning so far, since midnight
      if (said === 'morning' && m[1] !== undefined && r.now < part(r, r.today, 'morning', end).from) return { from: small.from, to: end };
      if (said !== 'night') return part(r, r.today, said, end);
      // "the night": after midnight (until noon) the night around its small hours, from the evening
      // before (as "tonight" is; "the first visitor of the night" asked at 00:01 came before midnight),
      // before it the evening
      return r.now >= small.from && r.now < small.to + 6 * HOUR ? { from: part(r, addDays(r.today, -1), 'evening', end).from, to: small.to } : part(r, r.today, 'evening', end);
    },
  },
  {
    // last night: the night before the morning now in (or the one in progress, after midnight), from its evening
    re: /\blast\s+night\b/,
    resolve: (_m, r, end) => {
      const small = part(r, r.today, 'night', end);
      const to = r.now < small.to ? end : small.to;
      return { from: part(r, addDays(r.today, -1), 'evening', end).from, to: Math.min(to, end) };
    },
  },
  {
    // yesterday morning / yesterday afternoon / yesterday evening
    re: /\byesterday\s+(morning|afternoon|evening)\b/,
    resolve: (m, r, end) => part(r, addDays(r.today, -1), m[1] ?? 'morning', end),
  },
  {
    // since 9 / since 09:30 [today] / from 9:30 on
    re: new RegExp(String.raw`\b(?:since|from)\s+(${TOD})(?:\s+(${DAY}))?(?:\s+on(?:wards?)?)?\b`),
    resolve: (m, r, end) => {
      const a = parseTod(m[1] ?? '');
      return a ? { from: r.latest(a, r.day(m[2])), to: end } : null;
    },
  },
  {
    // after 10:00:05 [yesterday]
    re: new RegExp(String.raw`\bafter\s+(${TOD})(?:\s+(${DAY}))?`),
    resolve: (m, r, end) => {
      const a = parseTod(m[1] ?? '');
      if (!a) return null;
      const from = r.latest(a, r.day(m[2]));
      const day = r.day(m[2]);
      const to = day ? Math.min(end, r.dayStart(addDays(day, 1))) : end;
      // "after" excludes the instant itself
      return { from: from + 1, to };
    },
  },
  {
    // before 10:00 [yesterday] / until 10:00: from the start of that day ("up to" only before a clock
    // time: "did the number go up to 3" is a count)
    re: new RegExp(String.raw`\b(?:before|until|till|up to(?=\s+(?:noon|midday|midnight|\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m|\s*o'?clock))))\s+(${TOD})(?:\s+(${DAY}))?`),
    resolve: (m, r, end) => {
      const a = parseTod(m[1] ?? '');
      if (!a) return null;
      const to = r.latest(a, r.day(m[2]));
      const w = wallTime(to, r.tz);
      const day = { year: w.year, month: w.month, day: w.day };
      // "before midnight": the day that midnight ends, not the one it begins
      const from = r.dayStart(day) < to ? r.dayStart(day) : r.dayStart(addDays(day, -1));
      return { from, to: Math.min(to, end) };
    },
  },
  {
    // at 09:01:30 [yesterday]: an instant (needs a colon or am/pm so "at 3" is not a time)
    re: new RegExp(String.raw`\b(?:at|by)\s+(noon|midday|midnight|\d{1,2}[:.]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)(?:\s+(${DAY}))?`),
    resolve: (m, r) => {
      const a = parseTod(m[1] ?? '');
      if (!a) return null;
      const t = r.latest(a, r.day(m[2]));
      // the window an instant query reads: the last frame at or before it, within 2 s
      return { from: t - 2000, to: t + 1, instant: t };
    },
  },
  {
    re: /\b(?:(?:on|during)\s+)?(?:(today)|(yesterday))\b/,
    resolve: (m, r, end) => {
      if (m[1]) return { from: r.dayStart(r.today), to: end };
      const y = addDays(r.today, -1);
      return { from: r.dayStart(y), to: Math.min(end, r.dayStart(r.today)) };
    },
  },
  {
    re: /\bon\s+(\d{4})-(\d{2})-(\d{2})\b/,
    resolve: (m, r, end) => {
      const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
      return { from: r.dayStart(d), to: Math.min(end, r.dayStart(addDays(d, 1))) };
    },
  },
];

/**
 * Finds the first time expression of a question (lower-cased) and resolves it. Windows that
 * reach "now" include it (`to = now + 1`). Without an expression the window is `opts.all`.
 */
export function resolveTime(question: string, opts: TimeOptions): ResolvedTime {
  const q = question.toLowerCase().replace(/\s+/g, ' ').trim();
  const r = new Resolver(opts.now, opts.timeZone);
  const end = opts.now + 1;
  for (const rule of RULES) {
    const m = rule.re.exec(q);
    if (!m) continue;
    const w = rule.resolve(m, r, end);
    if (!w) continue;
    const rest = (q.slice(0, m.index) + ' ' + q.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();
    const out: ResolvedTime = { from: w.from, to: Math.max(w.from, w.to), phrase: m[0].trim(), rest };
    if (w.instant !== undefined) out.instant = w.instant;
    return out;
  }
  const all = opts.all ?? { from: 0, to: end };
  return { from: all.from, to: all.to, phrase: null, rest: q };
}

/** Formats an instant as local wall time in the zone, e.g. `2026-11-21 10:00:05 Europe/Berlin`. */
export function formatLocal(t: number, tz: string): string {
  const w = wallTime(t, tz);
  const p = (n: number): string => String(n).padStart(2, '0');
  const ms = ((t % 1000) + 1000) % 1000;
  return `${w.year}-${p(w.month)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}:${p(w.second)}${ms ? `.${String(ms).padStart(3, '0')}` : ''} ${tz}`;
}
