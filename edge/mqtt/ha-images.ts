/**
 * The pictures of Home Assistant's image entities, sent as JPEG bytes over MQTT (the `image`
 * platform's `image_topic`), so they are seen only by clients the broker lets in: each camera's
 * latest frame every `snapshotSeconds` while it streams (retained, QoS 0, skipped when the frame
 * has not moved), and the frame of each alert as it fires (retained per camera). Nothing is sent
 * or queued while the broker is unreachable: a picture is worth sending only while it is fresh.
 */
import type { IClientPublishOptions } from 'mqtt';
import { encodeJpeg } from '../../ingest/jpeg.js';
import type { Frame, Logger } from '../../ingest/types.js';
import { MQTT_TOPICS } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { MqttExtension } from './extension.js';

/** Where the pictures come from. */
export interface PictureSource {
  /** The latest analysis frame of a camera, or null. */
  latest(camera: string): Frame | null;
  /** Whether a camera streams now. */
  streaming(camera: string): boolean;
  /** The stored picture of an alert, or null. */
  alert(id: string): Buffer | null;
}

/** What the image publisher needs. */
export interface HaImagesDeps {
  node: string;
  cameras: readonly string[];
  /** Period of the latest-frame images, ms; 0: none. */
  everyMs: number;
  pictures: PictureSource;
  bus: EventBus;
  isConnected(): boolean;
  publish(topic: string, payload: Buffer, opts: IClientPublishOptions): void;
  log: Logger;
}

/** JPEG quality of the latest-frame images (small: they are sent every few seconds). */
const QUALITY = 70;

/** Publishes the image entities' pictures; a party on the bridge's connection. */
export class HaImages implements MqttExtension {
  readonly name = 'ha-images';
  readonly filters: readonly string[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Time of the frame last sent per camera. */
  private readonly sentTs = new Map<string, number>();
  private readonly encoding = new Set<string>();
  /** Pictures sent so far. */
  sent = 0;

  constructor(private readonly d: HaImagesDeps) {}

  /** Follows alerts and starts the periodic latest-frame images. */
  start(): void {
    this.d.bus.on('alert', this.name, (a) => {
      const jpg = this.d.pictures.alert(a.id);
      if (!jpg || !this.d.isConnected()) return;
      this.sent++;
      this.d.publish(MQTT_TOPICS.alertSnapshot(this.d.node, a.camera), jpg, { retain: true, qos: 0 });
    });
    if (this.d.everyMs > 0) {
      this.timer = setInterval(() => this.tick(), this.d.everyMs);
      this.timer.unref();
    }
  }

  connected(): void {
    this.tick();
  }

  message(): void {
    // subscribes to nothing
  }

  /** Sends each streaming camera's latest frame, when it is newer than the one sent. */
  tick(): void {
    if (this.d.everyMs <= 0 || !this.d.isConnected()) return;
    for (const camera of this.d.cameras) {
      if (this.encoding.has(camera) || !this.d.pictures.streaming(camera)) continue;
      const f = this.d.pictures.latest(camera);
      if (!f || f.ts === this.sentTs.get(camera)) continue;
      this.encoding.add(camera);
      encodeJpeg(f, QUALITY)
        .then((jpg) => {
          if (!this.d.isConnected()) return;
          this.sentTs.set(camera, f.ts);
          this.sent++;
          this.d.publish(MQTT_TOPICS.snapshot(this.d.node, camera), jpg, { retain: true, qos: 0 });
        })
        .catch((e: unknown) => this.d.log.warn({ camera, err: (e as Error).message }, 'camera image for Home Assistant not encoded'))
        .finally(() => this.encoding.delete(camera));
    }
  }

  stop(): void {
    this.d.bus.removeOwner(this.name);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
