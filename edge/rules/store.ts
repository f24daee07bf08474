/**
 * The runtime rules file (`<data>/rules.json`): a JSON array of rules, written atomically (temp
 * file, fsync, rename, fsync of the directory) with the previous version kept as
 * `rules.json.bak`. A file that is not JSON or not an array is reported and moved aside as
 * `rules.json.corrupt-<time>`, never overwritten.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-file.js';
import type { Logger } from '../../ingest/types.js';

/** What reading the file found. */
export type RuleFileRead = { state: 'missing' } | { state: 'ok'; rules: unknown[] } | { state: 'bad'; reason: string };

/** Reads and shape-checks a rules file without changing anything. */
export function readRuleFile(path: string): RuleFileRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'bad', reason: `unreadable: ${(e as Error).message}` };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { state: 'bad', reason: `not JSON: ${(e as Error).message}` };
  }
  if (!Array.isArray(v)) {
    const found = v === null ? 'null' : typeof v === 'object' ? `an object with keys ${Object.keys(v).slice(0, 5).join(', ') || '(none)'}` : `a ${typeof v}`;
    return { state: 'bad', reason: `expected a JSON array of rules, found ${found}` };
  }
  return { state: 'ok', rules: v as unknown[] };
}

/** The runtime rules file of a data directory. */
export class RuleFile {
  /** Where the previous version is kept. */
  readonly backup: string;

  constructor(
    readonly path: string,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.backup = `${path}.bak`;
  }

  /**
   * The stored rules. A corrupt or wrongly shaped file is logged as an error and moved aside;
   * the previous version (`.bak`) is then loaded when it is sound.
   */
  load(): unknown[] {
    const r = readRuleFile(this.path);
    if (r.state === 'missing') return [];
    if (r.state === 'ok') return r.rules;
    const movedTo = this.moveAside(r.reason);
    const bak = readRuleFile(this.backup);
    if (bak.state === 'ok') {
      this.log.warn({ file: this.backup, rules: bak.rules.length }, 'loaded the previous version of the runtime rules instead');
      return bak.rules;
    }
    this.log.error({ file: this.path, movedTo }, 'starting without runtime rules (no sound previous version)');
    return [];
  }

  /**
   * Writes the rules atomically, keeping the version it replaces as `.bak`. A file found corrupt
   * at this point is moved aside first, not overwritten nor kept as the backup.
   * @throws on a write error (the old file is then unchanged)
   */
  save(rules: readonly unknown[]): void {
    const cur = readRuleFile(this.path);
    if (cur.state === 'bad') this.moveAside(cur.reason);
    writeFileAtomic(this.path, `${JSON.stringify(rules, null, 2)}\n`, cur.state === 'ok' ? this.backup : null);
  }

  /** Renames a bad file to `<file>.corrupt-<time>` and logs why; returns the new name. */
  private moveAside(reason: string): string {
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, '-');
    let to = `${this.path}.corrupt-${stamp}`;
    for (let i = 1; existsSync(to); i++) to = `${this.path}.corrupt-${stamp}-${i}`;
    renameSync(this.path, to);
    this.log.error({ file: this.path, movedTo: to, err: reason }, 'runtime rules file is corrupt; moved aside (not overwritten)');
    return to;
  }
}
