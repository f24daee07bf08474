/**
 * Hostile requests against the real daemon: a malformed upgrade path (it used to throw an uncaught
 * URIError and stop the process), an out-of-range keyframe time (an unlogged 500), other methods
 * on GET routes (405); the daemon answers each with a clear error and keeps serving.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { freeTcpPort, startDaemon, type DaemonHandle } from '../helpers/daemon.js';

let daemon: DaemonHandle;
let port: number;

before(async () => {
  port = await freeTcpPort();
  daemon = startDaemon({ port, config: { node: 'harden', cameras: [] } });
  await daemon.waitFor(async () => (await fetch(`${daemon.baseUrl}/healthz`)).ok, 60_000, 'healthz');
});

after(async () => {
  assert.equal(await daemon.stop(), 0, daemon.output().slice(-2000));
});

/** Sends a raw HTTP request and returns the status line. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => s.write(request));
    let out = '';
    s.on('data', (d: Buffer) => (out += d.toString()));
    s.on('end', () => resolve(out.split('\r\n')[0] ?? ''));
    s.on('error', reject);
    setTimeout(() => {
      s.destroy();
      resolve(out.split('\r\n')[0] ?? '');
    }, 3000);
  });
}

test('a malformed upgrade path gets an error and the daemon keeps serving', async () => {
  for (const path of ['/api/cameras/%E0%A4%A/preview', '/api/cameras/%/preview', '//%zz']) {
    const status = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
    assert.match(status, /^HTTP\/1\.1 (400|404)/, path);
    assert.equal(daemon.child.exitCode, null, `still running after ${path}`);
    assert.equal((await fetch(`${daemon.baseUrl}/healthz`)).status, 200);
  }
});

test('an out-of-range keyframe time is a 400; other methods on GET routes are 405 with Allow', async () => {
  const k = await fetch(`${daemon.baseUrl}/api/cameras/x/keyframe.jpg?ts=8640000000000001`);
  assert.equal(k.status, 400);
  assert.equal(((await k.json()) as { code: string }).code, 'BAD_REQUEST');
  const p = await fetch(`${daemon.baseUrl}/healthz`, { method: 'POST' });
  assert.equal(p.status, 405);
  assert.match(p.headers.get('allow') ?? '', /GET/);
  assert.equal(((await p.json()) as { code: string }).code, 'METHOD_NOT_ALLOWED');
});
