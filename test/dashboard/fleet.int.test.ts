/**
 * The Fleet page in real headless Chromium: two real daemons on the real Mosquitto, box A's
 * dashboard shows both boxes' cameras on one page, box B's snapshot loads through A's proxy (B's
 * token never reaches the browser), each box's camera counts show (both run the detector), B's
 * alerts appear (the retained list, then live), and a fleet question is sent over the WebSocket and
 * answered with each box's part, not partial (other boxes online on the shared broker, in no fleet
 * or in other runs' fleets, are not waited for).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { BROKER, startFleetBoxes, type FleetBoxes } from '../helpers/fleet-boxes.js';
import { clearRetained, mqttConnect, WsTestClient } from '../edge/clients.js';
import { launchChromium, openPage, shot, type WatchedPage } from './browser.js';

describe('Fleet page in Chromium', { timeout: 400_000 }, () => {
  let f: FleetBoxes;
  let browser: Browser;
  let w: WatchedPage;
  /** Every URL and request header the page sent, and every WebSocket frame it sent. */
  const sent: string[] = [];
  const frames: string[] = [];
  /** A box online on the same broker with fleet questions off (its status only, no manifest). */
  const bystander = `fo${Math.random().toString(36).slice(2, 8)}`;
  let byClient: MqttClient | undefined;

  before(async () => {
    byClient = await mqttConnect(BROKER, { will: { topic: `vigil/${bystander}/status`, payload: Buffer.from('offline'), qos: 1, retain: true } });
    await byClient.publishAsync(`vigil/${bystander}/status`, 'online', { qos: 1, retain: true });
    f = await startFleetBoxes({ detect: true });
    browser = await launchChromium();
    w = await openPage(browser);
    const token = f.tokenA;
    await w.page.addInitScript(`sessionStorage.setItem('vigil.token', ${JSON.stringify(token)})`);
    w.page.on('request', (r) => sent.push(`${r.url()} ${JSON.stringify(r.headers())}`));
    w.page.on('websocket', (ws) => ws.on('framesent', (fr) => frames.push(String(fr.payload))));
  });

  after(async () => {
    await browser?.close();
    await f?.stop();
    if (f) {
      const c = await mqttConnect(BROKER);
      for (const n of [f.nodeA, f.nodeB]) await clearRetained(c, `vigil/${n}`);
      c.end(true);
    }
    if (byClient) {
      await byClient.publishAsync(`vigil/${bystander}/status`, '', { qos: 1, retain: true });
      await byClient.endAsync(true);
    }
  });

  it("shows both boxes' cameras on one page, with B's snapshot through A's proxy", async () => {
    const { page } = w;
    const res = await page.goto(`${f.a.baseUrl}/#fleet`);
    assert.equal(res?.status(), 200);
    await page.getByRole('heading', { name: 'Fleet', exact: true }).waitFor();
    for (const [node, cam] of [[f.nodeA, 'gate'], [f.nodeB, 'dock']] as const) {
      await page.locator(`.fleet-box[data-node="${node}"] .box-state.online`).waitFor({ timeout: 60_000 });
      await page.locator(`.cam[data-node="${node}"][data-camera="${cam}"] .state.streaming`).waitFor({ timeout: 60_000 });
    }
    assert.match(await page.locator(`.fleet-box[data-node="${f.nodeA}"] h3`).innerText(), /this box/);
    const loaded = (node: string): string => `(() => {
      const img = document.querySelector('.cam[data-node="${node}"] img.fleet-snap');
      return img && img.complete && img.naturalWidth > 0;
    })()`;
    await page.waitForFunction(loaded(f.nodeB), undefined, { timeout: 60_000 });
    await page.waitForFunction(loaded(f.nodeA), undefined, { timeout: 30_000 });
    assert.ok(sent.some((s) => s.startsWith(`${f.a.baseUrl}/api/fleet/${f.nodeB}/cameras/dock/snapshot.jpg`)), "B's image came through A's proxy");
    assert.ok(!sent.some((s) => s.startsWith(f.b.baseUrl)), 'the browser never talked to B');
    assert.ok(!sent.some((s) => s.includes(f.tokenB)) && !frames.some((s) => s.includes(f.tokenB)), "B's token never reached the browser");
    assert.ok(!(await page.content()).includes(f.tokenB));
    await shot(page, 'fleet-01-boxes');
  });

  it("shows each box's camera counts: A's shoppers, B's bottles", async () => {
    const { page } = w;
    for (const [node, cam, cls] of [[f.nodeA, 'gate', 'person'], [f.nodeB, 'dock', 'bottle']] as const) {
      const item = page.locator(`.cam[data-node="${node}"][data-camera="${cam}"] ul.counts li`, { hasText: cls }).first();
      await item.waitFor({ timeout: 90_000 });
      assert.ok(Number(await item.locator('b').innerText()) > 0, `${cls} counted on ${cam} of ${node}`);
    }
    await shot(page, 'fleet-01b-counts');
  });

  it("shows B's alerts: the ones before the page opened, and new ones live", async () => {
    const { page } = w;
    await page.locator(`.fleet-alerts li[data-node="${f.nodeB}"]`).first().waitFor({ timeout: 30_000 });
    const wsB = await WsTestClient.connect(`${f.b.baseUrl.replace('http', 'ws')}/api/ws`, f.tokenB);
    try {
      const put = await wsB.request({ type: 'rules.put', rule: { id: 'dock-idle', camera: 'dock', class: 'person', trigger: { type: 'absence', seconds: 1 } } });
      assert.equal(put.status, 'ok');
    } finally {
      wsB.close();
    }
    await page.locator(`.fleet-alerts li[data-node="${f.nodeB}"]`, { hasText: 'no people' }).nth(1).waitFor({ timeout: 30_000 });
    await shot(page, 'fleet-02-alerts');
  });

  it('sends a fleet question and renders the answer with each box\'s part and evidence, not partial', async () => {
    const { page, errors } = w;
    const question = 'how many objects were seen in the last hour?';
    await page.getByLabel('Question to every box').fill(question);
    await page.getByLabel('Deadline').selectOption('10000');
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Ask the fleet' }).click();
    await page.locator('#fleet-answer').waitFor({ timeout: 30_000 });
    // box A's asker knows its fleet (A and B) and stops waiting once both answered
    assert.ok(Date.now() - t0 < 7000, `answered before the 10 s deadline (${Date.now() - t0} ms)`);
    assert.equal(await page.locator('.fleet-ask-error').count(), 0);
    const ask = frames.map((s) => JSON.parse(s) as { type?: string; question?: string }).find((m) => m.type === 'fleet.ask');
    assert.equal(ask?.question, question);
    const text = await page.locator('#fleet-answer .answer-text').innerText();
    assert.match(text, /^Fleet answer from 2 boxes/, text);
    assert.doesNotMatch(text, /Did not answer/, 'no box of the shared broker outside this fleet is waited for');
    assert.ok(!text.includes(bystander), 'the box online with fleet off is not named');
    assert.equal(await page.locator('#fleet-answer .warn-text').count(), 0, 'not partial');
    assert.equal(await page.locator('.fleet-parts tr.missing').count(), 0);
    const parts = page.locator('.fleet-parts tbody tr');
    const nodes = await Promise.all((await parts.all()).map((r) => r.getAttribute('data-node')));
    assert.deepEqual(nodes.sort(), [f.nodeA, f.nodeB].sort(), 'one part per box of the fleet');
    for (const [node, cam] of [[f.nodeA, 'gate'], [f.nodeB, 'dock']] as const) {
      const row = page.locator(`.fleet-parts tr[data-node="${node}"]`);
      assert.equal(await row.locator('td').nth(1).innerText(), 'ok', `${node} answered`);
      assert.equal(await row.locator('td').nth(4).innerText(), cam, `${node}'s camera`);
      await page.locator('.fleet-evidence li', { hasText: node }).first().waitFor({ timeout: 1000 });
      assert.match(await page.locator('.fleet-evidence li', { hasText: node }).first().innerText(), new RegExp(`^${node} · ${cam} · `), `evidence of ${node}`);
    }
    await shot(page, 'fleet-03-ask');
    // the shared broker may hold retained state of other runs' boxes, whose images fail: only this
    // test's boxes must load cleanly
    const ours = errors.filter((e) => !/\/api\/fleet\/[^/]+\//.test(e) || e.includes(`/api/fleet/${f.nodeA}/`) || e.includes(`/api/fleet/${f.nodeB}/`));
    assert.deepEqual(ours, [], 'no console errors');
  });

  it('shows B offline once B stops', async () => {
    await f.b.stop();
    // offline boxes are folded under "Offline boxes"
    await w.page.locator(`.fleet-offline .fleet-box[data-node="${f.nodeB}"] .box-state.offline`).waitFor({ state: 'attached', timeout: 30_000 });
    await w.page.locator('.fleet-offline summary').click();
    await w.page.locator(`.fleet-box[data-node="${f.nodeB}"] .box-state.offline`).waitFor();
    await shot(w.page, 'fleet-04-offline');
  });
});
