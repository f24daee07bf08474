/**
 * One WebSocket API connection used by the fuzzer: sends one frame at a time and waits for its
 * final reply (progress and pushes are skipped), or for the server to close; reconnects lazily.
 */
import WebSocket from 'ws';

/** What happened to one frame. */
export type FrameOutcome = { kind: 'reply'; status: string; code: string | null; message: string } | { kind: 'close'; code: number } | { kind: 'timeout' } | { kind: 'connect-failed'; message: string };

/** A lane: one connection, one frame in flight. */
export class WsLane {
  private ws: WebSocket | null = null;
  private pending: ((o: FrameOutcome) => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly token: string | null,
  ) {}

  private open(timeoutMs: number): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, this.token ? { headers: { authorization: `Bearer ${this.token}` } } : {});
      const t = setTimeout(() => {
        ws.terminate();
        reject(new Error(`no hello in ${timeoutMs} ms`));
      }, timeoutMs);
      ws.once('message', () => {
        clearTimeout(t);
        resolve(ws);
      });
      ws.once('unexpected-response', (_q, res) => {
        clearTimeout(t);
        reject(new Error(`upgrade refused: HTTP ${res.statusCode ?? '?'}`));
      });
      ws.once('error', (e) => {
        clearTimeout(t);
        reject(e);
      });
      ws.on('message', (d: Buffer) => this.onMessage(d));
      ws.on('close', (code) => {
        if (this.ws === ws) this.ws = null;
        this.settle({ kind: 'close', code });
      });
      ws.on('error', () => undefined);
    });
  }

  private onMessage(d: Buffer): void {
    let m: { status?: unknown; code?: unknown; message?: unknown };
    try {
      m = JSON.parse(d.toString('utf8')) as typeof m;
    } catch {
      this.settle({ kind: 'reply', status: 'not-json', code: null, message: d.toString('utf8', 0, 200) });
      return;
    }
    if (typeof m.status !== 'string') return;
    this.settle({ kind: 'reply', status: m.status, code: typeof m.code === 'string' ? m.code : null, message: typeof m.message === 'string' ? m.message.slice(0, 300) : '' });
  }

  private settle(o: FrameOutcome): void {
    const p = this.pending;
    this.pending = null;
    p?.(o);
  }

  /** Sends one frame and waits for its outcome. */
  async send(data: Buffer, binary: boolean, timeoutMs: number): Promise<FrameOutcome> {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      try {
        this.ws = await this.open(timeoutMs);
      } catch (e) {
        return { kind: 'connect-failed', message: (e as Error).message };
      }
    }
    const ws = this.ws;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.pending = null;
        // a late reply must not be taken for the next frame's
        ws.terminate();
        if (this.ws === ws) this.ws = null;
        resolve({ kind: 'timeout' });
      }, timeoutMs);
      this.pending = (o) => {
        clearTimeout(t);
        resolve(o);
      };
      ws.send(data, { binary }, (err) => {
        if (err) this.settle({ kind: 'close', code: -1 });
      });
    });
  }

  /** Closes the connection. */
  close(): void {
    this.ws?.terminate();
    this.ws = null;
  }
}
