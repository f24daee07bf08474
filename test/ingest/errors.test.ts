import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeFfmpegFailure } from '../../ingest/ffmpeg/errors.js';
import { redactUrl } from '../../ingest/redact.js';

test('ffmpeg failures become readable camera errors', () => {
  const cases: [string, RegExp][] = [
    ['[rtsp @ 0x55] method DESCRIBE failed: 401 Unauthorized', /authentication failed/],
    ['[rtsp @ 0x55] method DESCRIBE failed: 404 Not Found', /not found \(404\)/],
    ['[tcp @ 0x5] Connection to tcp://127.0.0.1:1 failed: Connection refused', /connection refused/],
    ['/tmp/x.mp4: No such file or directory', /file not found/],
    ['/tmp/x.txt: Invalid data found when processing input', /not a video/],
  ];
  for (const [line, re] of cases) assert.match(describeFfmpegFailure(['noise', line], 1), re);
  assert.equal(describeFfmpegFailure([], null), 'ffmpeg was stopped');
});

test('unknown ffmpeg errors are passed through with credentials redacted', () => {
  const msg = describeFfmpegFailure(['something odd at rtsp://admin:hunter2@cam/live'], 1);
  assert.ok(!msg.includes('hunter2'));
  assert.match(msg, /admin:\*\*\*@cam/);
});

test('redactUrl hides passwords of any scheme', () => {
  assert.equal(redactUrl('rtsp://u:p%40ss@10.0.0.2:554/s and mqtt://bob:x@h'), 'rtsp://u:***@10.0.0.2:554/s and mqtt://bob:***@h');
  assert.equal(redactUrl('rtsp://10.0.0.2/s'), 'rtsp://10.0.0.2/s');
});
