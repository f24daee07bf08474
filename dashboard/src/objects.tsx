/**
 * Objects seen in the last hour, one row per visit (an object that came twice is two rows):
 * thumbnail, who (named by arrival, not by memory id), arrival, departure, length and zones.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WsRequestMap } from '../../edge/api/wire.js';
import { withToken } from './auth.js';
import { clock, duration } from './format.js';
import type { PeopleDirectory } from './people.js';
import type { Cursor } from './timeline.js';
import type { WireClient } from './wire-client.js';

type Obj = WsRequestMap['objects']['result']['objects'][number];

const HOUR = 3600_000;
/** Object lifecycle pushes refresh the list at most this often. */
const MIN_REFRESH_MS = 4000;
/** A visit whose end is this close to the object's last sighting within this long of now is still going on. */
const STILL_HERE_MS = 10_000;

/** One visit of one object. */
export interface VisitRow {
  o: Obj;
  start: number;
  end: number;
  /** Which visit of the object this is (1-based) and how many it made. */
  n: number;
  of: number;
}

/** An object's visits as rows (records without visits: one, first to last sighting). */
export function visitRows(objects: Obj[], from: number): VisitRow[] {
  const rows: VisitRow[] = [];
  for (const o of objects) {
    const vs = o.visits?.length ? [...o.visits].sort((a, b) => a.start - b.start) : [{ start: o.firstSeen, end: o.lastSeen }];
    vs.forEach((v, i) => {
      if (v.end >= from) rows.push({ o, start: v.start, end: v.end, n: i + 1, of: vs.length });
    });
  }
  return rows.sort((a, b) => b.start - a.start || a.o.objectId.localeCompare(b.o.objectId));
}

/** Seconds per zone within one visit. */
function zoneDwell(r: VisitRow): [string, number][] {
  const m = new Map<string, number>();
  for (const z of r.o.zones) if (z.enteredAt >= r.start && z.enteredAt <= r.end) m.set(z.zone, (m.get(z.zone) ?? 0) + z.dwellSeconds);
  return [...m];
}

/** One visit row. */
function Row({ r, people, onPick, now }: { r: VisitRow; people: PeopleDirectory; onPick: (c: Cursor) => void; now: number }) {
  const mid = Math.round((r.start + r.end) / 2);
  const name = people.name(r.o.objectId);
  const here = r.n === r.of && now - r.end < STILL_HERE_MS;
  return (
    <tr data-object={r.o.objectId} data-visit={r.n}>
      <td>
        <button type="button" class="ev-thumb small" onClick={() => onPick({ camera: r.o.camera, ts: r.start })} aria-label={`Show ${name ?? `a ${r.o.label}`} at ${clock(r.start)} on the timeline`}>
          <img src={withToken(`/api/cameras/${encodeURIComponent(r.o.camera)}/keyframe.jpg?ts=${mid}`)} alt="" loading="lazy" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
        </button>
      </td>
      <td data-label="Who" title={r.o.objectId}>
        <span class="who">{name ?? `a ${r.o.label}`}</span>
        <div class="meta">
          {r.o.label} at {r.o.camera}
          {r.of > 1 ? ` · visit ${r.n} of ${r.of}` : ''}
        </div>
      </td>
      <td data-label="Arrived">{clock(r.start)}</td>
      <td data-label="Left">{here ? 'still here' : clock(r.end)}</td>
      <td data-label="Length">{duration((r.end - r.start) / 1000)}</td>
      <td data-label="Zones">{zoneDwell(r).map(([z, s]) => `${z} (${duration(s)})`).join(', ') || '—'}</td>
      <td data-label="Colours" class="colours">{colourCells(r.o)}</td>
    </tr>
  );
}

/** The list of visits, newest first. */
export function ObjectsView({ client, ready, tick, onPick, people }: { client: WireClient; ready: boolean; tick: number; onPick: (c: Cursor) => void; people: PeopleDirectory }) {
  const [objects, setObjects] = useState<{ list: Obj[]; from: number; now: number }>({ list: [], from: 0, now: 0 });
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
            setObjects({ list: r.objects, from: now - HOUR, now });
            people.loadDays([now - HOUR, now, ...r.objects.map((o) => o.firstSeen)]);
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
  const rows = visitRows(objects.list, objects.from);
  if (!rows.length) return <p class="empty">No objects in the last hour.</p>;
  return (
    <div class="table-wrap">
      <table class="objects-table">
        <caption class="sr-only">Visits in the last hour</caption>
        <thead>
          <tr>
            <th scope="col">Seen</th>
            <th scope="col">Who</th>
            <th scope="col">Arrived</th>
            <th scope="col">Left</th>
            <th scope="col">Length</th>
            <th scope="col">Zones</th>
            <th scope="col">Colours</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row key={`${r.o.objectId}#${r.n}`} r={r} people={people} onPick={onPick} now={objects.now} />
          ))}
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
