/**
 * A second, private Mosquitto for TLS and credential tests: a throwaway CA and server
 * certificate made with the `openssl` CLI, a password file made with `mosquitto_passwd`, and a
 * `mosquitto` process listening with TLS on a free port of 127.0.0.1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freeTcpPort, tempDir } from './daemon.js';

/** A running TLS broker. */
export interface TlsBroker {
  url: string;
  /** PEM file of the CA that signed the broker's certificate. */
  caFile: string;
  /** PEM file of another CA, which did not. */
  otherCaFile: string;
  username: string;
  password: string;
  /** Broker output so far. */
  output(): string;
  stop(): Promise<void>;
}

function ssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function makeCa(dir: string, name: string): void {
  ssl(dir, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=${name}`]);
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Starts the broker; it requires the returned user name and password. */
export async function startTlsBroker(): Promise<TlsBroker> {
  const dir = tempDir('mqtt-tls');
  makeCa(dir, 'ca');
  makeCa(dir, 'other-ca');
  ssl(dir, ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  ssl(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext']);
  const username = 'vigil';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  execFileSync('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), username, password], { stdio: 'pipe' });
  // started as root, mosquitto drops to its own user: let it read this throwaway folder
  chmodSync(dir, 0o755);
  for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
  const port = await freeTcpPort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, `cafile ${join(dir, 'ca.pem')}`, `certfile ${join(dir, 'server.pem')}`, `keyfile ${join(dir, 'server.key')}`, 'allow_anonymous false', `password_file ${join(dir, 'passwd')}`, 'persistence false', 'log_dest stdout', ''].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const t0 = Date.now();
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() - t0 > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto (TLS) did not start on ${port}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `mqtts://127.0.0.1:${port}`,
    caFile: join(dir, 'ca.pem'),
    otherCaFile: join(dir, 'other-ca.pem'),
    username,
    password,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
