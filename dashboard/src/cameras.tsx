/**
 * Camera grid: live preview (MPEG-1 over the preview WebSocket, decoded by jsmpeg), state, fps,
 * reconnects and current counts.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CameraState, CountState } from '../../edge/api/wire.js';
import { withToken, wsUrl } from './auth.js';
import type { WireClient } from './wire-client.js';

/** Live preview of one camera; falls back to the latest snapshot until the stream decodes. */
function Preview({ camera, streaming }: { camera: string; streaming: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [decoding, setDecoding] = useState(false);
  const [snap, setSnap] = useState(0);

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
        onVideoDecode: () => setDecoding(true),
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
      {!decoding && streaming ? <img alt={`latest frame of camera ${camera}`} src={withToken(`/api/cameras/${encodeURIComponent(camera)}/snapshot.jpg?t=${snap}`)} onError={(e) => (e.currentTarget.style.visibility = 'hidden')} onLoad={(e) => (e.currentTarget.style.visibility = 'visible')} /> : null}
      {!streaming ? <div class="nosignal">no video</div> : null}
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

/** One camera's tile. */
function CameraTile({ cam, counts, client }: { cam: CameraState; counts: CountState[]; client: WireClient | null }) {
  const shown = counts.filter((c) => c.zone === 'all' && c.class !== 'all' && c.count !== null && c.count > 0);
  return (
    <figure class="cam" data-camera={cam.camera}>
      <Preview camera={cam.camera} streaming={cam.state === 'streaming'} />
      <figcaption>
        <strong>{cam.camera}</strong> <span class={`state ${cam.state}`}>{cam.state}</span>
        <span class="meta">
          {' '}
          · {cam.fps.toFixed(1)} fps · {cam.reconnects} reconnect{cam.reconnects === 1 ? '' : 's'}
        </span>{' '}
        {client ? <EnableButton cam={cam} client={client} /> : null}
        {shown.length ? (
          <ul class="counts" aria-label={`current counts on ${cam.camera}`}>
            {shown.map((c) => (
              <li key={c.class}>
                {c.class} <b>{c.count}</b>
              </li>
            ))}
          </ul>
        ) : null}
        {cam.error ? <div class="error">{cam.error}</div> : null}
      </figcaption>
    </figure>
  );
}

/** The grid of every configured camera; `client` (admin tokens) adds enable/disable buttons. */
export function CameraGrid({ cameras, counts, client }: { cameras: CameraState[]; counts: Record<string, CountState>; client: WireClient | null }) {
  if (!cameras.length) return <p class="empty">No cameras yet.</p>;
  const all = Object.values(counts);
  return (
    <div class="grid" aria-live="polite">
      {cameras.map((c) => (
        <CameraTile key={c.camera} cam={c} counts={all.filter((x) => x.camera === c.camera)} client={client} />
      ))}
    </div>
  );
}
