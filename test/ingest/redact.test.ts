import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSecretName, redactUrl } from '../../ingest/redact.js';

test('redact: user:password@ URLs of any scheme', () => {
  assert.equal(redactUrl('rtsp://viewer:secret@192.168.1.20:554/stream1'), 'rtsp://viewer:***@192.168.1.20:554/stream1');
  assert.equal(redactUrl('RTSPS://viewer:secret@cam/s'), 'RTSPS://viewer:***@cam/s');
  assert.equal(redactUrl('mqtts://bob:x@broker:8883'), 'mqtts://bob:***@broker:8883');
});

test('redact: a password holding "@" is hidden whole (the last "@" before the path ends the user info)', () => {
  const out = redactUrl('rtsp://viewer:p@ssW0rdAT@10.0.0.2:554/live');
  assert.equal(out, 'rtsp://viewer:***@10.0.0.2:554/live');
  assert.ok(!out.includes('ssW0rdAT'));
  assert.equal(redactUrl('rtsp://u:a@b@c@host'), 'rtsp://u:***@host');
});

test('redact: a password holding ":" or percent escapes', () => {
  assert.equal(redactUrl('rtsp://u:pa:ss@h/s'), 'rtsp://u:***@h/s');
  assert.equal(redactUrl('rtsp://u:p%40ss@10.0.0.2:554/s'), 'rtsp://u:***@10.0.0.2:554/s');
});

test('redact: a password holding "/", "?" or "#" (not a port) is hidden up to the host', () => {
  for (const pw of ['pa/ss', 'pa?ss', 'pa#ss', 'x/y@z']) {
    const out = redactUrl(`rtsp://u:${pw}@cam.local/stream`);
    assert.equal(out, 'rtsp://u:***@cam.local/stream', pw);
  }
});

test('redact: an empty user name and a user info without a password (a token as user name)', () => {
  assert.equal(redactUrl('rtsp://:hunter2@h/s'), 'rtsp://:***@h/s');
  assert.equal(redactUrl('https://ghp_abcdef0123456789@github.com/x.git'), 'https://***@github.com/x.git');
});

test('redact: URLs without credentials are left alone, ports and "@" in paths included', () => {
  for (const s of ['rtsp://10.0.0.2/s', 'http://host:8080/path/@scope/pkg', 'http://[::1]:554/a@b', 'file:///srv/clips/a.mp4', 'see user@example.com', 'http://h/?user=bob&page=2']) {
    assert.equal(redactUrl(s), s);
  }
});

test('redact: secret query parameters (password, token, key, secret, api_key, auth and variants)', () => {
  assert.equal(redactUrl('http://cam/snap.cgi?user=admin&password=hunter2&ch=1'), 'http://cam/snap.cgi?user=admin&password=***&ch=1');
  for (const name of ['password', 'pwd', 'passwd', 'pass', 'token', 'access_token', 'key', 'secret', 'client_secret', 'api_key', 'apiKey', 'X-Api-Key', 'auth', 'auth_token', 'sig', 'signature']) {
    const out = redactUrl(`rtsp://cam/live?user=u&${name}=S3cr3t-value&x=1`);
    assert.equal(out, `rtsp://cam/live?user=u&${name}=***&x=1`, name);
  }
  assert.equal(redactUrl('https://h/cb#access_token=abc.def&state=1'), 'https://h/cb#access_token=***&state=1');
  assert.equal(redactUrl('?token=abcdefabcdefabcdef'), '?token=***');
  assert.ok(isSecretName('API_KEY') && !isSecretName('user') && !isSecretName('channel'));
});

test('redact: both forms in one URL, several URLs in one line, inside quotes', () => {
  const line = "Error opening input 'rtsp://viewer:p@ss@10.0.0.2/s?token=t0k3n&ch=2': Connection refused, retry http://a:b@h2/x";
  const out = redactUrl(line);
  assert.equal(out, "Error opening input 'rtsp://viewer:***@10.0.0.2/s?token=***&ch=2': Connection refused, retry http://a:***@h2/x");
  for (const s of ['p@ss', 't0k3n', ':b@']) assert.ok(!out.includes(s), s);
  assert.equal(redactUrl('rtsp://a:b@h1/x,rtsp://c:d@h2/y'), 'rtsp://a:***@h1/x,rtsp://c:***@h2/y');
});

test('redact: bearer tokens and authorization headers', () => {
  assert.equal(redactUrl('Authorization: Bearer abc.def.ghi'), 'Authorization: Bearer ***');
  assert.equal(redactUrl('authorization=Basic dXNlcjpwYXNz'), 'authorization=Basic ***');
  assert.equal(redactUrl('sent Bearer sk-live-123 to the model'), 'sent Bearer *** to the model');
});
