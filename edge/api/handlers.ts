/**
 * Request handlers shared by the WebSocket API and the MQTT request topic: each takes a
 * validated request and resolves with its typed result or throws a VigilError.
 */
import type { AskOptions } from '../../planner/ask.js';
import type { Answer } from '../../planner/answer.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryError, type MemoryStore } from '../../memory/store.js';
import { READ_FAILED_MESSAGE } from '../../memory/read-guard.js';
import type { CameraManager } from '../components/cameras.js';
import type { RulesComponent } from '../components/rules.js';
import { AdmissionGate, type AdmissionLimits } from './admission.js';
import { UnexpectedErrors } from './guard.js';
import { VigilError } from '../../ingest/errors/catalogue.js';
import { RuleError } from '../rules/engine.js';
import { compileRule } from '../rules/compile.js';
import { dominantClass, vocabulary } from '../../planner/query/vocabulary.js';
import type { FleetAskFn } from './fleet-wire.js';
import { cameraState, type LiveState } from './live.js';
import { pagedEvents, pagedObjects, pagedSegments } from './paged.js';
import { alertHistory } from './alerts.js';
import type { FleetViewState } from './fleet-view-wire.js';
import type { ZoneEditor } from '../zones/editor.js';
import type { Alert, CameraState, RuleInfo, Scope, WsRequest, WsRequestMap, WsRequestOf, WsRequestType } from './wire.js';

/** What the handlers reach. */
export interface ApiDeps {
  node: string;
  version: string;
  answerer: { ask(question: string, opts?: AskOptions): Promise<Answer> };
  cameras: CameraManager;
  memory: MemoryStore;
  rules: RulesComponent;
  live: LiveState;
  /** Bound on requests in flight across WebSocket and MQTT (`api` in the config); defaults when omitted. */
  admission?: Partial<AdmissionLimits>;
  /** Asks the fleet (`fleet.ask`); absent: the request fails with FLEET_OFF. */
  fleetAsk?: FleetAskFn;
  /** The fleet view (with `fleet.enabled` and MQTT on). */
  fleet?: { state(): FleetViewState<Alert> | null } | null;
  /** Reads and replaces the cameras' zones and lines; absent: `zones.*` answer NOT_READY. */
  zones?: ZoneEditor;
  /** Base URL of this box's HTTP port (`fleet.publicUrl`): alert pictures are sent as absolute URLs under it. */
  publicUrl?: string | null;
  /** The unexpected-error counter of the guarded boundary; a new one when omitted. */
  unexpected?: UnexpectedErrors;
}

/** Per-request context. */
export interface RequestContext {
  scope: Scope;
  onProgress?: AskOptions['onProgress'];
  signal?: AbortSignal;
}

/** Scope each request needs. */
export const REQUIRED_SCOPE: { [K in WsRequestType]: WsRequestMap[K]['scope'] } = {
  ask: 'read',
  'ask.cancel': 'read',
  subscribe: 'read',
  unsubscribe: 'read',
  cameras: 'read',
  'camera.enable': 'admin',
  segments: 'read',
  events: 'read',
  object: 'read',
  objects: 'read',
  'rules.list': 'read',
  'rules.put': 'admin',
  'rules.delete': 'admin',
  'rules.compile': 'admin',
  'zones.get': 'read',
  'zones.put': 'admin',
  alerts: 'read',
  ping: 'read',
  'fleet.ask': 'read',
  'fleet.state': 'read',
};

const DEFAULT_LIMIT = 200;

/**
 * Handles the stateless requests (everything but subscribe/unsubscribe/ask.cancel, which belong to
 * a connection). Holds the admission gate that the WebSocket API and the MQTT requests share.
 */
export class ApiHandlers {
  private readonly q: MemoryQueries;
  /** The one bound on requests in flight, shared by every interface that runs requests here. */
  readonly admission: AdmissionGate;
  /** The one count of unexpected errors, shared by every interface that runs requests here (and HTTP). */
  readonly unexpected: UnexpectedErrors;

  constructor(private readonly d: ApiDeps) {
    this.q = new MemoryQueries(d.memory);
    this.admission = new AdmissionGate(d.admission);
    this.unexpected = d.unexpected ?? new UnexpectedErrors();
  }

  /** Every rule. */
  ruleList(): RuleInfo[] {
    return this.d.rules.engine.list();
  }

  /** Camera states in config order. */
  cameraStates(): CameraState[] {
    return this.d.cameras.statuses().map((s) => cameraState(s, this.d.cameras.enabled(s.id)));
  }

