/**
 * Camera grid: live preview (MPEG-1 over the preview WebSocket, decoded by jsmpeg), state, fps,
 * reconnects and current counts.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CameraState, CountState } from '../../edge/api/wire.js';
import { withToken, wsUrl } from './auth.js';

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

/** One camera's tile. */
function CameraTile({ cam, counts }: { cam: CameraState; counts: CountState[] }) {
  const shown = counts.filter((c) => c.zone === 'all' && c.class !== 'all' && c.count > 0);
  return (
    <figure class="cam" data-camera={cam.camera}>
      <Preview camera={cam.camera} streaming={cam.state === 'streaming'} />
      <figcaption>
        <strong>{cam.camera}</strong> <span class={`state ${cam.state}`}>{cam.state}</span>
        <span class="meta">
          {' '}
          · {cam.fps.toFixed(1)} fps · {cam.reconnects} reconnect{cam.reconnects === 1 ? '' : 's'}
        </span>
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

/** The grid of every configured camera. */
export function CameraGrid({ cameras, counts }: { cameras: CameraState[]; counts: Record<string, CountState> }) {
  if (!cameras.length) return <p class="empty">No cameras yet.</p>;
  const all = Object.values(counts);
  return (
    <div class="grid" aria-live="polite">
      {cameras.map((c) => (
        <CameraTile key={c.camera} cam={c} counts={all.filter((x) => x.camera === c.camera)} />
      ))}
    </div>
  );
}
