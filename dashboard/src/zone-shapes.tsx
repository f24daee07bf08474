/**
 * Zones and lines drawn over a camera picture: one SVG laid over the picture, in the picture's
 * own pixel units (`width` x `height`), so shapes sit where perception places objects. A line
 * carries an arrow across it pointing the way of a `forward` crossing.
 */
import type { LineShape, ZoneShape } from '../../edge/api/wire.js';

type Pt = [number, number];

/** Where the arrow of a line's forward crossing starts and ends (normalised, in picture pixels' proportion). */
export function forwardArrow(l: LineShape, width: number, height: number): { from: Pt; to: Pt } {
  // crossing from the left side to the right side of from->to (image y down) is forward: the
  // right-hand normal of the line, in pixels
  const dx = (l.to[0] - l.from[0]) * width;
  const dy = (l.to[1] - l.from[1]) * height;
  const len = Math.hypot(dx, dy) || 1;
  const size = Math.min(width, height) * 0.08;
  const nx = (-dy / len) * size;
  const ny = (dx / len) * size;
  const mx = ((l.from[0] + l.to[0]) / 2) * width;
  const my = ((l.from[1] + l.to[1]) / 2) * height;
  return { from: [mx - nx, my - ny], to: [mx + nx, my + ny] };
}

/** The SVG `points` of a polygon in picture pixels. */
export function pointsOf(p: readonly Pt[], width: number, height: number): string {
  return p.map(([x, y]) => `${(x * width).toFixed(1)},${(y * height).toFixed(1)}`).join(' ');
}

/** A line with its forward arrow and its name. */
export function LineMark({ line, width, height, selected = false }: { line: LineShape; width: number; height: number; selected?: boolean }) {
  const a = forwardArrow(line, width, height);
  const w = Math.max(2, width / 250);
  return (
    <g class={`zl-line${selected ? ' selected' : ''}`} data-line={line.id}>
      <line x1={line.from[0] * width} y1={line.from[1] * height} x2={line.to[0] * width} y2={line.to[1] * height} stroke-width={w * 1.5} />
      <line class="zl-arrow" x1={a.from[0]} y1={a.from[1]} x2={a.to[0]} y2={a.to[1]} stroke-width={w} marker-end="url(#zl-head)" />
      <text x={a.to[0]} y={a.to[1]} font-size={Math.max(10, width / 45)}>
        {line.id} →
      </text>
    </g>
  );
}

/** A zone's outline with its name. */
export function ZoneMark({ zone, width, height, selected = false }: { zone: ZoneShape; width: number; height: number; selected?: boolean }) {
  const [x, y] = zone.polygon[0] ?? [0, 0];
  return (
    <g class={`zl-zone${selected ? ' selected' : ''}`} data-zone={zone.id}>
      <polygon points={pointsOf(zone.polygon, width, height)} stroke-width={Math.max(2, width / 250)} />
      <text x={x * width + 4} y={y * height + Math.max(12, width / 40)} font-size={Math.max(10, width / 45)}>
        {zone.id}
      </text>
    </g>
  );
}

/** The arrow head every line's arrow uses. */
export function ArrowHead() {
  return (
    <defs>
      <marker id="zl-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
        <path d="M0,0 L10,5 L0,10 z" class="zl-head" />
      </marker>
    </defs>
  );
}

/**
 * Every zone and line of a camera over its picture (not interactive). `fit`: the picture is shown
 * letterboxed (object-fit: contain) in a size container, and the outlines cover only the picture.
 */
export function ZoneOutlines({ zones, lines, width, height, label, fit = false }: { zones: ZoneShape[]; lines: LineShape[]; width: number; height: number; label: string; fit?: boolean }) {
  if (zones.length === 0 && lines.length === 0) return null;
  const r = width / height;
  const style = fit ? { width: `min(100cqw, calc(100cqh * ${r.toFixed(5)}))`, height: `min(100cqh, calc(100cqw / ${r.toFixed(5)}))` } : undefined;
  return (
    <svg class={`zl-overlay${fit ? ' fit' : ''}`} style={style} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <ArrowHead />
      {zones.map((z) => (
        <ZoneMark key={`z-${z.id}`} zone={z} width={width} height={height} />
      ))}
      {lines.map((l) => (
        <LineMark key={`l-${l.id}`} line={l} width={width} height={height} />
      ))}
    </svg>
  );
}
