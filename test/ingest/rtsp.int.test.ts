import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { CameraSession } from '../../ingest/session.js';
import type { CameraSpec, Frame } from '../../ingest/types.js';
import { freeTcpPort, startDaemon, tempDir, type Health } from '../helpers/daemon.js';
import { silentLogger } from '../helpers/logger.js';
import { SHARED_VIDEOS, startRtspServer } from '../helpers/rtsp-server.js';

const BOTTLES = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const PEOPLE = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');

function spec(id: string, url: string, extra: Partial<CameraSpec> = {}): CameraSpec {
  return { id, url, fps: 2, width: 320, enabled: true, transport: 'tcp', watchdogSeconds: 5, ...extra };
}

async function collect(session: CameraSession, ms: number): Promise<{ frame: Frame; at: number }[]> {
  const got: { frame: Frame; at: number }[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const f = await Promise.race([session.nextFrame(), new Promise<undefined>((r) => setTimeout(() => r(undefined), end - Date.now()))]);
    if (f) got.push({ frame: f, at: Date.now() });
  }
  return got;
}

test('frames arrive from a real RTSP server at the analysis rate and size, with wall-clock timestamps (TCP and UDP)', async () => {
  const server = await startRtspServer({ mounts: [{ path: '/cam', file: BOTTLES }] });
  try {
    for (const transport of ['tcp', 'udp'] as const) {
      const s = new CameraSession(spec(`cam-${transport}`, server.url('/cam'), { transport }), { ffmpeg: locateFfmpeg(), log: silentLogger() });
      s.start();
      // wait for the first frame, then measure over 6 s
      const first = await Promise.race([s.nextFrame(), new Promise<undefined>((r) => setTimeout(() => r(undefined), 15_000))]);
      assert.ok(first, `${transport}: first frame within 15 s`);
      const got = await collect(s, 6000);
      await s.stop();
      assert.ok(got.length >= 10 && got.length <= 14, `${transport}: ${got.length} frames in 6 s at 2 fps`);
      for (const { frame, at } of got) {
        assert.equal(frame.width, 320);
        assert.equal(frame.height, 180);
        assert.equal(frame.data.length, 320 * 180 * 3);
        assert.ok(at - frame.ts >= 0 && at - frame.ts < 1000, 'timestamp is the wall-clock arrival time');
      }
      const gaps = got.slice(1).map((g, i) => g.frame.ts - (got[i]?.frame.ts ?? 0)).sort((a, b) => a - b);
      const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
      assert.ok(median > 350 && median < 650, `${transport}: median frame interval ${median} ms`);
      const st = s.status();
      assert.equal(st.state, 'stopped');
      assert.ok(st.framesIn >= got.length);
    }
  } finally {
    await server.stop();
  }
});

