/**
 * The composition root: builds every component from the frozen config, starts them in order
 * (HTTP, memory, rules, perception, audio, fleet view, MQTT, cameras) and stops them in reverse.
 */
import { join, resolve } from 'node:path';
import type { Observation } from '../ingest/observations.js';
import { Answerer } from '../planner/answerer.js';
import { answererOptions, endpointOf } from './config/answering.js';
import { llmRuleCompiler } from './rules/llm-compiler.js';
import { locateFfmpeg, type FfmpegInfo } from '../ingest/ffmpeg/locate.js';
import type { CameraSpec, Logger } from '../ingest/types.js';
import { AudioComponent, speechEngines } from './components/audio.js';
import { daemonAuth } from './api/auth-config.js';
import { ApiHandlers } from './api/handlers.js';
import { LiveState } from './api/live.js';
import { WsApi } from './api/ws.js';
import { EventBus } from './bus.js';
import { CameraManager } from './components/cameras.js';
import { PlacesKeeper } from './components/places.js';
import { RecentFrames } from './components/recent-frames.js';
import { RulesComponent } from './components/rules.js';
import { StatusRefresh } from './components/status-refresh.js';
import { AlertSnapshots } from './rules/snapshots.js';
import { MqttBridge } from './mqtt/bridge.js';
import { fleetAsker, fleetResponder, fleetTrust, type FleetLink } from './fleet/service.js';
import { FleetViewComponent } from './components/fleet-view.js';
import { MemoryQueries } from '../memory/queries.js';
import { defaultTimeZone } from '../planner/ask.js';
import { HttpComponent } from './components/http.js';
import { MemoryComponent } from './components/memory.js';
import { PerceptionComponent } from './components/perception.js';
import { identitySeeds } from './components/identity-seeds.js';
import { DEMO_URL, type CameraConfig, type Config } from './config/schema.js';
import { Lifecycle, type LifecyclePhase } from './lifecycle.js';
import { demoClipPath, packageVersion } from './paths.js';
import type { OverlayInfo } from './config/load.js';
import { ZoneEditor } from './zones/editor.js';

/** A built daemon, not yet started. */
export interface Daemon {
  lifecycle: Lifecycle;
  http: HttpComponent;
  cameras: CameraManager;
  memory: MemoryComponent;
  perception: PerceptionComponent;
  audio: AudioComponent;
  /** Answers questions over the memory (WebSocket, MQTT). */
  answerer: Answerer;
  /** Observations, camera status, counts, object events, alerts. */
  bus: EventBus;
  rules: RulesComponent;
  mqtt: MqttBridge;
  wsApi: WsApi;
  /** The cameras' zones and lines, drawn while running. */
  zones: ZoneEditor;
}

/** Camera specs with the demo URL resolved. */
export function cameraSpecs(cfg: Config): (CameraConfig & CameraSpec)[] {
  return cfg.cameras.map((c) => ({ ...c, url: c.url === DEMO_URL ? demoClipPath() : c.url }));
}

/**
 * Builds the daemon. Constructors only store arguments: nothing runs until `lifecycle.start()`.
 * @param overlay the zones overlay `cfg` was loaded with (`loadConfigWithOverlay`); omitted, the
 *   data directory's overlay file is only kept (its other cameras) when zones are saved
 */
