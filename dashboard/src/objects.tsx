/** Objects seen in the last hour: thumbnail, class, first/last seen, dwell and zones. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WsRequestMap } from '../../edge/api/wire.js';
import { withToken } from './auth.js';
import { clock, duration } from './format.js';
import type { Cursor } from './timeline.js';
import type { WireClient } from './wire-client.js';

type Obj = WsRequestMap['objects']['result']['objects'][number];

const HOUR = 3600_000;
/** Object lifecycle pushes refresh the list at most this often. */
const MIN_REFRESH_MS = 4000;

/** Total seconds per zone over an object's visits. */
function zoneDwell(o: Obj): [string, number][] {
  const m = new Map<string, number>();
  for (const z of o.zones) m.set(z.zone, (m.get(z.zone) ?? 0) + z.dwellSeconds);
  return [...m];
}

/** The list of objects, newest first. */
export function ObjectsView({ client, ready, tick, onPick }: { client: WireClient; ready: boolean; tick: number; onPick: (c: Cursor) => void }) {
  const [objects, setObjects] = useState<Obj[]>([]);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = (): void => {
    if (timer.current) return;
    timer.current = setTimeout(
      () => {
        const now = Date.now();
        last.current = now;
        client
          .request('objects', { from: now - HOUR, to: now, limit: 200 })
          .then((r) => {
            setObjects([...r.objects].sort((a, b) => b.lastSeen - a.lastSeen));
            setError(null);
          })
          .catch((e: Error) => setError(e.message))
          .finally(() => (timer.current = null));
      },
      Math.max(0, last.current + MIN_REFRESH_MS - Date.now()),
    );
  };

  useEffect(() => {
    if (!ready) return;
    load();
    const t = setInterval(load, 15_000);
    return () => clearInterval(t);
  }, [client, ready]);
  useEffect(() => {
    if (ready) load();
  }, [tick]);

  if (error) return <p class="error">{error}</p>;
  if (!objects.length) return <p class="empty">No objects in the last hour.</p>;
  return (
    <div class="table-wrap">
      <table class="objects-table">
        <caption class="sr-only">Objects seen in the last hour</caption>
        <thead>
          <tr>
            <th scope="col">Seen</th>
            <th scope="col">Class</th>
            <th scope="col">First</th>
            <th scope="col">Last</th>
            <th scope="col">Dwell</th>
            <th scope="col">Zones</th>
            <th scope="col">Colours</th>
          </tr>
        </thead>
        <tbody>
          {objects.map((o) => {
            const mid = Math.round((o.firstSeen + o.lastSeen) / 2);
            return (
              <tr key={o.objectId} data-object={o.objectId}>
                <td>
                  <button type="button" class="ev-thumb small" onClick={() => onPick({ camera: o.camera, ts: o.firstSeen })} aria-label={`Show ${o.label} ${o.objectId} on the timeline`}>
                    <img src={withToken(`/api/cameras/${encodeURIComponent(o.camera)}/keyframe.jpg?ts=${mid}`)} alt="" loading="lazy" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
                  </button>
                </td>
                <td>
                  {o.label}
                  <div class="meta">{o.objectId}</div>
                </td>
                <td>{clock(o.firstSeen)}</td>
                <td>{clock(o.lastSeen)}</td>
                <td>{duration((o.lastSeen - o.firstSeen) / 1000)}</td>
                <td>{zoneDwell(o).map(([z, s]) => `${z} (${duration(s)})`).join(', ') || '—'}</td>
                <td class="colours">{colourCells(o)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type Colour = NonNullable<NonNullable<Obj['colours']>['upper']>;

/** CSS colour of a named colour's measured L*a*b* (D65), for the swatch. */
function swatch(c: Colour): string {
  const [L, a, b] = c.lab;
  return `lab(${L.toFixed(0)}% ${a.toFixed(0)} ${b.toFixed(0)})`;
}

/** The named colours of an object, "top black, bottom blue" or "body grey", each with a swatch; a dash when none were named. */
function colourCells(o: Obj): preact.JSX.Element | string {
  const c = o.colours;
  const parts: [string, Colour][] = [];
  for (const [part, col] of [['top', c?.upper], ['bottom', c?.lower], ['body', c?.body]] as const) if (col) parts.push([part, col]);
  if (parts.length === 0) return '—';
  return (
    <>
      {parts.map(([part, col]) => {
        const words = col.qualifier ? `${col.qualifier} ${col.term}` : col.term;
        return (
          <span key={part} class="colour" data-part={part} title={`${part}: ${words} (L*a*b* ${col.lab.join(', ')})`}>
            <span class="swatch" style={{ background: swatch(col) }} aria-hidden="true" />
            {part} {words}
          </span>
        );
      })}
    </>
  );
}
