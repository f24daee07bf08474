/**
 * Alert rules as a daemon component: config rules plus runtime rules (kept in
 * `<data>/rules.json` across restarts), evaluated on every observation from the bus; alerts go
 * back on the bus for the WebSocket and MQTT interfaces.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../../ingest/types.js';
import type { AlertRule, RuleInfo } from '../api/wire.js';
import type { EventBus } from '../bus.js';
import type { Component } from '../lifecycle.js';
import { RuleEngine, RuleError, type RuleEngineOptions } from '../rules/engine.js';
import { noModelCompiler, type RuleCompiler } from '../rules/nl.js';

/** Owns the rule engine. */
export class RulesComponent implements Component {
  readonly name = 'rules';
  readonly engine: RuleEngine;
  private fired = 0;

  constructor(
    private readonly deps: { bus: EventBus; log: Logger; rules: readonly AlertRule[]; file: string | null; compile?: RuleCompiler } & RuleEngineOptions,
  ) {
    this.engine = new RuleEngine(deps);
  }

  /** Natural-language rule compiler (RULES_NO_MODEL until a language model is configured). */
  get compile(): RuleCompiler {
    return this.deps.compile ?? noModelCompiler;
  }

  /** Zones and lines of each camera. */
  get geometry(): RuleEngineOptions['cameras'] {
    return this.deps.cameras;
  }

  /** Alerts fired since start. */
  get alertsFired(): number {
    return this.fired;
  }

  start(): Promise<void> {
    for (const r of this.deps.rules) {
      try {
        this.engine.put(r, 'config');
      } catch (e) {
        return Promise.reject(new Error(`rules: rule "${r.id}": ${(e as Error).message}`));
      }
    }
    for (const r of this.loadRuntime()) {
      try {
        this.engine.put(r, 'runtime');
      } catch (e) {
        this.deps.log.warn({ rule: (r as { id?: unknown }).id, err: (e as Error).message }, 'stored runtime rule no longer valid; skipped');
      }
    }
    this.deps.bus.on('observation', 'rules', (o) => {
      for (const a of this.engine.observe(o)) {
        this.fired++;
        this.deps.log.info({ rule: a.rule, camera: a.camera, message: a.message }, 'alert');
        this.deps.bus.emit('alert', a);
      }
    });
    this.deps.log.info({ rules: this.engine.list().length }, 'rules loaded');
    return Promise.resolve();
  }

  /** Adds or replaces a rule at runtime. @throws RuleError */
  put(rule: unknown): RuleInfo {
    const info = this.engine.put(rule, 'runtime');
    this.saveRuntime();
    this.deps.bus.emit('rule', { rule: info, removed: false });
    return info;
  }

  /** Removes a runtime rule, or disables a config rule until restart. */
  delete(id: string): boolean {
    const r = this.engine.get(id);
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

  private loadRuntime(): unknown[] {
    const f = this.deps.file;
    if (!f || !existsSync(f)) return [];
    try {
      const v = JSON.parse(readFileSync(f, 'utf8')) as unknown;
      return Array.isArray(v) ? v : [];
    } catch (e) {
      this.deps.log.warn({ file: f, err: (e as Error).message }, 'runtime rules unreadable; starting without them');
      return [];
    }
  }

  private saveRuntime(): void {
    const f = this.deps.file;
    if (!f) return;
    try {
      mkdirSync(dirname(f), { recursive: true });
      const rules = this.engine.list().filter((r) => r.source === 'runtime').map(({ source: _s, lastFiredAt: _l, ...r }) => r);
      writeFileSync(`${f}.tmp`, JSON.stringify(rules, null, 2));
      renameSync(`${f}.tmp`, f);
    } catch (e) {
      this.deps.log.error({ file: f, err: (e as Error).message }, 'saving runtime rules failed');
    }
  }

  stop(): Promise<void> {
    this.deps.bus.removeOwner('rules');
    return Promise.resolve();
  }
}
