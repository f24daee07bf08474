/**
 * Secret redaction for anything that may reach a log or an API response.
 */

const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^/\s:@]+):([^@\s/]*)@/gi;

/**
 * Replaces the password of every `scheme://user:password@` in a text with `***`.
 * @param text any text (a URL, an ffmpeg error line, a log message)
 */
export function redactUrl(text: string): string {
  return text.replace(URL_CREDENTIALS, (_m, scheme: string, user: string) => `${scheme}${user}:***@`);
}
