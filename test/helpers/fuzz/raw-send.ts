/**
 * Sends raw bytes over TCP and reads the HTTP answer: the final status (after any `100
 * Continue`), whether the connection closed without one, and the first bytes of the body.
 */
import { connect } from 'node:net';

/** What came back for one raw request. */
export interface RawAnswer {
  /** Final status, or null when the connection ended without a status line. */
  status: number | null;
  /** True when nothing came back within the timeout. */
  timedOut: boolean;
  /** The first bytes of the answer (status line, headers, body). */
  head: string;
}

const STATUS = /^HTTP\/1\.[01] (\d{3})/;

/** The final status of an answer (skipping 1xx interim answers), or null. */
export function finalStatus(text: string): number | null {
  let rest = text;
  for (;;) {
    const m = STATUS.exec(rest);
    if (!m) return null;
    const code = Number(m[1]);
    if (code >= 200 || code === 101) return code;
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return null;
    rest = rest.slice(end + 4);
  }
}

/**
 * Writes `raw` (then `after` once a 101 arrives) and resolves when the server closes, when a 101
 * arrives (then the socket is closed by us), with `untilHeaders` once a final answer's headers are
 * in (an upgrade the server answers as a plain request keeps the connection alive), or after
 * `timeoutMs`.
 */
export function sendRaw(port: number, raw: Buffer, timeoutMs: number, after: Buffer | null = null, untilHeaders = false): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const s = connect(port, '127.0.0.1');
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: finalStatus(text), timedOut, head: text.slice(0, 1200) });
      s.destroy();
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    s.on('connect', () => s.write(raw));
    s.on('data', (d: Buffer) => {
      if (size < 65536) chunks.push(d);
      size += d.length;
      const text = Buffer.concat(chunks).toString('latin1');
      const status = finalStatus(text);
      if (untilHeaders && status !== null && status !== 101 && text.includes('\r\n\r\n')) finish(false);
      else if (status === 101 && text.includes('\r\n\r\n')) {
        if (after && !s.destroyed) {
          s.write(after);
          setTimeout(() => finish(false), 20);
        } else finish(false);
      }
    });
    s.on('error', () => finish(false));
    s.on('close', () => finish(false));
  });
}
