/**
 * Secret redaction for anything that may reach a log or an API response: URL user info (also
 * when the password holds `@`, `:` or `/`), secret query parameters (`password=`, `token=`,
 * `key=`, `secret=`, `api_key=`, `auth=` and their variants) and bearer credentials.
 */

/** Start of a URL: `scheme://`. */
const SCHEME = /[a-z][a-z0-9+.-]*:\/\//gi;
/** Characters that end a URL inside free text. */
const URL_END = /[\s"'<>`]/;
/** A query or fragment parameter `name=value`; the value runs to the next `&`, `#` or blank. */
const PARAM = /([?&;#])([^=&#\s"'<>?;]+)=([^&#\s"'<>]*)/g;
/** `Bearer <token>` and `Authorization: <scheme> <credentials>`. */
const BEARER = /\b(Bearer\s+)[^\s"',;]+/g;
const AUTH_HEADER = /\b(authorization["']?\s*[:=]\s*["']?(?:(?:Basic|Bearer|Digest|Token)\s+)?)[^\s"',;]+/gi;
/** Parameter names (lower case, without `_`, `-` or `.`) ending like these hold secrets. */
const SECRET_NAME_ENDINGS = ['password', 'passwd', 'pass', 'pwd', 'token', 'secret', 'key', 'auth', 'authorization', 'signature', 'sig', 'credential', 'credentials'];

/** Replacement of every secret. */
export const REDACTED = '***';

/** True when a query parameter of this name carries a secret (`password`, `api_key`, `X-Auth-Token`...). */
export function isSecretName(name: string): boolean {
  const n = name.toLowerCase().replace(/[_.\-[\]]/g, '');
  return SECRET_NAME_ENDINGS.some((e) => n.endsWith(e));
}

/**
 * Index of the `@` that ends the user info of the URL whose authority starts at `start`, or -1.
 * As in URL parsers (and ffmpeg), the user info ends at the last `@` before the first `/`, `?`
 * or `#`, so passwords holding `@` are covered. A `user:secret` whose secret holds `/`, `?` or
 * `#` (invalid, but it happens) is caught too: when what follows the first `:` is not a port,
 * the last `@` of the URL ends the user info.
 */
function userInfoEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !URL_END.test(text[end]!)) end++;
  const url = text.slice(start, end);
  const delim = url.search(/[/?#\\]/);
  const authority = delim < 0 ? url : url.slice(0, delim);
  const at = authority.lastIndexOf('@');
  if (at >= 0) return start + at;
  const colon = authority.indexOf(':');
  if (delim < 0 || colon < 0 || authority.startsWith('[') || /^\d*$/.test(authority.slice(colon + 1))) return -1;
  const lastAt = url.lastIndexOf('@');
  return lastAt > delim ? start + lastAt : -1;
}

/** Replaces the password of every `scheme://user:password@` (the whole user info when it has no `:`). */
function redactUserInfo(text: string): string {
  let out = '';
  let done = 0;
  for (const m of text.matchAll(SCHEME)) {
    const start = m.index + m[0].length;
    if (m.index < done) continue;
    const at = userInfoEnd(text, start);
    if (at < 0) continue;
    const info = text.slice(start, at);
    const colon = info.indexOf(':');
    out += text.slice(done, start) + (colon >= 0 ? `${info.slice(0, colon)}:${REDACTED}` : REDACTED);
    done = at;
  }
  return out + text.slice(done);
}

/**
 * Hides every credential in a text (a URL, an ffmpeg argument or error line, a log message):
 * URL passwords (`rtsp://viewer:***@host`, also when the password holds `@`), a user info
 * without a password (`https://***@host`, a token in the user name), secret query parameters
 * (`?user=bob&password=***`, `token=`, `key=`, `secret=`, `api_key=`, `auth=`...) and
 * bearer or `Authorization:` credentials.
 * @param text any text
 */
export function redactUrl(text: string): string {
  if (text.length === 0) return text;
  return redactUserInfo(text)
    .replace(PARAM, (m, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${REDACTED}` : m))
    .replace(AUTH_HEADER, (_m, head: string) => `${head}${REDACTED}`)
    .replace(BEARER, (_m, head: string) => `${head}${REDACTED}`);
}

/** The same as {@link redactUrl}: every credential in a text replaced by `***`. */
export const redactSecrets = redactUrl;