test('RTSP outage and recovery; bad URL, wrong password and non-video sources give clear errors while healthy cameras stream', async () => {
  const open = await startRtspServer({ mounts: [{ path: '/cam', file: BOTTLES }] });
  const secure = await startRtspServer({ mounts: [{ path: '/secure', file: PEOPLE }], user: 'viewer', password: 's3cret-pw' });
  const dir = tempDir('rtsp');
  // an audio-only file (no video stream) and random bytes named .mp4
  const notVideo = join(dir, 'tone.wav');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', notVideo]);
  const garbage = join(dir, 'garbage.mp4');
  writeFileSync(garbage, randomBytes(200_000));
  const closedPort = await freeTcpPort();
  const wrongPw = secure.url('/secure').replace('rtsp://', 'rtsp://viewer:wrong-pw@');
  const goodPw = secure.url('/secure').replace('rtsp://', 'rtsp://viewer:s3cret-pw@');
  const port = await freeTcpPort();
  const d = startDaemon({
    port,
    config: {
      node: 'it',
      // ingest is under test here: no detector, so seven cameras fit on two cores
      cameras: [
        { id: 'live', url: open.url('/cam'), watchdogSeconds: 5 },
        { id: 'secure', url: goodPw, watchdogSeconds: 5 },
        { id: 'nopath', url: open.url('/does-not-exist') },
        { id: 'wrongpw', url: wrongPw },
        { id: 'refused', url: `rtsp://127.0.0.1:${closedPort}/x` },
        // (a long watchdog: the error asked about is ffmpeg's own, which on a loaded machine may come after 10 s of probing)
        { id: 'notvideo', url: notVideo, watchdogSeconds: 60 },
        { id: 'garbage', url: garbage, watchdogSeconds: 60 },
        { id: 'off', url: open.url('/cam'), enabled: false },
      ].map((c) => ({ ...c, detector: { model: 'none' } })),
    },
  });
  const cam = (h: Health, id: string) => h.cameras.find((c) => c.id === id);
  try {
    const h = await d.waitFor(
      async () => {
        const h = await d.getJson<Health>('/healthz');
        const ready =
          cam(h, 'live')?.state === 'streaming' &&
          cam(h, 'secure')?.state === 'streaming' &&
          ['nopath', 'wrongpw', 'refused', 'notvideo', 'garbage'].every((id) => cam(h, id)?.error);
        return ready ? h : undefined;
      },
      30_000,
      'healthy cameras streaming and broken ones with errors',
    );
    assert.match(cam(h, 'nopath')?.error ?? '', /not found \(404\)/);
    assert.match(cam(h, 'wrongpw')?.error ?? '', /authentication failed/);
    assert.match(cam(h, 'refused')?.error ?? '', /connection refused/);
    assert.match(cam(h, 'notvideo')?.error ?? '', /no video stream/);
    assert.match(cam(h, 'garbage')?.error ?? '', /not a video/);
    for (const id of ['nopath', 'wrongpw', 'refused', 'notvideo', 'garbage']) assert.ok(['backoff', 'connecting'].includes(cam(h, id)?.state ?? ''), id);
    assert.equal(cam(h, 'off')?.state, 'disabled');
    assert.equal(h.status, 'degraded');
    // the secure camera streams, yet its password is on no command line (ps shows those to every user)
    // (the test's own RTSP server takes its password on its command line: only the daemon's children count)
    const ps = execFileSync('ps', ['-o', 'args=', '--ppid', String(d.child.pid)], { encoding: 'utf8' });
    assert.ok(!ps.includes('s3cret-pw') && !ps.includes('wrong-pw'), `a camera password on a command line:\n${ps}`);
    assert.match(ps, /ffmpeg .*-f concat .*vigil-cred-[^ ]+\.ffconcat/);

    // Outage: the server goes away mid-stream.
    await open.stop();
    await d.waitFor(async () => cam(await d.getJson<Health>('/healthz'), 'live')?.state === 'backoff', 20_000, 'live camera in backoff');
    const during = await d.getJson<Health>('/healthz');
    assert.equal(cam(during, 'secure')?.state, 'streaming', 'the other camera keeps streaming');
    assert.ok(cam(during, 'live')?.error);

    // Recovery: the server comes back.
    await open.restart();
    const back = await d.waitFor(
      async () => {
        const h = await d.getJson<Health>('/healthz');
        return cam(h, 'live')?.state === 'streaming' ? h : undefined;
      },
      40_000,
      'live camera streaming again',
    );
    assert.ok((cam(back, 'live')?.reconnects ?? 0) >= 1);
    assert.equal(cam(back, 'live')?.error, null);

    const metrics = await (await fetch(`${d.baseUrl}/metrics`)).text();
    assert.match(metrics, /^vigil_reconnects_total\{camera="live"\} [1-9]\d*$/m);
    assert.match(metrics, /^vigil_frames_in_total\{camera="secure"\} [1-9]\d*$/m);
  } finally {
    await d.stop();
    await open.stop();
    await secure.stop();
  }
  assert.ok(!d.output().includes('s3cret-pw'), 'the RTSP password never appears in logs');
  // the outage is in the memory as camera events: online, offline (with the reason), online again
  const store = new MemoryStore({ dir: d.data, readOnly: true });
  store.open();
  try {
    const ev = new MemoryQueries(store).events({ from: 0, to: Date.now() + 1000 }, { camera: 'live' }).map((e) => e.type);
    assert.deepEqual(ev, ['camera_online', 'camera_offline', 'camera_online']);
    const wrong = new MemoryQueries(store).events({ from: 0, to: Date.now() + 1000 }, { camera: 'wrongpw' });
    assert.equal(wrong[0]?.type, 'camera_offline');
    assert.match(wrong[0]?.error ?? '', /authentication failed/);
  } finally {
    await store.close();
  }
  assert.ok(!d.output().includes('wrong-pw'), 'nor a wrong one');
});
