/**
 * A one-place mailbox: the producer never waits; when the consumer is busy, the newest value
 * replaces the waiting one and the replaced value is counted as dropped.
 */
export class LatestSlot<T> {
  private value: T | undefined;
  private waiter: ((v: T | undefined) => void) | null = null;
  private closed = false;
  /** Values replaced before the consumer took them. */
  dropped = 0;

  /** Offers a value. Returns true when it replaced (dropped) an untaken one. */
  put(v: T): boolean {
    if (this.closed) return false;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(v);
      return false;
    }
    const replaced = this.value !== undefined;
    if (replaced) this.dropped++;
    this.value = v;
    return replaced;
  }

  /** Waits for the next value; resolves undefined once closed. */
  take(): Promise<T | undefined> {
    if (this.value !== undefined) {
      const v = this.value;
      this.value = undefined;
      return Promise.resolve(v);
    }
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** Takes the waiting value without waiting; undefined when there is none. */
  poll(): T | undefined {
    const v = this.value;
    this.value = undefined;
    return v;
  }

  /** Ends the mailbox: pending and future `take()` calls resolve undefined. */
  close(): void {
    this.closed = true;
    this.value = undefined;
    const w = this.waiter;
    this.waiter = null;
    w?.(undefined);
  }
}
