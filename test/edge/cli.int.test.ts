import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import WebSocket from 'ws';
import { freeTcpPort, runCli, startDaemon, tempDir, type Health } from '../helpers/daemon.js';

test('vigil start with no config: the demo camera streams within 20 s, with snapshot, metrics, preview and a clean stop', async () => {
  const port = await freeTcpPort();
  const d = startDaemon({ port });
  try {
    const t0 = Date.now();
    const h = await d.waitFor(
      async () => {
        const h = await d.getJson<Health>('/healthz');
        return h.cameras[0]?.state === 'streaming' && (h.cameras[0]?.fps ?? 0) > 0 ? h : undefined;
      },
      20_000,
      'demo camera streaming with fps > 0',
    );
    assert.ok(Date.now() - t0 < 20_000);
    assert.equal(h.cameras[0]?.id, 'demo');
    assert.equal(h.status, 'ok');
    assert.ok(Math.abs(Date.parse(h.cameras[0]?.lastFrameAt ?? '') - Date.now()) < 5000, 'frame times are wall-clock');

    const snap = await fetch(`${d.baseUrl}/api/cameras/demo/snapshot.jpg`);
    assert.equal(snap.status, 200);
    assert.equal(snap.headers.get('content-type'), 'image/jpeg');
    const jpg = Buffer.from(await snap.arrayBuffer());
    assert.deepEqual([...jpg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.ok(jpg.length > 5000);
    // the same frame losslessly: the exact pixels perception saw, at the analysis size
    const png = await fetch(`${d.baseUrl}/api/cameras/demo/snapshot.png`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.ok(Date.parse(png.headers.get('x-frame-time') ?? '') > 0);
    const pngBody = Buffer.from(await png.arrayBuffer());
    assert.deepEqual([...pngBody.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    const [mj, mp] = await Promise.all([sharp(jpg).metadata(), sharp(pngBody).metadata()]);
    assert.deepEqual([mp.width, mp.height, mp.channels], [mj.width, mj.height, 3], 'the analysis frame, RGB');

    const missing = await fetch(`${d.baseUrl}/api/cameras/nope/snapshot.jpg`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { status: 'error', code: 'NOT_FOUND', message: 'unknown camera "nope"' });

    const metrics = await (await fetch(`${d.baseUrl}/metrics`)).text();
    const framesIn = Number(/^vigil_frames_in_total\{camera="demo"\} (\d+)$/m.exec(metrics)?.[1]);
    assert.ok(framesIn > 0, metrics);

    // Live preview: MPEG-TS packets (sync byte 0x47) over the WebSocket, as jsmpeg reads them.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/cameras/demo/preview`);
    const first = await new Promise<Buffer>((resolve, reject) => {
      ws.once('message', (m: Buffer) => resolve(m));
      ws.once('error', reject);
      setTimeout(() => reject(new Error('no preview data in 10 s')), 10_000);
    });
    assert.equal(first[0], 0x47);
    const previewMetric = async (name: string): Promise<number> =>
      Number(new RegExp(`^${name}\\{camera="demo"\\} (\\d+)$`, 'm').exec(await (await fetch(`${d.baseUrl}/metrics`)).text())?.[1]);
    assert.equal(await previewMetric('vigil_preview_viewers'), 1);
    assert.equal(await previewMetric('vigil_preview_running'), 1);
    ws.close();
    // the relay's ffmpeg runs only while someone watches
    await d.waitFor(async () => (await previewMetric('vigil_preview_running')) === 0, 10_000, 'preview stopped after the viewer left');
  } finally {
    const code = await d.stop();
    assert.equal(code, 0, d.output().slice(-2000));
  }
  assert.match(d.output(), /"msg":"stopped"/);
});

test('vigil config check reports every problem at once; a good file passes', async () => {
  const dir = tempDir('cfg');
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'http:\n  port: -1\ncameras:\n  - id: a\n  - id: a\n    url: x.mp4\n    fps: 100\n');
  const r = await runCli(['config', 'check', bad]);
  assert.equal(r.code, 1);
  // the two cameras share an id, so they are named by position; x.mp4 is not there
  for (const p of ['http.port', 'cameras[0].url', 'cameras[1].fps', 'cameras[1].id: duplicate camera id "a"', 'cameras[1].url: no such file']) assert.ok(r.stderr.includes(p), `${p} in ${r.stderr}`);
  const good = join(dir, 'good.yaml');
  writeFileSync(good, 'cameras:\n  - id: door\n    url: rtsp://user:pw@10.0.0.9/live\n');
  const ok = await runCli(['config', 'check', good]);
  assert.equal(ok.code, 0);
  assert.match(ok.stdout, /OK \(1 camera\)/);
});

test('--version, --help and usage errors', async () => {
  const v = await runCli(['--version']);
  assert.match(v.stdout.trim(), /^\d+\.\d+\.\d+$/);
  const h = await runCli(['--help']);
  for (const c of ['vigil start', 'vigil replay', 'vigil ask', 'vigil config check']) assert.ok(h.stdout.includes(c));
  const u = await runCli(['start', '--port', 'abc']);
  assert.equal(u.code, 2);
  assert.match(u.stderr, /--port must be an integer/);
  const a = await runCli(['ask', 'how many people?', '--data', tempDir('empty')]);
  assert.equal(a.code, 2);
  assert.match(a.stderr, /no memory in/);
});
