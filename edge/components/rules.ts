/**
 * Alert rules as a daemon component: config rules plus runtime rules (kept in
 * `<data>/rules.json` across restarts), evaluated on every observation from the bus; alerts are
 * kept in the memory's alert history and go back on the bus for the WebSocket and MQTT interfaces
 * (with an absolute picture URL under `fleet.publicUrl` when that is set).
 */
import type { Logger } from '../../ingest/types.js';
import type { Alert, AlertRule, RuleInfo } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { Component } from '../lifecycle.js';
import { RuleEngine, RuleError, ruleGeometryProblems, type RuleEngineOptions } from '../rules/engine.js';
import type { RuleCompiler } from '../rules/nl.js';
import { AlertSnapshots } from '../rules/snapshots.js';
import { publicAlert } from '../api/alerts.js';
import { RuleFile } from '../rules/store.js';
import type { RecentFrames } from './recent-frames.js';

/** Where alert pictures come from and go to. */
export interface AlertPictures {
  frames: RecentFrames;
  store: AlertSnapshots;
}

/** Where fired alerts are kept (the memory's alert history). */
export interface AlertHistory {
  writeAlert(a: Alert): Promise<boolean>;
}

/** Owns the rule engine. */
export class RulesComponent implements Component {
  readonly name = 'rules';
  readonly engine: RuleEngine;
  private fired = 0;
  /** Alerts on their way out, in firing order. */
  private sending: Promise<void> = Promise.resolve();
  private readonly store: RuleFile | null;
  /** Stored runtime rules that do not validate now (e.g. their zone left the config): kept in the file, not evaluated. */
  private dormant: { id: unknown; rule: unknown }[] = [];
  /** Alerts the history failed to keep (logged once per 100). */
  private unkept = 0;

  constructor(
    private readonly deps: {
      bus: EventBus;
      log: Logger;
      rules: readonly AlertRule[];
      file: string | null;
      compile?: RuleCompiler;
      pictures?: AlertPictures;
      /** The alert history; absent: alerts are only sent. */
      history?: AlertHistory;
      /** `fleet.publicUrl`: alerts sent carry absolute picture URLs under it. */
      publicUrl?: string | null;
    } & RuleEngineOptions,
  ) {
    this.engine = new RuleEngine(deps);
    this.store = deps.file ? new RuleFile(deps.file, deps.log) : null;
  }

  /** The language model's rule compiler, when one is configured (asked only when the offline reader refuses). */
  get compile(): RuleCompiler | undefined {
    return this.deps.compile;
  }

  /** The daemon's time zone (rules' time of day). */
  get timeZone(): string {
    return this.deps.timeZone;
  }

  /** Zones and lines of each camera. */
  get geometry(): RuleEngineOptions['cameras'] {
    return this.deps.cameras;
  }

  /**
   * What runtime rules a camera's new zones and lines would leave pointing at nothing (a zone or
   * a line they use that no camera they watch would have), as `rule "<id>": <problem>` strings.
   * Config rules are the config check's to judge.
   */
  geometryProblems(camera: string, g: { zones: string[]; lines: string[] }): string[] {
    const cams = { ...this.deps.cameras, [camera]: g };
    return this.engine
      .list()
      .filter((r) => r.source === 'runtime' && (!r.camera || r.camera === camera))
      .flatMap((r) => ruleGeometryProblems(r, cams).map((p) => `rule "${r.id}" (added at runtime): ${p}; change or delete the rule first`));
  }

  /** Rules judge a camera's zones and lines by these ids from now on. */
  setGeometry(camera: string, g: { zones: string[]; lines: string[] }): void {
    this.deps.cameras[camera] = g;
  }

  /** The stored picture of the frame that fired alert `id`, or null. */
  picture(id: string): Buffer | null {
    return this.deps.pictures?.store.read(id) ?? null;
  }

  /** Deletes the pictures of alerts the memory's retention dropped. */
  dropPictures(ids: readonly string[]): void {
    for (const id of ids) this.deps.pictures?.store.remove(id);
  }

  /** Alerts fired since start. */
  get alertsFired(): number {
    return this.fired;
  }

