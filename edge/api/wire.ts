/**
 * The wire API: every WebSocket message and every MQTT payload of the daemon, typed in one module
 * shared by the server, the browser dashboard and the tests.
 *
 * Types only (plus a few constants): no Node imports and only type imports of the request schemas,
 * so a browser bundle can import it.
 *
 * WebSocket (`ws://HOST:PORT/api/ws`, token as `Authorization: Bearer T` or `?token=T`):
 * - the client sends {@link WsRequest}s, each with a correlation `id` it chooses;
 * - the server answers each with one {@link WsResult} (`status: "ok"`) or one {@link WsError}
 *   (`status: "error"`) carrying the same `id`; an `ask` also streams {@link WsProgress} messages
 *   with that `id` before its result;
 * - after `subscribe`, the server pushes {@link WsPush} messages (no `id`).
 *
 * MQTT: see {@link MQTT_TOPICS} for the topic layout and the `Mqtt*` payload types below.
 */
import type { Answer, AskProgress, PlannerName } from '../../planner/answer.js';
import type { Cmp } from '../../planner/query/schema.js';
import type { Box } from '../../ingest/perception/types.js';
import type { ObjectColours } from '../../ingest/observations.js';
import type { AlertEvidence as AlertRecordEvidence, AlertRecord, EventRecord, ObjectRecord, SegmentRecord } from '../../memory/types.js';
import type { ErrorBody, PublicErrorCode } from '../../ingest/errors/catalogue.js';
import type { FleetAskRequestMap } from './fleet-wire.js';
import type { AnyRequest, ChannelParam, ParamsOf, RequestOf, RequestType, RuleParam, Same } from './requests.js';
import type { FleetPushData, FleetViewRequestMap } from './fleet-view-wire.js';

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * Stable error codes of the API bodies, from the project's catalogue (`ingest/errors/catalogue.ts`,
 * which also gives each its HTTP status):
 * - `BAD_JSON`: the message is not JSON (or not a JSON object).
 * - `BAD_REQUEST`: the message is JSON but its fields are wrong (the message lists them).
 * - `UNKNOWN_TYPE`: the request `type` is not one of {@link WsRequestType}.
 * - `PAYLOAD_TOO_LARGE`: the message exceeds {@link WS_MAX_PAYLOAD} (WebSocket close 1009) or the MQTT limit.
 * - `UNAUTHORIZED`: no token or an unknown token (HTTP 401 on the upgrade).
 * - `FORBIDDEN`: the token's scope does not allow this request (e.g. `read` managing rules).
 * - `NOT_FOUND`: unknown camera, object or rule (HTTP: unknown path).
 * - `METHOD_NOT_ALLOWED`: HTTP only, a known path with another method.
 * - `RULE_INVALID`: a rule fails validation (unknown camera, zone or line, bad numbers).
 * - `ZONES_INVALID`: zones or lines fail validation (a polygon that crosses itself or encloses no
 *   area, a point outside 0..1, an id used twice, a zone a rule still uses); nothing is saved.
 * - `RULES_NO_MODEL`: a natural-language rule needs a language model and none is configured.
 * - `ASK_FAILED`: answering the question failed.
 * - `BUSY`: the admission gate is full (`api.maxInFlight` WebSocket and MQTT requests running and
 *   `api.maxQueued` waiting, daemon-wide; or 8 on one WebSocket connection). Retry later.
 * - `NO_FRAME`: HTTP only, a snapshot of a camera that has no frame yet.
 * - `NOT_READY`: HTTP and upgrades, the part of the daemon needed is starting or stopping; retry.
 * - `INTERNAL`: a bug; the message says what failed.
 */
export type WireErrorCode = PublicErrorCode;

/**
 * The one error shape of every API boundary (HTTP body, WebSocket message, MQTT reply):
 * `{status: "error", code, message, id?}`.
 */
export type WireErrorBody = ErrorBody;

/** Largest WebSocket message the server accepts, in bytes (larger: close code 1009). */
export const WS_MAX_PAYLOAD = 64 * 1024;
/** A client whose unsent data exceeds this many bytes is dropped (close code 1013). */
export const WS_MAX_BUFFERED = 1024 * 1024;
/** Server ping interval in ms; a client that misses one pong is terminated. */
export const WS_HEARTBEAT_MS = 30_000;
/** WebSocket close code sent to a slow client. */
export const WS_CLOSE_SLOW = 1013;

// ---------------------------------------------------------------------------------------------
// Live state
// ---------------------------------------------------------------------------------------------

