/**
 * The zone editor: a camera's snapshot with its zones and lines drawn over it. Draw a zone point
 * by point and finish it, draw a line with two points (its arrow shows the forward crossing; flip
 * it), drag points to move them, add a point on an edge (its "+" handle), remove a selected
 * point, name each shape, then save: the daemon checks, stores and applies them at once.
 */
import { useRef, useState } from 'preact/hooks';
import type { CameraZones, LineShape, ZoneShape } from '../../edge/api/wire.js';
import { withToken } from './auth.js';
import { ArrowHead, LineMark, ZoneMark } from './zone-shapes.js';
import type { WireClient } from './wire-client.js';

type Pt = [number, number];
type Sel = { kind: 'zone' | 'line'; i: number } | null;
type Mode = 'select' | 'zone' | 'line';
type Drag = { kind: 'zone'; i: number; v: number } | { kind: 'line'; i: number; end: 'from' | 'to' };

/** A position on the picture, normalised 0..1 and rounded; within 1% of an edge it snaps to it. */
export function pointOn(clientX: number, clientY: number, r: { left: number; top: number; width: number; height: number }): Pt {
  const f = (v: number): number => {
    const c = Math.min(1, Math.max(0, v));
    return c < 0.01 ? 0 : c > 0.99 ? 1 : Math.round(c * 1e4) / 1e4;
  };
  return [f((clientX - r.left) / r.width), f((clientY - r.top) / r.height)];
}

