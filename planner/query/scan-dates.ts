/**
 * Calendar dates said in words ("on Nov 14", "14 November", "on the 19th", "the 21st of
 * November") become ISO dates ("on 2026-11-14"), which the time parser reads as that day. A date
 * with no year is the latest such day not after now; a day of the month alone ("on the 19th") is
 * in this month, or the last one when that day is still to come. "The 2nd person" is no date: a day
 * alone is read only after "on" and before the end of the clause or a time word.
 */
import { wallTime } from '../time.js';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6, jul: 7, july: 7, aug: 8, august: 8,
  sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};
const MONTH = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const TH = '(?:st|nd|rd|th)?';

/** `YYYY-MM-DD` of a civil date. */
const iso = (y: number, m: number, d: number): string => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The latest date with this month and day not after today (`year` when said). */
function dated(today: { year: number; month: number; day: number }, month: number, day: number, year?: number): string | null {
  if (day < 1 || day > 31) return null;
  if (year !== undefined) return iso(year, month, day);
  const y = month > today.month || (month === today.month && day > today.day) ? today.year - 1 : today.year;
  return iso(y, month, day);
}

/** Rewrites the dates in words of a normalised sentence as "on YYYY-MM-DD". */
export function calendarDates(s: string, now: number, timeZone: string): string {
  const w = wallTime(now, timeZone);
  const today = { year: w.year, month: w.month, day: w.day };
  const month = (m: string): number => MONTHS[m] ?? 0;
  let out = s.replace(new RegExp(String.raw`\b(?:on\s+)?(?:the\s+)?(\d{1,2})${TH}\s+(?:of\s+)?(${MONTH})\b\.?(?:,?\s+(\d{4}))?`, 'g'), (m0, d: string, mo: string, y?: string) => {
    const r = dated(today, month(mo), Number(d), y ? Number(y) : undefined);
    return r ? `on ${r}` : m0;
  });
  out = out.replace(new RegExp(String.raw`\b(?:on\s+)?(${MONTH})\.?\s+(?:the\s+)?(\d{1,2})${TH}\b(?!:)(?:,?\s+(\d{4}))?`, 'g'), (m0, mo: string, d: string, y?: string) => {
    // "may" is a month only before a day ("may 14"); "march" likewise
    const r = dated(today, month(mo), Number(d), y ? Number(y) : undefined);
    return r ? `on ${r}` : m0;
  });
  // "on the 19th": this month's, or last month's while the 19th is still to come
  out = out.replace(/\bon\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:$|[,?.!]|at\b|between\b|from\b|before\b|after\b|until\b|in the\b|during\b|this\b))/g, (m0, d: string) => {
    const day = Number(d);
    const back = day > today.day;
    const m = back ? (today.month === 1 ? 12 : today.month - 1) : today.month;
    const y = back && today.month === 1 ? today.year - 1 : today.year;
    return day >= 1 && day <= 31 ? `on ${iso(y, m, day)}` : m0;
  });
  // "on 2 November 2027 at 16:00": the time of day on that date (read apart, the time had been today's)
  return out.replace(/\bon (\d{4}-\d{2}-\d{2}),? (at|by|before|until|till|since|from) (\d{1,2}(?:[:.]\d{2}(?::\d{2})?)?(?:\s*[ap]\.?m\.?)?|noon|midday|midnight)(?![\d:])/g, '$2 $3 on $1');
}
