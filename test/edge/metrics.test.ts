import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderClockMetrics, renderMetrics } from '../../edge/http/metrics.js';

test('metrics are Prometheus text with per-camera counters', () => {
  const text = renderMetrics(
    [{ id: 'door "1"', state: 'streaming', fps: 2, lastFrameAt: null, reconnects: 3, error: null, framesIn: 10, framesOut: 8, drops: 2 }],
    12.4,
  );
  assert.match(text, /^# TYPE vigil_frames_in_total counter$/m);
  assert.match(text, /^vigil_frames_in_total\{camera="door \\"1\\""\} 10$/m);
  assert.match(text, /^vigil_frames_dropped_total\{camera="door \\"1\\""\} 2$/m);
  assert.match(text, /^vigil_reconnects_total\{camera="door \\"1\\""\} 3$/m);
  assert.match(text, /^vigil_camera_streaming\{camera="door \\"1\\""\} 1$/m);
  assert.match(text, /^vigil_uptime_seconds 12$/m);
});

test('clock metrics: steps seen (counter) and how far retention\'s steady clock trails the wall clock (gauge)', () => {
  const text = renderClockMetrics({ steps: 2, behindMs: 90_000_500 });
  assert.match(text, /^# TYPE vigil_clock_steps_total counter$/m);
  assert.match(text, /^vigil_clock_steps_total 2$/m);
  assert.match(text, /^# TYPE vigil_clock_behind_seconds gauge$/m);
  assert.match(text, /^vigil_clock_behind_seconds 90000.5$/m);
});