/** The first `<prefix>-<n>` not used yet. */
function freeId(prefix: string, used: readonly string[]): string {
  for (let n = 1; ; n++) if (!used.includes(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/** The editable shapes and what is selected. */
function useShapes(initial: CameraZones) {
  const [zones, setZones] = useState<ZoneShape[]>(initial.zones.map((z) => ({ id: z.id, polygon: z.polygon.map(([x, y]): Pt => [x, y]) })));
  const [lines, setLines] = useState<LineShape[]>(initial.lines.map((l) => ({ ...l })));
  const [sel, setSel] = useState<Sel>(null);
  const [vertex, setVertex] = useState<number | null>(null);
  const ids = [...zones.map((z) => z.id), ...lines.map((l) => l.id)];
  const move = (d: Drag, p: Pt): void => {
    if (d.kind === 'zone') setZones((zs) => zs.map((z, i) => (i === d.i ? { ...z, polygon: z.polygon.map((q, v) => (v === d.v ? p : q)) } : z)));
    else setLines((ls) => ls.map((l, i) => (i === d.i ? { ...l, [d.end]: p } : l)));
  };
  const rename = (id: string): void => {
    if (sel?.kind === 'zone') setZones((zs) => zs.map((z, i) => (i === sel.i ? { ...z, id } : z)));
    if (sel?.kind === 'line') setLines((ls) => ls.map((l, i) => (i === sel.i ? { ...l, id } : l)));
  };
  const remove = (): void => {
    if (sel?.kind === 'zone') setZones((zs) => zs.filter((_, i) => i !== sel.i));
    if (sel?.kind === 'line') setLines((ls) => ls.filter((_, i) => i !== sel.i));
    setSel(null);
    setVertex(null);
  };
  const removePoint = (): void => {
    if (sel?.kind !== 'zone' || vertex === null) return;
    setZones((zs) => zs.map((z, i) => (i === sel.i && z.polygon.length > 3 ? { ...z, polygon: z.polygon.filter((_, v) => v !== vertex) } : z)));
    setVertex(null);
  };
  const insertPoint = (i: number, after: number, p: Pt): void => setZones((zs) => zs.map((z, j) => (j === i ? { ...z, polygon: [...z.polygon.slice(0, after + 1), p, ...z.polygon.slice(after + 1)] } : z)));
  const flip = (): void => {
    if (sel?.kind === 'line') setLines((ls) => ls.map((l, i) => (i === sel.i ? { ...l, from: l.to, to: l.from } : l)));
  };
  const addZone = (polygon: Pt[]): void => {
    setZones((zs) => [...zs, { id: freeId('zone', ids), polygon }]);
    setSel({ kind: 'zone', i: zones.length });
  };
  const addLine = (from: Pt, to: Pt): void => {
    setLines((ls) => [...ls, { id: freeId('line', ids), from, to }]);
    setSel({ kind: 'line', i: lines.length });
  };
  return { zones, lines, sel, setSel, vertex, setVertex, move, rename, remove, removePoint, insertPoint, flip, addZone, addLine };
}

type Shapes = ReturnType<typeof useShapes>;

/** Handles of the selected shape: its points (drag), and for a zone a "+" in the middle of each edge. */
function Handles({ s, w, h, onGrab }: { s: Shapes; w: number; h: number; onGrab: (d: Drag, insert?: { after: number; p: Pt }) => void }) {
  const r = Math.max(5, w / 110);
  if (s.sel?.kind === 'line') {
    const l = s.lines[s.sel.i];
    const i = s.sel.i;
    if (!l) return null;
    return (
      <g class="ze-handles">
        {(['from', 'to'] as const).map((end) => (
          <circle key={end} class="ze-vertex" data-end={end} cx={l[end][0] * w} cy={l[end][1] * h} r={r} onPointerDown={(e) => (e.stopPropagation(), onGrab({ kind: 'line', i, end }))} />
        ))}
      </g>
    );
  }
  const z = s.sel?.kind === 'zone' ? s.zones[s.sel.i] : undefined;
  const i = s.sel?.i ?? 0;
  if (!z) return null;
  return (
    <g class="ze-handles">
      {z.polygon.map(([x, y], v) => {
        const [nx, ny] = z.polygon[(v + 1) % z.polygon.length] ?? [x, y];
        const mid: Pt = [(x + nx) / 2, (y + ny) / 2];
        return (
          <g key={v}>
            <circle class="ze-add" data-after={v} cx={mid[0] * w} cy={mid[1] * h} r={r * 0.7} onPointerDown={(e) => (e.stopPropagation(), onGrab({ kind: 'zone', i, v: v + 1 }, { after: v, p: mid }))}>
              <title>add a point here</title>
            </circle>
            <circle class={`ze-vertex${s.vertex === v ? ' picked' : ''}`} data-vertex={v} cx={x * w} cy={y * h} r={r} onPointerDown={(e) => (e.stopPropagation(), onGrab({ kind: 'zone', i, v }))} />
          </g>
        );
      })}
    </g>
  );
}

/** The picture with the shapes over it; clicks draw, handles drag. */
function Canvas({ camera, s, mode, draft, onPoint, size, onSize, tick }: { camera: string; s: Shapes; mode: Mode; draft: Pt[]; onPoint: (p: Pt) => void; size: { w: number; h: number }; onSize: (w: number, h: number) => void; tick: number }) {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const at = (e: PointerEvent): Pt => pointOn(e.clientX, e.clientY, (svg.current as SVGSVGElement).getBoundingClientRect());
  const { w, h } = size;
  return (
    <div class={`ze-canvas mode-${mode}`}>
      <img alt={`latest frame of camera ${camera}`} src={withToken(`/api/cameras/${encodeURIComponent(camera)}/snapshot.jpg?t=${tick}`)} onLoad={(e) => onSize(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)} />
      <svg
        ref={svg}
        viewBox={`0 0 ${w} ${h}`}
        preserveAspectRatio="none"
        aria-label={`zones and lines of camera ${camera}; ${mode === 'zone' ? 'click to add the points of the new zone' : mode === 'line' ? 'click the two ends of the new line' : 'drag a point to move it'}`}
        onPointerDown={(e) => {
          if (mode !== 'select') onPoint(at(e));
        }}
        onPointerMove={(e) => {
          if (drag.current) s.move(drag.current, at(e));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerLeave={() => (drag.current = null)}
      >
        <ArrowHead />
        {s.zones.map((z, i) => (
          <g key={`z${i}`} onPointerDown={(e) => mode === 'select' && (e.stopPropagation(), s.setSel({ kind: 'zone', i }), s.setVertex(null))}>
            <ZoneMark zone={z} width={w} height={h} selected={s.sel?.kind === 'zone' && s.sel.i === i} />
          </g>
        ))}
        {s.lines.map((l, i) => (
          <g key={`l${i}`} onPointerDown={(e) => mode === 'select' && (e.stopPropagation(), s.setSel({ kind: 'line', i }), s.setVertex(null))}>
            <LineMark line={l} width={w} height={h} selected={s.sel?.kind === 'line' && s.sel.i === i} />
          </g>
        ))}
        {draft.length > 0 ? <polyline class="ze-draft" points={draft.map(([x, y]) => `${x * w},${y * h}`).join(' ')} stroke-width={Math.max(2, w / 250)} /> : null}
        {draft.map(([x, y], i) => (
          <circle key={`d${i}`} class="ze-vertex" cx={x * w} cy={y * h} r={Math.max(4, w / 130)} />
        ))}
        {mode === 'select' ? (
          <Handles
            s={s}
            w={w}
            h={h}
            onGrab={(d, insert) => {
              if (insert && d.kind === 'zone') s.insertPoint(d.i, insert.after, insert.p);
              if (d.kind === 'zone') s.setVertex(d.v);
              drag.current = d;
            }}
          />
        ) : null}
      </svg>
    </div>
  );
}

/** Name, direction and removal of the selected shape. */
function Selected({ s }: { s: Shapes }) {
  const shape = s.sel?.kind === 'zone' ? s.zones[s.sel.i] : s.sel?.kind === 'line' ? s.lines[s.sel.i] : undefined;
  if (!s.sel || !shape) return <p class="hint">Select a zone or a line to name it, move its points or remove it.</p>;
  const kind = s.sel.kind;
  return (
    <div class="ze-selected">
      <label class="field">
        {kind === 'zone' ? 'Zone name' : 'Line name'}
        <input value={shape.id} onInput={(e) => s.rename(e.currentTarget.value)} pattern="[A-Za-z0-9_\-]{1,64}" />
      </label>
      {kind === 'line' ? (
        <button type="button" class="ghost small" onClick={s.flip}>
          Flip direction
        </button>
      ) : null}
      {kind === 'zone' && s.vertex !== null ? (
        <button type="button" class="ghost small" onClick={s.removePoint} disabled={(s.zones[s.sel.i]?.polygon.length ?? 0) <= 3}>
          Remove point
        </button>
      ) : null}
      <button type="button" class="ghost small" onClick={s.remove}>
        {kind === 'zone' ? 'Delete zone' : 'Delete line'}
      </button>
      {kind === 'line' ? <p class="hint">The arrow shows a forward crossing; the other way is backward.</p> : null}
    </div>
  );
}

/** Drawing buttons and the draft in progress. */
function Tools({ mode, setMode, draft, setDraft, s }: { mode: Mode; setMode: (m: Mode) => void; draft: Pt[]; setDraft: (d: Pt[]) => void; s: Shapes }) {
  if (mode === 'zone')
    return (
      <div class="row">
        <span class="hint">Click the picture to add points ({draft.length} so far).</span>
        <button
          type="button"
          class="small"
          disabled={draft.length < 3}
          onClick={() => {
            s.addZone(draft);
            setDraft([]);
            setMode('select');
          }}
        >
          Finish zone
        </button>
        <button type="button" class="ghost small" onClick={() => (setDraft([]), setMode('select'))}>
          Cancel drawing
        </button>
      </div>
    );
  if (mode === 'line')
    return (
      <div class="row">
        <span class="hint">Click the two ends of the line ({draft.length} of 2).</span>
        <button type="button" class="ghost small" onClick={() => (setDraft([]), setMode('select'))}>
          Cancel drawing
        </button>
      </div>
    );
  return (
    <div class="row">
      <button type="button" class="small" onClick={() => (s.setSel(null), setMode('zone'))}>
        New zone
      </button>
      <button type="button" class="small" onClick={() => (s.setSel(null), setMode('line'))}>
        New line
      </button>
    </div>
  );
}

/** The editor of one camera's zones and lines. */
export function ZoneEditor({ initial, client, onClose, onSaved }: { initial: CameraZones; client: WireClient; onClose: () => void; onSaved: (z: CameraZones) => void }) {
  const s = useShapes(initial);
  const [mode, setMode] = useState<Mode>('select');
  const [draft, setDraft] = useState<Pt[]>([]);
  const [size, setSize] = useState({ w: 1280, h: 720 });
  const [tick, setTick] = useState(Date.now());
  const [status, setStatus] = useState<{ state: 'idle' | 'saving' | 'saved' | 'error'; message?: string }>({ state: 'idle' });
  const cam = initial.camera;
  const onPoint = (p: Pt): void => {
    if (mode === 'line' && draft.length === 1 && draft[0]) {
      s.addLine(draft[0], p);
      setDraft([]);
      setMode('select');
    } else setDraft([...draft, p]);
  };
  const save = (): void => {
    setStatus({ state: 'saving' });
    client
      .request('zones.put', { camera: cam, zones: s.zones, lines: s.lines })
      .then((r) => {
        setStatus({ state: 'saved' });
        onSaved(r.camera);
      })
      .catch((e: Error) => setStatus({ state: 'error', message: e.message }));
  };
  return (
    <section class="zone-editor" aria-label={`Zones and lines of camera ${cam}`} data-camera={cam}>
      <h3>Zones and lines of {cam}</h3>
      <Tools mode={mode} setMode={setMode} draft={draft} setDraft={setDraft} s={s} />
      <Canvas camera={cam} s={s} mode={mode} draft={draft} onPoint={onPoint} size={size} onSize={(w, h) => setSize({ w, h })} tick={tick} />
      <Selected s={s} />
      <div class="row">
        <button type="button" onClick={save} disabled={status.state === 'saving' || mode !== 'select'}>
          Save zones
        </button>
        <button type="button" class="ghost" onClick={() => setTick(Date.now())}>
          New picture
        </button>
        <button type="button" class="ghost" onClick={onClose}>
          Close
        </button>
        <span role="status" class="hint">
          {status.state === 'saving' ? 'Saving…' : status.state === 'saved' ? 'Saved and applied.' : ''}
        </span>
      </div>
      {status.state === 'error' ? (
        <pre class="error ze-error" role="alert">
          {status.message}
        </pre>
      ) : null}
    </section>
  );
}
