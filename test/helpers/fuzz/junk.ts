/**
 * Hostile building blocks shared by the fuzz generators: broken percent-encodings, unicode,
 * control characters, odd numbers (NaN, 1e309, beyond the Date range) and string mutations.
 */
import type { Rng } from './prng.js';

/** Percent-encodings that are malformed, overlong or decode to something dangerous. */
export const PERCENT_JUNK = ['%', '%E0%A4%A', '%zz', '%00', '%2e%2e', '%2f', '%2F', '%5c', '%C0%AE', '%C0%AF', '%FF%FE', '%ED%A0%80', '%F4%90%80%80', '%25', '%u0041', '%%', '%0d%0a', '%E2%80%AE'];

/** Text that is not plain ASCII, or has characters that break parsers. */
export const UNICODE_JUNK = ['é', 'ü', '日本', '🎥', '\u202e', '\ufeff', '\ud800', '\udfff', '\u0000', '\u0001', '\u007f', '\u2028', 'Å', '𝕍', '\\', '"', "'", '<script>', '${x}', '{{x}}', '\t', ' '];

/** Number-like strings that exercise every parse path. */
export const NUMBER_STRINGS = ['', '0', '-0', '1', '-1', '1.5', '+1', ' 1', '0x1F', '1e3', '1e309', '-1e309', '1e-400', 'NaN', 'Infinity', '-Infinity', '8640000000000000', '8640000000000001', '-8640000000000001', '9007199254740993', '9'.repeat(40), '9'.repeat(400), '00000000000000000001', '2024-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00Z', '9999-99-99', '2024-02-30', 'yesterday', 'null', 'undefined', '[]', '{}', 'true'];

/** Numbers (as JSON values) that exercise every range check. */
export const NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 2 ** 31, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, -1e21, 1e308, -1e308, Number.MIN_VALUE, 8.64e15, 8.64e15 + 1, -8.64e15 - 1, 65536, 4294967296, 1e-7, 123456789.123];

/** Literal JSON tokens that are not numbers JSON.stringify can make (NaN, 1e309, ...). */
export const JSON_NUMBER_TOKENS = ['1e309', '-1e309', '1e-400', '-0', '0.0000000000000000000001', '123456789012345678901234567890', '1E+2', '9'.repeat(400)];

/** A random string of up to `max` characters mixing ASCII, junk and unicode. */
export function junkString(rng: Rng, max = 40): string {
  const n = rng.size(max);
  let s = '';
  while (s.length < n) {
    const k = rng.int(0, 9);
    if (k < 5) s += String.fromCharCode(rng.int(32, 126));
    else if (k < 7) s += rng.pick(UNICODE_JUNK);
    else if (k < 8) s += rng.pick(PERCENT_JUNK);
    else if (k < 9) s += String.fromCharCode(rng.int(0, 0xffff));
    else s += rng.pick(NUMBER_STRINGS);
  }
  return s.slice(0, Math.max(n, 0));
}

/** A long run of one or a few characters (overlong segments, values near limits). */
export function longString(rng: Rng, max: number): string {
  const unit = rng.pick(['a', 'A1', '.', '/', '%', '%41', 'é', '🎥', ' ', '0', '9', '-', '_']);
  const n = rng.int(1, max);
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** One mutation of a string: insert, delete, replace, duplicate or truncate. */
export function mutateString(rng: Rng, s: string): string {
  const at = rng.int(0, s.length);
  switch (rng.int(0, 7)) {
    case 0:
      return s.slice(0, at) + rng.pick(PERCENT_JUNK) + s.slice(at);
    case 1:
      return s.slice(0, at) + rng.pick(UNICODE_JUNK) + s.slice(at);
    case 2:
      return s.slice(0, at) + s.slice(at + rng.int(1, 8));
    case 3:
      return s.slice(0, at) + junkString(rng, 12) + s.slice(at + rng.int(0, 4));
    case 4:
      return s + s.slice(at);
    case 5:
      return s.slice(0, at);
    case 6:
      return s.slice(0, at) + longString(rng, 3000) + s.slice(at);
    default:
      return s.split('').reverse().join('');
  }
}

/** Applies 1..n mutations. */
export function mutateMany(rng: Rng, s: string, n = 3): string {
  let out = s;
  for (let i = rng.int(1, n); i > 0; i--) out = mutateString(rng, out);
  return out;
}

/** `encodeURIComponent` that never throws (lone surrogates become U+FFFD first). */
export function encodeSafe(s: string): string {
  return encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}
