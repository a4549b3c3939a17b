import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, baseURL, browserForTests, signedInPage } from '../support/browser.ts';

// A cold start (new context: empty cache) of a list screen for someone who signed in before:
// the list's data is asked for at navigation, alongside the screen's code, not after it; the page
// takes a handful of requests before its first row; and guards still refuse what they refused.

const browser = browserForTests();

/**
 * At most this many requests before the first row (main: about 40): the document, the entry with its
 * runtime, app chunk and stylesheet, the shell's chunk, the shell's and lists' shared chunk
 * (list-core), the screen's chunk, the list's API call, and the favicon.
 */
const REQUESTS_BEFORE_FIRST_ROW = 10;
/**
 * The booking list's rows show together with their summary (one applied search drives the table, the
 * summary and its tag counts, issue 10), so its first row also waits for the margins and the tag
 * counts, asked for beside the list; the filter names (filter-options) are asked for beside them. And
 * the booking screens' own shared chunk with its stylesheet (vite.config.ts 'bookings-shared'), fetched
 * in parallel with the screen's chunk: the price of keeping that code out of every other list's cold
 * start; and the small chunk of shared rules it imports (booking-list-deps). Not app-shared: the
 * filter form, the slide-in and price editing's inputs load when first drawn.
 */
const BOOKING_REQUESTS_BEFORE_FIRST_ROW = REQUESTS_BEFORE_FIRST_ROW + 6;

/** The screens' shared chunk (zod, the forms' inputs, ~87 KB gzip) and its stylesheet. */
const APP_SHARED = /\/app-shared-[^/]+\.(js|css)$/;

interface Timed {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}

const SCREEN_CHUNK_DELAY_MS = 400;

/** Records, from before the app's first script, when the first data row of a table is laid out. */
function watchFirstRow(): void {
  const state = window as unknown as { firstRowAt?: number };
  const look = () => {
    const row = document.querySelector('tbody tr:not([aria-hidden="true"])');
    if (row && row.getBoundingClientRect().height > 0) state.firstRowAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * Records, from before the app's first script, the first use of the browser's locale data: Intl's
 * formatters and the toLocale* methods built on them. The first use in a page loads ICU, 160-280 ms in
 * one piece on a phone-speed CPU (issue 10, CPU profile of the booking list at 4x).
 */
function watchLocaleData(): void {
  const state = window as unknown as { localeDataAt?: number; localeDataBy?: string };
  const note = (by: string) => {
    if (state.localeDataAt !== undefined) return;
    state.localeDataAt = performance.now();
    state.localeDataBy = by;
  };
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules'] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
    const Wrapped = function (this: unknown, ...args: unknown[]) {
      note(`Intl.${name}`);
      return new Original(...args);
    };
    // Its static methods (supportedLocalesOf) and instanceof stay as they were.
    Object.setPrototypeOf(Wrapped, Original);
    Wrapped.prototype = Original.prototype;
    Object.defineProperty(Intl, name, { value: Wrapped, configurable: true, writable: true });
  }
  const methods: Array<[{ prototype: object }, string]> = [
    [Number, 'toLocaleString'],
    [Date, 'toLocaleString'],
    [Date, 'toLocaleDateString'],
    [Date, 'toLocaleTimeString'],
    [String, 'localeCompare'],
  ];
  for (const [type, method] of methods) {
    const prototype = type.prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      note(method);
      return original.apply(this, args);
    };
  }
}

/** The session a signed-in browser keeps (localStorage and cookie), as a fresh context's starting state. */
async function storedSession(role: 'accounts'): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const { context } = await signedInPage(browser(), role);
  await context.pages()[0]?.getByRole('table').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Opens `path` cold in a new context with `storageState`; answers every resource timing up to the first row. */
async function coldLoad(
  chromium: Browser,
  path: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  viewport = { width: 1280, height: 900 },
): Promise<{
  page: Page;
  context: BrowserContext;
  firstRowAt: number;
  /** When and by what the page first used the browser's locale data, if it did by the first row. */
  localeData: { at: number; by: string } | undefined;
  resources: Timed[];
}> {
  const context = await chromium.newContext({
    baseURL: baseURL(),
    storageState,
    viewport,
  });
  // Screen chunks arrive 400 ms late, as on a slow network: a request the route's loader starts at
  // navigation then clearly leaves before the screen's code arrives, however busy the machine, and
  // one the screen would start itself clearly after (a local server answers in a few milliseconds).
  await context.route(/-screen-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCREEN_CHUNK_DELAY_MS));
    await route.continue();
  });
  await context.addInitScript(watchFirstRow);
  await context.addInitScript(watchLocaleData);
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined);
  const { firstRowAt, localeData, resources } = await page.evaluate(() => ({
    firstRowAt: (window as unknown as { firstRowAt: number }).firstRowAt,
    localeData: (() => {
      const state = window as unknown as { firstRowAt: number; localeDataAt?: number; localeDataBy?: string };
      return state.localeDataAt !== undefined && state.localeDataAt <= state.firstRowAt
        ? { at: state.localeDataAt, by: state.localeDataBy ?? '' }
        : undefined;
    })(),
    resources: performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: new URL(timing.name).pathname,
        initiatorType: timing.initiatorType,
        startTime: timing.startTime,
        responseEnd: timing.responseEnd,
      };
    }),
  }));
  return { page, context, firstRowAt, localeData, resources };
}

