/**
 * The dashboard in real headless Chromium against the real daemon, with a shared clip served as a
 * live camera by a real RTSP server: the page loads without console errors, the timeline fills
 * with counts and events, a question is answered with evidence that moves the timeline, and a
 * rule added in the page fires into the alert list, which after a reload still shows the past
 * alerts (from the daemon's history) with their pictures, filters them and moves the timeline.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { packageRoot } from '../../edge/paths.js';
import { freeTcpPort, startDaemon, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer, type RtspServerHandle } from '../helpers/rtsp-server.js';
import { launchChromium, openPage, shot, type WatchedPage } from './browser.js';

const PEOPLE = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
/** Two cores shared by the daemon, the detector, ffmpeg and Chromium: be patient. */
const LONG = 150_000;

describe('dashboard in Chromium', { timeout: 600_000 }, () => {
  let rtsp: RtspServerHandle;
  let daemon: DaemonHandle;
  let browser: Browser;
  let desk: WatchedPage;

  before(async () => {
    rtsp = await startRtspServer({ mounts: [{ path: '/table', file: PEOPLE }] });
    daemon = startDaemon({
      port: await freeTcpPort(),
      config: {
        node: 'dash',
        mqtt: { enabled: false },
        cameras: [
          {
            id: 'table',
            url: rtsp.url('/table'),
            fps: 2,
            width: 640,
            watchdogSeconds: 10,
            detector: { model: 'centernet', classes: ['person'] },
            // the floor in front of the standing table
            zones: [{ id: 'table', polygon: [[0.3, 0.45], [0.95, 0.45], [0.95, 1], [0.3, 1]] }],
          },
        ],
        // a rule that never fires (the clip never has five people): the alert filter's empty case
        rules: [{ id: 'crowd', camera: 'table', class: 'person', trigger: { type: 'count', op: '>=', value: 5 } }],
      },
    });
    await daemon.waitFor(async () => (await daemon.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming', 60_000, 'camera streaming');
    browser = await launchChromium();
    desk = await openPage(browser);
  });

  after(async () => {
    await browser?.close();
    await daemon?.stop();
    await rtsp?.stop();
  });

  it('loads without console errors and shows the camera live', async () => {
    const { page, errors } = desk;
    const res = await page.goto(daemon.baseUrl + '/');
    assert.equal(res?.status(), 200);
    await page.getByRole('heading', { name: 'Cameras' }).waitFor();
    await page.locator('.cam[data-camera="table"] .state.streaming').waitFor();
    await page.locator('.link.open').waitFor();
    // the preview decodes (jsmpeg draws on the canvas) within a while
    await page.locator('.cam[data-camera="table"] canvas:not(.hidden)').waitFor({ timeout: 60_000 });
    await shot(page, '01-loaded');
    assert.deepEqual(errors, [], 'no console errors');
  });

  it('the timeline shows counts and events after the clip plays', async () => {
    const { page } = desk;
    const row = page.locator('.tl-row[data-camera="table"]');
    // the first person is in view from 6 s to 19 s of the clip
    await page.waitForFunction(
      `(() => {
        const r = document.querySelector('.tl-row[data-camera="table"]');
        return r && Number(r.getAttribute('data-peak')) >= 1 && Number(r.getAttribute('data-events')) >= 1 && Number(r.getAttribute('data-segments')) > 5;
      })()`,
      undefined,
      { timeout: LONG, polling: 1000 },
    );
    assert.ok(Number(await row.getAttribute('data-segments')) > 5);
    const d = await row.locator('path.tl-count').getAttribute('d');
    assert.match(d ?? '', /^M[\d.]+,[\d.]+L/, 'a count line is drawn');
    assert.ok((await row.locator('line.tl-event').count()) >= 1, 'event marks are drawn');
    // a shorter window, chosen in the page
    const from60 = Number(await row.locator('.tl-chart').getAttribute('aria-valuemin'));
    await page.getByRole('group', { name: 'Time window' }).getByRole('button', { name: '5 min', exact: true }).click();
    await page.waitForFunction(`Number(document.querySelector('.tl-row[data-camera="table"] .tl-chart').getAttribute('aria-valuemin')) > ${from60 + 50 * 60_000}`);
    await shot(page, '02-timeline');
  });

  it('answers a question with evidence, and evidence moves the timeline', async () => {
    const { page } = desk;
    // the whole hour, so that any evidence is inside the window
    await page.getByRole('group', { name: 'Time window' }).getByRole('button', { name: '60 min', exact: true }).click();
    await page.getByLabel('Question about the last hours').fill('how many people came?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.locator('#answer').waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#answer .answer-value').innerText(), /\d/);
    assert.match(await page.locator('.coverage').innerText(), /^Coverage: /);
    assert.ok((await page.locator('.steps li.plan').count()) >= 1, 'the plan streamed in');
    const ev = page.locator('.evidence button').first();
    await ev.waitFor();
    const label = (await ev.getAttribute('aria-label')) ?? '';
    await ev.click();
    const scrub = page.locator('#tl-scrub');
    await scrub.waitFor();
    const cursor = Number(await scrub.getAttribute('data-cursor'));
    assert.ok(cursor > Date.now() - 3600_000 && cursor <= Date.now(), 'the cursor is inside the last hour');
    assert.ok(label.includes(await page.locator('#tl-cursor-time').innerText()), `the timeline shows the evidence's time (${label})`);
    assert.equal(await page.locator('.tl-row[data-camera="table"] .tl-chart').getAttribute('aria-valuenow'), String(cursor));
    await page.locator('.tl-row[data-camera="table"] line.tl-cursor').waitFor({ state: 'attached' });
    // the keyframe at that time loads
    await page.waitForFunction(`(() => {
      const img = document.querySelector('#tl-scrub img');
      return img && img.complete && img.naturalWidth > 0;
    })()`);
    // keyboard scrubbing: ArrowLeft moves 10 s back
    await page.locator('.tl-row[data-camera="table"] .tl-chart').focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(Number(await scrub.getAttribute('data-cursor')), Math.max(cursor - 10_000, Number(await page.locator('.tl-row[data-camera="table"] .tl-chart').getAttribute('aria-valuemin'))));
    await shot(page, '03-answer');
  });

  it('shows a refusal as a notice with example questions, and an example asks itself', async () => {
    const { page } = desk;
    await page.getByLabel('Question about the last hours').fill('what colour was the jacket?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const notice = page.locator('#answer.refusal');
    await notice.waitFor({ timeout: 60_000 });
    assert.match(await notice.locator('.refusal-text').innerText(), /did not understand[^.]*colou?r/i);
    assert.equal(await page.locator('.evidence').count(), 0, 'a refusal shows no evidence');
    const examples = page.getByRole('group', { name: 'Example questions' }).getByRole('button');
    assert.ok((await examples.count()) >= 1, 'example questions are offered');
    const example = (await examples.first().innerText()).trim();
    await examples.first().click();
    // the example is asked at once and answered: the notice gives way to an answer
    await page.locator('#answer:not(.refusal) .read-as').waitFor({ timeout: 60_000 });
    assert.equal(await page.getByLabel('Question about the last hours').inputValue(), example);
    assert.equal(await page.locator('#answer.refusal').count(), 0);
    await shot(page, '03b-refusal');
  });

  it('a rule added in the page fires and shows in the live feed', async () => {
    const { page, errors } = desk;
    // in words, without a language model: a sentence the offline reader cannot place is refused by its words
    await page.getByRole('button', { name: 'In words' }).click();
    await page.getByRole('textbox', { name: 'Rule in words' }).fill('tell me when the blue van parks badly');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '"badly"' }).waitFor();
    await page.getByRole('button', { name: 'Structured' }).click();
    const form = page.getByRole('form', { name: 'add a rule' });
    await form.getByLabel('Rule id', { exact: true }).fill('person-seen');
    await form.getByLabel('Camera', { exact: true }).selectOption('table');
    await form.getByLabel('Class', { exact: true }).fill('person');
    await form.getByLabel('Trigger', { exact: true }).selectOption('count');
    await form.getByLabel('For seconds', { exact: true }).fill('0');
    await form.getByLabel('Cooldown (s)', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.locator('.rule-list li[data-rule="person-seen"]').waitFor();
    // a person is at the table for most of the 139 s clip
    await page.locator('.alert-item[data-rule="person-seen"]').first().waitFor({ timeout: LONG });
    // its picture is the frame that fired it, served by the daemon, and it loads in the page
    const id = await page.locator('.alert-item[data-rule="person-seen"]').first().getAttribute('data-alert');
    assert.ok(id, 'the alert item names its alert');
    const item = `.alert-item[data-alert="${id}"]`;
    const img = page.locator(`${item} img`);
    await img.scrollIntoViewIfNeeded();
    const src = await img.getAttribute('src');
    assert.equal(new URL(src ?? '', daemon.baseUrl).pathname, `/api/alerts/${encodeURIComponent(id)}/snapshot.jpg`, 'the alert\'s own snapshot, not the live one');
    await page.waitForFunction(`(() => { const i = document.querySelector('${item} img'); return !!i && i.complete && i.naturalWidth > 0; })()`, undefined, { timeout: 30_000 });
    assert.ok((await page.evaluate<number>(`document.querySelector('${item} img').naturalWidth`)) >= 320, 'a whole frame, decoded');
    const pic = await fetch(new URL(src ?? '', daemon.baseUrl));
    assert.equal(pic.status, 200);
    assert.equal(pic.headers.get('content-type'), 'image/jpeg');
    await page.locator('.tl-row[data-camera="table"] line.tl-alert').first().waitFor({ state: 'attached' });
    if (process.env.DASHBOARD_DOCS_SCREENSHOT) {
      // for the README: let a few people come and go first
      await page.waitForFunction(`Number(document.querySelector('.tl-row[data-camera="table"]').getAttribute('data-events')) >= 12`, undefined, { timeout: 300_000, polling: 2000 });
      await page.getByRole('button', { name: 'Ask' }).click();
      await page.locator('#answer').waitFor();
      await page.locator('.evidence button').nth(1).click();
      await page.getByRole('group', { name: 'Time window' }).getByRole('button', { name: '5 min', exact: true }).click();
      await page.evaluate('window.scrollTo(0, 0)');
      await page.waitForTimeout(6000); // one more timeline refresh: the picture, not the test, needs it
      mkdirSync(join(packageRoot(), 'docs'), { recursive: true });
      await page.screenshot({ path: join(packageRoot(), 'docs', 'dashboard.png'), fullPage: true });
    }
    await shot(page, '04-alerts');
    // disabling it from the page
    const box = page.locator('.rule-list li[data-rule="person-seen"] input[type="checkbox"]');
    await box.uncheck();
    await page.waitForFunction(`!document.querySelector('.rule-list li[data-rule="person-seen"] input[type="checkbox"]').checked`);
    await shot(page, '05-rule-disabled');
    assert.deepEqual(errors, [], 'no console errors during the session');
  });

  it('after a reload, past alerts come from the history with thumbnails; filters narrow them; a click moves the timeline', async () => {
    const { page, errors } = desk;
    // the rule was disabled above: nothing fires any more, so what the page lists now is history
    const reloadedAt = Date.now();
    await page.reload();
    await page.locator('.link.open').waitFor();
    const items = page.locator('.alert-item[data-rule="person-seen"]');
    await items.first().waitFor({ timeout: 30_000 });
    const ts = Number(await items.first().getAttribute('data-ts'));
    assert.ok(ts > 0 && ts < reloadedAt, 'an alert from before the reload');
    const id = (await items.first().getAttribute('data-alert')) ?? '';
    const item = `.alert-item[data-alert="${id}"]`;
    await page.locator(`${item} img`).scrollIntoViewIfNeeded();
    await page.waitForFunction(`(() => { const i = document.querySelector('${item} img'); return !!i && i.complete && i.naturalWidth >= 320; })()`, undefined, { timeout: 30_000 });
    assert.equal(new URL((await page.locator(`${item} img`).getAttribute('src')) ?? '', daemon.baseUrl).pathname, `/api/alerts/${encodeURIComponent(id)}/snapshot.jpg`);
    assert.equal(await page.getByText('No alerts yet').count(), 0);
    await shot(page, '04b-alert-history');
    // filters: a rule that never fired lists nothing; all rules again lists the past alerts
    const filters = page.getByRole('group', { name: 'Filter alerts' });
    await filters.getByLabel('Rule').selectOption('crowd');
    await page.getByText('No alerts match these filters.').waitFor();
    assert.equal(await page.locator('.alert-item').count(), 0);
    await filters.getByLabel('Rule').selectOption('');
    await filters.getByLabel('Camera').selectOption('table');
    await items.first().waitFor();
    // a click on the alert moves the timeline to its moment
    await page.locator(`${item} button.ev-thumb`).click();
    const scrub = page.locator('#tl-scrub');
    await scrub.waitFor();
    assert.equal(Number(await scrub.getAttribute('data-cursor')), ts);
    assert.equal(await scrub.getAttribute('data-camera'), 'table');
    await page.waitForFunction(`(() => { const img = document.querySelector('#tl-scrub img'); return img && img.complete && img.naturalWidth > 0; })()`, undefined, { timeout: 30_000 });
    await shot(page, '04c-alert-on-timeline');
    assert.deepEqual(errors, [], 'no console errors');
  });

  it('the objects table names the colours of a person whose track ended', async () => {
    const { page, errors } = desk;
    // the first person leaves at 19 s of the clip: by now their track has ended and been named
    const cell = page.locator('.objects-table tr[data-object] .colours .colour[data-part="top"]').first();
    await cell.waitFor({ timeout: LONG });
    assert.match((await cell.textContent()) ?? '', /^top (dark |light )?(black|white|grey|red|orange|yellow|green|blue|purple|pink|brown)$/);
    assert.equal(await page.locator('.objects-table tr[data-object] .colours .colour[data-part="bottom"]').count() > 0, true);
    assert.deepEqual(errors, [], 'no console errors');
  });

  it('works on a phone-sized screen', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.page.goto(daemon.baseUrl + '/');
    await phone.page.locator('.tl-row[data-camera="table"]').waitFor();
    await phone.page.getByLabel('Question about the last hours').waitFor();
    const overflow = await phone.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `no horizontal scrolling (${overflow} px too wide)`);
    await shot(phone.page, '06-phone');
    assert.deepEqual(phone.errors, []);
    await phone.page.context().close();
  });

  it('a camera is disabled and enabled again from the page', async () => {
    const { page, errors } = desk;
    await page.getByRole('button', { name: 'Disable camera table' }).click();
    await page.locator('.cam[data-camera="table"] .state.disabled').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Enable camera table' }).click();
    await page.locator('.cam[data-camera="table"] .state.streaming').waitFor({ timeout: 90_000 });
    assert.deepEqual(errors.filter((e) => !/preview/.test(e)), [], 'no console errors (the preview socket may drop with its camera)');
  });
});

describe('dashboard token login', { timeout: 180_000 }, () => {
  const TOKEN = 'dashboard-test-token-0123456789';
  let daemon: DaemonHandle;
  let browser: Browser;

  before(async () => {
    daemon = startDaemon({
      port: await freeTcpPort(),
      config: {
        node: 'locked',
        auth: { tokens: [{ name: 'reader', token: TOKEN, scope: 'read' }] },
        mqtt: { enabled: false },
        cameras: [{ id: 'bench', url: join(SHARED_VIDEOS, 'bottle-detection.mp4'), fps: 1, width: 320, detector: { model: 'none' } }],
      },
    });
    await daemon.waitFor(async () => (await daemon.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming', 60_000, 'camera streaming');
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await daemon?.stop();
  });

  it('asks for a token, refuses a wrong one, and keeps a right one for the tab only', async () => {
    const { page } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(daemon.baseUrl + '/');
    const field = page.getByLabel('API token');
    // the prompt points a newcomer to the generated admin token, not only to auth.tokens
    const help = (await page.locator('#token-help').textContent()) ?? '';
    assert.match(help, /<data>\/admin\.token/);
    assert.match(help, /vigil token/);
    await field.fill('not-the-right-token-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'refused this token' }).waitFor();
    await field.fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.cam[data-camera="bench"] .state.streaming').waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate<string | null>(`sessionStorage.getItem('vigil.token')`), TOKEN);
    // a read-only token cannot manage rules
    await page.getByText('Managing rules needs an admin token.').waitFor();
    await shot(page, '07-token-login');
    // a new tab (new session) asks again
    const other = await page.context().newPage();
    await other.goto(daemon.baseUrl + '/');
    await other.getByLabel('API token').waitFor();
    await page.context().close();
  });
});
