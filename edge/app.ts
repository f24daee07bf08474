/**
 * The composition root: builds every component from the frozen config, starts them in order
 * (memory, perception, cameras, HTTP) and stops them in reverse.
 */
import { resolve } from 'node:path';
import { Answerer } from '../planner/answerer.js';
import { answererOptions } from '../planner/config.js';
import { locateFfmpeg, type FfmpegInfo } from '../ingest/ffmpeg/locate.js';
import type { CameraSpec, Logger } from '../ingest/types.js';
import { CameraManager } from './components/cameras.js';
import { HttpComponent } from './components/http.js';
import { MemoryComponent } from './components/memory.js';
import { PerceptionComponent } from './components/perception.js';
import { DEMO_URL, type Config } from './config/schema.js';
import { Lifecycle } from './lifecycle.js';
import { demoClipPath, packageVersion } from './paths.js';

/** A built daemon, not yet started. */
export interface Daemon {
  lifecycle: Lifecycle;
  http: HttpComponent;
  cameras: CameraManager;
  memory: MemoryComponent;
  perception: PerceptionComponent;
  /** Answers questions over the memory (WebSocket, MQTT). */
  answerer: Answerer;
}

/** Camera specs with the demo URL resolved. */
export function cameraSpecs(cfg: Config): CameraSpec[] {
  return cfg.cameras.map((c) => ({ ...c, url: c.url === DEMO_URL ? demoClipPath() : c.url }));
}

/** Builds the daemon. Constructors only store arguments: nothing runs until `lifecycle.start()`. */
export function buildDaemon(cfg: Config, log: Logger): Daemon {
  let ffmpeg: FfmpegInfo | undefined;
  const getFfmpeg = (): FfmpegInfo => (ffmpeg ??= locateFfmpeg());
  const memory = new MemoryComponent(resolve(cfg.data), log.child({ ns: 'memory' }), cfg.memory);
  const perception = new PerceptionComponent(cfg.cameras.filter((c) => c.enabled), { log: log.child({ ns: 'ingest:perception' }), write: memory.write, vision: cfg.models.vision });
  const online = new Map<string, boolean>();
  const cameras = new CameraManager(cameraSpecs(cfg), {
    ffmpeg: getFfmpeg,
    log: log.child({ ns: 'ingest' }),
    sink: perception.sink,
    // camera online/offline events go into the memory, once per transition
    onStatus: (s) => {
      const up = s.state === 'streaming';
      if (s.state !== 'streaming' && s.state !== 'backoff') return;
      if (online.get(s.id) === up) return;
      online.set(s.id, up);
      memory.write({ kind: 'event', camera: s.id, ts: Date.now(), type: up ? 'camera_online' : 'camera_offline', ...(s.error ? { error: s.error } : {}) });
    },
  });
  const http = new HttpComponent({
    host: cfg.http.host,
    port: cfg.http.port,
    node: cfg.node,
    version: packageVersion(),
    cameras,
    perception,
    memory,
    ffmpeg: getFfmpeg,
    log: log.child({ ns: 'edge:http' }),
  });
  const answerer = new Answerer(memory.store, answererOptions(cfg));
  const lifecycle = new Lifecycle([memory, perception, cameras, http], log.child({ ns: 'edge' }));
  return { lifecycle, http, cameras, memory, perception, answerer };
}
