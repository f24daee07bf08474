/**
 * Gated rectangular linear assignment (Hungarian / Kuhn-Munkres with row and column potentials,
 * O(n^2 m) for an n x m matrix with n <= m). Used by the tracker to associate tracks and
 * detections. Pure TypeScript, no dependencies.
 */

/** Result of {@link linearAssignment}: index pairs plus the rows and columns left unmatched. */
export interface AssignmentResult {
  /** `[row, col]` pairs, sorted by row. */
  matches: [number, number][];
  /** Rows without a match, ascending. */
  unmatchedRows: number[];
  /** Columns without a match, ascending. */
  unmatchedCols: number[];
}

/**
 * Minimum-cost partial matching of rows to columns with a cost gate.
 *
 * Pairs whose cost is not strictly below `maxCost` (including `NaN` and `Infinity`) are never
 * matched. Among the remaining pairs it solves the same problem as `lapjv(extend_cost=True,
 * cost_limit=maxCost)` used by ByteTrack: leaving a row and a column unmatched costs `maxCost`,
 * so the result minimises `sum(cost[r][c] - maxCost)` over the chosen pairs. That is, it prefers
 * more matches when they are cheap enough, and never trades a good match for two poor ones
 * unless the total is lower.
 *
 * @param cost - `rows x cols` matrix; rows may be empty, all rows must have the same length.
 * @param maxCost - exclusive upper bound on the cost of an accepted pair.
 */
export function linearAssignment(cost: number[][], maxCost: number): AssignmentResult {
  const rows = cost.length;
  const cols = rows === 0 ? 0 : (cost[0]?.length ?? 0);
  const matches: [number, number][] = [];
  if (rows > 0 && cols > 0) {
    // Benefit-style cost: gated-out pairs cost 0 (same as leaving both unmatched).
    const transpose = rows > cols;
    const n = transpose ? cols : rows;
    const m = transpose ? rows : cols;
    const a = new Float64Array(n * m);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        const c = transpose ? cost[j]?.[i] : cost[i]?.[j];
        a[i * m + j] = c !== undefined && Number.isFinite(c) && c < maxCost ? c - maxCost : 0;
      }
    }
    const rowToCol = hungarian(a, n, m);
    for (let i = 0; i < n; i++) {
      const j = rowToCol[i] ?? -1;
      if (j < 0) continue;
      const r = transpose ? j : i;
      const c = transpose ? i : j;
      const v = cost[r]?.[c];
      if (v !== undefined && Number.isFinite(v) && v < maxCost) matches.push([r, c]);
    }
    matches.sort((p, q) => p[0] - q[0]);
  }
  const rowUsed = new Uint8Array(rows);
  const colUsed = new Uint8Array(cols);
  for (const [r, c] of matches) {
    rowUsed[r] = 1;
    colUsed[c] = 1;
  }
  const unmatchedRows: number[] = [];
  const unmatchedCols: number[] = [];
  for (let r = 0; r < rows; r++) if (rowUsed[r] === 0) unmatchedRows.push(r);
  for (let c = 0; c < cols; c++) if (colUsed[c] === 0) unmatchedCols.push(c);
  return { matches, unmatchedRows, unmatchedCols };
}

/**
 * Hungarian algorithm with potentials on a dense row-major `n x m` matrix, `n <= m`. Every row
 * is assigned to a distinct column; returns the column index per row.
 */
function hungarian(a: Float64Array, n: number, m: number): Int32Array {
  // 1-based arrays; index 0 is the virtual start column.
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const colRow = new Int32Array(m + 1); // row assigned to column j (0 = none)
  const way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1);
  const used = new Uint8Array(m + 1);
  for (let i = 1; i <= n; i++) {
    colRow[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = colRow[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j] === 1) continue;
        const cur = a[(i0 - 1) * m + (j - 1)]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j] === 1) {
          const r = colRow[j]!;
          u[r] = u[r]! + delta;
          v[j] = v[j]! - delta;
        } else {
          minv[j] = minv[j]! - delta;
        }
      }
      j0 = j1;
    } while (colRow[j0] !== 0);
    // Augment along the alternating path back to the virtual column.
    do {
      const j1 = way[j0]!;
      colRow[j0] = colRow[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowToCol = new Int32Array(n).fill(-1);
  for (let j = 1; j <= m; j++) {
    const r = colRow[j]!;
    if (r > 0) rowToCol[r - 1] = j - 1;
  }
  return rowToCol;
}
