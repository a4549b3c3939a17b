import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatEuro } from '@courier/domain/common/money';
import { invoicePeriodStatusLabel } from '@courier/domain/invoicing/enums';
import type { InvoicePeriodListResponse } from '@courier/domain/invoicing/list-schemas';
import { baseURL, browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { apiGetAs, apiToken } from '../support/api.ts';

// Issue 12, first slice: the pending invoice list, its Weekly / Monthly toggles, and a company's Invoices tab.
const browser = browserForTests();

/** The texts of one column of the page's table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  return page.locator('table').evaluate((table, name) => {
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`No column ${name} among ${headers.join(', ')}`);
    return [...table.querySelectorAll('tbody tr')].map((row) => row.children[index]?.textContent?.trim() ?? '');
  }, header);
}

/** Waits until the Identifier column shows exactly these periods, in this order. */
async function expectIdentifiers(page: Page, identifiers: string[]): Promise<void> {
  await expect.poll(() => column(page, 'Identifier'), { timeout: 20_000 }).toEqual(identifiers);
}

/** The money columns as the list must show them: euro to the cent, Total = Jobs + Additionals. */
async function expectRowsMatch(page: Page, body: InvoicePeriodListResponse): Promise<void> {
  await expectIdentifiers(
    page,
    body.invoicePeriods.map((period) => period.identifier),
  );
  expect(await column(page, 'Status')).toEqual(
    body.invoicePeriods.map((period) => invoicePeriodStatusLabel(period.status)),
  );
  expect(await column(page, 'Total')).toEqual(body.invoicePeriods.map((period) => formatEuro(period.total)));
  expect(await column(page, 'Additionals')).toEqual(
    body.invoicePeriods.map((period) => formatEuro(period.adjustmentsTotal)),
  );
  const jobs = await column(page, 'Jobs');
  body.invoicePeriods.forEach((period, index) => expect(jobs[index]).toContain(formatEuro(period.jobsTotal)));
}

describe('invoice list', () => {
  test('accounts see the pending invoices with the totals the API gives, ten a page', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing' });
    await waitForUrl(page, (url) => url.pathname === '/invoicing/invoices');
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Pending Invoices', 'Reports']);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Pending Invoices');

    const get = await apiGetAs('accounts');
    const pending = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&size=10');
    // The demo data has periods waiting for accounts: the list is never empty here.
    expect(pending.invoicePeriods.length).toBeGreaterThan(0);
    await expectRowsMatch(page, pending);
    // Pending means waiting to be invoiced: Ready to send (IN_REVIEW) or Finalised, never Active or Invoiced.
    for (const status of await column(page, 'Status')) expect(['Ready to send', 'Finalised']).toContain(status);
    const pages = page.getByRole('navigation', { name: 'invoices pages' });
    await expect
      .poll(() => pages.textContent())
      .toContain(`Showing 1 to ${Math.min(10, pending.count)} of ${pending.count} results`);
    expect(await page.getByRole('switch', { name: 'Weekly' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Monthly' }).isChecked()).toBe(true);
    await expectAccessible(page);

    // The identifier opens the period.
    const first = pending.invoicePeriods[0];
    await page.getByRole('link', { name: first?.identifier ?? '', exact: true }).click();
    await waitForUrl(page, (url) => url.pathname === `/invoicing/invoices/${first?.id}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('turning Monthly off leaves the weekly companies’ periods, and the URL keeps it', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    await waitForUrl(page, (url) => url.pathname === '/invoicing/invoices');
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const get = await apiGetAs('accounts');
    const weekly = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&monthly=false&size=10');
    expect(weekly.invoicePeriods.length).toBeGreaterThan(0);
    expect(weekly.invoicePeriods.every((period) => period.companyExtSettings.invoiceInterval === 'W')).toBe(true);

    await page.getByRole('switch', { name: 'Monthly' }).uncheck();
    await waitForUrl(page, (url) => url.searchParams.get('monthly') === 'false');
    await expectRowsMatch(page, weekly);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'invoices pages' }).textContent())
      .toContain(`of ${weekly.count} results`);

    // The filter is a link: opening it again shows the same list.
    await page.reload();
    await expectIdentifiers(
      page,
      weekly.invoicePeriods.map((period) => period.identifier),
    );
    expect(await page.getByRole('switch', { name: 'Monthly' }).isChecked()).toBe(false);

    // Both off: nothing is asked for, nothing is listed.
    await page.getByRole('switch', { name: 'Weekly' }).uncheck();
    await page.getByRole('heading', { name: 'No Invoices' }).waitFor();
    await page.getByText('Sorry nothing to show you').waitFor();
    // Monthly back on: only the monthly companies' periods.
    await page.getByRole('switch', { name: 'Monthly' }).check();
    await waitForUrl(page, (url) => !url.searchParams.has('monthly') && url.searchParams.get('weekly') === 'false');
    const monthly = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&weekly=false&size=10');
    await expectRowsMatch(page, monthly);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a company's Invoices tab lists that company's periods, every status, newest first", async () => {
    const get = await apiGetAs('accounts');
    const pending = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&size=1');
    const company = pending.invoicePeriods[0]?.company;
    expect(company?.id).toBeGreaterThan(0);
    const periods = await get<InvoicePeriodListResponse>(`/invoice/periods?companyId=${company?.id}&size=100`);
    expect(periods.count).toBeGreaterThan(0);

    const { page, context, problems } = await signedInPage(browser(), 'accounts', {
      from: `/companies/${company?.id}/invoices`,
    });
    await waitForUrl(page, (url) => url.pathname === `/companies/${company?.id}/invoices`);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Invoices');
    await expectRowsMatch(page, periods);
    for (const identifier of await column(page, 'Identifier'))
      expect(identifier).toMatch(new RegExp(`^${company?.accountCode}-`));
    // Not pending-only: the running period and invoiced ones show too.
    expect(new Set(await column(page, 'Status'))).toContain('Active');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher is refused the invoice list, on screen and by the server', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/invoicing/invoices');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    const token = await apiToken('dispatcher');
    const response = await fetch(`${baseURL()}/api/invoice/periods?pending=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(403);
    await context.close();
  });
});
