import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLogger, scrubSecrets } from '../../edge/log.js';
import { tempDir } from '../helpers/daemon.js';

test('scrubSecrets redacts nested fields, arrays and error messages and stacks', () => {
  const err = new Error('cannot open rtsp://viewer:p@ssW0rdAT@10.0.0.2/s');
  const out = scrubSecrets({ cameras: [{ id: 'a', url: 'rtsp://u:x@y@h/s' }], err, n: 3, d: { deep: 'http://h/?password=pw1234' } }) as {
    cameras: { url: string }[];
    err: Error;
    n: number;
    d: { deep: string };
  };
  assert.equal(out.cameras[0]?.url, 'rtsp://u:***@h/s');
  assert.equal(out.d.deep, 'http://h/?password=***');
  assert.equal(out.n, 3);
  assert.ok(out.err instanceof Error);
  assert.equal(out.err.message, 'cannot open rtsp://viewer:***@10.0.0.2/s');
  assert.ok(!String(out.err.stack).includes('ssW0rdAT'));
  assert.ok(err.message.includes('ssW0rdAT'), 'the original error is not changed');
});

test('the logger writes no credential of any form: message, nested field or error', async () => {
  const file = join(tempDir('log'), 'out.log');
  const fd = openSync(file, 'w');
  const log = createLogger('info', fd);
  log.info({ camera: { url: 'rtsp://viewer:p@ssW0rdAT@10.0.0.2/s' } }, 'starting rtsp://u:p@ss@h/s?user=a&password=Hunter22');
  log.error({ err: new Error('ffmpeg: http://cam/x.cgi?api_key=K3yK3yK3y failed') }, 'camera failed');
  let text = '';
  for (let i = 0; i < 50 && text.split('\n').length < 3; i++) {
    await new Promise((r) => setTimeout(r, 20));
    text = readFileSync(file, 'utf8');
  }
  closeSync(fd);
  assert.equal(text.trim().split('\n').length, 2, text);
  for (const secret of ['ssW0rdAT', 'p@ss', 'Hunter22', 'K3yK3yK3y']) assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
  assert.match(text, /rtsp:\/\/viewer:\*\*\*@10\.0\.0\.2\/s/);
  assert.match(text, /password=\*\*\*/);
  assert.match(text, /api_key=\*\*\*/);
});