/** Camera states (as in `/healthz`). */
export type CameraStateName = 'connecting' | 'streaming' | 'backoff' | 'stopped' | 'disabled';

/** Live state of one camera; also the retained payload of `vigil/<node>/<camera>/status`. */
export interface CameraState {
  camera: string;
  state: CameraStateName;
  /** Whether ingest is enabled (can be changed with `camera.enable`). */
  enabled: boolean;
  /** Measured analysis frames per second. */
  fps: number;
  /** ISO time of the last frame, or null. */
  lastFrameAt: string | null;
  reconnects: number;
  error: string | null;
}

/** A count of one class in one zone (zone `all` = the whole frame) of one camera. */
export interface CountState {
  camera: string;
  /** Zone id, or `all` for the whole frame. */
  zone: string;
  /** Class label, e.g. `person`; `all` for every class (zones only count objects, not classes). */
  class: string;
  /** Objects seen within the camera's hold; null (unknown) while the camera is down. */
  count: number | null;
  /** Capture time of the frame the count comes from (for unknown: when the camera went down), epoch ms. */
  ts: number;
}

/** An object as seen in lifecycle events (no embedding, short trajectory). */
export interface ObjectSummary {
  objectId: string;
  camera: string;
  label: string;
  score: number;
  /** Last box, normalised 0..1 of the frame (like the trajectory), rounded to 4 decimals. */
  box: Box;
  firstSeen: number;
  lastSeen: number;
  /** Zones the object is in now. */
  currentZones: string[];
  /** Zones visited so far. */
  enteredZones: string[];
  /** Seconds since first seen. */
  ageSeconds: number;
  /** Named colours (people: upper/lower; vehicles: body), once a track of the object ended; absent before and for other classes. */
  colours?: ObjectColours;
}

/**
 * An object lifecycle event; also the payload of `vigil/<node>/<camera>/events`
 * (Frigate-style: `before` is the previous state, null for `new`).
 */
export interface ObjectEvent {
  type: 'new' | 'update' | 'end';
  camera: string;
  /** Capture time, epoch ms. */
  ts: number;
  before: ObjectSummary | null;
  after: ObjectSummary;
}

// ---------------------------------------------------------------------------------------------
// Alert rules and alerts
// ---------------------------------------------------------------------------------------------

/**
 * Comparison of a count rule: the questions' operators (planner/query/schema.ts `Cmp`): `ge` at
 * least, `gt` more than, `le` at most, `lt` fewer than, `eq` exactly, `ne` other than. Config files
 * and requests may still write the older `'>='`, `'>'`, `'<='`, `'<'`, `'=='`: they are read as these.
 */
export type CountOp = Cmp;

/**
 * What makes a rule fire.
 * - `count`: the number of objects of the class (in the zone, when given) satisfies `op value`,
 *   continuously for `forSeconds` (default 0): the questions' count condition `{op, n}`, evaluated by the
 *   questions' own `holds()`. Presence is `{type:'count', op:'ge', n:1}`.
 * - `dwell`: one object of the class stays in the zone (or in view, without a zone) at least `seconds`.
 * - `absence`: no object of the class (in the zone) for at least `seconds`.
 * - `line`: an object of the class crosses the rule's `line` (in `direction`, default any).
 */
export type RuleTrigger =
  | { type: 'count'; op: CountOp; n: number; forSeconds?: number }
  | { type: 'dwell'; seconds: number }
  | { type: 'absence'; seconds: number }
  | { type: 'line'; line: string; direction?: 'forward' | 'backward' | 'any' }
  /** A loud sound on a camera with audio: a 100 ms block over the camera's `audio.loudDbfs` (and over `minDbfs` when given). */
  | { type: 'sound'; minDbfs?: number };

/** Local time-of-day window (in the daemon's `timezone`); `from` > `to` wraps midnight. */
export interface TimeOfDay {
  /** `HH:MM`. */
  from: string;
  /** `HH:MM`. */
  to: string;
  /** ISO weekdays 1 (Monday) .. 7; all days when omitted. */
  days?: number[];
}

/** A structured alert rule, as written in config (`rules:`) or sent at runtime. */
export interface AlertRule {
  /** Rule id: letters, digits, `_` or `-` (used in the topic `vigil/<node>/alerts/<rule>`). */
  id: string;
  /** Human text, e.g. the natural-language rule it was made from. */
  description?: string;
  /** Camera the rule watches; every camera when omitted. */
  camera?: string;
  /** Class label such as `person`; any class when omitted. */
  class?: string;
  /** Zone id of the camera; the whole frame when omitted. */
  zone?: string;
  trigger: RuleTrigger;
  /** Only active in this window. */
  timeOfDay?: TimeOfDay;
  /** Seconds after firing before the rule can fire again (per camera). Default 60. */
  cooldownSeconds?: number;
  /** Default true. */
  enabled?: boolean;
}

