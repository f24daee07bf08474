/**
 * The Fleet page: every box on the broker (online or offline, version, coverage), its cameras
 * (state, fps, counts and a snapshot, through this box's proxy for the other boxes: their tokens
 * stay on this box), the fleet's alerts and the fleet question box.
 */
import { useEffect, useState } from 'preact/hooks';
import { fleetSnapshotPath, type FleetViewBox, type FleetViewCamera, type FleetPushData, type FleetViewState } from '../../edge/api/fleet-view-wire.js';
import type { Alert } from '../../edge/api/wire.js';
import { getToken } from './auth.js';
import { FleetAskBox } from './fleet-ask.js';
import { ago, clock, span } from './format.js';
import type { WireClient } from './wire-client.js';

/** How often snapshots are refreshed, ms. */
const SNAPSHOT_EVERY_MS = 5000;

/** The fleet state after a push. */
export function applyFleetPush(s: FleetViewState<Alert> | null, d: FleetPushData<Alert>): FleetViewState<Alert> | null {
  if (!s) return s;
  if (d.kind === 'alert') return s.alerts.some((a) => a.id === d.alert.id) ? s : { ...s, alerts: [d.alert, ...s.alerts].slice(0, 100) };
  const i = s.boxes.findIndex((b) => b.node === d.box.node);
  const boxes = i < 0 ? [...s.boxes, d.box].sort((a, b) => a.node.localeCompare(b.node)) : s.boxes.map((b, j) => (j === i ? d.box : b));
  return { ...s, boxes };
}

/**
 * A camera's latest frame, fetched with this box's token (the proxy fetches other boxes' frames
 * with theirs); a failure shows the daemon's error code and message.
 */
function Snapshot({ box, camera, live }: { box: FleetViewBox; camera: string; live: boolean }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const path = box.self ? `/api/cameras/${encodeURIComponent(camera)}/snapshot.jpg` : fleetSnapshotPath(box.node, camera);

  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setTick((n) => n + 1), SNAPSHOT_EVERY_MS);
    return () => clearInterval(t);
  }, [live]);

  useEffect(() => {
    if (!live) return;
    let gone = false;
    const token = getToken();
    void fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' })
      .then(async (r) => {
        if (!r.ok) {
          const body = (await r.json().catch(() => null)) as { code?: string; message?: string } | null;
          throw new Error(body?.code ? `${body.code}: ${body.message ?? ''}` : `HTTP ${r.status}`);
        }
        const url = URL.createObjectURL(await r.blob());
        if (gone) return URL.revokeObjectURL(url);
        setSrc((old) => {
          if (old) URL.revokeObjectURL(old);
          return url;
        });
        setError(null);
      })
      .catch((e: Error) => !gone && setError(e.message));
    return () => {
      gone = true;
    };
  }, [path, live, tick]);

  return (
    <div class="preview">
      {src ? <img class="fleet-snap" alt={`latest frame of camera ${camera} on ${box.node}`} src={src} /> : null}
      {!live ? <div class="nosignal">no video</div> : error ? <div class="nosignal error" role="status">{error}</div> : null}
    </div>
  );
}

/** One camera of a box. */
function FleetCameraTile({ box, cam }: { box: FleetViewBox; cam: FleetViewCamera }) {
  const shown = cam.counts.filter((c) => c.zone === 'all' && c.class !== 'all' && c.count > 0);
  const zones = cam.counts.filter((c) => c.zone !== 'all' && c.count > 0);
  const m = box.manifest?.cameras.find((c) => c.id === cam.id);
  return (
    <figure class="cam" data-node={box.node} data-camera={cam.id}>
      {box.snapshots ? <Snapshot box={box} camera={cam.id} live={box.online && cam.state === 'streaming'} /> : <div class="preview"><div class="nosignal">no image: the box announces no publicUrl</div></div>}
      <figcaption>
        <strong>{cam.id}</strong> <span class={`state ${cam.state}`}>{cam.state}</span>
        <span class="meta"> · {cam.fps.toFixed(1)} fps{m ? ` · ${m.model}` : ''}</span>
        {shown.length || zones.length ? (
          <ul class="counts" aria-label={`current counts on ${cam.id} of ${box.node}`}>
            {shown.map((c) => (
              <li key={c.class}>
                {c.class} <b>{c.count}</b>
              </li>
            ))}
            {zones.map((c) => (
              <li key={`z-${c.zone}`}>
                in {c.zone} <b>{c.count}</b>
              </li>
            ))}
          </ul>
        ) : null}
        {m && m.zones.length ? <div class="meta">zones: {m.zones.join(', ')}</div> : null}
        {cam.error ? <div class="error">{cam.error}</div> : null}
      </figcaption>
    </figure>
  );
}

