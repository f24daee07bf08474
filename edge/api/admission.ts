/**
 * Admission control of the wire API: one gate shared by the WebSocket API and the MQTT request
 * topics bounds the requests in flight across both. A request over the bound waits in a bounded
 * FIFO queue; beyond the queue it is refused at once with `BUSY` (the caller replies with the
 * request's id, nothing is dropped silently). A slot is held until the reply has been handed to
 * the transport (written to the socket, or acknowledged by the broker), so replies that pile up
 * unsent also hold the gate shut. Slots are handed to waiting requests on a later turn of the
 * event loop, so a burst of completions never runs a burst of requests in one turn. When the gate
 * has gone quiet after a burst, its {@link HeapTrimmer} gives the burst's heap back.
 */
import { performance } from 'node:perf_hooks';
import type { ErrorBody } from '../../ingest/errors/catalogue.js';
import { errorOf } from '../../ingest/errors/reply.js';
import { HeapTrimmer } from './heap-trim.js';

/** Default bound on requests in flight (WebSocket and MQTT together). */
export const DEFAULT_MAX_IN_FLIGHT = 8;
/** API work one turn of the loop may start at once before later requests wait for the next turn, ms. */
export const TURN_BUDGET_MS = 10;
/** Default number of requests that may wait for a slot. */
export const DEFAULT_MAX_QUEUED = 1024;

/** Limits of the gate. */
export interface AdmissionLimits {
  /** Requests running at once. */
  maxInFlight: number;
  /** Requests waiting for a slot; more are refused with `BUSY`. */
  maxQueued: number;
}

/** Counters of the gate (for `/healthz`). */
export interface AdmissionStats extends AdmissionLimits {
  inFlight: number;
  queued: number;
  /** Requests admitted so far. */
  admitted: number;
  /** Requests refused with `BUSY` so far. */
  refused: number;
}

/** Gives a slot back; calling it more than once is harmless. */
export type Release = () => void;

/** API work waiting for its next turn of the event loop, oldest first. */
const turns: (() => void)[] = [];
let turnScheduled = false;
/** Above this share of busy time in the current window, API work pauses between turns. */
const MAX_LOOP_UTILIZATION = 0.4;
/** Length of the utilization window, ms. */
const UTILIZATION_WINDOW_MS = 100;
/** Pause that lets the loop go idle (and the other threads and processes have the CPU), ms. */
const PAUSE_MS = 4;
let windowStart = performance.eventLoopUtilization();

/** Resumes the oldest waiting piece of API work, one per turn of the loop. */
function nextTurn(): void {
  turnScheduled = false;
  turns.shift()?.();
  if (turns.length > 0) scheduleTurn();
}

/**
 * Schedules the next turn: on the next loop iteration while the loop has been busy less than
 * {@link MAX_LOOP_UTILIZATION} of the current window, else after a short pause. Busy time counts
 * camera ingest and everything else on the loop, so API work backs off when they need it.
 */
function scheduleTurn(): void {
  if (turnScheduled) return;
  turnScheduled = true;
  const elu = performance.eventLoopUtilization(windowStart);
  if (elu.idle + elu.active >= UTILIZATION_WINDOW_MS) windowStart = performance.eventLoopUtilization();
  if (elu.utilization > MAX_LOOP_UTILIZATION) setTimeout(nextTurn, PAUSE_MS);
  else setImmediate(nextTurn);
}

/**
 * Resolves on a later turn of the event loop, after pending I/O callbacks have run. Every API
 * request that yields here waits in one FIFO and at most one of them resumes per turn, so between
 * two slices of API work the loop always polls I/O (camera frames, `/healthz`, sockets): however
 * many requests are in flight, the loop is never held longer than one slice.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => {
    turns.push(resolve);
    scheduleTurn();
  });
}

/** The `BUSY` error body of a refused request (with its correlation id when given). */
export function busyError(limits: AdmissionLimits, id?: string | null): ErrorBody {
  return errorOf('BUSY', `the daemon is busy: ${limits.maxInFlight} requests in flight and ${limits.maxQueued} waiting (api.maxInFlight, api.maxQueued); retry later`, id);
}

/** The shared bound on requests in flight. */
export class AdmissionGate {
  readonly limits: AdmissionLimits;
  private running = 0;
  private readonly waiting: ((release: Release) => void)[] = [];
  private admitted = 0;
  private refused = 0;
  private handing = false;
  /** When the current turn of the loop granted its first slot at once (null: none yet). */
  private turnStart: number | null = null;
  /** Trims the heap once the gate is quiet after a burst. */
  readonly trimmer = new HeapTrimmer({ busy: () => this.running > 0 || this.waiting.length > 0, activity: () => this.admitted });

  constructor(limits: Partial<AdmissionLimits> = {}) {
    this.limits = {
      maxInFlight: Math.max(1, Math.floor(limits.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT)),
      maxQueued: Math.max(0, Math.floor(limits.maxQueued ?? DEFAULT_MAX_QUEUED)),
    };
  }

  /** Current counters. */
  stats(): AdmissionStats {
    return { ...this.limits, inFlight: this.running, queued: this.waiting.length, admitted: this.admitted, refused: this.refused };
  }

  /**
   * Asks for a slot.
   * @returns a promise of the slot's release function (at once when a slot is free, else when one
   *   frees up), or null when the queue is full: the caller answers `BUSY` with the request's id
   */
  acquire(): Promise<Release> | null {
    // Slots are granted at once only within a time budget per turn of the loop: a request that
    // completes inside the turn (its reply written at once) frees its slot in the same turn, so
    // without the budget a burst arriving on many sockets ran every request in one poll phase
    // and held /healthz (measured: 1.2-2.5 s for 800 questions on 100 WebSocket connections).
    if (this.running < this.limits.maxInFlight && this.waiting.length === 0 && this.withinTurnBudget()) return Promise.resolve(this.grant());
    if (this.waiting.length >= this.limits.maxQueued) {
      this.refused++;
      return null;
    }
    const queued = new Promise<Release>((resolve) => this.waiting.push(resolve));
    if (this.running < this.limits.maxInFlight) this.handOn();
    return queued;
  }

  /** Whether this turn of the loop has spent less than {@link TURN_BUDGET_MS} since its first grant. */
  private withinTurnBudget(): boolean {
    const now = performance.now();
    if (this.turnStart === null) {
      this.turnStart = now;
      setImmediate(() => (this.turnStart = null));
    }
    return now - this.turnStart < TURN_BUDGET_MS;
  }

  private grant(): Release {
    this.running++;
    this.admitted++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      this.handOn();
      if (this.running === 0 && this.waiting.length === 0) this.trimmer.idle();
    };
  }

  /** Hands a free slot to the oldest waiting request on a later turn of the loop (one per turn). */
  private handOn(): void {
    if (this.handing || this.waiting.length === 0) return;
    this.handing = true;
    void yieldToLoop().then(() => {
      this.handing = false;
      if (this.running >= this.limits.maxInFlight) return;
      this.waiting.shift()?.(this.grant());
      if (this.running < this.limits.maxInFlight) this.handOn();
    });
  }
}
