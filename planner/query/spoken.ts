/**
 * Spoken numbers and clock times, rewritten into digits before the scanner reads the sentence:
 * "twenty five seconds" -> "25 seconds", "three and a half minutes" -> "3.5 minutes", "a couple of
 * minutes" -> "2 minutes", "four minutes past two" -> "2:04", "half past nine" -> "9:30", "ten to
 * four" -> "3:50". Only a number that measures a unit (seconds, minutes, hours) or names a clock
 * time is rewritten: "no one", "the second visitor" and "one of them" keep their words.
 *
 * Libraries were measured for this and not used: compromise's `numbers()` reads "twenty seconds"
 * as 10 (a fraction, "twenty halves"), and words-to-numbers turns "the second visitor" into "the 2
 * visitor" and "a person" into "1 person"; both would answer another question.
 */

/** Cardinal words to their values. */
const CARDINALS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90,
};
const TENS = 'twenty|thirty|forty|fifty';
const DIGIT_WORDS = 'one|two|three|four|five|six|seven|eight|nine';
const CARDINAL = Object.keys(CARDINALS).join('|');
/** A unit of time, as the scanner reads it. */
const UNIT = '(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\\b';
/** An hour of the clock, in words or digits (not the hour of "09:01"). */
const HOUR = `(\\d{1,2}|${DIGIT_WORDS}|ten|eleven|twelve)\\b(?![:.]\\d)`;

/** The value of a cardinal word or a number in digits. */
function value(w: string): number {
  return CARDINALS[w] ?? Number(w);
}

/**
 * Numbers said in words that measure a unit, in digits: "twenty five" (and "twenty-five"), "three
 * and a half", "a minute and a half", "a couple of", then "<number word> <unit>".
 * @param s the lower-cased sentence
 */
export function spokenNumbers(s: string): string {
  return s
    .replace(new RegExp(`\\b(${TENS})[ -](${DIGIT_WORDS})\\b`, 'g'), (_m, t: string, u: string) => String(value(t) + value(u)))
    .replace(new RegExp(`\\b(\\d+|${CARDINAL}) and (a half|a quarter|three quarters) (?=${UNIT})`, 'g'), (_m, n: string, f: string) =>
      `${value(n) + (f === 'a half' ? 0.5 : f === 'a quarter' ? 0.25 : 0.75)} `,
    )
    // "a minute and a half", "the last hour and a quarter", "two hours and a half"
    .replace(new RegExp(`\\b(?:(a|an|\\d+|${CARDINAL}) )?(${UNIT.replace('\\b', '')}) and (a half|a quarter)\\b`, 'g'), (_m, n: string | undefined, u: string, f: string) =>
      `${(n === undefined || n === 'a' || n === 'an' ? 1 : value(n)) + (f === 'a half' ? 0.5 : 0.25)} ${u}`,
    )
    .replace(new RegExp(`\\b(?:a )?couple(?: of)? (?=${UNIT})`, 'g'), '2 ')
    .replace(new RegExp(`\\b(${CARDINAL}) (?=${UNIT})`, 'g'), (_m, n: string) => `${value(n)} `);
}

/** The hour (0-23) a clock time said in words stands for, given its hour and minute as said (1-12). */
export type ClockHour = (hour: number, minute: number) => number;

/** "H:MM" of a number of minutes past (or to) an hour, the hour read by `hourOf`. */
function clock(hour: number, minutes: number, past: boolean, hourOf: ClockHour): string {
  const total = ((past ? hour * 60 + minutes : hour * 60 - minutes) + 24 * 60) % (24 * 60);
  const [h, m] = [Math.floor(total / 60), total % 60];
  return `${hourOf(h, m)}:${String(m).padStart(2, '0')}`;
}

/** Words after a clock time that say which half of the day it is in. */
const HALF_OF_DAY = /^\s*(?:[ap]\.?m\b|in the (?:morning|afternoon|evening)|tonight)/;

/**
 * Clock times said in words, as "H:MM": "half past nine", "quarter to ten", "four minutes past two",
 * "twenty past three"; a bare "ten to four" only after a word of time ("at", "before", ...), so
 * "from five to ten" stays a range. Run after `spokenNumbers` (minutes may be digits by then).
 * @param s the lower-cased sentence
 * @param hourOf which hour a time on the 12-hour clock is (not asked when "am", "pm" or "in the
 *   afternoon" follows it)
 */
export function spokenClock(s: string, hourOf: ClockHour = (h) => h): string {
  const n = `(\\d{1,2}|${CARDINAL})`;
  const at = (m: string, mins: number, h: string, past: boolean, rest: string): string => {
    if (mins < 1 || mins > 59) return m;
    return clock(value(h), mins, past, HALF_OF_DAY.test(rest) ? (x) => x : hourOf);
  };
  type Args = (string | number)[];
  const rest = (args: Args): string => {
    const [off, whole] = args.slice(-2) as [number, string];
    return whole.slice(off + String(args[0]).length);
  };
  return s
    // "a minute past twelve": one minute
    .replace(/\ba minute (past|to) /g, '1 minute $1 ')
    .replace(new RegExp(`\\b(?:a )?(half|quarter) (past|to) ${HOUR}`, 'g'), (...a: Args) => at(String(a[0]), a[1] === 'half' ? 30 : 15, String(a[3]), a[2] === 'past', rest(a)))
    .replace(new RegExp(`\\b${n} (?:minutes?|mins?) (past|to) ${HOUR}`, 'g'), (...a: Args) => at(String(a[0]), value(String(a[1])), String(a[3]), a[2] === 'past', rest(a)))
    .replace(new RegExp(`\\b${n} past ${HOUR}`, 'g'), (...a: Args) => at(String(a[0]), value(String(a[1])), String(a[2]), true, rest(a)))
    .replace(new RegExp(`\\b(at|by|before|after|until|till|since|around|about) ${n} to ${HOUR}`, 'g'), (...a: Args) => {
      const t = at('', value(String(a[2])), String(a[3]), false, rest(a));
      return t ? `${String(a[1])} ${t}` : String(a[0]);
    });
}
