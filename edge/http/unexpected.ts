/**
 * The `vigil_unexpected_errors_total` counter: errors that no boundary expected (a bug, or a
 * hostile input that found one), by interface (`http`, `upgrade`, `ws`, `process`, ...). Each is
 * logged with its stack where it is caught; this only counts.
 */

/** Counts unexpected errors by interface and renders them for `/metrics`. */
export class UnexpectedErrors {
  private readonly byInterface = new Map<string, number>();

  /** Counts one unexpected error of `iface`. */
  count(iface: string): void {
    this.byInterface.set(iface, (this.byInterface.get(iface) ?? 0) + 1);
  }

  /** The count of one interface. */
  of(iface: string): number {
    return this.byInterface.get(iface) ?? 0;
  }

  /** The counter in the Prometheus text format, or '' while nothing was counted. */
  render(): string {
    if (this.byInterface.size === 0) return '';
    const lines = [...this.byInterface].map(([i, n]) => `vigil_unexpected_errors_total{interface="${i}"} ${n}`);
    return `# HELP vigil_unexpected_errors_total Errors that were not expected at an API boundary (each logged with its stack).\n# TYPE vigil_unexpected_errors_total counter\n${lines.join('\n')}\n`;
  }
}
