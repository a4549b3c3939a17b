import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { TYPED_DATE_HINT, addDays, dublinToday, formatDay } from '@courier/domain/common/calendar-days';
import { browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';

// Issue 12, Reports: accounts request a report, it is built in the background, listed and downloaded.
const browser = browserForTests();

/** The texts of one column of the history table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  return page.getByRole('table', { name: 'Requested reports' }).evaluate((table, name) => {
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`No column ${name} among ${headers.join(', ')}`);
    return [...table.querySelectorAll('tbody tr')].map((row) => row.children[index]?.textContent?.trim() ?? '');
  }, header);
}

/** The reports screen as accounts, its date range row, and the report requests it sends from now on. */
async function openDateRangeReports() {
  const opened = await signedInPage(browser(), 'accounts', { from: '/invoicing/reports' });
  const { page } = opened;
  const range = page.getByRole('region', { name: 'Reports for a date range' });
  const from = range.getByRole('textbox', { name: 'From' });
  const salesRep = range.getByRole('button', { name: 'Sales Rep Report', exact: true });
  await salesRep.waitFor();
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/invoice/reports/')) requests.push(request.url());
  });
  return { ...opened, range, from, salesRep, requests };
}

describe('invoice reports', () => {
  test('accounts request the Sales Rep report, see it become ready and download its CSV', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/reports' });
    await waitForUrl(page, (url) => url.pathname === '/invoicing/reports');
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Reports');
    await page.getByRole('button', { name: 'Sales Rep Report' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Just exceptions?' }).isChecked()).toBe(true);
    await expectAccessible(page);

    // Cancel asks nothing of the server.
    await page.getByRole('button', { name: 'Sales Rep Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sales Rep Report' });
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to request the Sales Rep report?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Sales Rep Report' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('The Sales Rep report has been requested. It will be e-mailed to you when it is ready.')
      .waitFor({ timeout: 10_000 });

    // The newest row is this request; the page polls until the background run has built it.
    await expect.poll(() => column(page, 'Report'), { timeout: 10_000 }).toContain('Sales Rep Report');
    // The inputs name their days as the fields and the Requested column do (dd/MM/yy, spec 2 §9).
    const today = dublinToday();
    const shown = formatDay(today);
    expect((await column(page, 'Inputs'))[0]).toBe(`${shown} to ${shown}`);
    expect((await column(page, 'By'))[0]).not.toBe('');
    await expect.poll(async () => (await column(page, 'State'))[0], { timeout: 30_000 }).toBe('Ready');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download Sales Rep Report/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-rep-${today}-${today}.csv`);
    const lines = readFileSync((await download.path()) ?? '', 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Sales Rep,Account Code,Company,Bookings,Jobs,Job Charges,Adjustments,Revenue');
    expect(lines.at(-1)).toMatch(/^All sales reps,,,\d+,\d+,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d$/);
    const rows = Number((await column(page, 'Rows'))[0]);
    // Each rep's companies, then the rep's total; the last line totals all reps. Rows counts the companies.
    const repTotals = lines.filter((line) => /^[^,]*,,Total for /.test(line)).length;
    expect(lines.length - 1 - repTotals - 1).toBe(rows);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a report without its date is not requested, and the field says why', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/reports' });
    await page.getByRole('button', { name: 'Inactive Companies Report' }).waitFor();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/invoice/reports/')) requests.push(request.url());
    });
    await page.getByRole('button', { name: 'Clear As At Date' }).click();
    await page.getByRole('button', { name: 'Inactive Companies Report' }).click();
    // In the field's own format (dd/mm/yy), not the yyyy-MM-dd the request is sent in.
    await page.getByText(TYPED_DATE_HINT).waitFor();
    expect(await page.getByText('yyyy-MM-dd').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an empty From is asked for in the field’s format, and To is not judged against it', async () => {
    const { page, context, problems, range, from, salesRep, requests } = await openDateRangeReports();
    // From after To (today): To says so.
    await from.fill(formatDay(addDays(dublinToday(), 1)));
    await from.press('Tab');
    await salesRep.click();
    await expect.poll(() => range.getByRole('alert').allTextContents()).toEqual(['To must be on or after From.']);
    // From emptied: From asks for a date as it is typed there, and To is no longer judged against it.
    await range.getByRole('button', { name: 'Clear From' }).click();
    await expect.poll(() => from.inputValue()).toBe('');
    await salesRep.click();
    await expect.poll(() => range.getByRole('alert').allTextContents()).toEqual([TYPED_DATE_HINT]);
    expect(await page.getByText('To must be on or after From.').count()).toBe(0);
    expect(await page.getByText('yyyy-MM-dd').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  // A refused date kept the last day the field took (today) and the report was requested for it,
  // though the field showed the typed text in red.
  test('a date the field refuses is never sent: no confirmation, and the focus goes to that field', async () => {
    const { page, context, problems, range, from, salesRep, requests } = await openDateRangeReports();
    await from.fill('31/02/26');
    await from.press('Tab');
    await range.getByText('31/02/26 is not a date: February 2026 has 28 days.').waitFor();
    await salesRep.click();
    await expect.poll(() => from.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The same for a month report's day, through the keyboard.
    const asAt = page.getByRole('textbox', { name: 'As At Date' });
    await asAt.fill('ab/cd/ef');
    await asAt.press('Tab');
    await page.getByRole('button', { name: 'Inactive Companies Report' }).press('Enter');
    await expect.poll(() => asAt.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Corrected, the report asks to confirm as before.
    await asAt.fill(formatDay(dublinToday()));
    await asAt.press('Tab');
    await page.getByRole('button', { name: 'Inactive Companies Report' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher opening the reports is refused', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    const reportCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/invoice/reports')) reportCalls.push(request.url());
    });
    await page.goto('/invoicing/reports');
    await page.getByText('This section is not available to your role.').waitFor();
    expect(await page.getByRole('button', { name: 'Sales Rep Report' }).count()).toBe(0);
    expect(reportCalls).toEqual([]);
    await context.close();
  });
});
