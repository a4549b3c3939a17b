import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browserForTests,
  DEMO_PASSWORD,
  expectAccessible,
  openPage,
  sidebarLinks,
  signIn,
  waitForUrl,
} from '../support/browser.ts';

// The Logs section (spec 1 §2 '/logging', §4 'Logging tab', 'Browser notifications'; issue 14),
// against a server of its own (e2e/support/queue-log-server.ts) whose queues hold runs of both
// groups, one of them failed.

const root = fileURLToPath(new URL('../..', import.meta.url));
const browser = browserForTests();
let server: ChildProcess | undefined;
let dataDir = '';
let base = '';
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'courier-e2e-logs-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/queue-log-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      // The build under test, as e2e/global-setup.ts serves it (WEB_DIST=/tmp/dist-... or the usual one).
      WEB_DIST: path.resolve(root, process.env.WEB_DIST || 'apps/web/dist'),
      SMTP_URL: '',
      SECURE_COOKIES: '0',
      COURIER_WEBSITE_URL: `${base}/api/health`,
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The queue-log server exited early:\n${output}`);
    const healthy = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The queue-log server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  mkdirSync(path.join(root, 'e2e/artifacts'), { recursive: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(role: 'superadmin' | 'manager', viewport = { width: 1440, height: 900 }) {
  const opened = await openPage(browser(), { baseURL: base, viewport });
  await signIn(opened.page, role);
  return opened;
}

/** The rows of the open tab's queue log, as their accessible names ('Price increase run 1'). */
async function runRows(page: Page, tab: 'Admin' | 'Dispatch'): Promise<string[]> {
  const table = page.getByRole('table', { name: `${tab} queue log` });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

/** The text of the cell under `header` in `row`: found by the header's position, not a fixed column. */
async function cell(page: Page, tab: string, rowName: RegExp, header: string): Promise<string> {
  const table = page.getByRole('table', { name: `${tab} queue log` });
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return (await table.getByRole('row', { name: rowName }).locator('td').nth(index).textContent()) ?? '';
}

/**
 * Each badge in the column under `header` of `table`, as its text and whether it is cut (an element of
 * it wider inside than shown: the ellipsis of 'Complet…').
 */
async function badgesUnder(table: Locator, header: string): Promise<{ text: string; cut: boolean }[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr > td:nth-child(${index + 1})`).evaluateAll((cells) =>
    cells.map((td) => ({
      text: td.textContent ?? '',
      cut: [td, ...td.querySelectorAll('*')].some((element) => element.scrollWidth > element.clientWidth),
    })),
  );
}

