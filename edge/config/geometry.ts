/**
 * Checks of a camera's zones and lines that the schema cannot express: ids used twice, a polygon
 * that encloses no area or crosses itself, a line whose ends are one point. They run on raw
 * input (the config file, the zones overlay); values the schema refuses are skipped (the schema
 * reports them), so nothing is reported twice.
 */

type Pt = [number, number];

/** Area below which a polygon is taken to enclose nothing (a fraction of the frame). */
const MIN_AREA = 1e-6;
/** Length below which a line's ends are one point (a fraction of the frame). */
const MIN_LENGTH = 1e-3;

const isPt = (v: unknown): v is Pt => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1);
const objOf = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Shoelace area of a polygon (absolute value). */
export function polygonArea(p: readonly Pt[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i] ?? [0, 0];
    const [x2, y2] = p[(i + 1) % p.length] ?? [0, 0];
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

function orient(a: Pt, b: Pt, c: Pt): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(v) < 1e-12 ? 0 : Math.sign(v);
}

function onSegment(a: Pt, b: Pt, p: Pt): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments a-b and c-d touch or cross. */
function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * The first two edges of a polygon that cross or touch, other than neighbours meeting at their
 * shared vertex, as vertex indices of their starts; null when the polygon is simple.
 */
export function selfCrossing(p: readonly Pt[]): [number, number] | null {
  const n = p.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // neighbours share a vertex
      const a = p[i] as Pt;
      const b = p[(i + 1) % n] as Pt;
      const c = p[j] as Pt;
      const d = p[(j + 1) % n] as Pt;
      if (segmentsMeet(a, b, c, d)) return [i, j];
    }
  }
  return null;
}

/** Why a polygon cannot be a zone, or null (only for a polygon whose points the schema accepts). */
export function polygonProblem(p: readonly Pt[]): string | null {
  if (p.length < 3) return null;
  const twice = p.findIndex((q, i) => {
    const r = p[(i + 1) % p.length] as Pt;
    return Math.hypot(q[0] - r[0], q[1] - r[1]) < MIN_LENGTH;
  });
  if (twice >= 0) return `points ${twice} and ${(twice + 1) % p.length} are the same point; remove one`;
  const x = selfCrossing(p);
  if (x) return `the polygon crosses itself (its edge from point ${x[0]} meets its edge from point ${x[1]}); list the points in order around the area`;
  if (polygonArea(p) < MIN_AREA) return 'the polygon encloses no area (its points lie on one line)';
  return null;
}

/** Ids used twice in a list, as `at.<j>.id: ...` problems. */
function duplicates(list: unknown[], what: string, at: string): string[] {
  const out: string[] = [];
  const first = new Map<string, number>();
  list.forEach((x, j) => {
    const id = objOf(x)?.id;
    if (typeof id !== 'string') return;
    const k = first.get(id);
    if (k === undefined) first.set(id, j);
    else out.push(`${at}.${j}.id: duplicate ${what} id "${id}" (also ${at}.${k})`);
  });
  return out;
}

/**
 * Every problem of one camera's raw `zones` and `lines` beyond the schema, as `path: message`.
 * @param at the camera's path, e.g. `cameras.0` (config) or `cameras.shelf` (overlay)
 */
export function geometryProblems(zones: unknown, lines: unknown, at: string): string[] {
  const out: string[] = [];
  const zs = Array.isArray(zones) ? zones : [];
  const ls = Array.isArray(lines) ? lines : [];
  out.push(...duplicates(zs, 'zone', `${at}.zones`), ...duplicates(ls, 'line', `${at}.lines`));
  zs.forEach((z, j) => {
    const poly = objOf(z)?.polygon;
    if (!Array.isArray(poly) || !poly.every(isPt)) return;
    const p = polygonProblem(poly);
    if (p) out.push(`${at}.zones.${j}.polygon: ${p}`);
  });
  ls.forEach((l, j) => {
    const o = objOf(l);
    if (!o || !isPt(o.from) || !isPt(o.to)) return;
    if (Math.hypot(o.to[0] - o.from[0], o.to[1] - o.from[1]) < MIN_LENGTH) out.push(`${at}.lines.${j}: "from" and "to" are the same point; a line needs two ends`);
  });
  return out;
}
