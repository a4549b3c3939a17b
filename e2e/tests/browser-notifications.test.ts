import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, openPage, signIn } from '../support/browser.ts';

// Browser notifications (spec 1 §4 'Browser notifications', 'Notification types'; §8 'Browser
// notifications blocked'; issue 14): the blocked and unsupported permissions, and what reaches the
// browser while the tab is in the background. The browser's own permission pop up and the tab being
// hidden cannot be driven from a test, so each test changes them in the page before the app loads.
const browser = browserForTests();

declare global {
  interface Window {
    /** Every system notification the app created: the recording Notification below. */
    createdNotifications?: { title: string; body: string }[];
    /** Reports the tab as hidden (true) or in view (false), as the browser does on switching tabs. */
    setTabHidden?: (hidden: boolean) => void;
  }
}

/** A Notification whose permission is granted and which records what the app shows; and a tab that can be hidden. */
function grantedAndRecorded() {
  const created: { title: string; body: string }[] = [];
  class RecordingNotification {
    static readonly permission = 'granted';
    static requestPermission() {
      return Promise.resolve('granted');
    }
    onclick: (() => void) | null = null;
    constructor(title: string, options?: { body?: string }) {
      created.push({ title, body: options?.body ?? '' });
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true, writable: true });
  window.createdNotifications = created;
  window.setTabHidden = (hidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  };
}

const created = (page: Page) => page.evaluate(() => window.createdNotifications ?? []);

async function accountsPage(setUp?: () => void) {
  const opened = await openPage(browser());
  if (setUp) await opened.page.addInitScript(setUp);
  await signIn(opened.page, 'accounts');
  return opened;
}

/** Asks for the Companies Blocked Report and, while it is built, puts the tab in the background. */
async function requestReportAndLeave(page: Page) {
  // Exact: a ready report's download link is named after the report too.
  await page.getByRole('button', { name: 'Companies Blocked Report', exact: true }).click();
  await page.evaluate(() => window.setTabHidden?.(true));
  await page.getByRole('dialog', { name: 'Companies Blocked Report' }).getByRole('button', { name: 'Confirm' }).click();
}

/** Waits for the browser notification that the Companies Blocked Report is ready. */
async function toldReady(page: Page) {
  await expect
    .poll(() => created(page), { timeout: 30_000 })
    .toContainEqual({
      title: 'Companies Blocked Report is ready',
      body: 'It has been e-mailed to you and can be downloaded from Reports.',
    });
}

describe('browser notifications', () => {
  test('refused in the browser’s pop up, the Browser Notifications Blocked dialog says how to reset it', async () => {
    const { page, problems, context } = await accountsPage(() => {
      // The browser asks and the user blocks: the permission is denied from then on.
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
      Notification.requestPermission = () => {
        permission = 'denied';
        return Promise.resolve(permission);
      };
    });
    const menu = page.getByRole('navigation', { name: 'Sections' });
    await menu.getByRole('button', { name: 'Enable Notifications' }).click();
    await page.getByRole('dialog', { name: 'Enable Notifications' }).getByRole('button', { name: 'Next' }).click();

    const blocked = page.getByRole('dialog', { name: 'Browser Notifications Blocked' });
    await blocked.getByText('Please reset the permissions for notifications for this site.', { exact: true }).waitFor();
    await blocked.getByText(/set Notifications to Allow, then reload this page\./).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/notifications-blocked-1280.png' });
    await blocked.getByRole('button', { name: 'OK' }).click();
    await blocked.waitFor({ state: 'hidden' });

    // Blocked, the switch says so and opens the same dialog, never the browser's pop up again.
    await menu.getByRole('button', { name: 'Notifications Blocked' }).click();
    await blocked.getByText('Please reset the permissions for notifications for this site.', { exact: true }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Enable Notifications' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a browser without notifications says so instead of offering them', async () => {
    const { page, problems, context } = await accountsPage(() => {
      delete (window as { Notification?: unknown }).Notification;
    });
    const menu = page.getByRole('navigation', { name: 'Sections' });
    await menu.getByText('This browser cannot show notifications.', { exact: true }).waitFor();
    expect(await menu.getByRole('button', { name: /Notifications/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a report that becomes ready while the tab is in the background is told by a browser notification', async () => {
    const { page, problems, context } = await accountsPage(grantedAndRecorded);
    await page.goto('/invoicing/reports');
    // The user confirms and goes to another tab while the report is built.
    await requestReportAndLeave(page);
    await toldReady(page);
    // The request's success toast, shown while the tab was hidden, went to the browser too.
    expect(await created(page)).toContainEqual({
      title: 'Success',
      body: 'The Companies Blocked report has been requested. It will be e-mailed to you when it is ready.',
    });

    await page.evaluate(() => window.setTabHidden?.(false));
    const newest = page.getByRole('table', { name: 'Requested reports' }).locator('tbody tr').first();
    expect(await newest.getAttribute('data-status')).toBe('done');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a report already finished when the history is next read is still told', async () => {
    const { page, problems, context } = await accountsPage(grantedAndRecorded);
    await page.goto('/invoicing/reports');
    await page
      .getByRole('table', { name: 'Requested reports' })
      .or(page.getByText('No reports requested yet'))
      .waitFor();
    // Once the request is sent, the history is not read again until the server has built the
    // report: the screen never sees it waiting, as on a busy machine with a quick report.
    let requested = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/invoice/reports/')) requested = true;
    });
    await page.route(
      (url) => url.pathname === '/api/invoice/reports',
      async (route) => {
        if (requested)
          await expect
            .poll(
              async () => {
                const answer = await context.request.get('/api/invoice/reports?size=1');
                const { reports } = (await answer.json()) as { reports: { status: string }[] };
                return reports[0]?.status;
              },
              { timeout: 30_000 },
            )
            .toBe('done');
        await route.continue();
      },
    );
    await requestReportAndLeave(page);
    await toldReady(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a toast goes to the browser only while the tab is in the background, and a duplicate is ignored', async () => {
    const { page, problems, context } = await accountsPage(grantedAndRecorded);
    const menu = page.getByRole('navigation', { name: 'Sections' });
    const enabled = page.getByText('Browser notifications have been set up correctly.', { exact: true });

    // In view: the toast only.
    await menu.getByRole('button', { name: 'Notifications On' }).click();
    await enabled.waitFor();
    expect(await created(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await enabled.waitFor({ state: 'hidden' });

    // In the background: the toast and one browser notification; the same toast again while it is
    // shown is ignored, on screen and in the browser.
    await page.evaluate(() => window.setTabHidden?.(true));
    await menu.getByRole('button', { name: 'Notifications On' }).click();
    await enabled.waitFor();
    await menu.getByRole('button', { name: 'Notifications On' }).click();
    await expect
      .poll(() => created(page))
      .toEqual([{ title: 'Notifications Enabled', body: 'Browser notifications have been set up correctly.' }]);
    expect(await enabled.count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