/** Whether the page itself scrolls sideways (a wide table's own scroll box does not count). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the Logs section', () => {
  test('a superadmin sees the Admin queue on load and the Dispatch queue on its tab, and opens a run’s log', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    await page.getByRole('link', { name: 'Logs' }).click();
    await waitForUrl(page, (url) => url.pathname === '/logging' || url.pathname === '/logging/');
    // Off the sidebar link, so axe reads its colours as they are, not as hovered.
    await page.mouse.move(700, 20);
    await expect.poll(() => page.getByRole('tab', { name: 'Admin' }).getAttribute('aria-selected')).toBe('true');

    const admin = await runRows(page, 'Admin');
    expect(admin.some((name) => /^Price increase run \d+$/.test(name))).toBe(true);
    expect(admin.some((name) => /^Pay periods to review run \d+$/.test(name))).toBe(true);
    expect(admin.some((name) => /Set call bookings/.test(name))).toBe(false);
    expect(await cell(page, 'Admin', /^Pay periods to review run/, 'State')).toBe('Failed');
    expect(await cell(page, 'Admin', /^Pay periods to review run/, 'Error')).toBe('The database connection was lost');
    expect(await cell(page, 'Admin', /^Price increase run/, 'Progress')).toBe('2 / 2');
    expect(await cell(page, 'Admin', /^Price increase run/, 'Duration')).toBe('2 min 00 s');
    await page.screenshot({ path: 'e2e/artifacts/logging-admin-1440.png' });
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Dispatch' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('tab') === 'dispatch');
    const dispatch = await runRows(page, 'Dispatch');
    expect(dispatch.filter((name) => /^(Set call bookings|Status SMS) run \d+$/.test(name))).toHaveLength(2);
    expect(dispatch.some((name) => /Price increase|Pay periods/.test(name))).toBe(false);

    // A run's log, and the kind filter in the URL.
    await page.getByRole('row', { name: /^Set call bookings run/ }).click();
    const panel = page.getByRole('dialog', { name: /^Run \d+$/ });
    await panel.getByRole('table', { name: /^Log of run \d+$/ }).waitFor();
    await expect.poll(() => panel.getByRole('table').locator('tbody tr').count()).toBe(3);
    await expect.poll(() => panel.getByText('Set call 15 is inactive: skipped').isVisible()).toBe(true);
    await expect.poll(() => panel.getByText('Skipped', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/logging-run-log-1440.png' });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('Every kind').click();
    await page.getByRole('option', { name: 'Status SMS' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('kind') === 'status-sms');
    await expect.poll(async () => (await runRows(page, 'Dispatch')).length).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed run is retried after a confirmation, and runs again to the end', async () => {
    const { page, problems, context } = await signedIn('superadmin', { width: 1280, height: 720 });
    await page.goto('/logging?status=failed');
    expect(await runRows(page, 'Admin')).toEqual([expect.stringMatching(/^Pay periods to review run \d+$/)]);
    await page.screenshot({ path: 'e2e/artifacts/logging-failed-1280.png' });

    const row = page.getByRole('row', { name: /^Pay periods to review run/ });
    await row.getByRole('button', { name: /^Retry run \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry Run' });
    await dialog.getByText(/Are you sure you want to retry pay periods to review run \d+\?/).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/logging-retry-dialog-1280.png' });
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(/^Run \d+ has been queued again\.$/).waitFor();

    // The filter still asks for failed runs: the retried one leaves the list.
    await page.getByRole('heading', { name: 'No Runs' }).waitFor();
    await page.goto('/logging');
    await expect
      .poll(() => cell(page, 'Admin', /^Pay periods to review run/, 'State'), { timeout: 20_000 })
      .toBe('Completed');
    expect(await cell(page, 'Admin', /^Pay periods to review run/, 'Error')).toBe('');

    await page.getByRole('row', { name: /^Pay periods to review run/ }).click();
    const panel = page.getByRole('dialog', { name: /^Run \d+$/ });
    await panel.getByText(/^Retried after it failed \(The database connection was lost\)/).waitFor();
    await panel.getByText(/pay period\(s\) whose week has ended moved to review/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the browser-notification dialog asks first, then the browser; granted, it says so', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    const menu = page.getByRole('navigation', { name: 'Sections' });
    await menu.getByRole('button', { name: 'Enable Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable Notifications' });
    await dialog.getByText(/Please accept notifications in the next pop up\./).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: 'e2e/artifacts/notifications-dialog-1440.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // The user accepts in the browser's own pop up, which Next opens.
    await menu.getByRole('button', { name: 'Enable Notifications' }).click();
    await dialog.getByRole('button', { name: 'Next' }).waitFor();
    await context.grantPermissions(['notifications'], { origin: base });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Browser notifications have been set up correctly.').waitFor();
    await page.getByText('Notifications Enabled', { exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Notifications On' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a tab frames the external queue-log page the server names for it, the other keeps our own', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    // As QUEUE_LOG_ADMIN_URL would name it; a page of this same server, so the frame needs no network.
    await page.route('**/api/background/queue-log-pages', (route) =>
      route.fulfill({ json: { admin: `${base}/api/health`, dispatch: null } }),
    );
    await page.goto('/logging');
    const frame = page.getByTitle('Admin queue log');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${base}/api/health`);
    // The app's own answers refuse to be framed (X-Frame-Options, frame-ancestors); an external host's
    // page would not. What counts here is the frame the tab shows, its address and its size.
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(400);
    await page.getByRole('tab', { name: 'Dispatch' }).click();
    expect((await runRows(page, 'Dispatch')).length).toBeGreaterThan(0);
    expect(await page.locator('iframe').count()).toBe(0);
    // The one refusal above, and nothing else.
    expect(
      problems.filter(
        (problem) =>
          !problem.includes('violates the following Content Security Policy directive: "frame-ancestors \'none\'"'),
      ),
    ).toEqual([]);
    await context.close();
  });

  test('the Search box drops a pasted NUL and stops at its 200 characters: the list stays, the text is kept', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    await page.goto('/logging');
    await runRows(page, 'Admin');
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('Price\u0000 increase');
    expect(await search.inputValue()).toBe('Price increase');
    await waitForUrl(page, (url) => url.searchParams.get('text') === 'Price increase');
    // The search ran (the list answered, rows or none), and nothing says it went wrong.
    await page.getByRole('table', { name: 'Admin queue log' }).or(page.getByText(/^No /)).first().waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    // 5,000 characters pasted: the box keeps the first 200 (the most the URL and the server take), not none.
    await search.fill('x'.repeat(5000));
    expect(await search.inputValue()).toBe('x'.repeat(200));
    await waitForUrl(page, (url) => url.searchParams.get('text') === 'x'.repeat(200));
    expect(await search.inputValue()).toBe('x'.repeat(200));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('State and Level badges show whole at 1280x720 and 1440x900, and the page does not widen (issue 10)', async () => {
    const { page, problems, context } = await signedIn('superadmin', { width: 1280, height: 720 });
    await page.goto('/logging');
    await runRows(page, 'Admin');
    const list = page.getByRole('table', { name: 'Admin queue log' });
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      const states = await badgesUnder(list, 'State');
      expect(states.length).toBeGreaterThan(0);
      expect(states.some((badge) => badge.text === 'Completed')).toBe(true);
      expect(states, `${viewport.width}`).toEqual(states.map(({ text }) => ({ text, cut: false })));
      expect(await pageOverflows(page), `${viewport.width}`).toBe(false);
    }

    // A run's log: the Level badges ('Changed', the longest there) in the slide-in.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('row', { name: /^Price increase run/ }).click();
    const panel = page.getByRole('dialog', { name: /^Run \d+$/ });
    const log = panel.getByRole('table', { name: /^Log of run \d+$/ });
    await log.waitFor();
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      const levels = await badgesUnder(log, 'Level');
      expect(levels.map(({ text }) => text)).toContain('Changed');
      expect(levels, `${viewport.width}`).toEqual(levels.map(({ text }) => ({ text, cut: false })));
      expect(await pageOverflows(page), `${viewport.width}`).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: 'e2e/artifacts/logging-run-log-1280.png' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page past the end says so, not that nothing has run, and Previous goes back to the last page', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    await page.goto('/logging?page=50');
    const pages = page.getByRole('navigation', { name: 'Admin runs pages' });
    await pages.getByText(/^Page 51 is past the last page \(1\) of \d+ results$/).waitFor();
    expect(await page.getByText('Nothing has run in the Admin queue yet').count()).toBe(0);
    await page.getByText('This page is past the end of the results.').waitFor();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await waitForUrl(page, (url) => !url.searchParams.has('page'));
    expect((await runRows(page, 'Admin')).length).toBeGreaterThan(0);
    await pages.getByText(/^Showing 1 to \d+ of \d+ results$/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a run that does not exist says so without Try again; a server failure offers it', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    await page.goto('/logging?run=999999');
    const panel = page.getByRole('dialog', { name: 'Run 999999' });
    // Whatever it says of the run, once it has answered: no Try again, and no 'Something went wrong'.
    await panel.getByRole('heading', { name: /^(No Run|Something went wrong)$/ }).waitFor();
    expect(await panel.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await panel.getByText('Something went wrong').count()).toBe(0);
    await panel.getByText('There is no run with id 999999.').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // A real failure (the server's 500) is worth another try.
    await page.route('**/api/background/runs/999998', (route) =>
      route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something broke' } }),
    );
    await page.goto('/logging?run=999998');
    const failed = page.getByRole('dialog', { name: 'Run 999998' });
    await failed.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a run list the server refuses (4xx) shows its message without Try again; a server failure offers it', async () => {
    const { page, problems, context } = await signedIn('superadmin');
    const runList = (url: URL) => url.pathname === '/api/background/runs';
    const refusal = 'text must be at most 200 characters.';
    await page.route(runList, (route) =>
      route.fulfill({ status: 400, json: { error: 'VALIDATION', message: refusal } }),
    );
    await page.goto('/logging');
    const failure = page.getByRole('alert').filter({ hasText: refusal });
    await failure.waitFor();
    // The same request would be refused the same way: nothing to try again.
    expect(await failure.getByRole('button', { name: 'Try again' }).count()).toBe(0);

    // A real failure (the server's 500) is worth another try, and the try loads the list.
    await page.unroute(runList);
    await page.route(runList, (route) =>
      route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something broke' } }),
    );
    await page.reload();
    const retry = page.getByRole('alert').getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 20_000 });
    await page.unroute(runList);
    await retry.click();
    expect((await runRows(page, 'Admin')).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a manager has no Logs section, and the queue log API refuses them', async () => {
    const { page, problems, context } = await signedIn('manager');
    expect(await sidebarLinks(page)).not.toContain('Logs');
    await page.goto('/logging');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.ie', password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    for (const [method, url] of [
      ['GET', '/api/background/runs?group=admin'],
      ['GET', '/api/background/queue-log-pages'],
      ['POST', '/api/background/runs/1/retry'],
    ]) {
      const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${accessToken}` } });
      expect(response.status, url).toBe(403);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