  start(): Promise<void> {
    const problems: string[] = [];
    for (const r of this.deps.rules) {
      try {
        this.engine.put(r, 'config');
      } catch (e) {
        problems.push(`rule "${r.id}": ${(e as Error).message}`);
      }
    }
    if (problems.length) return Promise.reject(new Error(`rules: ${problems.length} invalid rule${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`));
    for (const r of this.store?.load() ?? []) {
      try {
        this.engine.put(r, 'runtime');
      } catch (e) {
        const id = r && typeof r === 'object' ? (r as { id?: unknown }).id : undefined;
        this.dormant.push({ id, rule: r });
        this.deps.log.warn({ rule: id, err: (e as Error).message }, 'stored runtime rule no longer valid; kept in the file but not evaluated');
      }
    }
    this.deps.bus.on('observation', 'rules', (o) => {
      for (const a of this.engine.observe(o)) {
        this.fired++;
        this.deps.log.info({ rule: a.rule, camera: a.camera, message: a.message }, 'alert');
        this.emitWithPicture(a);
      }
    });
    this.deps.log.info({ rules: this.engine.list().length }, 'rules loaded');
    return Promise.resolve();
  }

  /** Adds or replaces a rule at runtime. @throws RuleError */
  put(rule: unknown): RuleInfo {
    const info = this.engine.put(rule, 'runtime');
    this.dormant = this.dormant.filter((d) => d.id !== info.id);
    this.saveRuntime();
    this.deps.bus.emit('rule', { rule: info, removed: false });
    return info;
  }

  /** Removes a runtime rule, or disables a config rule until restart. */
  delete(id: string): boolean {
    const r = this.engine.get(id);
    if (!r && this.dormant.some((d) => d.id === id)) {
      this.dormant = this.dormant.filter((d) => d.id !== id);
      this.saveRuntime();
      return true;
    }
    if (!r) throw new RuleError('NOT_FOUND', `unknown rule "${id}"`);
    if (r.source === 'config') {
      const { source: _s, lastFiredAt: _l, ...rule } = r;
      const info = this.engine.put({ ...rule, enabled: false }, 'config');
      this.deps.bus.emit('rule', { rule: info, removed: false });
      return false;
    }
    this.engine.delete(id);
    this.saveRuntime();
    this.deps.bus.emit('rule', { rule: r, removed: true });
    return true;
  }

  /**
   * Keeps the frame that fired the alert (when it is still at hand) and names it in the alert,
   * then emits it; alerts leave in the order they fired.
   */
  private emitWithPicture(a: Alert): void {
    const frame = this.deps.pictures?.frames.at(a.camera, a.frameTs);
    const store = this.deps.pictures?.store;
    if (!frame || !store) {
      this.sending = this.sending.then(() => this.send(a));
      return;
    }
    const saved = store.save(a.id, frame);
    this.sending = this.sending.then(async () => {
      if (await saved) a.evidence.snapshot = AlertSnapshots.url(a.id);
      this.send(a);
    });
  }

  /** Keeps the alert in the history (its picture as a path), then sends it (its picture as a public URL when there is one). */
  private send(a: Alert): void {
    this.deps.history?.writeAlert(a).catch((e: unknown) => {
      if (this.unkept++ % 100 === 0) this.deps.log.error({ alert: a.id, err: (e as Error).message, unkept: this.unkept }, 'the alert could not be kept in the history; it is still sent');
    });
    this.deps.bus.emit('alert', publicAlert(a, this.deps.publicUrl));
  }

  private saveRuntime(): void {
    if (!this.store) return;
    try {
      const rules: unknown[] = this.engine.list().filter((r) => r.source === 'runtime').map(({ source: _s, lastFiredAt: _l, ...r }) => r);
      this.store.save([...rules, ...this.dormant.map((d) => d.rule)]);
    } catch (e) {
      this.deps.log.error({ file: this.store.path, err: (e as Error).message }, 'saving runtime rules failed');
    }
  }

  async stop(): Promise<void> {
    this.deps.bus.removeOwner('rules');
    await this.sending;
  }
}