export function buildDaemon(cfg: Config, log: Logger, overlay?: OverlayInfo): Daemon {
  let ffmpeg: FfmpegInfo | undefined;
  const getFfmpeg = (): FfmpegInfo => (ffmpeg ??= locateFfmpeg());
  const memory = new MemoryComponent(resolve(cfg.data), log.child({ ns: 'memory' }), cfg.memory);
  const bus = new EventBus(log.child({ ns: 'edge:bus' }));
  const live = new LiveState();
  // every observation is stored, then goes on the bus (rules, live counts, object events)
  const write = (o: Observation): void => {
    memory.write(o);
    bus.emit('observation', o);
    if (o.kind === 'frame' || o.kind === 'object') {
      const { counts, event } = live.observe(o);
      for (const c of counts) bus.emit('count', c);
      if (event) bus.emit('object', event);
    }
  };
  // every camera gets a pipeline, so one enabled at runtime is perceived too
  const perception = new PerceptionComponent(cfg.cameras, { log: log.child({ ns: 'ingest:perception' }), write, vision: cfg.models.vision, modelCacheDir: join(cfg.data, 'models'), run: () => memory.store.beginRun(), seeds: (ids) => identitySeeds(memory.store, ids, Date.now()), noteOrientation: (camera, o) => void memory.store.noteOrientation(camera, o).catch((e: unknown) => log.warn({ camera, err: (e as Error).message }, "could not keep the camera's orientation")) });
  const online = new Map<string, boolean>();
  const cameraDown = (camera: string): void => {
    perception.cameraDown(camera);
    for (const c of live.unknown(camera, Date.now())) bus.emit('count', c);
  };
  const frames = new RecentFrames();
  const cameras = new CameraManager(cameraSpecs(cfg), {
    ffmpeg: getFfmpeg,
    log: log.child({ ns: 'ingest' }),
    // every frame is kept a moment, so an alert can keep the frame that fired it
    // (as perception saw it: turned to the camera's orientation)
    sink: (frame, detected) => perception.sink(frame, detected, (f) => frames.put(f)),
    turns: (id) => perception.turnsFor(id),
    // camera online/offline events go into the memory, once per transition
    onStatus: (s) => {
      bus.emit('camera', s);
      refresh.noteSent(s);
      const up = s.state === 'streaming';
      // a camera that is not streaming sees nothing: its tracks end, its counts become unknown
      if (!up) cameraDown(s.id);
      if (s.state !== 'streaming' && s.state !== 'backoff') return;
      if (online.get(s.id) === up) return;
      online.set(s.id, up);
      // also on the bus: the rules forget what held before the outage
      write({ kind: 'event', camera: s.id, ts: Date.now(), type: up ? 'camera_online' : 'camera_offline', ...(s.error ? { error: s.error } : {}) });
    },
  });
  // the measured fps, once there is one, goes out too
  const refresh = new StatusRefresh(() => cameras.statuses(), (s) => bus.emit('camera', s));
  const audio = new AudioComponent(cameraSpecs(cfg), { ffmpeg: getFfmpeg, log: log.child({ ns: 'ingest:audio' }), write, engine: speechEngines(endpointOf(cfg.models.transcription)) });
  const answerer = new Answerer(memory.store, answererOptions(cfg));
  const llm = endpointOf(cfg.models.llm);
  const rules = new RulesComponent({
    bus,
    log: log.child({ ns: 'edge:rules' }),
    rules: cfg.rules,
    file: join(resolve(cfg.data), 'rules.json'),
    pictures: { frames, store: new AlertSnapshots(join(resolve(cfg.data), 'alerts'), log.child({ ns: 'edge:rules' })) },
    history: memory.store,
    publicUrl: cfg.fleet.publicUrl,
    node: cfg.node,
    timeZone: cfg.timezone ?? defaultTimeZone(),
    cameras: Object.fromEntries(cfg.cameras.map((c) => [c.id, { zones: c.zones.map((z) => z.id), lines: c.lines.map((l) => l.id) }])),
    ...(llm ? { compile: llmRuleCompiler(llm) } : {}),
  });
  // an alert the retention drops takes its picture with it
  memory.onAlertsDropped = (ids) => rules.dropPictures(ids);
  const timeZone = cfg.timezone ?? defaultTimeZone();
  const fleetLog = log.child({ ns: 'edge:fleet' });
  // the box's fleet key (loaded when the fleet view starts) and the peer keys it pins
  const trust = fleetTrust(cfg, resolve(cfg.data));
  const ownAsker = fleetAsker(cfg, { trust, timeZone, log: fleetLog, mqtt: (): FleetLink => mqtt });
  const mqttOn = cfg.mqtt.enabled;
  let fleetView: FleetViewComponent | null = null;
  const zones = new ZoneEditor({ config: cfg, ...(overlay ? { overlay } : {}), perception, rules, live, emit: (z) => bus.emit('zones', z), log: log.child({ ns: 'edge:zones' }) });
  const handlers = new ApiHandlers({ node: cfg.node, version: packageVersion(), answerer, cameras, memory: memory.store, rules, live, zones, admission: cfg.api, publicUrl: cfg.fleet.publicUrl, fleetAsk: ownAsker.ask, fleet: { state: () => fleetView?.view.state() ?? null } });
  const auth = daemonAuth(cfg, resolve(cfg.data), log.child({ ns: 'edge:auth' }));
  const wsApi = new WsApi({ node: cfg.node, version: packageVersion(), timeZone, handlers, live, bus, auth, log: log.child({ ns: 'edge:ws' }) });
  const fleet = fleetResponder(cfg, { trust, memory: memory.store, admission: handlers.admission, timeZone, log: fleetLog, mqtt: (): FleetLink => mqtt, own: ownAsker });
  const pictures = {
    latest: (id: string) => cameras.get(id)?.latest() ?? null,
    streaming: (id: string) => cameras.get(id)?.status().state === 'streaming',
    alert: (id: string) => rules.picture(id),
  };
  const mqtt = new MqttBridge({ cfg: cfg.mqtt, node: cfg.node, bus, handlers, auth, log: log.child({ ns: 'edge:mqtt' }), fleet, version: packageVersion(), publicUrl: cfg.fleet.publicUrl, cameras: cfg.cameras, pictures });
  if (cfg.fleet.enabled && mqttOn) {
    const queries = new MemoryQueries(memory.store);
    fleetView = new FleetViewComponent({
      cfg: cfg.fleet,
      node: cfg.node,
      trust,
      version: packageVersion(),
      fleetPrefix: fleet ? cfg.fleet.prefix : null,
      cameras: cfg.cameras,
      // before the cameras start (MQTT connects first), the config says
      enabled: (id) => (cameras.get(id) ? cameras.enabled(id) : (cfg.cameras.find((c) => c.id === id)?.enabled ?? false)),
      rules: () => handlers.ruleList().map((r) => r.id),
      coverage: () => queries.coverage(),
      cameraStates: () => handlers.cameraStates(),
      bus,
      mqtt,
      log: log.child({ ns: 'edge:fleet' }),
    });
  }
  const http = new HttpComponent({
    host: cfg.http.host,
    port: cfg.http.port,
    node: cfg.node,
    version: packageVersion(),
    cameras,
    perception,
    memory,
    clock: memory.clock,
    audio,
    alertPictures: (id: string) => rules.picture(id),
    requests: handlers,
    alerts: (p) => handlers.alerts(p),
    ffmpeg: getFfmpeg,
    log: log.child({ ns: 'edge:http' }),
    auth,
    wsApi,
    mqtt: () => mqtt.stats(),
    fleetProxy: fleetView?.proxy ?? null,
    readiness: { phase: (): LifecyclePhase => lifecycle.phase(), isUp: (name: string): boolean => lifecycle.isUp(name), pending: (): string[] => lifecycle.pending() },
  });
  // HTTP first: /healthz answers ("starting") while the detector loads and MQTT connects, and
  // stops last; rules before perception (no frame is missed), MQTT before cameras (camera status
  // is published)
  const places = new PlacesKeeper({ store: () => memory.store, list: () => zones.list(), bus, log: log.child({ ns: 'memory' }) });
  const lifecycle: Lifecycle = new Lifecycle([http, memory, places, rules, perception, audio, ...(fleetView ? [fleetView] : []), mqtt, cameras, refresh], log.child({ ns: 'edge' }));
  return { lifecycle, http, cameras, memory, perception, audio, answerer, bus, rules, mqtt, wsApi, zones };
}