/** A rule with where it came from. */
export interface RuleInfo extends AlertRule {
  /** `config`: from the config file (cannot be removed at runtime, only replaced until restart); `runtime`: added over WebSocket or MQTT. */
  source: 'config' | 'runtime';
  /** Last time it fired, epoch ms, or null. */
  lastFiredAt: number | null;
}

/**
 * Evidence of an alert (`memory/types.ts`). `snapshot` is a path on the daemon's HTTP port
 * (`/api/alerts/<id>/snapshot.jpg`, or the stored keyframe nearest the alert's time when the
 * frame could not be kept); with `fleet.publicUrl` set, every alert sent (MQTT, WebSocket, HTTP)
 * carries it as an absolute URL under that base. Fetching it needs a token like any `/api/` path.
 */
export type AlertEvidence = AlertRecordEvidence;

/**
 * An alert; also the payload of `vigil/<node>/alerts/<rule>` (QoS 1, not retained), a push on the
 * `alerts` channel and a row of the `alerts` request. Kept in the memory's alert history.
 */
export type Alert = AlertRecord;

// ---------------------------------------------------------------------------------------------
// Zones and lines
// ---------------------------------------------------------------------------------------------

/** A zone: a polygon of at least 3 vertices [x, y], normalised 0..1 of the frame (y down). */
export interface ZoneShape {
  id: string;
  polygon: [number, number][];
}

/** A directed line: crossing from its left side to its right side (looking from `from` to `to`) is `forward`. */
export interface LineShape {
  id: string;
  from: [number, number];
  to: [number, number];
}

/** A camera's zones and lines as perception uses them now; also the payload of the `zones` push. */
export interface CameraZones {
  camera: string;
  zones: ZoneShape[];
  lines: LineShape[];
  /** `overlay`: drawn in the dashboard (or sent with `zones.put`) and kept in `<data>/zones.overlay.json`; `config`: from the config file. */
  source: 'config' | 'overlay';
  /** When the overlay entry was saved, epoch ms; null for the config's. */
  updatedAt: number | null;
}

// ---------------------------------------------------------------------------------------------
// WebSocket requests and results
// ---------------------------------------------------------------------------------------------

/** Live-state channels a client can subscribe to. */
export type Channel = 'cameras' | 'counts' | 'events' | 'alerts' | 'fleet' | 'zones';

/** A time range in epoch ms, `[from, to)`. */
export interface Range {
  from: number;
  to: number;
}

/**
 * Every request type with its parameters, its result and the scope it needs.
 * Requests are `{ id, type, ...params }`; the parameters are inferred from the zod schemas of
 * `requests.ts`, the one place they are written.
 */
