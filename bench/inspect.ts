/**
 * Reads a Node process's memory from inside, through its inspector (the process runs with
 * `--inspect=127.0.0.1:PORT`, which NODE_OPTIONS allows): `process.memoryUsage()`, optionally
 * after a full garbage collection, to tell memory still referenced from memory not yet collected.
 */
import WebSocket from 'ws';

/** `process.memoryUsage()` in MB. */
export interface MemoryUsageMb {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** Connects to the first target of the inspector on `port`. */
async function connect(port: number): Promise<WebSocket> {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends one protocol command and resolves with its result. */
function call(ws: WebSocket, id: number, method: string, params: object = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (d: Buffer): void => {
      const m = JSON.parse(d.toString()) as { id?: number; result?: unknown; error?: { message: string } };
      if (m.id !== id) return;
      ws.off('message', onMessage);
      if (m.error) reject(new Error(m.error.message));
      else resolve(m.result);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, params }));
  });
}

/**
 * The process's memory, in MB.
 * @param gc run a full garbage collection first
 */
export async function memoryUsage(port: number, gc = false): Promise<MemoryUsageMb> {
  const ws = await connect(port);
  try {
    if (gc) await call(ws, 1, 'HeapProfiler.collectGarbage');
    const r = (await call(ws, 2, 'Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
    const m = JSON.parse(r.result.value) as Record<keyof MemoryUsageMb, number>;
    const mb = (x: number): number => Math.round(x / 1048576);
    return { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
  } finally {
    ws.terminate();
  }
}
