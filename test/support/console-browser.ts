// Helpers of the console's browser tests: one headless Chromium per file, screenshots under
// test-output/console/, an axe-core check, and the console's development sign-in.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from './database.js';
import { cleanEnv, freePort, startService } from './service-process.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const SHOTS = path.resolve(import.meta.dirname, '../../test-output/console');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: unknown[];
}

/** axe-core on the page as it is: no serious or critical violation. Injected through the debugging
 * protocol, which the page's security policy (scripts from its own origin only) does not govern. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(axeSource);
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target) })))`);
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe, `${name}: ${JSON.stringify(severe, null, 1)}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fills the development sign-in form and waits for the console's navigation. */
export async function signInDevelopment(page: Page, who: { org: string; user: string; admin: boolean }): Promise<void> {
  await page.getByLabel('Organization', { exact: true }).fill(who.org);
  await page.getByLabel('User', { exact: true }).fill(who.user);
  await page.getByLabel('Organization admin').setChecked(who.admin);
  await page.getByRole('button', { name: 'Sign in (development)' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

/** Records what the page reports as broken: script errors and security-policy refusals. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
  return problems;
}

export interface ConsoleService {
  url: string;
  /** An API call as an organization admin (ada) of `org`. */
  call<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/**
 * The real service process on a test database, for the browser tests: like the run harness, but
 * with a start-up allowance for a loaded machine (the browser starts at the same time).
 */
export async function startConsoleService(label: string, org: string, extraEnv: Record<string, string> = {}): Promise<ConsoleService> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `sprintguard-${label}-`));
  const env = cleanEnv({ DATA_DIR: dataDir, DATABASE_URL: await createTestDatabaseUrl(label), LOG_LEVEL: 'warn', ...extraEnv });
  const service = await startService({ env, port: await freePort(), timeoutMs: 90_000 });
  const token = await signDevToken(dataDir, { orgId: org, userId: 'ada', admin: true });
  return {
    url: service.url,
    async call<T>(method: string, url: string, body?: unknown) {
      const res = await fetch(`${service.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    async close() {
      await service.stop('SIGTERM');
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}
