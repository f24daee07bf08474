/**
 * Camera grid: live preview (MPEG-1 over the preview WebSocket, decoded by jsmpeg) with the
 * camera's zones and lines outlined over it, state, fps, reconnects and current counts (per class
 * and per zone); admin tokens can open the zone editor.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CameraState, CameraZones, CountState } from '../../edge/api/wire.js';
import { withToken, wsUrl } from './auth.js';
import { ZoneOutlines } from './zone-shapes.js';
import type { WireClient } from './wire-client.js';

/** Live preview of one camera; falls back to the latest snapshot until the stream decodes. */
function Preview({ camera, streaming, zones }: { camera: string; streaming: boolean; zones: CameraZones | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [decoding, setDecoding] = useState(false);
  const [snap, setSnap] = useState(0);
  // the picture's size, so that outlines sit on the picture inside the letterboxed tile
  const [size, setSize] = useState({ w: 16, h: 9 });

  useEffect(() => {
    if (!streaming || !canvas.current) return;
    let player: { destroy(): void } | null = null;
    let gone = false;
    const el = canvas.current;
    void import('@cycjimmy/jsmpeg-player').then(({ default: JSMpeg }) => {
      if (gone) return;
      player = new JSMpeg.Player(wsUrl(`/api/cameras/${encodeURIComponent(camera)}/preview`), {
        canvas: el,
        audio: false,
        disableGl: true,
        pauseWhenHidden: false,
        videoBufferSize: 1024 * 1024,
        onVideoDecode: () => {
          setDecoding(true);
          if (el.width > 0 && el.height > 0) setSize((s) => (s.w === el.width && s.h === el.height ? s : { w: el.width, h: el.height }));
        },
      });
    });
    return () => {
      gone = true;
      player?.destroy();
      setDecoding(false);
    };
  }, [camera, streaming]);

  // until video decodes, refresh the snapshot every few seconds
  useEffect(() => {
    if (decoding || !streaming) return;
    const t = setInterval(() => setSnap(Date.now()), 3000);
    return () => clearInterval(t);
  }, [decoding, streaming]);

  return (
    <div class="preview">
      <canvas ref={canvas} class={decoding ? '' : 'hidden'} aria-label={`live video of camera ${camera}`} role="img" />
      {!decoding && streaming ? <img alt={`latest frame of camera ${camera}`} src={withToken(`/api/cameras/${encodeURIComponent(camera)}/snapshot.jpg?t=${snap}`)} onError={(e) => (e.currentTarget.style.visibility = 'hidden')} onLoad={(e) => {
            const img = e.currentTarget;
            img.style.visibility = 'visible';
            if (img.naturalWidth > 0) setSize((s) => (s.w === img.naturalWidth && s.h === img.naturalHeight ? s : { w: img.naturalWidth, h: img.naturalHeight }));
          }} /> : null}
      {!streaming ? <div class="nosignal">no video</div> : null}
      {zones ? <ZoneOutlines zones={zones.zones} lines={zones.lines} width={size.w * (1280 / Math.max(size.w, size.h))} height={size.h * (1280 / Math.max(size.w, size.h))} label={`zones and lines of camera ${camera}`} fit /> : null}
    </div>
  );
}

/** Enables or disables a camera's ingest (admin tokens only). */
function EnableButton({ cam, client }: { cam: CameraState; client: WireClient }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        class="ghost small"
        disabled={busy}
        aria-label={`${cam.enabled ? 'Disable' : 'Enable'} camera ${cam.camera}`}
        onClick={() => {
          setBusy(true);
          client
            .request('camera.enable', { camera: cam.camera, enabled: !cam.enabled })
            .then(() => setError(null))
            .catch((e: Error) => setError(e.message))
            .finally(() => setBusy(false));
        }}
      >
        {cam.enabled ? 'Disable' : 'Enable'}
      </button>
      {error ? (
        <div class="error" role="alert">
          {error}
        </div>
      ) : null}
    </>
  );
}

/** Zone counts of a camera (every class), one per zone it has now. */
function ZoneCounts({ camera, zones, counts }: { camera: string; zones: CameraZones | undefined; counts: CountState[] }) {
  if (!zones?.zones.length) return null;
  return (
    <ul class="counts zone-counts" aria-label={`people and objects in the zones of ${camera}`}>
      {zones.zones.map((z) => {
        const n = counts.find((c) => c.zone === z.id && c.class === 'all')?.count;
        return (
          <li key={z.id} data-zone={z.id} data-count={n ?? ''}>
            in {z.id} <b>{n ?? '–'}</b>
          </li>
        );
      })}
    </ul>
  );
}

/** One camera's tile. */
function CameraTile({ cam, counts, client, zones, onEdit }: { cam: CameraState; counts: CountState[]; client: WireClient | null; zones: CameraZones | undefined; onEdit: ((camera: string) => void) | null }) {
  const shown = counts.filter((c) => c.zone === 'all' && c.class !== 'all' && c.count !== null && c.count > 0);
  return (
    <figure class="cam" data-camera={cam.camera}>
      <Preview camera={cam.camera} streaming={cam.state === 'streaming'} zones={zones} />
      <figcaption>
        <strong>{cam.camera}</strong> <span class={`state ${cam.state}`}>{cam.state}</span>
        <span class="meta">
          {' '}
          · {cam.fps.toFixed(1)} fps · {cam.reconnects} reconnect{cam.reconnects === 1 ? '' : 's'}
        </span>{' '}
        {client ? <EnableButton cam={cam} client={client} /> : null}
        {onEdit ? (
          <button type="button" class="ghost small" aria-label={`Edit zones of camera ${cam.camera}`} onClick={() => onEdit(cam.camera)}>
            Edit zones
          </button>
        ) : null}
        {shown.length ? (
          <ul class="counts" aria-label={`current counts on ${cam.camera}`}>
            {shown.map((c) => (
              <li key={c.class}>
                {c.class} <b>{c.count}</b>
              </li>
            ))}
          </ul>
        ) : null}
        <ZoneCounts camera={cam.camera} zones={zones} counts={counts} />
        {cam.error ? <div class="error">{cam.error}</div> : null}
      </figcaption>
    </figure>
  );
}

/** The grid of every configured camera; `client` (admin tokens) adds enable/disable buttons, `onEdit` the zone editor's. */
export function CameraGrid({ cameras, counts, client, zones, onEdit }: { cameras: CameraState[]; counts: Record<string, CountState>; client: WireClient | null; zones: Record<string, CameraZones>; onEdit: ((camera: string) => void) | null }) {
  if (!cameras.length) return <p class="empty">No cameras yet.</p>;
  const all = Object.values(counts);
  return (
    <div class="grid" aria-live="polite">
      {cameras.map((c) => (
        <CameraTile key={c.camera} cam={c} counts={all.filter((x) => x.camera === c.camera)} client={client} zones={zones[c.camera]} onEdit={onEdit} />
      ))}
    </div>
  );
}
