/**
 * The WebSocket API in process: heartbeat termination, slow-client dropping and pushes, with
 * short limits.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import WebSocket from 'ws';
import { AdmissionGate } from '../../edge/api/admission.js';
import { Auth } from '../../edge/api/auth.js';
import type { ApiHandlers } from '../../edge/api/handlers.js';
import { LiveState } from '../../edge/api/live.js';
import type { Alert } from '../../edge/api/wire.js';
import { WsApi } from '../../edge/api/ws.js';
import { EventBus } from '../../edge/bus.js';
import { silentLogger } from '../helpers/logger.js';

const handlers = { cameraStates: () => [], ruleList: () => [], handle: () => Promise.resolve({ pong: 1 }), admission: new AdmissionGate() } as unknown as ApiHandlers;

async function serve(opts: { heartbeatMs?: number; maxBuffered?: number }, lines: string[] = []): Promise<{ api: WsApi; bus: EventBus; server: Server; url: string }> {
  const bus = new EventBus(silentLogger(lines));
  const api = new WsApi({ node: 'n', version: '0', handlers, live: new LiveState(), bus, auth: new Auth([]), log: silentLogger(lines), ...opts });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => api.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api.start();
  return { api, bus, server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws` };
}

function open(url: string, opts: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, opts);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`not closed within ${ms} ms`)), ms);
    ws.once('close', (code) => (clearTimeout(t), resolve(code)));
  });
}

test('a client that does not answer pings is terminated; one that does stays', async () => {
  const { api, server, url } = await serve({ heartbeatMs: 150 });
  try {
    const mute = await open(url, { autoPong: false });
    const good = await open(url);
    await closed(mute, 2000);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(good.readyState, WebSocket.OPEN);
    assert.equal(api.clientCount, 1);
    good.close();
  } finally {
    api.stop();
    server.close();
  }
});

test('a slow client is dropped (1013) instead of buffered; pushes reach subscribers', async () => {
  const lines: string[] = [];
  const { api, bus, server, url } = await serve({ maxBuffered: 256 * 1024 }, lines);
  try {
    const fast = await open(url);
    const slow = await open(url);
    const got: string[] = [];
    fast.on('message', (d: Buffer) => got.push(d.toString()));
    for (const ws of [fast, slow]) ws.send(JSON.stringify({ id: 's', type: 'subscribe', channels: ['alerts'] }));
    await new Promise((r) => setTimeout(r, 300));
    // the slow client stops reading: the kernel buffers fill, then the server's send buffer grows
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();
    const alert = { rule: 'r', camera: 'c', message: 'x'.repeat(64 * 1024) } as unknown as Alert;
    for (let i = 0; i < 400 && api.clientCount > 1; i++) {
      bus.emit('alert', alert);
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(api.clientCount, 1, 'the slow client was dropped');
    assert.ok(lines.some((l) => l.includes('slow WebSocket client dropped')));
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(got.some((m) => m.includes('"channel":"alerts"')), 'the fast client got pushes');
    assert.equal(fast.readyState, WebSocket.OPEN);
    fast.close();
    slow.terminate();
  } finally {
    api.stop();
    server.close();
  }
});
