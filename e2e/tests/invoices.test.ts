import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays, dublinToday, formatDay, recentWeeks, weekOf } from '@courier/domain/common/calendar-days';
import { formatCount, formatEuro } from '@courier/domain/common/money';
import { FINALISE_BLOCKED_MESSAGE } from '@courier/domain/invoicing/finalise-schemas';
import { invoicePeriodStatusLabel } from '@courier/domain/invoicing/enums';
import type { InvoicePeriodListItem, InvoicePeriodListResponse } from '@courier/domain/invoicing/list-schemas';
import { baseURL, browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { apiGetAs, apiToken } from '../support/api.ts';
import { switchFlipsAtOnce } from '../support/steps.ts';

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
      .toContain(`Showing 1 to ${Math.min(10, pending.count)} of ${formatCount(pending.count)} results`);
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

    // The switch shows the change at once, not after the router has caught up.
    expect(await switchFlipsAtOnce(page.getByRole('switch', { name: 'Monthly' }))).toBe(true);
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

  test('Weekly Invoices with Weekly off chooses nothing, and a choice never holds periods the filters hide', async () => {
    const get = await apiGetAs('accounts');
    const readyIds = async (filter: string) =>
      (
        await get<InvoicePeriodListResponse>(`/invoice/periods?pending=true&status=IN_REVIEW&size=5000&${filter}`)
      ).invoicePeriods.map((period) => period.id);
    const weeklyReady = await readyIds('monthly=false');
    const monthlyReady = await readyIds('weekly=false');
    // The demo data has periods of both intervals ready to send.
    expect(weeklyReady.length).toBeGreaterThan(0);
    expect(monthlyReady.length).toBeGreaterThan(0);

    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const finaliseRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/invoice/finalise'))
        finaliseRequests.push(request.url());
    });
    const weeklySwitch = page.getByRole('switch', { name: 'Weekly' });
    const weeklyInvoices = page.getByRole('button', { name: 'Weekly Invoices' });
    const tickedIds = async () =>
      (
        await page
          .locator('tbody tr:has(input[type=checkbox]:checked)')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-period-id')))
      ).map(Number);
    /** The count the screen says is chosen ('Selected N invoice periods'), 0 when it says 'All N'. */
    const chosenCount = async () =>
      Number((await page.getByText(/^Selected \d+ invoice periods$/).allTextContents())[0]?.match(/\d+/)?.[0] ?? 0);
    /** Waits until the answer to Weekly Invoices, if any, has been taken. */
    const settled = async () => {
      await page.waitForLoadState('networkidle');
      await expect.poll(() => weeklyInvoices.isEnabled()).toBe(true);
    };
    /** Nothing chosen, nothing ticked: Finalise offers only the monthly periods the list shows. */
    const expectOnlyMonthlyOffered = async () => {
      expect(await chosenCount()).toBe((await tickedIds()).length);
      expect(await chosenCount()).toBe(0);
      await page.getByText(`All ${monthlyReady.length} invoice periods`, { exact: true }).waitFor();
      await page.getByRole('button', { name: `Finalise All ${monthlyReady.length} Invoices` }).waitFor();
      expect(await page.getByRole('button', { name: /Selected Invoices$/ }).count()).toBe(0);
    };

    // Weekly off: no weekly row is shown, so Weekly Invoices chooses none, and says why.
    await weeklySwitch.uncheck();
    await waitForUrl(page, (url) => url.searchParams.get('weekly') === 'false');
    await page.getByText(`All ${monthlyReady.length} invoice periods`, { exact: true }).waitFor();
    await weeklyInvoices.click();
    await settled();
    await expectOnlyMonthlyOffered();
    await page.getByText('Weekly invoice periods are hidden: switch Weekly on to choose them.').waitFor();
    // Finalise All would take the shown monthly periods only.
    await page.getByRole('button', { name: `Finalise All ${monthlyReady.length} Invoices` }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalise invoices' });
    await dialog.getByText(`Finalise ${monthlyReady.length} invoice periods?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Weekly on: Weekly Invoices chooses the weekly periods ready to send, and the page ticks those it shows.
    await weeklySwitch.check();
    await waitForUrl(page, (url) => !url.searchParams.has('weekly'));
    await weeklyInvoices.click();
    await page.getByText(`Selected ${weeklyReady.length} invoice periods`, { exact: true }).waitFor();
    const shownWeekly = (
      await page
        .locator('tbody tr[data-status=IN_REVIEW]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-period-id'))))
    ).filter((id) => weeklyReady.includes(id));
    expect(await tickedIds()).toEqual(shownWeekly);
    // Weekly off again: the weekly periods are hidden, so they are no longer chosen.
    await weeklySwitch.uncheck();
    await waitForUrl(page, (url) => url.searchParams.get('weekly') === 'false');
    await expectOnlyMonthlyOffered();

    // Weekly off while Weekly Invoices is still asking: its answer, for a list no longer shown, chooses nothing.
    await weeklySwitch.check();
    await waitForUrl(page, (url) => !url.searchParams.has('weekly'));
    await page.getByText(/^All \d+ invoice periods$/).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) =>
        url.pathname === '/api/invoice/periods' &&
        url.searchParams.get('status') === 'IN_REVIEW' &&
        url.searchParams.get('size') !== '1',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await weeklyInvoices.click();
    await expect.poll(() => weeklyInvoices.isDisabled()).toBe(true);
    await weeklySwitch.uncheck();
    await waitForUrl(page, (url) => url.searchParams.get('weekly') === 'false');
    release();
    await settled();
    await expectOnlyMonthlyOffered();

    expect(finaliseRequests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a search that changes the list unselects the periods chosen and says so, until the next choice', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    const rows = page.locator('tbody tr[data-status=IN_REVIEW]');
    await rows.nth(1).waitFor({ timeout: 20_000 });
    const notice = page.getByText('The invoice period you selected was unselected when the list changed.');
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByText('Selected 1 invoice periods', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0);

    // Find Invoice changes the list: the choice is gone (nothing hidden is finalised), and the screen says so.
    const identifier = (await rows.nth(1).locator('a').first().textContent()) ?? '';
    await page.getByLabel('Find Invoice').fill(identifier);
    await notice.waitFor();
    await page.getByText(/^All \d+ invoice periods$/).waitFor();
    // Still said once the search is cleared, as the period is no longer ticked.
    await page.getByLabel('Find Invoice').fill('');
    await waitForUrl(page, (url) => !url.searchParams.has('q'));
    expect(await notice.isVisible()).toBe(true);
    expect(await rows.nth(0).getByRole('checkbox').isChecked()).toBe(false);
    // A new choice ends the notice.
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByText('Selected 1 invoice periods', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0);
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
    await page.locator('tbody tr[data-status=IN_REVIEW]').first().waitFor({ timeout: 20_000 });
    // Periods with something to invoice: one whose jobs and additionals total zero is finalised without an
    // invoice (nor its number), which the demo data has on some days (a week with no booking).
    const headers = (await page.locator('thead th').allTextContents()).map((text) => text.trim());
    const totalCell = page.locator(`td:nth-child(${headers.indexOf('Total') + 1})`, { hasText: /^€0\.00$/ });
    const rows = page.locator('tbody tr[data-status=IN_REVIEW]').filter({ hasNot: totalCell });
    await rows.nth(1).waitFor();
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
    // The spec's texts as it quotes them, for one too.
    await page.getByText('Selected 1 invoice periods', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Finalise 1 Selected Invoices' }).waitFor();
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

  test('Find Invoice narrows the pending list; Closed During, only in the all-periods view, shows a week’s periods of every status', async () => {
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

    // A search that finds nothing keeps its box, with the focus, so it can be changed; a pasted NUL is
    // left out of the search rather than refused as an outage.
    const find = page.getByLabel('Find Invoice');
    await find.fill('zz\u0000z');
    await waitForUrl(page, (url) => url.searchParams.get('q') === 'zzz');
    await page.getByRole('heading', { name: 'No Invoices' }).waitFor();
    expect(await find.inputValue()).toBe('zzz');
    expect(await find.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'No Invoices' }).waitFor();
    expect(await find.inputValue()).toBe('zzz');
    await find.fill('');
    await waitForUrl(page, (url) => !url.searchParams.has('q'));
    await page.locator('tbody tr').first().waitFor();
    // Pending-only: no 'Closed During' (spec 1 §2).
    expect(await page.getByRole('combobox', { name: 'Closed During' }).count()).toBe(0);

    await page.getByText('All periods', { exact: true }).click();
    await waitForUrl(page, (url) => url.searchParams.get('view') === 'all');
    // Open: every period ending this week or later, so the running ones, whatever their status.
    const today = dublinToday();
    const open = await get<InvoicePeriodListResponse>(`/invoice/periods?size=10&endFrom=${weekOf(today).start}`);
    await expectRowsMatch(page, open);
    expect(new Set(await column(page, 'Status'))).toContain('Active');
    expect(await page.getByRole('button', { name: /^Finalise/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);

    // The six whole weeks before this one, newest first, after Open (spec 1 §9).
    const weeks = recentWeeks(today, 7).slice(1);
    await page.getByRole('combobox', { name: 'Closed During' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Open',
      ...weeks.map((week) => `${formatDay(week.start)} – ${formatDay(week.end)}`),
    ]);
    // A week whose periods have been invoiced: they are browsed here, with the others that closed then.
    let invoicedWeek: (typeof weeks)[number] | undefined;
    for (const week of weeks) {
      const invoiced = await get<InvoicePeriodListResponse>(
        `/invoice/periods?size=1&status=INVOICED&endFrom=${week.start}&endTo=${week.end}`,
      );
      if (invoiced.count > 0) {
        invoicedWeek = week;
        break;
      }
    }
    if (!invoicedWeek) throw new Error('the demo data has no period invoiced in the last six weeks');
    await page
      .getByRole('option', { name: `${formatDay(invoicedWeek.start)} – ${formatDay(invoicedWeek.end)}` })
      .click();
    await waitForUrl(page, (url) => url.searchParams.get('closed') === invoicedWeek.start);
    const week = await get<InvoicePeriodListResponse>(
      `/invoice/periods?size=10&endFrom=${invoicedWeek.start}&endTo=${invoicedWeek.end}`,
    );
    await expectRowsMatch(page, week);
    expect(await column(page, 'Status')).toContain('Invoiced');
    for (const period of week.invoicePeriods) {
      expect(period.end >= invoicedWeek.start && period.end <= invoicedWeek.end).toBe(true);
    }
    await expectAccessible(page);

    // The non-classic view: Invoice Date and 'Finalise for date range', no 'Closed During'.
    await page.getByText('By invoice date', { exact: true }).click();
    await page.getByRole('button', { name: 'Finalise for date range' }).waitFor();
    await page.getByRole('textbox', { name: 'Invoice Date' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Closed During' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Finalise for date range invoices every period due by the date; its progress survives going elsewhere and back', async () => {
    const get = await apiGetAs('accounts');
    const ready = (await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&status=IN_REVIEW&size=5000'))
      .invoicePeriods;
    // The fewest periods: the interval and day of the period that has waited longest (all due by then go).
    const oldest = [...ready].sort((a, b) => a.end.localeCompare(b.end))[0];
    if (!oldest) throw new Error('the demo data has no period ready to send');
    const interval = oldest.companyExtSettings.invoiceInterval;
    const due = ready.filter(
      (period) => period.end <= oldest.end && period.companyExtSettings.invoiceInterval === interval,
    );
    const intervalFilter = interval === 'W' ? 'monthly=false' : 'weekly=false';
    const { page, context, problems } = await signedInPage(browser(), 'accounts', {
      from: `/invoicing/invoices?view=date&date=${oldest.end}&${intervalFilter}`,
    });
    await page.getByRole('textbox', { name: 'Invoice Date' }).waitFor();
    const ofDue = `${due.length === 1 ? '1 invoice period' : `${due.length} invoice periods`} ready to send`;
    await page
      .getByText(`${ofDue} ${due.length === 1 ? 'ends' : 'end'} on or before ${formatDay(oldest.end)}.`)
      .waitFor();

    // The run's progress is held back here, as if it took long, so it is still going when we return.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/invoice\/finalise-runs\/\d+$/, async (route) => {
      await held;
      await route.continue().catch(() => {}); // a poll the page gave up on while away
    });

    await page.getByRole('button', { name: 'Finalise for date range' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalise invoices' });
    await dialog
      .getByText(
        `Finalise every ${interval === 'W' ? 'weekly' : 'monthly'} invoice period ready to send that ends on or before ${formatDay(oldest.end)}?`,
        { exact: false },
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Finalise' }).click();
    const progress = page.getByRole('status').getByText(/Finalising invoices/);
    await progress.waitFor();

    // Elsewhere, and back by the sidebar: the progress is there again.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Companies' }).click();
    await waitForUrl(page, (url) => url.pathname.startsWith('/companies'));
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    await nav.getByRole('link', { name: 'Invoicing' }).click();
    await waitForUrl(page, (url) => url.pathname === '/invoicing/invoices');
    await progress.waitFor();
    // And after a reload.
    await page.reload();
    await progress.waitFor({ timeout: 20_000 });

    release();
    await page.getByText('Invoice periods finalised successfully').waitFor({ timeout: 30_000 });
    await progress.waitFor({ state: 'hidden' });
    const now = await get<InvoicePeriodListResponse>('/invoice/periods?status=IN_REVIEW&size=5000');
    for (const period of due) {
      const found = await get<InvoicePeriodListResponse>(`/invoice/periods?size=10&search=${period.identifier}`);
      expect(found.invoicePeriods.find((candidate) => candidate.id === period.id)?.status).toBe('INVOICED');
      expect(now.invoicePeriods.some((candidate) => candidate.id === period.id)).toBe(false);
    }
    // The list has been brought up to date: none of them waits here any more.
    for (const period of due)
      await expect
        .poll(() => page.locator(`tbody tr[data-period-id="${period.id}"][data-status=IN_REVIEW]`).count())
        .toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Finalise for date range takes only the Invoice Date the field shows: none while it is not a date or empty', async () => {
    const get = await apiGetAs('accounts');
    const ready = (await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&status=IN_REVIEW&size=5000'))
      .invoicePeriods;
    // The newest day a period ready to send ends on: every one of them is due by it, so the button is enabled.
    const day = ready
      .map((period) => period.end)
      .sort()
      .at(-1);
    if (!day) throw new Error('the demo data has no period ready to send');
    const { page, context, problems } = await signedInPage(browser(), 'accounts', {
      from: `/invoicing/invoices?view=date&date=${day}`,
    });
    const finaliseRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/invoice/finalise'))
        finaliseRequests.push(request.url());
    });
    const field = page.getByRole('textbox', { name: 'Invoice Date' });
    const button = page.getByRole('button', { name: 'Finalise for date range' });
    const summary = page.getByText(/ready to send (ends|end) on or before/);
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain(`on or before ${formatDay(day)}.`);
    await expect.poll(() => button.isEnabled()).toBe(true);

    // An impossible date: its message shows, and nothing can be finalised for the day the field no longer shows.
    await field.fill('31/02/26');
    await field.press('Tab');
    await page.getByText('31/02/26 is not a date: February 2026 has 28 days.').waitFor();
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await summary.count()).toBe(0);
    await page.getByText('Enter the Invoice Date to see the invoice periods ready to send by then.').waitFor();

    // Empty: the same.
    await field.fill('');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('');
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await summary.count()).toBe(0);

    // Another day typed key by key into the emptied field is taken: the field kept snapping back to
    // the day the address held at the first key.
    const before = addDays(day, -1);
    await field.pressSequentially(formatDay(before), { delay: 30 });
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe(formatDay(before));
    await waitForUrl(page, (url) => url.searchParams.get('date') === before);
    await expect.poll(() => summary.textContent()).toContain(`on or before ${formatDay(before)}.`);

    // A day outside 2000–2099 is named with its whole year, in the field and in the summary, never '01/01/99'.
    await field.fill('01/01/2999');
    await field.press('Tab');
    await waitForUrl(page, (url) => url.searchParams.get('date') === '2999-01-01');
    await expect.poll(() => summary.textContent()).toContain('on or before 01/01/2999.');
    expect(await field.inputValue()).toBe('01/01/2999');

    // The day typed again: the button and the summary are back for it.
    await field.fill('');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('');
    await field.fill(formatDay(day));
    await field.press('Tab');
    await expect.poll(() => summary.textContent()).toContain(`on or before ${formatDay(day)}.`);
    await expect.poll(() => button.isEnabled()).toBe(true);

    // Finalising cannot be undone: the dialog opens on Cancel, so Enter does not finalise.
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Finalise invoices' });
    await dialog.getByText(`ends on or before ${formatDay(day)}?`, { exact: false }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(finaliseRequests).toEqual([]);

    // The server refuses an Invoice Date that is missing or not a date, whatever a screen sends.
    const token = await apiToken('accounts');
    for (const body of [
      { weekly: true, monthly: true },
      { endDate: '', weekly: true, monthly: true },
      { endDate: '2026-02-31', weekly: true, monthly: true },
      { endDate: '31/02/26', weekly: true, monthly: true },
    ]) {
      const response = await fetch(`${baseURL()}/api/invoice/finalise-for-user`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const still = await get<InvoicePeriodListResponse>('/invoice/periods?pending=true&status=IN_REVIEW&size=5000');
    expect(still.count).toBe(ready.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('until the periods ready to send are counted, the screen says so instead of a count of 0', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/companies/list' });
    // The count's answer is held back until the screen has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/invoice/periods' && url.searchParams.get('size') === '1',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/invoicing/invoices');
    await page.getByText('Counting the invoice periods ready to send...').waitFor();
    expect(await page.getByRole('button', { name: 'Finalise All Invoices' }).isDisabled()).toBe(true);
    expect(await page.getByText(/All 0 /).count()).toBe(0);
    release();
    await page.getByText(/^All \d+ invoice periods$/).waitFor();
    await page.getByRole('button', { name: /^Finalise All \d+ Invoices$/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a chosen period finalised meanwhile: the refusal reloads the list and leaves nothing chosen', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    const headers = (await page.locator('thead th').allTextContents()).map((text) => text.trim());
    const totalCell = page.locator(`td:nth-child(${headers.indexOf('Total') + 1})`, { hasText: /^€0\.00$/ });
    const row = page.locator('tbody tr[data-status=IN_REVIEW]').filter({ hasNot: totalCell }).first();
    await row.waitFor({ timeout: 20_000 });
    const id = Number(await row.getAttribute('data-period-id'));
    const identifier = (await row.locator('a').first().textContent()) ?? '';
    await row.getByRole('checkbox').check();
    await page.getByText('Selected 1 invoice periods', { exact: true }).waitFor();

    // Someone else finalises it first.
    const finalised = await fetch(`${baseURL()}/api/invoice/finalise`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiToken('accounts')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [id] }),
    });
    expect(finalised.status).toBe(200);
    const get = await apiGetAs('accounts');
    const statusOf = async () =>
      (await get<InvoicePeriodListResponse>(`/invoice/periods?size=10&search=${identifier}`)).invoicePeriods.find(
        (period) => period.id === id,
      )?.status;
    await expect.poll(statusOf, { timeout: 30_000 }).not.toBe('IN_REVIEW');

    await page.getByRole('button', { name: 'Finalise 1 Selected Invoices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalise invoices' });
    await dialog.getByRole('button', { name: 'Finalise' }).click();
    await page.getByText(FINALISE_BLOCKED_MESSAGE).waitFor();
    // The list shows where the period stands now (invoiced, so no longer pending), and nothing is
    // chosen for the same refusal again.
    await page.getByText(/^All \d+ invoice periods$/).waitFor();
    await expect.poll(() => page.locator(`tbody tr[data-period-id="${id}"][data-status=IN_REVIEW]`).count()).toBe(0);
    expect(await page.locator('tbody input[type=checkbox]:checked').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an invoice page whose id is not a period’s says so, and shows and asks for nothing more', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts', { from: '/invoicing/invoices' });
    await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 400) refused.push(response.url());
    });
    // 1.5, 12.pdf and a NUL once reached the browser as the server's JSON, not as the app's page.
    for (const id of ['abc', '-1', '99999999999', '1.5', '12.pdf', '%00']) {
      await page.goto(`/invoicing/invoices/${id}`);
      await page.getByRole('heading', { name: 'No Invoice' }).waitFor();
      await page.getByText('That is not an invoice period number.').waitFor();
      expect(await page.getByText('There is no invoice period with id 0.').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      // Only the not-found state: no booking list, nor its filters.
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
    }
    // A whole number that is no period's: the server's answer, and still no booking list under it.
    await page.goto('/invoicing/invoices/99999');
    await page.getByText('There is no invoice period with id 99999.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByText('No Bookings').count()).toBe(0);
    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
