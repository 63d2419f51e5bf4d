// The console's OpenID Connect sign-in in headless Chromium: authorization code with PKCE against a
// stand-in provider that verifies the code_verifier, the real service process verifying the
// provider's tokens, and the console renewing its short-lived token with the refresh token. The
// callback page is screenshotted and checked with axe-core while it signs in and when it fails.
// Skips, saying so, without Chromium.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database.js';
import { CHROMIUM, expectAccessible, hasChromium, launchChromium, screenshot, watchProblems } from '../support/console-browser.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { startOidcStandIn, type OidcStandIn } from '../support/stand-ins/oidc-stand-in.js';

const CLIENT_ID = 'sprintguard-console';

if (!hasChromium) console.warn(`[console-oidc] SKIPPED: Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);

describe.skipIf(!hasChromium)('console sign-in with OpenID Connect (headless Chromium)', () => {
  let idp: OidcStandIn;
  let service: ServiceProcess;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    // Tokens live 8 s: the console must renew one (at 80% of its life) while the test watches.
    idp = await startOidcStandIn({ clientId: CLIENT_ID, claims: { sub: 'olga', org_id: 'org_oidc', org_role: 'org:admin', email: 'olga@example.com' }, accessTokenSeconds: 8 });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-console-oidc-'));
    const env = cleanEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: await createTestDatabaseUrl('console_oidc'),
      LOG_LEVEL: 'warn',
      AUTH_JWKS_URL: idp.jwksUrl,
      AUTH_ISSUER: idp.issuer,
      CONSOLE_OIDC_CLIENT_ID: CLIENT_ID,
    });
    [service, browser] = await Promise.all([startService({ env, port: await freePort() }), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await idp?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('signs in with code + PKCE, leaves no code in the address bar, and renews the token before it expires', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(page);
    await page.goto(`${service.url}/app/metrics`);
    const button = page.getByRole('button', { name: 'Sign in with your identity provider' });
    await button.waitFor();
    await screenshot(page, 'sign-in-oidc');
    await expectAccessible(page, 'sign-in-oidc');

    // The code exchange waits while the callback page is looked at: it is what the user sees meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${idp.issuer}/token`, async (route) => {
      if (route.request().postData()?.includes('grant_type=authorization_code')) await held;
      await route.continue();
    });
    await button.click();
    await page.getByRole('heading', { name: 'Signing in…' }).waitFor({ timeout: 20_000 });
    // The code left the address bar before the exchange.
    expect(page.url()).toBe(`${service.url}/app/callback`);
    await screenshot(page, 'callback');
    await expectAccessible(page, 'callback');
    release();
    await page.getByRole('heading', { name: 'Metrics' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${service.url}/app/metrics`);
    await page.getByText('olga@example.com').waitFor();

    const [authorize] = idp.authorizeRequests;
    expect(authorize?.get('code_challenge_method')).toBe('S256');
    expect(authorize?.get('redirect_uri')).toBe(`${service.url}/app/callback`);
    expect(idp.tokenRequests[0]).toEqual({ grant_type: 'authorization_code', pkce_verified: true, status: 200 });

    // Renewed with the refresh token, and the API accepts the new token.
    await expect.poll(() => idp.tokenRequests.filter((r) => r.grant_type === 'refresh_token' && r.status === 200).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Action cap (most actions per run)').inputValue(), { timeout: 10_000 }).toMatch(/^\d+$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says why when a callback cannot complete, on an accessible page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(page);
    // A callback this tab never started (no PKCE verifier kept): refused, with a way back.
    await page.goto(`${service.url}/app/callback?code=forged&state=forged`);
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor({ timeout: 20_000 });
    await page.getByRole('alert').getByText(/^no sign-in was started in this tab/).waitFor();
    expect(page.url()).toBe(`${service.url}/app/callback`);
    await page.getByRole('link', { name: 'Try again' }).waitFor();
    await screenshot(page, 'callback-failed');
    await expectAccessible(page, 'callback-failed');
    expect(problems).toEqual([]);
    await page.close();
  });
});
