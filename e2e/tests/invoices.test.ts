import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatEuro } from '@courier/domain/common/money';
import { invoicePeriodStatusLabel } from '@courier/domain/invoicing/enums';
import type { InvoicePeriodListItem, InvoicePeriodListResponse } from '@courier/domain/invoicing/list-schemas';
import { baseURL, browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { apiGetAs, apiToken } from '../support/api.ts';

// Issue 12: the pending invoice list, its filters, finalising with progress, downloads, one invoice's
// page, and a company's Invoices tab.
const browser = browserForTests();

/** The texts of one column of the page's table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  return page.locator('table').evaluate((table, name) => {
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`No column ${name} among ${headers.join(', ')}`);
    // The Identifier cell names the company under the period's link: the link is the identifier.
    return [...table.querySelectorAll('tbody tr')].map((row) => {
      const cell = row.children[index];
      const text = name === 'Identifier' ? (cell?.querySelector('a') ?? cell) : cell;
      return text?.textContent?.trim() ?? '';
    });
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

  test('accounts choose two periods ready to send, finalise them, watch the progress and see them invoiced', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    const rows = page.locator('tbody tr[data-status=IN_REVIEW]');
    await rows.first().waitFor({ timeout: 20_000 });
    const ids = [
      Number(await rows.nth(0).getAttribute('data-period-id')),
      Number(await rows.nth(1).getAttribute('data-period-id')),
    ];
    const identifiers = [
      (await rows.nth(0).locator('a').first().textContent()) ?? '',
      (await rows.nth(1).locator('a').first().textContent()) ?? '',
    ];
    await expect.poll(() => page.getByText(/^All \d+ invoice periods$/).count()).toBe(1);
    // A finalised period cannot be chosen.
    const finalised = page.locator('tbody tr[data-status=FINALISED]').first();
    if ((await finalised.count()) > 0) expect(await finalised.getByRole('checkbox').isDisabled()).toBe(true);

    // One by a click on its row, one by its checkbox, from the keyboard.
    await rows.nth(0).locator('td').nth(2).click();
    await rows.nth(1).getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await page.getByText('Selected 2 invoice periods').waitFor();
    await page.getByRole('button', { name: 'Finalise 2 Selected Invoices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalise invoices' });
    await dialog.getByText('Finalise 2 invoice periods?').waitFor();
    await dialog.getByRole('button', { name: 'Finalise' }).click();
    await page
      .getByRole('status')
      .getByText(/Finalising invoices/)
      .waitFor();
    await page.getByText('Invoice periods finalised successfully').waitFor({ timeout: 30_000 });

    const get = await apiGetAs('accounts');
    for (const [index, id] of ids.entries()) {
      const found = await get<InvoicePeriodListResponse>(`/invoice/periods?size=10&search=${identifiers[index]}`);
      const period = found.invoicePeriods.find((candidate) => candidate.id === id);
      expect(period?.status).toBe('INVOICED');
      expect(period?.invoiceNumbers.length).toBeGreaterThan(0);
      // Gone from the pending list.
      await expect.poll(() => page.locator(`tbody tr[data-period-id="${id}"]`).count()).toBe(0);
    }

    // The invoice's page: its head says Invoiced and opens the issued invoice by its number.
    await page.goto(`/invoicing/invoices/${ids[0]}`);
    await page.getByText('Invoiced', { exact: true }).first().waitFor();
    const link = page.getByRole('link', { name: /^INV-\d{7} \(/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/invoice\/document\/INV-\d{7}$/);
    const pdf = await fetch(`${baseURL()}${href}`, {
      headers: { authorization: `Bearer ${await apiToken('accounts')}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The booking list below is the period's, without the list's own header.
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { name: 'Same Day' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('downloads a period’s invoice PDF and CSV, and says so when a period has nothing to charge', async () => {
    const get = await apiGetAs('accounts');
    const pending = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&status=IN_REVIEW&size=100');
    const charged = pending.invoicePeriods.find(
      (period) => period.total > 0 && period.companyExtSettings.singleInvoice,
    ) as InvoicePeriodListItem;
    expect(charged).toBeDefined();
    const { page, context, problems } = await signedInPage(browser(), 'accounts', {
      from: `/invoicing/invoices?q=${charged.identifier}`,
    });
    await expectIdentifiers(page, [charged.identifier]);
    const save = async (name: string): Promise<Buffer> => {
      const [download] = (await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `${name} of ${charged.identifier}` }).click(),
      ])) as [Download, unknown];
      return readFile((await download.path()) as string);
    };
    const pdf = await save('PDF');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = (await save('CSV')).toString('utf8');
    expect(csv.split('\n')[0]).toBe(
      'Invoice number,Invoice,Period,Account,Date,Job,Line,Work,Description,Your reference,Service,Amount ex VAT',
    );
    expect(csv).toContain(`,Total,,Subtotal,,,${charged.total.toFixed(2)}`);

    const empty = pending.invoicePeriods.find((period) => period.total === 0);
    if (empty) {
      await page.getByLabel('Find Invoice').fill(empty.identifier);
      await expectIdentifiers(page, [empty.identifier]);
      await page.getByRole('button', { name: `PDF of ${empty.identifier}` }).click();
      await page.getByText('Cannot Download Invoice').waitFor();
      await page.getByText('No job charges found for this period').waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Find Invoice and Closed During narrow the list; the other view finalises by invoice date', async () => {
    const get = await apiGetAs('accounts');
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const [first] = (await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&size=1')).invoicePeriods;
    await page.getByLabel('Find Invoice').fill(first?.company.name.slice(0, 2) ?? '');
    await page.getByText('Type at least 3 characters').waitFor();
    await page.getByLabel('Find Invoice').fill(first?.company.name ?? '');
    await waitForUrl(page, (url) => url.searchParams.get('q') === first?.company.name);
    const found = await get<InvoicePeriodListResponse>(
      `/invoice/periods?pending=true&size=10&search=${encodeURIComponent(first?.company.name ?? '')}`,
    );
    await expectRowsMatch(page, found);
    await page.getByLabel('Find Invoice').fill('');
    await waitForUrl(page, (url) => !url.searchParams.has('q'));

    // Closed During: the week the newest pending period ended in.
    await page.getByRole('combobox', { name: 'Closed During' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options[0]).toBe('Open');
    expect(options).toHaveLength(7);
    await page.getByRole('option').nth(1).click();
    await waitForUrl(page, (url) => url.searchParams.has('closed'));
    const closed = new URL(page.url()).searchParams.get('closed') ?? '';
    const week = await get<InvoicePeriodListResponse>(
      `/invoice/periods?pending=true&size=10&endFrom=${closed}&endTo=${new Date(Date.parse(`${closed}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10)}`,
    );
    if (week.count > 0) await expectRowsMatch(page, week);
    else await page.getByRole('heading', { name: 'No Invoices' }).waitFor();

    await page.getByText('By invoice date').click();
    await page.getByRole('button', { name: 'Finalise for date range' }).waitFor();
    await page.getByRole('textbox', { name: 'Invoice Date' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