  /**
   * Runs one request.
   * @throws VigilError FORBIDDEN, NOT_FOUND, ASK_FAILED, RULE_INVALID, RULES_NO_MODEL...
   */
  async handle(req: WsRequest, ctx: RequestContext): Promise<unknown> {
    if (REQUIRED_SCOPE[req.type] === 'admin' && ctx.scope !== 'admin') throw new VigilError('FORBIDDEN', `"${req.type}" needs an admin token`);
    switch (req.type) {
      case 'ask':
        return this.ask(req, ctx);
      case 'ping':
        return { pong: Date.now() };
      case 'cameras':
        return { cameras: this.cameraStates() };
      case 'camera.enable': {
        const s = await this.d.cameras.setEnabled(req.camera, req.enabled);
        if (!s) throw new VigilError('NOT_FOUND', `unknown camera "${req.camera}"`);
        return { camera: cameraState(s, req.enabled) };
      }
      case 'segments': {
        const p = await pagedSegments(this.q, { from: req.from, to: req.to }, req.camera, req.limit ?? DEFAULT_LIMIT);
        return { segments: p.rows, truncated: p.truncated };
      }
      case 'events': {
        const p = await pagedEvents(this.q, { from: req.from, to: req.to }, req.camera, req.types, req.limit ?? DEFAULT_LIMIT);
        return { events: p.rows, truncated: p.truncated };
      }
      case 'object': {
        const o = this.q.object(req.objectId);
        if (!o) throw new VigilError('NOT_FOUND', `unknown object "${req.objectId}"`);
        const { embedding: _e, ...object } = o;
        return { object };
      }
      case 'objects': {
        const opts = { ...(req.camera ? { camera: req.camera } : {}), ...(req.class ? { label: req.class } : {}), ...(req.zone ? { zone: req.zone } : {}) };
        const p = await pagedObjects(this.q, { from: req.from, to: req.to }, opts, req.limit ?? DEFAULT_LIMIT);
        return { objects: p.rows, truncated: p.truncated };
      }
      case 'rules.list':
        return { rules: this.d.rules.engine.list() };
      case 'rules.put':
        return { rule: this.d.rules.put(req.rule) };
      case 'rules.delete':
        return { ruleId: req.ruleId, deleted: this.d.rules.delete(req.ruleId) };
      case 'rules.compile':
        return this.compile(req, ctx);
      case 'zones.get':
        return { cameras: this.zoneEditor().list(req.camera) };
      case 'zones.put':
        return { camera: this.zoneEditor().put(req.camera, { zones: req.zones, lines: req.lines }) };
      case 'alerts': {
        const { id: _i, type: _t, ...params } = req;
        return this.alerts(params);
      }
      case 'fleet.ask':
        if (!this.d.fleetAsk) throw new VigilError('FLEET_OFF');
        return this.d.fleetAsk(req.question, { ...(req.deadlineMs !== undefined ? { deadlineMs: req.deadlineMs } : {}), ...(req.timeZone ? { timeZone: req.timeZone } : {}) });
      case 'fleet.state':
        return this.fleetState();
      default:
        throw new VigilError('UNKNOWN_TYPE', `"${req.type}" is only available on a WebSocket connection`);
    }
  }

  private zoneEditor(): ZoneEditor {
    if (!this.d.zones) throw new VigilError('NOT_READY', 'zones cannot be read or drawn on this daemon');
    return this.d.zones;
  }

  /** A page of the alert history (`alerts` request, `GET /api/alerts`). @throws VigilError BAD_REQUEST on a bad cursor */
  alerts(params: Omit<WsRequestOf<'alerts'>, 'id' | 'type'>): WsRequestMap['alerts']['result'] {
    return alertHistory(this.d.memory, params, this.d.publicUrl);
  }

  /** The fleet view's state; `enabled: false` with no boxes when this box does not follow the fleet. */
  fleetState(): FleetViewState<Alert> {
    return this.d.fleet?.state() ?? { enabled: false, node: this.d.node, boxes: [], alerts: [] };
  }

  /**
   * Answers a question. A read of the memory that failed while answering (a damaged data file)
   * answers `MEMORY_READ_FAILED`, also when a planner turned the failure into words.
   */
  private async ask(req: WsRequestOf<'ask'>, ctx: RequestContext): Promise<Answer> {
    const failures = this.d.memory.readFailures;
    let a: Answer;
    try {
      a = await this.d.answerer.ask(req.question, {
        ...(req.planner ? { planner: req.planner } : {}),
        ...(req.now !== undefined ? { now: req.now } : {}),
        ...(req.timeZone ? { timeZone: req.timeZone } : {}),
        ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
    } catch (e) {
      if (e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED') throw e;
      throw new VigilError('ASK_FAILED', (e as Error).message);
    }
    if (this.d.memory.readFailures !== failures) throw new MemoryError('MEMORY_READ_FAILED', READ_FAILED_MESSAGE);
    return a;
  }

  private async compile(req: WsRequestOf<'rules.compile'>, ctx: RequestContext): Promise<WsRequestMap['rules.compile']['result']> {
    const v = vocabulary(this.d.memory);
    const words = { cameras: this.d.rules.geometry, timeZone: this.d.rules.timeZone, labels: v.labels, dominant: (c: string | undefined, z?: string) => dominantClass(v, c, z) };
    const out = await compileRule(req.text, { ...words, ...(req.camera ? { camera: req.camera } : {}) }, this.d.rules.compile, ctx.signal);
    const problems = this.d.rules.engine.check(out.rule);
    if (problems.length) throw new RuleError('RULE_INVALID', `the model proposed an invalid rule: ${problems.join('; ')}`);
    return out;
  }
}
