/**
 * The last hour per camera: counts and motion as small step charts, events and alerts as marks,
 * coverage gaps shaded, and a cursor (pointer or keyboard) that shows the keyframe at its time.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Alert } from '../../edge/api/wire.js';
import type { EventRecord, SegmentRecord } from '../../memory/types.js';
import { withToken } from './auth.js';
import { describeEvent, eventClass, gaps, stepPath, totalCount, W, xOf } from './charts.js';
import { clock } from './format.js';
import type { WireClient } from './wire-client.js';

/** A point in time on one camera. */
export interface Cursor {
  camera: string;
  ts: number;
}

const HOUR = 3600_000;
const H = 64;
const REFRESH_MS = 5000;
/** Windows the timeline can show (the data is always the last hour). */
const SPANS: [number, string][] = [
  [HOUR, '60 min'],
  [15 * 60_000, '15 min'],
  [5 * 60_000, '5 min'],
];

interface CamData {
  segments: SegmentRecord[];
  events: EventRecord[];
}

/** Fetches the last hour of every camera, again every few seconds. */
function useHour(client: WireClient, ready: boolean, cameras: string[]): { data: Record<string, CamData>; to: number; error: string | null } {
  const [data, setData] = useState<Record<string, CamData>>({});
  const [to, setTo] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  const key = cameras.join('\n');
  useEffect(() => {
    if (!ready || !cameras.length) return;
    let stop = false;
    const load = async (): Promise<void> => {
      const now = Date.now();
      try {
        const rows = await Promise.all(
          cameras.map(async (camera) => {
            const [s, e] = await Promise.all([client.request('segments', { camera, from: now - HOUR, to: now, limit: 2000 }), client.request('events', { camera, from: now - HOUR, to: now, limit: 2000 })]);
            return [camera, { segments: s.segments, events: e.events }] as const;
          }),
        );
        if (stop) return;
        setData(Object.fromEntries(rows));
        setTo(now);
        setError(null);
      } catch (e) {
        if (!stop) setError((e as Error).message);
      }
    };
    void load();
    const t = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [client, ready, key]);
  return { data, to, error };
}

/** One camera's row of charts; a keyboard- and pointer-driven slider over time. */
function Row(props: { camera: string; d: CamData; alerts: Alert[]; from: number; to: number; cursor: Cursor | null; onCursor: (c: Cursor) => void }) {
  const { camera, d, from, to, cursor } = props;
  const segs = d.segments;
  const maxCount = Math.max(1, ...segs.map(totalCount));
  const maxMotion = Math.max(0.01, ...segs.map((s) => s.motion ?? 0));
  const here = cursor?.camera === camera ? cursor : null;
  const set = (ts: number): void => props.onCursor({ camera, ts: Math.round(Math.min(to, Math.max(from, ts))) });
  const fromPointer = (e: PointerEvent): void => {
    const r = (e.currentTarget as Element).getBoundingClientRect();
    set(from + ((e.clientX - r.left) / r.width) * (to - from));
  };
  const onKey = (e: KeyboardEvent): void => {
    const at = here?.ts ?? to;
    const step = e.shiftKey ? 60_000 : 10_000;
    const next = e.key === 'ArrowLeft' ? at - step : e.key === 'ArrowRight' ? at + step : e.key === 'Home' ? from : e.key === 'End' ? to : e.key === 'PageUp' ? at - 300_000 : e.key === 'PageDown' ? at + 300_000 : null;
    if (next === null) return;
    e.preventDefault();
    set(next);
  };
  const peak = segs.length ? Math.max(...segs.map(totalCount)) : 0;
  return (
    <div class="tl-row" data-camera={camera} data-segments={segs.length} data-events={d.events.length} data-peak={peak}>
      <div class="tl-label">
        <strong>{camera}</strong>
        <span class="meta">
          {' '}
          peak {peak} · {d.events.length} event{d.events.length === 1 ? '' : 's'}
        </span>
      </div>
      <div
        class="tl-chart"
        role="slider"
        tabIndex={0}
        aria-label={`Time on camera ${camera}; arrow keys move 10 s, shift 1 min`}
        aria-valuemin={from}
        aria-valuemax={to}
        aria-valuenow={here?.ts ?? to}
        aria-valuetext={here ? clock(here.ts) : 'now'}
        onPointerDown={(e) => {
          (e.currentTarget as Element).setPointerCapture(e.pointerId);
          fromPointer(e);
        }}
        onPointerMove={(e) => {
          if (e.buttons & 1) fromPointer(e);
        }}
        onKeyDown={onKey}
      >
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
          {gaps(segs, from, to).map((g) => (
            <rect class="tl-gap" x={xOf(g.start, from, to)} y={0} width={Math.max(0.5, xOf(g.end, from, to) - xOf(g.start, from, to))} height={H} />
          ))}
          <path class="tl-motion" d={stepPath(segs, (s) => s.motion ?? 0, maxMotion, from, to, H)} />
          <path class="tl-count" d={stepPath(segs, totalCount, maxCount, from, to, H)} />
          {d.events.map((e) => (
            <line class={`tl-event ${eventClass(e)}`} x1={xOf(e.ts, from, to)} x2={xOf(e.ts, from, to)} y1={H - 10} y2={H} />
          ))}
          {props.alerts.map((a) => (
            <line class="tl-alert" x1={xOf(a.frameTs, from, to)} x2={xOf(a.frameTs, from, to)} y1={0} y2={14} />
          ))}
          {here ? <line class="tl-cursor" x1={xOf(here.ts, from, to)} x2={xOf(here.ts, from, to)} y1={0} y2={H} /> : null}
        </svg>
      </div>
    </div>
  );
}

/** What is shown for the cursor: the keyframe and the nearby events. */
function Scrub({ cursor, d }: { cursor: Cursor; d: CamData | undefined }) {
  const seg = d?.segments.find((s) => s.start <= cursor.ts && cursor.ts < s.end);
  const near = (d?.events ?? []).filter((e) => Math.abs(e.ts - cursor.ts) <= 30_000).slice(0, 8);
  const src = withToken(`/api/cameras/${encodeURIComponent(cursor.camera)}/keyframe.jpg?ts=${cursor.ts}`);
  return (
    <div class="scrub" id="tl-scrub" data-cursor={cursor.ts} data-camera={cursor.camera}>
      <img key={src} src={src} alt={`keyframe of ${cursor.camera} near ${clock(cursor.ts)}`} onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
      <div>
        <p>
          <strong id="tl-cursor-time">{clock(cursor.ts)}</strong> on {cursor.camera}
        </p>
        {seg ? (
          <p class="meta">
            {seg.caption ||
              Object.entries(seg.counts ?? {})
                .map(([k, v]) => `${v} ${k}`)
                .join(', ') ||
              'nothing detected'}
          </p>
        ) : (
          <p class="meta">not covered</p>
        )}
        {near.length ? (
          <ul class="near">
            {near.map((e) => (
              <li>
                {clock(e.ts)} {describeEvent(e)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** The timeline of every camera. */
export function Timeline(props: { client: WireClient; ready: boolean; cameras: string[]; alerts: Alert[]; cursor: Cursor | null; onCursor: (c: Cursor) => void }) {
  const { data, to, error } = useHour(props.client, props.ready, props.cameras);
  const [span, setSpan] = useState(HOUR);
  // a cursor before the window (an evidence from long ago) widens the window back to it
  const from = Math.min(to - span, props.cursor ? props.cursor.ts - span / 60 : Infinity);
  return (
    <div class="tl" aria-busy={!Object.keys(data).length}>
      <div class="tabs" role="group" aria-label="Time window">
        {SPANS.map(([ms, label]) => (
          <button type="button" aria-pressed={span === ms} onClick={() => setSpan(ms)}>
            {label}
          </button>
        ))}
      </div>
      {error ? <p class="error">{error}</p> : null}
      <div class="tl-axis" aria-hidden="true">
        <span>{clock(from)}</span>
        <span>{clock(from + (to - from) / 2)}</span>
        <span>{clock(to)}</span>
      </div>
      {props.cameras.map((c) => (
        <Row key={c} camera={c} d={data[c] ?? { segments: [], events: [] }} alerts={props.alerts.filter((a) => a.camera === c)} from={from} to={to} cursor={props.cursor} onCursor={props.onCursor} />
      ))}
      <p class="legend meta">
        <span class="sw count" /> objects <span class="sw motion" /> motion <span class="sw event" /> events <span class="sw alert" /> alerts <span class="sw gap" /> no coverage
      </p>
      {props.cursor ? <Scrub cursor={props.cursor} d={data[props.cursor.camera]} /> : <p class="hint">Click or drag on a camera's chart (or focus it and use the arrow keys) to see the keyframe at that time.</p>}
    </div>
  );
}