/** One box with its cameras. */
function BoxCard({ box, now }: { box: FleetViewBox; now: number }) {
  const m = box.manifest;
  const cov = m?.coverage;
  return (
    <section class={`panel fleet-box ${box.online ? 'online' : 'offline'}`} data-node={box.node} aria-label={`box ${box.node}`}>
      <h3>
        {box.node} {box.self ? <span class="meta">(this box)</span> : null}{' '}
        <span class={`box-state ${box.online ? 'online' : 'offline'}`}>{box.online ? 'online' : 'offline'}</span>
      </h3>
      <p class="meta">
        {m ? `v${m.version} · ${m.cameras.length} camera${m.cameras.length === 1 ? '' : 's'}` : 'no manifest'}
        {cov?.from && cov.to ? ` · coverage ${span(cov.from, cov.to)}` : ' · no coverage'}
        {box.lastSeen ? ` · heard ${ago(box.lastSeen, now)}` : ''}
      </p>
      {box.cameras.length ? (
        <div class="grid">
          {box.cameras.map((c) => (
            <FleetCameraTile key={c.id} box={box} cam={c} />
          ))}
        </div>
      ) : (
        <p class="empty">No cameras known.</p>
      )}
    </section>
  );
}

/** The fleet's alerts, newest first. */
function FleetAlerts({ alerts }: { alerts: Alert[] }) {
  if (!alerts.length) return <p class="empty">No fleet alerts yet.</p>;
  return (
    <ul class="alerts fleet-alerts" aria-label="fleet alerts">
      {alerts.slice(0, 100).map((a) => (
        <li key={a.id} class="alert-item" data-node={a.node}>
          <span class="meta">{clock(a.firedAt)}</span> <b>{a.node}</b> · {a.camera} · {a.message}
        </li>
      ))}
    </ul>
  );
}

/** The whole Fleet page. */
export function FleetPage({ client, ready, fleet, error }: { client: WireClient; ready: boolean; fleet: FleetViewState<Alert> | null; error: string | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(t);
  }, []);
  // this box first, then the online ones, then the rest, by name
  const rank = (b: FleetViewBox): number => (b.self ? 0 : b.online ? 1 : 2);
  const boxes = [...(fleet?.boxes ?? [])].sort((a, b) => rank(a) - rank(b) || a.node.localeCompare(b.node));
  const online = boxes.filter((b) => b.online).length;
  const folded = boxes.filter((b) => !b.self && !b.online);
  return (
    <main class="layout fleet">
      <div class="col">
        <section id="fleet-boxes" class="panel" aria-labelledby="h-fleet">
          <h2 id="h-fleet">Fleet</h2>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
          {!fleet ? <p class="empty">Loading…</p> : !fleet.enabled ? <p class="empty">This box does not follow the fleet: set fleet.enabled: true (MQTT on) in its config.</p> : <p class="meta fleet-summary">{`${boxes.length} box${boxes.length === 1 ? '' : 'es'}, ${online} online`}</p>}
        </section>
        {boxes
          .filter((b) => b.self || b.online)
          .map((b) => (
            <BoxCard key={b.node} box={b} now={now} />
          ))}
        {folded.length ? (
          // offline boxes (retained status: they may be long gone) are folded away
          <details class="panel fleet-offline">
            <summary>Offline boxes ({folded.length})</summary>
            {folded.map((b) => (
              <BoxCard key={b.node} box={b} now={now} />
            ))}
          </details>
        ) : null}
      </div>
      <div class="col">
        <section id="fleet-ask" class="panel ask" aria-labelledby="h-fleet-ask">
          <h2 id="h-fleet-ask">Ask the fleet</h2>
          <FleetAskBox client={client} ready={ready} />
        </section>
        <section id="fleet-alerts" class="panel" aria-labelledby="h-fleet-alerts">
          <h2 id="h-fleet-alerts">Fleet alerts</h2>
          <FleetAlerts alerts={fleet?.alerts ?? []} />
        </section>
      </div>
    </main>
  );
}
