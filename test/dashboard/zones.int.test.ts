/**
 * Drawing a zone on the picture in real headless Chromium, against the real daemon watching a
 * shared clip as a real-time file camera (auth on, admin token): the zone is drawn with mouse
 * events over the camera's snapshot, a point dragged, named and saved; without a restart the
 * live count of the new zone (over the WebSocket API, and on the camera tile, where it is
 * outlined) becomes non-zero once a person stands in it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startDaemon, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { WsTestClient } from '../edge/clients.js';
import { launchChromium, openPage, shot, type WatchedPage } from './browser.js';

const PEOPLE = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
const ADMIN = 'zones-dashboard-admin-0123456789';
/** Two cores shared by the daemon, the detector, ffmpeg and Chromium: be patient. */
const LONG = 180_000;

describe('drawing a zone in the dashboard', { timeout: 600_000 }, () => {
  let daemon: DaemonHandle;
  let browser: Browser;
  let desk: WatchedPage;

  before(async () => {
    daemon = startDaemon({
      port: 18520,
      config: {
        node: 'zonesdash',
        auth: { tokens: [{ name: 'lead', token: ADMIN, scope: 'admin' }] },
        mqtt: { enabled: false },
        // no zones in the config: the only zone is the one drawn
        cameras: [{ id: 'table', url: PEOPLE, fps: 2, width: 480, detector: { model: 'centernet', classes: ['person'] } }],
      },
    });
    await daemon.waitFor(async () => (await daemon.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming', 90_000, 'camera streaming');
    browser = await launchChromium();
    desk = await openPage(browser);
  });

  after(async () => {
    await browser?.close();
    await daemon?.stop();
  });

  it('a zone drawn on the picture counts people at once, without a restart', async () => {
    const { page, errors } = desk;
    await page.goto(daemon.baseUrl + '/');
    await page.getByLabel('API token').fill(ADMIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.cam[data-camera="table"] .state.streaming').waitFor({ timeout: 60_000 });
    // the page's first look at the API, before the token, is refused by design (it shows the login)
    assert.deepEqual(errors.filter((e) => !/401 \(Unauthorized\) http:\/\/127\.0\.0\.1:18520\/api\/cameras$/.test(e)), []);
    errors.length = 0;
    const pid = daemon.child.pid;
    const ws = await WsTestClient.connect(daemon.baseUrl.replace('http', 'ws') + '/api/ws', ADMIN);
    assert.equal((await ws.request({ type: 'subscribe', channels: ['counts'], cameras: ['table'] })).status, 'ok');

    await page.getByRole('button', { name: 'Edit zones of camera table' }).click();
    const editor = page.getByRole('region', { name: 'Zones and lines of camera table' });
    await page.waitForFunction(`(() => { const i = document.querySelector('.zone-editor img'); return !!i && i.complete && i.naturalWidth > 0; })()`, undefined, { timeout: 30_000 });
    const svg = editor.locator('.ze-canvas svg');
    const box = await svg.boundingBox();
    assert.ok(box && box.width > 100, 'the picture is shown');
    const at = (x: number, y: number): [number, number] => [box.x + x * box.width, box.y + y * box.height];
    // the floor in front of the standing table, point by point; the first one a little off
    await editor.getByRole('button', { name: 'New zone' }).click();
    for (const [x, y] of [[0.25, 0.6], [0.95, 0.55], [0.95, 0.985], [0.15, 0.985]] as const) await page.mouse.click(...at(x, y));
    await editor.getByRole('button', { name: 'Finish zone' }).click();
    await editor.getByLabel('Zone name').fill('floor');
    // drag the first point into place
    await page.mouse.move(...at(0.25, 0.6));
    await page.mouse.down();
    await page.mouse.move(...at(0.2, 0.57), { steps: 5 });
    await page.mouse.move(...at(0.15, 0.55), { steps: 5 });
    await page.mouse.up();
    await shot(page, 'zones-01-drawn');
    await editor.getByRole('button', { name: 'Save zones' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved and applied.' }).waitFor();

    // saved atomically in the data directory, with the points drawn
    const overlay = JSON.parse(readFileSync(join(daemon.data, 'zones.overlay.json'), 'utf8')) as { cameras: { table: { zones: { id: string; polygon: [number, number][] }[] } } };
    const drawn = overlay.cameras.table.zones;
    assert.deepEqual(drawn.map((z) => z.id), ['floor']);
    const [p0, p1, p2, p3] = drawn[0]?.polygon ?? [];
    const near = (p: [number, number] | undefined, x: number, y: number): boolean => !!p && Math.abs(p[0] - x) < 0.02 && Math.abs(p[1] - y) < 0.02;
    assert.ok(near(p0, 0.15, 0.55) && near(p1, 0.95, 0.55) && near(p2, 0.95, 0.985) && near(p3, 0.15, 0.985), `the points drawn and dragged: ${JSON.stringify(drawn[0]?.polygon)}`);

    // the live count of the new zone over the API: non-zero once a person stands there
    // and on the tile, where the zone is outlined over the live view
    await page.locator('.cam[data-camera="table"] svg.zl-overlay [data-zone="floor"]').waitFor({ state: 'attached' });
    const [count] = await Promise.all([
      ws.next((m) => 'channel' in m && m.channel === 'counts' && m.data.zone === 'floor' && (m.data.count ?? 0) >= 1, LONG),
      page.waitForFunction(`Number(document.querySelector('.cam[data-camera="table"] li[data-zone="floor"]')?.getAttribute('data-count') || 0) >= 1`, undefined, { timeout: LONG, polling: 200 }),
    ]);
    assert.ok('channel' in count && count.channel === 'counts' && count.data.camera === 'table');
    await shot(page, 'zones-02-counting');
    assert.equal(daemon.child.pid, pid);
    assert.equal(daemon.child.exitCode, null, 'the daemon was not restarted');
    ws.ws.close();
    assert.deepEqual(errors, [], 'no console errors');
  });
});
