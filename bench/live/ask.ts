/**
 * Asking the running daemon's memory a question, as a user would: through the CLI
 * (`vigil ask --data DIR --json`, a separate process reading the same LMDB memory) or through the
 * daemon's WebSocket API (`{id, type: "ask", question}` on /api/ws). Neither passes `now`: "now" is
 * whatever the daemon takes it to be (the end of the memory's coverage).
 */
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { CLI } from './daemon.js';
import type { AnswerLike } from './grade.js';

/** How a question went out. */
export type Channel = 'cli' | 'ws';

/** One round trip. */
export interface Asked {
  channel: Channel;
  /** Wall time the question was sent (epoch ms). */
  sent: number;
  /** Wall time the answer came back. */
  answered: number;
  answer: AnswerLike | null;
  /** A failure to get any answer (exit code, error reply, bad JSON). */
  error?: string;
}

/**
 * Asks through `node dist/edge/cli/main.js ask --data DIR --json --tz UTC QUESTION`.
 * @param data the daemon's data directory
 */
export function askCli(data: string, question: string): Promise<Asked> {
  const sent = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'ask', '--data', data, '--json', '--tz', 'UTC', question], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      const answered = Date.now();
      try {
        if (code !== 0) throw new Error(`exit ${code}: ${err.trim().slice(0, 300)}`);
        resolve({ channel: 'cli', sent, answered, answer: JSON.parse(out) as AnswerLike });
      } catch (e) {
        resolve({ channel: 'cli', sent, answered, answer: null, error: (e as Error).message });
      }
    });
  });
}

interface Reply {
  id?: string;
  type?: string;
  status?: string;
  result?: unknown;
  code?: string;
  message?: string;
}

/** One WebSocket connection to `/api/ws`, asking one question at a time or several. */
export class WsAsker {
  private ws: WebSocket | null = null;
  private seq = 0;
  private readonly waiting = new Map<string, (r: Reply) => void>();

  /**
   * @param baseUrl the daemon's `http://HOST:PORT`
   * @param token the admin token, read when connecting (authentication is on by default)
   */
  constructor(
    private readonly baseUrl: string,
    private readonly token: () => string | null = () => null,
  ) {}

  private connect(): Promise<WebSocket> {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return Promise.resolve(this.ws);
    return new Promise((resolve, reject) => {
      const token = this.token();
      const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/api/ws`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as Reply;
        if (m.type === 'hello') {
          this.ws = ws;
          resolve(ws);
        } else if (m.id && m.type !== 'progress') this.waiting.get(m.id)?.(m);
      });
      ws.on('error', (e) => reject(e));
      ws.on('close', () => {
        if (this.ws === ws) this.ws = null;
        for (const [id, done] of this.waiting) done({ id, status: 'error', code: 'CLOSED', message: 'the connection closed' });
        this.waiting.clear();
      });
    });
  }

  /** Asks and waits for the reply (at most `timeoutMs`). */
  async ask(question: string, timeoutMs = 30_000): Promise<Asked> {
    const sent = Date.now();
    const id = `q${++this.seq}`;
    try {
      const ws = await this.connect();
      const reply = await new Promise<Reply>((resolve) => {
        const timer = setTimeout(() => resolve({ id, status: 'error', code: 'TIMEOUT', message: `no reply in ${timeoutMs} ms` }), timeoutMs);
        this.waiting.set(id, (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        ws.send(JSON.stringify({ id, type: 'ask', question, timeZone: 'UTC' }));
      });
      this.waiting.delete(id);
      const answered = Date.now();
      if (reply.status !== 'ok') return { channel: 'ws', sent, answered, answer: null, error: `${reply.code ?? '?'}: ${reply.message ?? ''}` };
      return { channel: 'ws', sent, answered, answer: reply.result as AnswerLike };
    } catch (e) {
      return { channel: 'ws', sent, answered: Date.now(), answer: null, error: (e as Error).message };
    }
  }

  /** Closes the connection. */
  close(): void {
    this.ws?.close();
    this.ws = null;
  }
}
