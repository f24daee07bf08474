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

/** What `/metrics` shows of the wall clock. */
export interface ClockMetrics {
  /** Steps of the wall clock seen since start. */
  steps: number;
  /** How far the steady clock (retention's) trails the wall clock, ms. */
  behindMs: number;
}

/** Renders the clock's metrics: steps seen and how far retention's steady clock trails the wall clock. */
export function renderClockMetrics(c: ClockMetrics): string {
  return [
    '# HELP vigil_clock_steps_total Steps of the wall clock (NTP or a manual change) seen since the daemon started.',
    '# TYPE vigil_clock_steps_total counter',
    `vigil_clock_steps_total ${c.steps}`,
    '# HELP vigil_clock_behind_seconds How far the steady clock retention ages data by trails the wall clock (after a step forward).',
    '# TYPE vigil_clock_behind_seconds gauge',
    `vigil_clock_behind_seconds ${Math.round(c.behindMs) / 1000}`,
    '',
  ].join('\n');
}
