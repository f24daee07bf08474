import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SystemdNotifier } from '../../edge/systemd.js';
import { silentLogger } from '../helpers/logger.js';

// A datagram listener standing in for systemd's notify socket (Node has no AF_UNIX datagrams).
const LISTENER = `
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("LISTENING", flush=True)
s.settimeout(20)
while True:
    msg = s.recv(4096).decode().replace("\\n", " ")
    print(msg, flush=True)
    if sys.argv[2] in msg:
        break
`;

test('READY=1 and WATCHDOG=1 reach NOTIFY_SOCKET; nothing happens without it', async () => {
  const sock = join(mkdtempSync(join(tmpdir(), 'vigil-sd-')), 'notify');
  const py = spawn('/usr/bin/python3', ['-c', LISTENER, sock, 'WATCHDOG=1']);
  const lines: string[] = [];
  let buf = '';
  const listening = new Promise<void>((resolve) =>
    py.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.includes('LISTENING')) resolve();
    }),
  );
  let stderr = '';
  py.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => py.on('close', () => resolve()));
  await listening;
  const n = new SystemdNotifier(silentLogger(), { ...process.env, NOTIFY_SOCKET: sock, WATCHDOG_USEC: '1000000' });
  assert.equal(n.enabled, true);
  await n.ready('test');
  await exited;
  await n.stopping();
  assert.match(lines[1] ?? '', /READY=1/);
  assert.ok(lines.some((l) => /WATCHDOG=1/.test(l)), lines.join(' | ') + stderr);

  const off = new SystemdNotifier(silentLogger(), {});
  assert.equal(off.enabled, false);
  await off.ready('x');
});
