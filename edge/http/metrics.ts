/**
 * Prometheus text exposition of ingest counters.
 */
import type { CameraStatus } from '../../ingest/types.js';

function esc(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Renders `/metrics` (text format 0.0.4). */
export function renderMetrics(cameras: readonly CameraStatus[], uptimeSeconds: number): string {
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
  lines.push('# HELP vigil_uptime_seconds Seconds since the daemon started.', '# TYPE vigil_uptime_seconds gauge', `vigil_uptime_seconds ${Math.round(uptimeSeconds)}`);
  return `${lines.join('\n')}\n`;
}