function single(resources: Timed[], matches: (resource: Timed) => boolean, what: string): Timed {
  const found = resources.filter(matches);
  expect(
    found.map((resource) => resource.name),
    what,
  ).toHaveLength(1);
  return found[0] as Timed;
}

describe('cold start of a list screen', () => {
  test("the sign-in page paints from the start-up chunk alone and loads no screen's or toasts' code; signing in brings the toasts", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    // The page has painted. The browser reports the paint a frame or so after the form is in the page
    // (it is drawn in the background lane), so the entry is waited for, not read at once.
    await expect
      .poll(
        () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    // Past the time the shell's screens would have loaded the toasts' host (the browser idle, or 5 s).
    await page.waitForTimeout(6000);
    const chunks = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => /\/(app-shell|list-core|app-shared|notifications-host)-[^/]+\.(js|css)$/.test(name)),
      );
    // The sign-in page is index.html, which does not preload the shell (app.html does, for the pages in
    // it); its form is in the start-up chunk, and it raises no toast.
    expect(await chunks()).toEqual([]);

    await page.getByRole('textbox', { name: 'Email' }).fill('accounts@demo.ie');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('table').waitFor();
    // Once its first screen is drawn and the browser is idle.
    await expect
      .poll(chunks, { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/\/notifications-host-/)]));
    await context.close();
  });

  test('the company list asks for its rows alongside its code, in a handful of requests', async () => {
    const session = await storedSession('accounts');
    const { context, firstRowAt, resources } = await coldLoad(browser(), '/companies/list', session);
    try {
      const list = single(
        resources,
        (r) => r.name === '/api/company' && r.initiatorType === 'fetch',
        'the list request',
      );
      const screen = single(resources, (r) => /\/company-list-screen-[^/]+\.js$/.test(r.name), 'the screen chunk');
      // Started at navigation by the route's loader, not by the screen once its code has arrived.
      expect(list.startTime).toBeLessThan(screen.responseEnd);
      // The page preloads the shell's chunks (app.html): they download beside the start-up chunk, not
      // once it has run.
      const startUp = single(resources, (r) => /\/app-[\w-]{8}\.js$/.test(r.name), 'the start-up chunk');
      for (const chunk of ['app-shell', 'list-core']) {
        const found = single(resources, (r) => new RegExp(`/${chunk}-[^/]+\\.js$`).test(r.name), chunk);
        expect(found.startTime, chunk).toBeLessThan(startUp.responseEnd);
      }
      // The profile is no step in front of the list: stored with the session, or asked for beside it.
      const profile = resources.find((r) => r.name === '/api/user');
      if (profile) expect(list.startTime).toBeLessThan(profile.responseEnd);
      const before = resources.filter((r) => r.startTime <= firstRowAt);
      // + 1: the document itself is not a resource entry.
      expect(before.length + 1, before.map((r) => r.name).join('\n')).toBeLessThanOrEqual(REQUESTS_BEFORE_FIRST_ROW);
      // The shell and the list draw with the list-core chunk alone: app-shared (zod, the forms' inputs,
      // ~131 KB gzip) is not downloaded in front of their first row (vite.config.ts LIST_CORE).
      expect(
        before.map((r) => r.name).filter((name) => APP_SHARED.test(name)),
        'app-shared before the first row',
      ).toEqual([]);
      // The map code (Leaflet, about 145 KB) loads with the screens that draw a map, not with a list.
      for (const script of resources.filter((r) => r.name.endsWith('.js'))) {
        const code = await (await fetch(`${baseURL()}${script.name}`)).text();
        expect(code.includes('leaflet-pane'), `${script.name} holds Leaflet`).toBe(false);
      }
    } finally {
      await context.close();
    }
  });

  test('the booking list asks for its rows alongside its code', async () => {
    const session = await storedSession('accounts');
    const { context, firstRowAt, resources } = await coldLoad(browser(), '/bookings/list', session);
    try {
      const list = single(
        resources,
        (r) => r.name === '/api/bookings' && r.initiatorType === 'fetch',
        'the list request',
      );
      const screen = single(resources, (r) => /\/booking-list-screen-[^/]+\.js$/.test(r.name), 'the screen chunk');
      expect(list.startTime).toBeLessThan(screen.responseEnd);
      // The summary's margins and tag counts, which the first rows wait for, leave with the list too.
      const margins = single(resources, (r) => r.name === '/api/bookings/margins', 'the margins request');
      const tagged = single(resources, (r) => r.name === '/api/bookings/tagged', 'the tag counts request');
      // Started by the route's loader in the same moment as the list (before: once the screen had rendered).
      expect(margins.startTime - list.startTime).toBeLessThan(100);
      expect(tagged.startTime - list.startTime).toBeLessThan(100);
      const before = resources.filter((r) => r.startTime <= firstRowAt);
      // At 1280x900 the filters start unfolded, and the list waits for the form's code (its chunk, and
      // app-shared with its stylesheet), so the rows never move down when it arrives; folded, it does
      // not (next test).
      expect(before.length + 1, before.map((r) => r.name).join('\n')).toBeLessThanOrEqual(
        BOOKING_REQUESTS_BEFORE_FIRST_ROW + 3,
      );
    } finally {
      await context.close();
    }
  });

  test("the booking list draws its first rows without the screens' shared chunk; the filters, the slide-in and price editing load it when first used", async () => {
    const session = await storedSession('accounts');
    // 1280x720: the filters start folded (issue 10), so nothing draws the filter form before the rows.
    const { page, context, firstRowAt, resources } = await coldLoad(browser(), '/bookings/list', session, {
      width: 1280,
      height: 720,
    });
    const loaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    try {
      const before = resources.filter((r) => r.startTime <= firstRowAt);
      expect(
        before.filter((r) => APP_SHARED.test(r.name)).map((r) => r.name),
        'app-shared before the first row',
      ).toEqual([]);
      expect(before.length + 1, before.map((r) => r.name).join('\n')).toBeLessThanOrEqual(
        BOOKING_REQUESTS_BEFORE_FIRST_ROW,
      );
      // Not after it either, until something needs it.
      await page.waitForTimeout(1000);
      expect((await loaded()).filter((name) => APP_SHARED.test(name))).toEqual([]);

      // Unfolding the filters draws the form, with its code.
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Reference', { exact: true }).waitFor();
      expect((await loaded()).filter((name) => /\/booking-filters-[^/]+\.js$/.test(name))).toHaveLength(1);

      // Opening a booking loads the slide-in and shows it.
      await page
        .getByRole('button', { name: /^Open booking / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      expect((await loaded()).filter((name) => /\/booking-details-panel-[^/]+\.js$/.test(name))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  test.each(['/companies/list', '/bookings/list'])(
    '%s draws its first row without loading the locale data (counts, money and dates are written out)',
    async (path) => {
      const session = await storedSession('accounts');
      const { context, localeData } = await coldLoad(browser(), path, session);
      try {
        expect(localeData, `first used by ${localeData?.by}`).toBeUndefined();
      } finally {
        await context.close();
      }
    },
  );

  test('the site address itself opens the start page, or the sign-in page for someone signed out', async () => {
    const session = await storedSession('accounts');
    const { page, context } = await coldLoad(browser(), '/', session);
    try {
      await page.waitForURL(/\/companies\/list/);
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
    const signedOut = await browser().newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    try {
      const fresh = await signedOut.newPage();
      const response = await fresh.goto('/');
      expect(response?.status()).toBe(200);
      await fresh.waitForURL(/\/login/);
      await fresh.getByRole('textbox', { name: 'Email' }).waitFor();
    } finally {
      await signedOut.close();
    }
  });

  test('a session without its profile asks for the profile at once and the list with the screen code', async () => {
    const session = await storedSession('accounts');
    // Only the token, as an older tab or another client leaves it: the profile must be fetched (spec 1 §2).
    const origins = session.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.map((item) =>
        item.name === 'courier.session'
          ? { ...item, value: JSON.stringify({ ...JSON.parse(item.value), user: undefined }) }
          : item,
      ),
    }));
    const { page, context, resources } = await coldLoad(browser(), '/companies/list', { ...session, origins });
    try {
      const profile = single(resources, (r) => r.name === '/api/user', 'the profile request');
      const list = single(
        resources,
        (r) => r.name === '/api/company' && r.initiatorType === 'fetch',
        'the list request',
      );
      const screen = single(resources, (r) => /\/company-list-screen-[^/]+\.js$/.test(r.name), 'the screen chunk');
      // The profile leaves before the screen's code is asked for, the list before that code has arrived.
      expect(profile.startTime).toBeLessThanOrEqual(screen.startTime);
      expect(list.startTime).toBeLessThan(screen.responseEnd);
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents())
        .toContain('Companies');
    } finally {
      await context.close();
    }
  });

  test('moving between sections still works, and a section the role lacks is still refused without its data', async () => {
    const session = await storedSession('accounts');
    const { page, context } = await coldLoad(browser(), '/companies/list', session);
    try {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Bookings' }).click();
      await page.waitForURL(/\/bookings\/list/);
      await page.locator('tbody tr[data-reference]').first().waitFor();
      await nav.getByRole('link', { name: 'Companies' }).click();
      await page.waitForURL(/\/companies\/list/);
      await page.locator('tbody tr').first().waitFor();

      // Reviews are the manager's (spec 1 §2 'Shell'): refused before any loader asks for them.
      const reviewCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/review')) reviewCalls.push(request.url());
      });
      await page.goto('/reviews');
      await page
        .getByRole('link', { name: 'Go to the start page' })
        .or(page.getByText(/access/i))
        .first()
        .waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(reviewCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
