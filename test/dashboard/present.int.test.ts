/**
 * Answers read at a glance (issue 26, part 5), in real headless Chromium against the real daemon
 * over a memory written beforehand (a person who came twice for 12 s, another once for 30 s): the
 * value first and big, then the Read-as line, then the evidence; people named by arrival, never by
 * memory id; times in the configured zone (not the browser's); visible refusal buttons; the objects
 * table by visit; and on a phone the Ask panel first with nothing clipped.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { MemoryStore } from '../../memory/store.js';
import { freeTcpPort, startDaemon, tempDir, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { frame, object, segment } from '../memory/fixtures.js';
import { launchChromium, openPage, shot, type WatchedPage } from './browser.js';

/** Far from UTC and from the browser's zone: a time shown in the wrong zone cannot pass. */
const ZONE = 'Pacific/Chatham';
const NOW = Date.now();
const T = Math.floor((NOW - 20 * 60_000) / 1000) * 1000;
/** shop:person:7 came twice for 12 s; shop:person:8 once for 30 s in between. */
const P7: [number, number][] = [
  [T + 60_000, T + 72_000],
  [T + 15 * 60_000, T + 15 * 60_000 + 12_000],
];
const P8: [number, number][] = [[T + 5 * 60_000, T + 5 * 60_000 + 30_000]];

/** The written memory has no keyframes: their 404s are expected (the thumbnails hide themselves). */
const notKeyframe = (e: string): boolean => !/\/keyframe\.jpg\?ts=\d+ *$/.test(e);

/** `18:42:40` in {@link ZONE}. */
const clockIn = (t: number): string => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(t);

/** Writes the shop camera's last 20 minutes: frames (coverage), segments and the two people. */
async function seed(dir: string): Promise<void> {
  const w = new MemoryStore({ dir });
  w.open();
  const inside = (t: number, vs: [number, number][]): boolean => vs.some(([a, b]) => t >= a && t <= b);
  for (let t = T; t < NOW - 60_000; t += 1000) {
    const ids = [...(inside(t, P7) ? ['shop:person:7'] : []), ...(inside(t, P8) ? ['shop:person:8'] : [])];
    void w.write(frame('shop', t, ids));
    if ((t - T) % 2000 === 0) void w.write(segment('shop', t));
  }
  await w.write(object('shop', 'shop:person:7', 'person', P7[0]![0], P7[1]![1], { visits: P7.map(([start, end]) => ({ start, end })) }));
  await w.write(object('shop', 'shop:person:8', 'person', P8[0]![0], P8[0]![1], { visits: P8.map(([start, end]) => ({ start, end })) }));
  await w.close();
}

