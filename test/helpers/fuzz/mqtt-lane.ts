/**
 * The fuzzer's MQTT client: publishes the generated inputs with a bounded window of QoS 1
 * acknowledgements and matches every reply (on `fuzzreply/<node>/<index>`) to its input.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import type { MqttInput } from './mqtt-gen.js';

/** A reply the daemon published. */
export interface MqttReply {
  index: number;
  payload: string;
}

/** A connected fuzz client. */
export class MqttLane {
  private readonly waiting = new Map<number, { input: MqttInput; sentAt: number }>();
  /** Replies as they come (the runner drains it). */
  readonly replies: MqttReply[] = [];

  /** Times the broker closed the fuzz client's connection (it must not: every input is legal MQTT). */
  disconnects = 0;

  private constructor(
    private readonly client: MqttClient,
    private readonly prefix: string,
  ) {
    client.on('close', () => this.disconnects++);
    client.on('message', (topic, payload) => {
      const index = Number(topic.slice(prefix.length + 1));
      this.waiting.delete(index);
      this.replies.push({ index, payload: payload.toString('utf8') });
    });
  }

  /** Connects and subscribes to the reply topics under `prefix`. */
  static async connect(url: string, v5: boolean, prefix: string): Promise<MqttLane> {
    const client = await connectAsync(url, { protocolVersion: v5 ? 5 : 4, clientId: `fuzz-${Math.random().toString(16).slice(2, 10)}`, reconnectPeriod: 500, connectTimeout: 10_000 });
    await client.subscribeAsync(`${prefix}/#`, { qos: 1 });
    return new MqttLane(client, prefix);
  }

  /** Publishes one input; resolves once the broker has it (QoS 1) or it is written (QoS 0); rejects after `timeoutMs`. */
  async publish(index: number, input: MqttInput, timeoutMs: number): Promise<void> {
    if (input.expectReply) this.waiting.set(index, { input, sentAt: Date.now() });
    let timer: NodeJS.Timeout | undefined;
    const sent = this.client.publishAsync(input.topic, input.payload, {
      qos: input.qos,
      ...(input.responseTopic ? { properties: { responseTopic: input.responseTopic, ...(input.correlation ? { correlationData: input.correlation } : {}) } } : {}),
    });
    const late = new Promise<never>((_r, reject) => {
      timer = setTimeout(() => reject(new Error(`the broker did not take it in ${timeoutMs} ms (fuzz client disconnects so far: ${this.disconnects})`)), timeoutMs);
    });
    try {
      await Promise.race([sent, late]);
    } catch (e) {
      this.waiting.delete(index);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits until every expected reply came or `timeoutMs` passed; returns the inputs still unanswered. */
  async settle(timeoutMs: number): Promise<{ index: number; input: MqttInput }[]> {
    const t0 = Date.now();
    while (this.waiting.size > 0 && Date.now() - t0 < timeoutMs) await new Promise((r) => setTimeout(r, 25));
    const left = [...this.waiting].map(([index, w]) => ({ index, input: w.input }));
    this.waiting.clear();
    return left;
  }

  /** Disconnects. */
  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
