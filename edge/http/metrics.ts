/**
 * Prometheus text exposition of ingest counters.
 */
import type { CameraStatus } from '../../ingest/types.js';

function esc(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Renders `/metrics` (text format 0.0.4). */
export function renderMetrics(cameras: readonly CameraStatus[], uptimeSeconds: number, previews: Record<string, { viewers: number; running: boolean }> = {}): string {
  const lines: string[] = [];
  const metric = (name: string, type: 'counter' | 'gauge', help: string, value: (c: CameraStatus) => number): void => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const c of cameras) lines.push(`${name}{camera="${esc(c.id)}"} ${value(c)}`);
  };
  metric('vigil_frames_in_total', 'counter', 'Analysis frames decoded from the camera.', (c) => c.framesIn);
  metric('vigil_frames_out_total', 'counter', 'Analysis frames handed to perception.', (c) => c.framesOut);
  metric('vigil_frames_dropped_total', 'counter', 'Frames replaced by a newer one while perception was busy.', (c) => c.drops);
  metric('vigil_reconnects_total', 'counter', 'Stream restarts after a failure or stall.', (c) => c.reconnects);
  metric('vigil_camera_fps', 'gauge', 'Measured analysis frame rate.', (c) => c.fps);
  metric('vigil_camera_streaming', 'gauge', '1 while the camera is streaming.', (c) => (c.state === 'streaming' ? 1 : 0));
  const pv = (c: CameraStatus): { viewers: number; running: boolean } => previews[c.id] ?? { viewers: 0, running: false };
  metric('vigil_preview_viewers', 'gauge', 'Live preview viewers connected.', (c) => pv(c).viewers);
  metric('vigil_preview_running', 'gauge', '1 while the preview ffmpeg runs (only while someone watches).', (c) => (pv(c).running ? 1 : 0));
  lines.push('# HELP vigil_uptime_seconds Seconds since the daemon started.', '# TYPE vigil_uptime_seconds gauge', `vigil_uptime_seconds ${Math.round(uptimeSeconds)}`);
  return `${lines.join('\n')}\n`;
}
