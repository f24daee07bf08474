/**
 * Rules in words in real headless Chromium, with no language model configured: a sentence the
 * offline reader cannot place is refused with its words named (and nothing says a model is
 * needed); a rule typed in words is shown as read ("Read as: ..."), saved on confirmation, and
 * then fires on a live camera (the shared one-by-one clip played as a real-time file camera): its
 * alert appears in the dashboard's alert list.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freeTcpPort, startDaemon, type DaemonHandle, type Health } from '../helpers/daemon.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';
import { launchChromium, openPage, shot, type WatchedPage } from './browser.js';

const CLIP = join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4');
/** The clip's first person stands at the table from about 6 s; two shared cores: be patient. */
const LONG = 150_000;
const SENTENCE = 'tell me when anyone is at the table for 3 seconds';

describe('rules in words in Chromium, no model', { timeout: 480_000 }, () => {
  let daemon: DaemonHandle;
  let browser: Browser;
  let tab: WatchedPage;

  before(async () => {
    daemon = startDaemon({
      port: await freeTcpPort(),
      config: {
        node: 'words',
        mqtt: { enabled: false },
        cameras: [
          {
            id: 'desk',
            url: CLIP,
            fps: 2,
            width: 640,
            detector: { model: 'centernet', classes: ['person'] },
            // the floor in front of the standing table
            zones: [{ id: 'table', polygon: [[0.3, 0.45], [0.95, 0.45], [0.95, 1], [0.3, 1]] }],
          },
        ],
      },
    });
    await daemon.waitFor(async () => (await daemon.getJson<Health>('/healthz')).cameras[0]?.state === 'streaming', 60_000, 'camera streaming');
    browser = await launchChromium();
    tab = await openPage(browser);
  });

  after(async () => {
    await browser?.close();
    await daemon?.stop();
  });

  it('refuses a sentence it cannot place, naming the words, without asking for a model', async () => {
    const { page } = tab;
    await page.goto(daemon.baseUrl + '/');
    await page.getByRole('button', { name: 'In words' }).click();
    await page.getByRole('textbox', { name: 'Rule in words' }).fill('tell me when the blue van parks badly');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'could not read it as a rule' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /"badly"/);
    assert.equal(await page.getByText(/language model|send a structured rule/).count(), 0, 'no text says a model is needed');
    assert.equal(await page.getByRole('region', { name: 'proposed rule' }).count(), 0, 'nothing to save');
  });

  it('shows a rule typed in words as read, saves it on confirmation, and the rule fires on the live camera', async () => {
    const { page, errors } = tab;
    await page.getByRole('textbox', { name: 'Rule in words' }).fill(SENTENCE);
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    const proposal = page.getByRole('region', { name: 'proposed rule' });
    await proposal.waitFor();
    const readAs = await proposal.locator('.read-as').innerText();
    assert.equal(readAs, 'Read as: alert when a person stays in zone table of any camera for 3 s or longer (assumed: "for 3 seconds" as once it has held that long).');
    assert.match(await proposal.innerText(), /read from the words/);
    // shown, not saved: the rule list does not have it until confirmed
    const id = 'person-table-stays3s';
    assert.equal(await page.locator(`.rule-list li[data-rule="${id}"]`).count(), 0, 'not saved before confirmation');
    await shot(page, 'rule-words-01-read');
    await proposal.getByRole('button', { name: 'Confirm and add' }).click();
    await page.locator(`.rule-list li[data-rule="${id}"]`).waitFor();
    assert.equal(await page.getByRole('region', { name: 'proposed rule' }).count(), 0, 'the reading gives way to the saved rule');
    // the daemon keeps the structured rule: a stay of 3 s in zone table, added at runtime
    assert.match(await page.locator(`.rule-list li[data-rule="${id}"]`).innerText(), /person in table: stays 3 s · runtime/);
    // the rule fires on the live camera and its alert is listed
    await page.locator(`.alert-item[data-rule="${id}"]`).first().waitFor({ timeout: LONG });
    assert.match(await page.locator(`.alert-item[data-rule="${id}"]`).first().innerText(), /person in table for \d/);
    await shot(page, 'rule-words-02-fired');
    assert.deepEqual(errors, [], 'no console errors');
  });
});