export interface WsRequestMap extends FleetAskRequestMap, FleetViewRequestMap<Alert> {
  /** Answers a question; streams {@link WsProgress} first. `timeZone`/`now` as in `vigil ask`. */
  ask: { params: ParamsOf<'ask'>; result: Answer; scope: 'read' };
  /** Cancels an `ask` in flight (by its request id). */
  'ask.cancel': { params: ParamsOf<'ask.cancel'>; result: { cancelled: boolean }; scope: 'read' };
  /** Starts pushes on channels (optionally only some cameras). The result is the current state. */
  subscribe: { params: ParamsOf<'subscribe'>; result: { cameras: CameraState[]; counts: CountState[]; rules: RuleInfo[] }; scope: 'read' };
  /** Stops pushes on channels (all when omitted). */
  unsubscribe: { params: ParamsOf<'unsubscribe'>; result: { channels: Channel[] }; scope: 'read' };
  /** Camera states. */
  cameras: { params: ParamsOf<'cameras'>; result: { cameras: CameraState[] }; scope: 'read' };
  /** Enables or disables a camera's ingest. */
  'camera.enable': { params: ParamsOf<'camera.enable'>; result: { camera: CameraState }; scope: 'admin' };
  /** Segments (2 s windows) in a range, oldest first, at most `limit` (default 200, max 2000). */
  segments: { params: ParamsOf<'segments'>; result: { segments: SegmentRecord[]; truncated: boolean }; scope: 'read' };
  /** Events in a range, oldest first. */
  events: { params: ParamsOf<'events'>; result: { events: EventRecord[]; truncated: boolean }; scope: 'read' };
  /** One object with its trajectory (no embedding). */
  object: { params: ParamsOf<'object'>; result: { object: Omit<ObjectRecord, 'embedding'> }; scope: 'read' };
  /** Objects present in a range. */
  objects: { params: ParamsOf<'objects'>; result: { objects: Omit<ObjectRecord, 'embedding' | 'trajectory'>[]; truncated: boolean }; scope: 'read' };
  /** All rules. */
  'rules.list': { params: ParamsOf<'rules.list'>; result: { rules: RuleInfo[] }; scope: 'read' };
  /** Adds a rule, or replaces the one with the same id. */
  'rules.put': { params: ParamsOf<'rules.put'>; result: { rule: RuleInfo }; scope: 'admin' };
  /** Removes a runtime rule (config rules: disables it until restart). */
  'rules.delete': { params: ParamsOf<'rules.delete'>; result: { ruleId: string; deleted: boolean }; scope: 'admin' };
  /**
   * Reads a rule in words into a structured one, WITHOUT adding it: show `readAs` and `rule` to the
   * person, then send `rules.put` to confirm. The offline reader (the question parser, no model) reads
   * first (`reader: 'words'`); the language model, when configured, only when it refuses
   * (`reader: 'model'`). `RULE_NOT_READ` names the words neither could place.
   */
  'rules.compile': { params: ParamsOf<'rules.compile'>; result: { rule: AlertRule; explanation: string; readAs: string; reader: 'words' | 'model' }; scope: 'admin' };
  /** The zones and lines of one camera (`camera`) or of every camera. */
  'zones.get': { params: ParamsOf<'zones.get'>; result: { cameras: CameraZones[] }; scope: 'read' };
  /**
   * Replaces a camera's zones and lines: validated (as `vigil config check` does, and against the
   * runtime rules), saved to `<data>/zones.overlay.json` and applied at once, without a restart.
   * `ZONES_INVALID` (nothing saved) with every problem.
   */
  'zones.put': { params: ParamsOf<'zones.put'>; result: { camera: CameraZones }; scope: 'admin' };
  /**
   * Past alerts from the memory's history, newest first (`order: 'oldest'` for the other way):
   * fired in `[from, to)` (epoch ms) or in the `last` duration before `to` (e.g. `24h`; default:
   * everything kept), of one `rule` and/or `camera`, `limit` a page (default 50, max 2000). `next`
   * is set when more match: send it back as `cursor` for the next page.
   */
  alerts: { params: ParamsOf<'alerts'>; result: { alerts: Alert[]; truncated: boolean; next: string | null }; scope: 'read' };
  /** Application-level ping for clients that cannot send WebSocket pings (browsers). */
  ping: { params: ParamsOf<'ping'>; result: { pong: number }; scope: 'read' };
}

/** Request type names. */
export type WsRequestType = keyof WsRequestMap;

/** Every request type, for validation and docs. */
export const WS_REQUEST_TYPES: readonly WsRequestType[] = ['ask', 'ask.cancel', 'subscribe', 'unsubscribe', 'cameras', 'camera.enable', 'segments', 'events', 'object', 'objects', 'rules.list', 'rules.put', 'rules.delete', 'rules.compile', 'zones.get', 'zones.put', 'alerts', 'ping', 'fleet.ask', 'fleet.state'];

/** A request of one type (inferred from its schema in `requests.ts`). */
export type WsRequestOf<K extends WsRequestType> = RequestOf<K>;

/** Any request from a client. */
export type WsRequest = AnyRequest;

/** A request before its correlation id is assigned (what a client helper accepts). */
export type WsRequestDraft = { [K in WsRequestType]: Omit<WsRequestOf<K>, 'id'> & { id?: string } }[WsRequestType];

/** The success reply to a request of type K. */
export interface WsResultOf<K extends WsRequestType> {
  id: string;
  type: K;
  status: 'ok';
  result: WsRequestMap[K]['result'];
}

/** Any success reply. */
export type WsResult = { [K in WsRequestType]: WsResultOf<K> }[WsRequestType];

/** An error reply: the one {@link ErrorBody}, whose `id` the WebSocket always sets (null when the request had no readable id, e.g. bad JSON). */
export type WsError = ErrorBody & { id: string | null };

/** Progress of an `ask`: the planner's {@link AskProgress} messages, forwarded unchanged. */
export interface WsProgress {
  id: string;
  type: 'progress';
  progress: AskProgress;
}

