import type { Logger } from '../../ingest/types.js';

/** A logger that records lines instead of printing them. */
export function silentLogger(lines: string[] = []): Logger {
  const rec =
    (level: string) =>
    (obj: object | string, msg?: string): void => {
      lines.push(`${level} ${typeof obj === 'string' ? obj : `${JSON.stringify(obj)} ${msg ?? ''}`}`);
    };
  const l: Logger = { debug: rec('debug'), info: rec('info'), warn: rec('warn'), error: rec('error'), child: () => l };
  return l;
}
