/**
 * The fleet image proxy against a peer HTTP server on loopback: the peer's token goes to the peer,
 * only at the URL pinned in the config, and never back to the browser; unknown boxes, missing
 * URLs, refusals, unreachable and slow peers, and the peer's own errors each get a clear code.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { FleetProxy } from '../../edge/fleet/proxy.js';
import { Router } from '../../edge/http/router.js';
import { freeTcpPort } from '../helpers/daemon.js';

const TOKEN = 'peer-token-0123456789';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const seen: (string | undefined)[] = [];
let peer: Server;
let front: Server;
let peerUrl = '';
let frontUrl = '';
let closedUrl = '';

function listen(s: Server): Promise<string> {
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
}

before(async () => {
  peer = createServer((q, res) => {
    seen.push(q.headers.authorization);
    const cam = /^\/base\/api\/cameras\/([^/]+)\/snapshot\.jpg$/.exec(q.url ?? '')?.[1];
    if (q.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","code":"UNAUTHORIZED","message":"no"}');
    if (cam === 'slow') return; // never answers
    if (cam === 'nf') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error","code":"NOT_FOUND","message":"unknown camera"}');
    if (cam === 'nofr') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"error","code":"NO_FRAME","message":"no frame"}');
    if (cam === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    res.writeHead(200, { 'content-type': 'image/jpeg', 'x-frame-time': '2026-01-01T00:00:00.000Z' }).end(JPEG);
  });
  peerUrl = `${await listen(peer)}/base`;
  closedUrl = `http://127.0.0.1:${await freeTcpPort()}`;
  // boxes seen on the broker (their manifests may name any URL: the proxy never reads it)
  const seenBoxes = new Set(['b', 'anon', 'nourl', 'gone', 'unpinned']);
  const proxy = new FleetProxy({
    peers: { b: { token: TOKEN, url: peerUrl }, anon: { url: peerUrl }, wrong: { token: 'not-the-token-at-all', url: peerUrl }, gone: { token: TOKEN, url: closedUrl }, unpinned: { token: TOKEN, url: null } },
    known: (n) => seenBoxes.has(n),
    timeoutMs: 400,
  });
  const router = new Router();
  router.on('GET', '/api/fleet/:node/cameras/:camera/snapshot.jpg', (_q, res, p) => proxy.snapshot(p.node ?? '', p.camera ?? '', res));
  front = createServer((q, res) => void router.handle(q, res));
  frontUrl = await listen(front);
});

after(() => {
  peer.closeAllConnections();
  peer.close();
  front.close();
});

async function get(node: string, cam: string): Promise<{ status: number; headers: Headers; body: Buffer; code?: string; message?: string }> {
  const r = await fetch(`${frontUrl}/api/fleet/${node}/cameras/${cam}/snapshot.jpg`);
  const body = Buffer.from(await r.arrayBuffer());
  const json = r.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(body.toString()) as { code: string; message: string }) : null;
  return { status: r.status, headers: r.headers, body, ...(json ? { code: json.code, message: json.message } : {}) };
}

test("a peer's snapshot comes through with the peer's token, which never reaches the client", async () => {
  seen.length = 0;
  const r = await get('b', 'cam1');
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'image/jpeg');
  assert.deepEqual(r.body, JPEG);
  assert.equal(r.headers.get('x-frame-time'), '2026-01-01T00:00:00.000Z');
  assert.deepEqual(seen, [`Bearer ${TOKEN}`]);
  for (const [k, v] of r.headers) assert.ok(!v.includes(TOKEN), `header ${k} carries no token`);
});

test('a box with a token but no pinned URL is not fetched at all: its token goes nowhere', async () => {
  seen.length = 0;
  const r = await get('unpinned', 'cam1');
  assert.deepEqual([r.status, r.code], [502, 'FLEET_PEER_UNREACHABLE']);
  assert.match(r.message ?? '', /set fleet\.peers\.unpinned\.url/);
  assert.deepEqual(seen, [], 'no request went out');
});

test('unknown box 404; no URL, unreachable, refused, slow and failing peers get their codes', async () => {
  const unknown = await get('nobody', 'cam1');
  assert.deepEqual([unknown.status, unknown.code], [404, 'NOT_FOUND']);
  assert.match(unknown.message ?? '', /unknown box "nobody"/);
  const nourl = await get('nourl', 'cam1');
  assert.deepEqual([nourl.status, nourl.code], [502, 'FLEET_PEER_UNREACHABLE']);
  assert.match(nourl.message ?? '', /fleet\.peers\.nourl\.url/);
  const gone = await get('gone', 'cam1');
  assert.deepEqual([gone.status, gone.code], [502, 'FLEET_PEER_UNREACHABLE']);
  const wrong = await get('wrong', 'cam1');
  assert.deepEqual([wrong.status, wrong.code], [502, 'FLEET_PEER_REFUSED']);
  assert.match(wrong.message ?? '', /check fleet\.peers\.wrong\.token/);
  const anon = await get('anon', 'cam1');
  assert.equal(anon.code, 'FLEET_PEER_REFUSED');
  assert.match(anon.message ?? '', /set fleet\.peers\.anon\.token/);
  const t0 = Date.now();
  const slow = await get('b', 'slow');
  assert.deepEqual([slow.status, slow.code], [504, 'FLEET_PEER_TIMEOUT']);
  assert.ok(Date.now() - t0 < 3000, 'bounded by the timeout');
  assert.deepEqual([(await get('b', 'nf')).status, (await get('b', 'nf')).code], [404, 'NOT_FOUND']);
  assert.deepEqual([(await get('b', 'nofr')).status, (await get('b', 'nofr')).code], [503, 'NO_FRAME']);
  assert.equal((await get('b', 'html')).code, 'FLEET_PEER_FAILED');
});
