/**
 * A broker cluster the way sites join Mosquitto nodes: two `mosquitto` processes on free loopback
 * ports, the second bridged to the first with `topic # both 1`, so a message published on either
 * node reaches the subscribers of both. Started and stopped by the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { freeTcpPort, tempDir } from './daemon.js';

/** One broker node. */
export interface BrokerNode {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGKILL (a node failure). */
  kill(): Promise<void>;
}

/** The cluster. */
export interface BrokerCluster {
  nodes: [BrokerNode, BrokerNode];
  stop(): Promise<void>;
}

function startNode(dir: string, name: string, port: number, bridgeTo?: number): BrokerNode {
  const conf = join(dir, `${name}.conf`);
  const lines = [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest stdout', 'max_queued_messages 100000', 'set_tcp_nodelay true'];
  if (bridgeTo !== undefined) lines.push(`connection ${name}-bridge`, `address 127.0.0.1:${bridgeTo}`, 'topic # both 1', 'try_private true', 'cleansession true', 'restart_timeout 1', `remote_clientid ${name}-bridge-${port}`);
  writeFileSync(conf, `${lines.join('\n')}\n`);
  chmodSync(conf, 0o644);
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('close', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Resolves once a message published on `from` reaches a subscriber on `to` (the bridge is up). */
async function bridged(from: string, to: string, ms: number): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      const sub = await mqtt.connectAsync(to, { reconnectPeriod: 0, connectTimeout: 1000 });
      const pub = await mqtt.connectAsync(from, { reconnectPeriod: 0, connectTimeout: 1000 });
      const topic = `cluster-probe/${Math.random().toString(36).slice(2)}`;
      const got = new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), 500);
        sub.on('message', () => {
          clearTimeout(t);
          resolve(true);
        });
      });
      await sub.subscribeAsync(topic, { qos: 1 });
      await pub.publishAsync(topic, 'x', { qos: 1 });
      const ok = await got;
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
      if (ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`broker bridge ${from} -> ${to} not up in ${ms} ms`);
}

/** Starts two bridged Mosquitto nodes on free loopback ports and waits until the bridge carries messages both ways. */
export async function startBrokerCluster(): Promise<BrokerCluster> {
  const dir = tempDir('mqtt-cluster');
  // started as root, mosquitto drops to its own user: let it read this folder
  chmodSync(dir, 0o755);
  const pa = await freeTcpPort();
  const pb = await freeTcpPort();
  const a = startNode(dir, 'node-a', pa);
  const b = startNode(dir, 'node-b', pb, pa);
  try {
    await bridged(a.url, b.url, 15_000);
    await bridged(b.url, a.url, 15_000);
  } catch (e) {
    await Promise.all([a.kill(), b.kill()]);
    throw new Error(`${(e as Error).message}\n${a.output()}\n${b.output()}`, { cause: e });
  }
  return { nodes: [a, b], stop: async () => void (await Promise.all([a.kill(), b.kill()])) };
}