/** Server pushes after `subscribe`. */
export type WsPush =
  | { type: 'push'; channel: 'cameras'; data: CameraState }
  | { type: 'push'; channel: 'counts'; data: CountState }
  | { type: 'push'; channel: 'events'; data: ObjectEvent }
  | { type: 'push'; channel: 'alerts'; data: Alert }
  | { type: 'push'; channel: 'fleet'; data: FleetPushData<Alert> }
  | { type: 'push'; channel: 'zones'; data: CameraZones };

/** Sent once after the connection opens. */
export interface WsHello {
  type: 'hello';
  node: string;
  version: string;
  /** Scope granted by the token (`admin` when auth is off). */
  scope: Scope;
  maxPayload: number;
  /** IANA zone of the daemon's wall times (config `timezone`, else the system zone); views show times in it. */
  timeZone?: string;
}

/** Anything the server sends. */
export type WsServerMessage = WsHello | WsResult | WsError | WsProgress | WsPush;

/** Token scopes: `read` browses and asks; `admin` also manages rules and cameras. */
export type Scope = 'read' | 'admin';

// ---------------------------------------------------------------------------------------------
// MQTT
// ---------------------------------------------------------------------------------------------

/**
 * MQTT topics (`<node>` is the config `node`, `<camera>`, `<zone>`, `<class>`, `<rule>` ids):
 * - `status`: retained `online` / `offline` (plain text; `offline` is the Last Will).
 * - `cameraStatus`: retained {@link CameraState} JSON.
 * - `events`: {@link ObjectEvent} JSON (QoS 0).
 * - `count`: retained plain integer, e.g. `2` (zone `all` = whole frame); `unknown` while the camera is down.
 * - `occupancy`: retained `ON` / `OFF`, whether that count is above 0 (published when it changes;
 *   zone and class levels as in `count`).
 * - `snapshot`: retained JPEG bytes of the camera's latest frame (with Home Assistant discovery,
 *   every `mqtt.homeAssistant.snapshotSeconds` while the camera streams).
 * - `alertSnapshot`: retained JPEG bytes of the frame of the camera's last alert (with Home Assistant discovery).
 * - `alert`: {@link Alert} JSON, QoS 1.
 * - `ask`: {@link MqttAskRequest} in; {@link MqttAskReply} out.
 * - `request`: any {@link WsRequest} in (rules, cameras, browsing); {@link WsResult} or {@link WsError} out,
 *   to the MQTT 5 response topic or to `replyTo`.
 */
export const MQTT_TOPICS = {
  status: (node: string): string => `vigil/${node}/status`,
  cameraStatus: (node: string, camera: string): string => `vigil/${node}/${camera}/status`,
  events: (node: string, camera: string): string => `vigil/${node}/${camera}/events`,
  count: (node: string, camera: string, zone: string, cls: string): string => `vigil/${node}/${camera}/${zone}/${cls}/count`,
  occupancy: (node: string, camera: string, zone: string, cls: string): string => `vigil/${node}/${camera}/${zone}/${cls}/occupancy`,
  snapshot: (node: string, camera: string): string => `vigil/${node}/${camera}/snapshot`,
  alertSnapshot: (node: string, camera: string): string => `vigil/${node}/${camera}/alert_snapshot`,
  alert: (node: string, rule: string): string => `vigil/${node}/alerts/${rule}`,
  ask: (node: string): string => `vigil/${node}/ask`,
  request: (node: string): string => `vigil/${node}/request`,
} as const;

/**
 * A question over MQTT, published to `vigil/<node>/ask`.
 * MQTT 5 clients set the response topic and correlation data properties;
 * 3.1.1 clients put `replyTo` (a topic) and `id` in the payload.
 */
export interface MqttAskRequest {
  question: string;
  planner?: PlannerName;
  /** 3.1.1: topic to publish the answer to. */
  replyTo?: string;
  /** 3.1.1: echoed in the answer as `id`. */
  id?: string;
}

/**
 * The reply to an ask: the same {@link Answer} object `vigil ask --json` prints (plus `id` when the
 * request carried one), or an error.
 */
export type MqttAskReply = (Answer & { id?: string }) | ErrorBody;

/** MQTT payload of `vigil/<node>/status`. */
export type MqttNodeStatus = 'online' | 'offline';

/**
 * Compile-time checks that the request schemas (requests.ts) read exactly the wire's channels,
 * rules and request types: a change on one side without the other fails the build.
 */
export type WireChecks = [Assert<Same<ChannelParam, Channel>>, Assert<Same<RuleParam, AlertRule>>, Assert<Same<RequestType, WsRequestType>>];
type Assert<T extends true> = T;
