/**
 * Test helper: Debian's Chromium, headless, driven by playwright-core (nothing downloads a
 * browser), with every console error and page error recorded.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { packageRoot } from '../../edge/paths.js';

/** Where Debian installs Chromium (`apt-get install chromium`). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots and logs of the browser tests (git-ignored). */
export const ARTIFACTS = join(packageRoot(), 'test-artifacts', 'dashboard');

/** Launches headless Chromium with a fresh profile and no network services of its own. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (scripts/test.sh does it as root)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
}

/** A page whose console errors and uncaught errors are collected. */
export interface WatchedPage {
  page: Page;
  /** Console `error` messages and page errors, in order. */
  errors: string[];
}

/** Opens a page in a new context of the given viewport and records its errors. */
export async function openPage(browser: Browser, viewport = { width: 1400, height: 1000 }): Promise<WatchedPage> {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { page, errors };
}

/** Saves a full-page screenshot under {@link ARTIFACTS}; returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
