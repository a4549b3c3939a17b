import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

export const DEMO_PASSWORD = 'courier-demo';
export type DemoRole =
  'superadmin' | 'manager' | 'accounts' | 'pricing' | 'dispatcher' | 'telephonist' | 'driver' | 'customer';

export function baseURL(): string {
  return inject('baseURL');
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath)
    throw new Error('CHROMIUM_PATH is not set: run the browser tests with `node scripts/test-e2e.mjs`.');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/**
 * The test file's one browser: launched before its tests, closed after them. Call it once at the
 * top of a test file; inside a test, the returned function gives the browser.
 */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: ask for it inside a test.');
    return browser;
  };
}

/**
 * A fresh context (own storage and cookies) and page; a page error or console error fails the test.
 * `options` adds context settings, e.g. a browser locale and time zone.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Failed requests the test provokes (401, 403, 404) are logged by the browser itself; app errors are not expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`console error: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Signs in through the login screen as `<role>@demo.ie`. */
export async function signIn(page: Page, role: DemoRole, options: { from?: string } = {}): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(options.from ?? '/login');
  await page.getByLabel('Email').fill(`${role}@demo.ie`);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** openPage, then signIn: a fresh page signed in as `<role>@demo.ie`. */
export async function signedInPage(
  browser: Browser,
  role: DemoRole,
  options: { from?: string } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const opened = await openPage(browser);
  await signIn(opened.page, role, options);
  return opened;
}

export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  return nav.getByRole('link').allTextContents();
}

/** axe-core: no serious or critical violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are checked as they end up: a drawer or modal still fading in has half-transparent text.
  // Two frames first: a transition whose styles were set in the last frame is not yet among the
  // animations (a modal opened just before was read half-faded).
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/**
 * Waits until the page URL satisfies a condition. Polls, because filters replace the URL with
 * history.replaceState, which Playwright's waitForURL does not always see as a navigation.
 */
export async function waitForUrl(page: Page, condition: (url: URL) => boolean): Promise<void> {
  await expect.poll(() => condition(new URL(page.url())), { timeout: 10_000 }).toBe(true);
}
