/**
 * Tallies of a fuzz run: inputs per interface, failures (exit, hang, 5xx, other broken
 * invariants) each with the seed, phase, interface and index that rebuild the input, and the
 * one-line summary.
 */

/** The interfaces fuzzed. */
export const INTERFACES = ['http', 'upgrade', 'ws', 'mqtt', 'config'] as const;
/** One interface. */
export type Iface = (typeof INTERFACES)[number];

/** Kinds of failure. */
export type FailureKind = 'exit' | 'hang' | '5xx' | 'invariant';

/** One failure with what rebuilds its input. */
export interface Failure {
  kind: FailureKind;
  iface: Iface | 'daemon';
  phase: string;
  seed: number;
  index: number;
  detail: string;
  /** The input, printable and cut to a readable length. */
  input: string;
}

/** Counters of a run. */
export class FuzzReport {
  readonly inputs: Record<Iface, number> = { http: 0, upgrade: 0, ws: 0, mqtt: 0, config: 0 };
  readonly failures: Failure[] = [];
  /** Deliberate 503s (a camera without a frame yet, the dashboard not built). */
  unavailable = 0;
  /** Answers by status class, for the summary. */
  readonly statuses = new Map<string, number>();
  private readonly started = Date.now();

  /** Total inputs. */
  get total(): number {
    return INTERFACES.reduce((s, i) => s + this.inputs[i], 0);
  }

  /** Failures of one kind. */
  count(kind: FailureKind): number {
    return this.failures.filter((f) => f.kind === kind).length;
  }

  /** Records a failure (its input cut to 1500 characters). */
  fail(f: Failure): void {
    this.failures.push({ ...f, input: f.input.slice(0, 1500) });
  }

  /** Counts an answer's status class (`2xx`, `4xx`, `ws:BAD_REQUEST`...). */
  status(key: string): void {
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  /** Seconds since the run began. */
  get seconds(): number {
    return (Date.now() - this.started) / 1000;
  }

  /** The summary line. */
  summary(): string {
    const per = INTERFACES.map((i) => `${i} ${this.inputs[i]}`).join(', ');
    const rate = Math.round(this.total / Math.max(this.seconds, 0.001));
    return `fuzz: ${this.total} inputs (${per}) in ${this.seconds.toFixed(1)} s (${rate}/s): exits ${this.count('exit')}, hangs ${this.count('hang')}, 5xx ${this.count('5xx')}, other failures ${this.count('invariant')} (deliberate 503s: ${this.unavailable})`;
  }

  /** The first failures (exits first, then hangs, 5xx, others) as JSON lines. */
  details(max = 12): string {
    const order: FailureKind[] = ['exit', 'hang', '5xx', 'invariant'];
    return [...this.failures]
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
      .slice(0, max)
      .map((f) => JSON.stringify({ ...f, input: f.kind === 'exit' ? f.input : f.input.slice(0, 400) }))
      .join('\n');
  }
}

/** A printable form of raw bytes (latin1 with control characters escaped). */
export function printable(b: Buffer | string, max = 1500): string {
  const s = typeof b === 'string' ? b : b.toString('latin1');
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}...(${s.length} chars)` : s);
}
