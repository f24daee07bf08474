/**
 * The alert list: past alerts from the daemon's history (the `alerts` request), newest first,
 * with the live ones on top as they fire; filters by rule and camera, older pages on demand, a
 * thumbnail of each alert's picture, and a click that moves the timeline to the alert's moment.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Alert } from '../../edge/api/wire.js';
import { withToken } from './auth.js';
import { clock, dateTime, day } from './format.js';
import type { Cursor } from './timeline.js';
import type { WireClient } from './wire-client.js';

/** Alerts per page of the history. */
const PAGE = 20;

/** The picture of an alert on this daemon (the frame that fired it, else the keyframe of its time). */
export function alertPicture(a: Alert): string {
  return withToken(`/api/alerts/${encodeURIComponent(a.id)}/snapshot.jpg`);
}

/** "14:03:27" today, "2026-11-25 14:03:27" before (the one format, in the daemon's zone). */
function when(ts: number): string {
  return day(ts) === day(Date.now()) ? clock(ts) : dateTime(ts);
}

/** Live alerts matching the filters and not in the loaded history, then the history. */
function merged(live: Alert[], past: Alert[], rule: string, camera: string): Alert[] {
  const seen = new Set(past.map((a) => a.id));
  const fresh = live.filter((a) => !seen.has(a.id) && (!rule || a.rule === rule) && (!camera || a.camera === camera));
  return [...fresh, ...past].sort((x, y) => y.frameTs - x.frameTs);
}

/** Props of the alert list. */
export interface AlertListProps {
  client: WireClient;
  ready: boolean;
  /** Alerts pushed since the page opened, newest first. */
  live: Alert[];
  rules: string[];
  cameras: string[];
  onPick: (c: Cursor) => void;
  /** The alerts shown, for the timeline's marks. */
  onShown?: (alerts: Alert[]) => void;
}

/** The alert history with filters and thumbnails. */
export function AlertList({ client, ready, live, rules, cameras, onPick, onShown }: AlertListProps) {
  const [rule, setRule] = useState('');
  const [camera, setCamera] = useState('');
  const [past, setPast] = useState<Alert[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const filters = { ...(rule ? { rule } : {}), ...(camera ? { camera } : {}) };

  const load = (cursor: string | null): void => {
    client
      .request('alerts', { ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) })
      .then((r) => {
        setPast((p) => (cursor ? [...p, ...r.alerts] : r.alerts));
        setNext(r.next);
        setLoaded(true);
        setError(null);
      })
      .catch((e: Error) => setError(`The alert history could not be read: ${e.message}`));
  };
  // (re)load on connect and whenever a filter changes
  useEffect(() => {
    if (ready) load(null);
  }, [ready, rule, camera]);

  const shown = merged(live, past, rule, camera);
  useEffect(() => onShown?.(shown), [shown.length, shown[0]?.id]);
  const select = (id: string, label: string, value: string, set: (v: string) => void, options: string[]) => (
    <label for={id}>
      {label}{' '}
      <select id={id} value={value} onChange={(e) => set(e.currentTarget.value)}>
        <option value="">all</option>
        {options.map((o) => (
          <option value={o}>{o}</option>
        ))}
      </select>
    </label>
  );
  return (
    <div class="feed">
      <h3>Alert history</h3>
      <div class="filters" role="group" aria-label="Filter alerts">
        {select('al-rule', 'Rule', rule, setRule, rules)}
        {select('al-camera', 'Camera', camera, setCamera, cameras)}
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {shown.length ? (
        <ul class="alerts" aria-live="polite" aria-label="alerts">
          {shown.map((a) => (
            <li key={a.id} class="alert-item" data-rule={a.rule} data-alert={a.id} data-ts={a.frameTs}>
              <button type="button" class="ev-thumb small" onClick={() => onPick({ camera: a.camera, ts: a.frameTs })} aria-label={`Show alert ${a.rule} of ${when(a.frameTs)} on the timeline`}>
                <img src={alertPicture(a)} alt="" loading="lazy" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
              </button>
              <div>
                <strong>{a.rule}</strong>{' '}
                <a
                  class="meta"
                  href="#timeline"
                  onClick={(e) => {
                    e.preventDefault();
                    onPick({ camera: a.camera, ts: a.frameTs });
                  }}
                >
                  {when(a.frameTs)} · {a.camera}
                </a>
                <div>{a.message}</div>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p class="empty" aria-live="polite">
          {!loaded ? 'Loading the alert history…' : rule || camera ? 'No alerts match these filters.' : 'No alerts yet: rules that fire show here, and stay in the history.'}
        </p>
      )}
      {next ? (
        <button type="button" class="ghost" onClick={() => load(next)}>
          Older alerts
        </button>
      ) : null}
    </div>
  );
}
