import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
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

const FAILURE_SHOTS = path.resolve(import.meta.dirname, '../artifacts/failures');

/**
 * Prints each page of a failed test: its address, the focused element, and what the top dialog (or
 * else the main area) shows as the accessibility tree, cut to a few thousand characters; and saves a
 * screenshot under e2e/artifacts/failures. Nothing here may fail the run: a page may be closing.
 */
async function reportPages(pages: Page[], testName: string): Promise<void> {
  mkdirSync(FAILURE_SHOTS, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const name = `[failed test's page ${index + 1}]`;
    try {
      // A page whose main thread is stuck answers nothing: the report gives up on it after 5 s.
      const focused = await Promise.race([
        page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'body';
          return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 60) ?? ''}"`;
        }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the page did not answer')), 5_000)),
      ]);
      const dialogs = page.getByRole('dialog');
      const main = page.getByRole('main');
      const shown =
        (await dialogs.count()) > 0 ? dialogs.last() : (await main.count()) > 0 ? main.first() : page.locator('body');
      const tree = (await shown.ariaSnapshot({ timeout: 2_000 })).slice(0, 4_000);
      const file = path.join(FAILURE_SHOTS, `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${index + 1}.png`);
      await page.screenshot({ path: file, timeout: 5_000 });
      console.error(`${name} ${page.url()}\nfocused: ${focused}\nscreenshot: ${file}\n${tree}`);
    } catch (error) {
      console.error(`${name} not described: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/**
 * The test file's one browser: launched before its tests, closed after them. Call it once at the
 * top of a test file; inside a test, the returned function gives the browser.
 *
 * A failed test's pages are described in the log as they were (reportPages): what a failure seen
 * only on a busy CI machine showed. So the contexts a test opens are noted, and a test's own closing
 * of one (most close theirs in a `finally`, before any hook runs) is put off until after that report.
 */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  let opened: { context: BrowserContext; close: () => Promise<void>; closed: boolean }[] = [];
  beforeAll(async () => {
    const launched = await launchBrowser();
    const newContext = launched.newContext.bind(launched);
    launched.newContext = async (options) => {
      const context = await newContext(options);
      const entry = { context, close: context.close.bind(context), closed: false };
      opened.push(entry);
      context.close = async () => void (entry.closed = true);
      return context;
    };
    browser = launched;
  });
  afterEach(async ({ task }) => {
    const ofThisTest = opened;
    opened = [];
    if (task.result?.state === 'fail')
      await reportPages(
        ofThisTest.flatMap(({ context }) => context.pages()),
        task.name,
      );
    await Promise.all(ofThisTest.filter((entry) => entry.closed).map((entry) => entry.close()));
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