describe('answers at a glance in Chromium', { timeout: 300_000 }, () => {
  let daemon: DaemonHandle;
  let browser: Browser;
  let desk: WatchedPage;

  before(async () => {
    const data = tempDir('present');
    await seed(data);
    daemon = startDaemon({
      port: await freeTcpPort(),
      data,
      config: {
        node: 'present',
        timezone: ZONE,
        mqtt: { enabled: false },
        cameras: [{ id: 'bench', url: join(SHARED_VIDEOS, 'bottle-detection.mp4'), fps: 1, width: 320, detector: { model: 'none' } }],
      },
    });
    await daemon.waitFor(async () => (await daemon.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming', 60_000, 'camera streaming');
    browser = await launchChromium();
    desk = await openPage(browser);
    await desk.page.goto(daemon.baseUrl + '/');
    await desk.page.locator('.link.open').waitFor();
  });

  after(async () => {
    await browser?.close();
    await daemon?.stop();
  });

  it('lists objects by visit: two rows of 12 s for the one who came twice, named by arrival in the configured zone', async () => {
    const { page } = desk;
    const rows = page.locator('.objects-table tr[data-object="shop:person:7"]');
    await page.waitForFunction(`document.querySelectorAll('.objects-table tr[data-object="shop:person:7"]').length === 2`);
    for (const i of [0, 1]) {
      const r = rows.nth(i);
      const [start, end] = P7[1 - i]!; // newest first
      assert.equal((await r.locator('td[data-label="Length"]').innerText()).trim(), '12 s');
      assert.equal((await r.locator('td[data-label="Arrived"]').innerText()).trim(), clockIn(start));
      assert.equal((await r.locator('td[data-label="Left"]').innerText()).trim(), clockIn(end));
    }
    // named as a person would: the 1st visitor of the day at shop (unless the day began in between)
    await page.waitForFunction(`/visitor, arrived/.test(document.querySelector('.objects-table tr[data-object="shop:person:7"] .who').textContent)`);
    const who = await rows.first().locator('.who').innerText();
    assert.match(who, new RegExp(`^the \\d+(st|nd|rd|th) visitor, arrived ${clockIn(P7[0]![0])}$`));
    assert.doesNotMatch(await page.locator('#objects').innerText(), /shop:person:/, 'no memory ids on show');
    assert.doesNotMatch(await page.locator('#objects').innerText(), /Dwell/);
    await shot(page, 'p1-objects-by-visit');
  });

  it('shows the value first and big, then the Read-as line, then the evidence', async () => {
    const { page, errors } = desk;
    await page.getByLabel('Question about the last hours').fill('how many people came?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.locator('#answer .answer-value').waitFor({ timeout: 60_000 });
    assert.equal((await page.locator('#answer .answer-value').innerText()).trim(), '3', 'three arrivals');
    assert.match(await page.locator('#answer .read-as').innerText(), /^Read as: the number of visits/);
    // in that order, the value the biggest text
    const order = await page.evaluate<string[]>(`[...document.querySelectorAll('#answer > *')].map((e) => e.className)`);
    const at = (c: string): number => order.findIndex((n) => n.split(' ').includes(c));
    assert.ok(at('answer-value') === 0 && at('answer-value') < at('read-as') && at('read-as') < at('evidence'), `order ${order.join(', ')}`);
    const size = (sel: string): Promise<number> => page.evaluate<number>(`parseFloat(getComputedStyle(document.querySelector('${sel}')).fontSize)`);
    assert.ok((await size('#answer .answer-value')) >= 1.6 * (await size('#answer .read-as')), 'the value is big');
    // the one date format, in the configured zone
    const cov = await page.locator('#answer .coverage').innerText();
    assert.match(cov, /^Coverage: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    assert.doesNotMatch(await page.locator('#answer').innerText(), /\d{4}-\d\d-\d\dT|\d+\/\d+\/\d{4}/, 'no ISO or m/d/y dates');
    // a visit answer names the person, not the id
    await page.getByLabel('Question about the last hours').fill('who stayed the longest?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.locator('#answer .answer-detail').waitFor({ timeout: 60_000 });
    await page.waitForFunction(`/visitor, arrived/.test(document.querySelector('#answer .answer-detail').textContent)`);
    const detail = await page.locator('#answer .answer-detail').innerText();
    assert.match(detail, new RegExp(`^the \\d+(st|nd|rd|th) visitor, arrived ${clockIn(P8[0]![0])} on shop`), detail);
    assert.match(await page.locator('#answer .answer-value').innerText(), /^3\d s$/, 'the length, big');
    assert.doesNotMatch(await page.locator('#answer').innerText(), /shop:person:/);
    await shot(page, 'p2-value-first');
    assert.deepEqual(errors.filter(notKeyframe), []);
  });

  it('shows refusal examples as buttons you can see', async () => {
    const { page } = desk;
    await page.getByLabel('Question about the last hours').fill('what colour was the jacket?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const chips = page.getByRole('group', { name: 'Example questions' }).getByRole('button');
    await chips.first().waitFor({ timeout: 60_000 });
    const look = await page.evaluate<{ color: string; background: string }>(`(() => {
      const s = getComputedStyle(document.querySelector('.examples .chip'));
      return { color: s.color, background: s.backgroundColor };
    })()`);
    assert.notEqual(look.background, 'rgba(0, 0, 0, 0)', 'an opaque background');
    assert.notEqual(look.color, look.background, `text ${look.color} on ${look.background}`);
    assert.notEqual(look.color, 'rgb(255, 255, 255)', 'not white text');
    await shot(page, 'p3-refusal');
  });

  it('on a phone, Ask comes first and nothing is clipped', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.page.goto(daemon.baseUrl + '/');
    await phone.page.locator('.objects-table tr[data-object="shop:person:7"]').first().waitFor();
    const top = (id: string): Promise<number> => phone.page.evaluate<number>(`document.getElementById('${id}').getBoundingClientRect().top`);
    const ask = await top('ask');
    for (const other of ['cameras', 'timeline', 'objects', 'rules']) assert.ok(ask < (await top(other)), `Ask above ${other}`);
    const overflow = await phone.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `no horizontal scrolling (${overflow} px too wide)`);
    // the objects table fits: no cell reaches past its panel
    const past = await phone.page.evaluate<number>(`(() => {
      const panel = document.getElementById('objects').getBoundingClientRect();
      return Math.max(0, ...[...document.querySelectorAll('#objects td')].map((td) => td.getBoundingClientRect().right - panel.right));
    })()`);
    assert.equal(past, 0, `objects table clipped by ${past} px`);
    await shot(phone.page, 'p4-phone');
    assert.deepEqual(phone.errors.filter(notKeyframe), []);
    await phone.page.context().close();
  });
});
