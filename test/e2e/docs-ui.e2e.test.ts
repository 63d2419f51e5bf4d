// The interactive documentation in a real headless Chromium (Debian's `chromium`, driven by
// playwright-core): the page lists the operations, loads nothing from another host, and a
// screenshot is kept under test-output/. Skips, saying so, where Chromium is not installed
// (install: apt-get update && apt-get install -y chromium).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
const OUTPUT = path.resolve(import.meta.dirname, '../../test-output');
if (!hasChromium) console.warn(`[docs-ui] SKIPPED: Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);

describe.skipIf(!hasChromium)(`documentation UI in headless Chromium${hasChromium ? '' : ' (SKIPPED: no Chromium at ' + CHROMIUM + ')'}`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ label: 'docs_ui' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists the operations, loading every asset from the API host', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
    const foreign: string[] = [];
    const failed: string[] = [];
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page.on('requestfailed', (r) => failed.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const response = await page.goto(`${base}/api/docs`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const operations = (await page.locator('.opblock-summary-path').allTextContents()).map((text) => text.replace(/[\u200b\s]/g, ''));
    for (const op of ['/api/rbac/me', '/api/rbac/members/{user_id}', '/api/feature-flags/{name}', '/api/status', '/api/user/me', '/api/health']) {
      expect(operations, op).toContain(op);
    }
    expect(await page.locator('.btn.authorize').count()).toBeGreaterThan(0); // bearer security scheme shown
    fs.mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT, 'docs-ui.png'), fullPage: false });
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
