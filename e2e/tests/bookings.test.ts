import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  baseURL,
  browserForTests,
  expectAccessible,
  openPage,
  signedInPage,
  signIn,
  waitForUrl,
} from '../support/browser.ts';
import { descriptionsOf, expectSaveRefused, openFirstCompany, pasteTooLong, requestsTo } from '../support/steps.ts';
import { apiGetAs, apiToken } from '../support/api.ts';
import {
  bookingListLoads as listLoads,
  bookingReferences as references,
  bookingRows as rows,
  openBookingList,
} from '../support/bookings.ts';

const browser = browserForTests();

const headers = (page: Page) => page.locator('thead th').allTextContents();
const openList = (page: Page, role: 'accounts' | 'telephonist' | 'dispatcher', path?: string) =>
  openBookingList(page, role, { path });

describe('booking list', () => {
  test('changes the page size from the keyboard; the URL and the count line follow', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts');
    const pageSize = page.getByRole('combobox', { name: 'Page size' });
    expect(await pageSize.inputValue()).toBe('100');
    await pageSize.focus();
    // The browser's own select: arrow keys step through 10, 25, 50, 100, 500, 1000.
    await page.keyboard.press('ArrowUp');
    await waitForUrl(page, (url) => url.searchParams.get('size') === '50');
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: /pages/ })
          .getByText(/^Showing/)
          .textContent(),
      )
      .toMatch(/^Showing 1 to 50 of /);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('filters by company and status, then the URL shared into a new page shows the same rows', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts');
    // A company with an account code (a company without one shows its name in the link).
    const code =
      (await rows(page).locator('td:nth-child(3) a').allTextContents()).find((text) => /^[A-Z]{4}\d{3}$/.test(text)) ??
      '';
    expect(code).toMatch(/^[A-Z]{4}\d{3}$/);

    await page.getByLabel('Company').fill(code);
    await page.getByRole('listbox').getByRole('option').first().click();
    await waitForUrl(page, (url) => url.searchParams.has('company'));
    await page.getByPlaceholder('Any status').click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await page.keyboard.press('Escape');
    await waitForUrl(page, (url) => url.searchParams.get('statuses')?.includes('delivered') === true);
    // A filter change marks the search ready; it loads when run.
    await page.getByRole('button', { name: 'Run search' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Run search' }).count()).toBe(0);
    await expect
      .poll(async () =>
        (await rows(page).locator('td:nth-child(4)').allTextContents()).every((status) => status === 'Delivered'),
      )
      .toBe(true);
    const codes = await rows(page).locator('td:nth-child(3) a').allTextContents();
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([code]));
    const seen = await references(page);

    const shared = page.url();
    const other = await openPage(browser());
    await other.page.goto(shared);
    await other.page.waitForURL('**/login?redirect=*');
    await signIn(other.page, 'accounts');
    await rows(other.page).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => references(other.page)).toEqual(seen);
    await other.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the URL carries the API's filter names, and a link with them loads that search", async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts');
    const reference = (await references(page))[0] ?? '';
    await page.getByLabel('Reference', { exact: true }).fill(reference);
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery')?.includes(reference) === true);
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await waitForUrl(page, (url) => url.searchParams.get('windowStart')?.includes('2020-01-01') === true);
    const url = new URL(page.url());
    for (const old of ['q', 'place', 'from', 'to']) expect(url.searchParams.has(old)).toBe(false);
    await page.getByRole('button', { name: 'Run search' }).click();
    const only = (seen: string[]) => seen.includes(reference) && seen.every((other) => other.includes(reference));
    await expect.poll(async () => only(await references(page))).toBe(true);

    const other = await openPage(browser());
    await openList(other.page, 'accounts', `/bookings/list?searchQuery=${reference}`);
    await expect.poll(async () => only(await references(other.page))).toBe(true);
    expect(await other.page.getByLabel('Reference', { exact: true }).inputValue()).toBe(reference);
    await other.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('switches between Same Day and ON / OS, and back', async () => {
    const { page, context } = await openPage(browser());
    await openList(page, 'accounts');
    expect(await headers(page)).toContain('Vehicle');
    const sameDay = await references(page);
    await page.getByRole('tab', { name: 'ON / OS' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('view') === 'ON_OS');
    await expect.poll(() => headers(page)).toContain('Carrier');
    expect(await headers(page)).toContain('Carrier Cost');
    await expect
      .poll(async () => (await references(page)).some((reference) => sameDay.includes(reference)))
      .toBe(false);
    await page.goBack();
    await expect.poll(() => headers(page)).toContain('Vehicle');
    await expect.poll(() => references(page)).toEqual(sameDay);
    await expectAccessible(page);
    await context.close();
  });

  test('with the keyboard alone: Enter opens a booking, Escape closes it and the focus is back on its reference', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts');
    const activeLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    // The first opening loads the slide-in's code; the second finds it loaded. Both give the focus back.
    for (const reference of (await references(page)).slice(1, 3)) {
      const opener = page.getByRole('button', { name: `Open booking ${reference}` });
      await opener.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
      await panel.getByRole('heading', { name: 'Details' }).waitFor();
      await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
      await expect.poll(activeLabel).toBe(`Open booking ${reference}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('opens the booking details beside an empty docket panel', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts');
    const reference = (await references(page))[0] ?? '';
    await page.getByRole('button', { name: `Open booking ${reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
    await panel.getByRole('heading', { name: 'Details' }).waitFor();
    await panel.getByRole('heading', { name: 'Jobs' }).waitFor();
    expect(await panel.getByText('No dispatch docket').isVisible()).toBe(true);
    // Words for people, not the configuration name (issue 10).
    expect(await panel.getByText(/Docket view is not set up for this office/).isVisible()).toBe(true);
    expect(await panel.getByText(/DOCKET_BASE_URL/).count()).toBe(0);
    for (const label of [
      'Customer',
      'Company',
      'Client references',
      'Created',
      'Service',
      'Packages',
      'Weight',
      'Status',
      'Charge',
      'Driver Pay',
      'Collection',
      'Delivery window',
    ]) {
      expect(await panel.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    }
    const width = await panel.evaluate((element) => element.getBoundingClientRect().width);
    expect(width / 1280).toBeGreaterThan(0.75);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 11: a price change is kept, and whoever sees prices can read it in the booking details.
  test("shows a job's price history: who changed which price, from what to what, and why", async () => {
    const token = await apiToken('pricing');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // Of the Same Day view, which the list opens on: the newest booking of all may be ON / OS.
    const list = (await (await fetch(`${baseURL()}/api/bookings?view=SAME_DAY&size=20`, { headers: auth })).json()) as {
      bookings: {
        reference: string;
        jobs: { id: number; reference: string; version: number; customerCharge: number }[];
      }[];
    };
    const booking = list.bookings.find((candidate) => candidate.jobs.length === 1) ?? list.bookings[0];
    const job = booking?.jobs[0];
    if (!booking || !job) throw new Error('no booking to change');
    const charge = Math.round((job.customerCharge + 1.25) * 100) / 100;
    const note = `Corrected after a call ${Date.now()}`;
    const saved = await fetch(`${baseURL()}/api/pricing/update`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify([{ jobId: job.id, version: job.version, customerCharge: charge, note }]),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const { page, context, problems } = await openPage(browser());
    await openList(page, 'accounts', `/bookings/list?searchQuery=${booking.reference}`);
    await page.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${booking.reference}` });
    const card = panel.getByRole('group', { name: `Job ${job.reference}` });
    await card.getByRole('button', { name: 'Show price history' }).click();
    const history = card.getByRole('table', { name: `Price history of ${job.reference}` });
    const row = history.getByRole('row').filter({ hasText: note });
    await row.waitFor();
    const euro = (value: number) =>
      new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(value);
    expect(await row.textContent()).toContain('Customer charge');
    expect(await row.textContent()).toContain(euro(job.customerCharge));
    expect(await row.textContent()).toContain(euro(charge));
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();

    // A telephonist, who sees no prices, gets no price history.
    const other = await openPage(browser());
    await openList(other.page, 'telephonist', `/bookings/list?searchQuery=${booking.reference}`);
    await other.page.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
    await other.page
      .getByRole('dialog', { name: `Booking ${booking.reference}` })
      .getByRole('heading', { name: 'Jobs' })
      .waitFor();
    expect(await other.page.getByRole('button', { name: 'Show price history' }).count()).toBe(0);
    await other.context.close();
  });

  test("names each job's invoice period in the booking details, fetching a period once however many jobs share it", async () => {
    const get = await apiGetAs('dispatcher');
    // A demo booking of an account customer: its jobs are in invoice periods. One with two jobs in the same period if there is one.
    const { bookings } = await get<{ bookings: { reference: string; jobs: { invoicePeriodId: number | null }[] }[] }>(
      '/bookings?size=500&view=SAME_DAY',
    );
    const invoiced = bookings.filter(
      (booking) => booking.jobs.length > 0 && booking.jobs.every((job) => job.invoicePeriodId !== null),
    );
    const target = invoiced.find((booking) => booking.jobs.length > 1) ?? invoiced[0];
    expect(target, 'a demo booking whose jobs are in an invoice period').toBeDefined();
    if (!target) return;
    const periodIds = [...new Set(target.jobs.map((job) => job.invoicePeriodId))];
    const periods = await Promise.all(
      periodIds.map((id) => get<{ identifier: string; status: string }>(`/invoice/period/${id}`)),
    );

    const { page, context, problems } = await openPage(browser());
    const periodRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/invoice/period/')) periodRequests.push(request.url());
    });
    await openList(page, 'dispatcher', `/bookings/list?searchQuery=${target.reference}`);
    await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${target.reference}` });
    await panel.getByRole('heading', { name: 'Jobs' }).waitFor();
    for (const [i, period] of periods.entries()) {
      // 'ATL001-2026-W43 · Ready to send · 19/10/26 – 25/10/26' on every job in that period.
      const line = panel.getByText(
        new RegExp(
          `^${period.identifier} · (Active|Ready to send|Finalised|Invoiced) · \\d{2}/\\d{2}/\\d{2} – \\d{2}/\\d{2}/\\d{2}$`,
        ),
      );
      await expect
        .poll(() => line.count())
        .toBe(target.jobs.filter((job) => job.invoicePeriodId === periodIds[i]).length);
    }
    expect(await panel.textContent()).not.toMatch(/Period \d/);
    expect(periodRequests).toHaveLength(periodIds.length);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A same-day booking whose company's client references are all typed (no list of values). */
  async function bookingWithTypedReferences(): Promise<{
    reference: string;
    definitions: { name: string; values: string[] }[];
  }> {
    const get = await apiGetAs('accounts');
    const { bookings } = await get<{ bookings: { reference: string; companyId: number }[] }>(
      '/bookings?size=300&view=SAME_DAY',
    );
    for (const companyId of [...new Set(bookings.map((booking) => booking.companyId))]) {
      const definitions = await get<{ name: string; values: string[] }[]>(`/company/${companyId}/references`);
      if (definitions.length > 0 && definitions.every((definition) => definition.values.length === 0))
        return { reference: bookings.find((booking) => booking.companyId === companyId)?.reference ?? '', definitions };
    }
    throw new Error('no demo company with free-text client references');
  }

  test('edits the client references of a booking', async () => {
    const get = await apiGetAs('accounts');
    const target = await bookingWithTypedReferences();

    const { page, context } = await openPage(browser());
    await openList(page, 'telephonist', `/bookings/list?searchQuery=${target.reference}`);
    await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Edit Client References for ${target.reference}` });
    await modal.waitFor();
    const first = modal.getByRole('textbox').first();
    await first.waitFor();
    await first.fill('');
    await modal.getByRole('button', { name: 'Save' }).click();
    expect(await modal.getByText('Please enter a value.').count()).toBeGreaterThan(0);

    const inputs = modal.getByRole('textbox');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill(`E2E-${i + 1}`);

    // A paste past the server's limit is kept whole, never cut by a maxlength, and marked at once in the
    // schema's words; Save sends nothing and nothing is saved.
    const before = await get<{ companyReferences: { value: string }[] }>(`/booking/${target.reference}`);
    const sent = requestsTo(page, 'PUT', /^\/api\/bookings\/reference$/);
    await pasteTooLong(page, first, { limit: 200, message: 'A client reference can be at most 200 characters.' });
    await expectSaveRefused(page, {
      save: modal.getByRole('button', { name: 'Save' }),
      says: modal.getByText('Nothing was saved: shorten the fields marked as too long first.'),
      sent,
      kept: first,
    });
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect((await get<typeof before>(`/booking/${target.reference}`)).companyReferences).toEqual(
      before.companyReferences,
    );

    // A NUL is not taken out without a word: it stays as typed, and the server's 400 marks the field.
    await first.fill('ab\u0000cd');
    expect(await modal.getByText('A client reference can be at most 200 characters.').count()).toBe(0);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => descriptionsOf(page, first))
      .toContain('Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await first.inputValue()).toBe('ab\u0000cd');
    expect((await get<typeof before>(`/booking/${target.reference}`)).companyReferences).toEqual(
      before.companyReferences,
    );

    await first.fill('E2E-1');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Booking Reference Updated').waitFor();
    await page.getByText('Your changes have been saved.').waitFor();
    const saved = await get<{ companyReferences: { value: string }[] }>(`/booking/${target.reference}`);
    expect(saved.companyReferences.map((reference) => reference.value)).toEqual(
      target.definitions.map((_, i) => `E2E-${i + 1}`),
    );
    await context.close();
  });

  test('Edit Client References asks before throwing typed values away on Escape, ✕ or Cancel, and closes at once with nothing typed', async () => {
    const target = await bookingWithTypedReferences();
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'telephonist', `/bookings/list?searchQuery=${target.reference}`);
    await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
    const modal = page.getByRole('dialog', { name: `Edit Client References for ${target.reference}` });
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    const open = async () => {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await modal.getByRole('textbox').first().waitFor();
      return modal.getByRole('textbox').first();
    };

    // Nothing typed: Escape closes at once.
    await open();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);

    let first = await open();
    const saved = await first.inputValue();
    await first.click();
    await page.keyboard.press('End');
    await page.keyboard.type('-URGENT');
    // Escape asks; 'Keep editing' goes back with the typing still there.
    await page.keyboard.press('Escape');
    await question.waitFor();
    await page.waitForTimeout(300);
    expect(await question.isVisible()).toBe(true);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    expect(await first.inputValue()).toBe(`${saved}-URGENT`);
    // ✕ and Cancel ask too; 'Discard changes' closes and the value is the saved one again.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await modal.locator('.mantine-Modal-close').click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await modal.waitFor({ state: 'detached' });
    first = await open();
    expect(await first.inputValue()).toBe(saved);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('downloads the CSV of the current search', async () => {
    const { page, context } = await openPage(browser());
    await openList(page, 'accounts', '/bookings/list?view=ON_OS&statuses=delivered');
    const total = Number(
      (
        (await page
          .getByRole('region', { name: 'Booking summary' })
          .getByText(/^[\d,]+$/)
          .first()
          .textContent()) ?? ''
      ).replaceAll(',', ''),
    );
    expect(total).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bookings.csv');
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toContain('Reference');
    expect(lines[0]).toContain('Charge');
    expect(lines).toHaveLength(total + 1);
    await context.close();
  });

  test('a telephonist sees no prices anywhere', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'telephonist');
    const columns = await headers(page);
    for (const hidden of ['Charge', 'Driver Pay', 'Pay %']) expect(columns).not.toContain(hidden);
    expect(await page.getByText('Driver cost', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Report' }).count()).toBe(0);
    expect(await page.getByLabel('Charge min').count()).toBe(0);
    expect(await page.getByLabel('Driver pay min').count()).toBe(0);
    expect(await page.getByText('€').count()).toBe(0);
    await page.getByRole('tab', { name: 'ON / OS' }).click();
    await expect.poll(() => headers(page)).toContain('Carrier');
    expect(await headers(page)).not.toContain('Carrier Cost');
    expect(await page.getByLabel('Carrier cost min').count()).toBe(0);
    await expect.poll(() => page.locator('[aria-label="Bookings"][aria-busy="false"]').count()).toBe(1);
    const reference = (await references(page))[0] ?? '';
    await page.getByRole('button', { name: `Open booking ${reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
    await panel.getByRole('heading', { name: 'Details' }).waitFor();
    expect(await panel.getByText('Driver Pay', { exact: true }).count()).toBe(0);
    expect(await panel.getByText('Charge', { exact: true }).count()).toBe(0);
    expect(await panel.getByText('€').count()).toBe(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a price filter or sort in a link is left out for a dispatcher, who gets the list without it', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page, 'dispatcher', '/bookings/list?chargeFrom=100000&driverPayFrom=100000&sortBy=customerCharge');
    expect(await references(page)).not.toEqual([]);
    expect(await page.getByText('Sorry nothing to show you').count()).toBe(0);
    for (const hidden of ['Charge', 'Driver Pay', 'Pay %']) expect(await headers(page)).not.toContain(hidden);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the company Bookings tab lists only that company', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await openFirstCompany(page);
    await page.getByRole('tab', { name: 'Bookings' }).waitFor();
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Company').count()).toBe(0);
    const codes = new Set(await rows(page).locator('td:nth-child(3) a').allTextContents());
    expect(codes.size).toBe(1);
    await context.close();
  });
});

/** The tests below open the list and the details more than once: room for a busy machine. */
const SLOW = 120_000;

/** The text of a row's cell under the column headed `header` (cells found by their header, not by position). */
async function cellText(page: Page, reference: string, header: string): Promise<string> {
  const index = (await headers(page)).indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return (await page.locator(`tbody tr[data-reference="${reference}"] td`).nth(index).textContent()) ?? '';
}
const summaryTotal = async (page: Page) =>
  (await page
    .getByRole('region', { name: 'Booking summary' })
    .getByText(/^[\d,]+$/)
    .first()
    .textContent()) ?? '';
const tagChips = (page: Page) =>
  page.getByRole('group', { name: 'Bookings per tag' }).locator('.mantine-Badge-root').allTextContents();

describe('booking list: one applied search (issue 10)', () => {
  test(
    'Enter in the reference search runs it with what is typed; until then table and summary show the last search',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page, 'accounts');
      const before = await references(page);
      const total = await summaryTotal(page);
      const reference = before[3] ?? '';

      await page.getByLabel('Reference', { exact: true }).fill(reference);
      await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === reference);
      await page.getByRole('button', { name: 'Run search' }).waitFor();
      // Typed, not run: the rows, the total and the tag counts are still the last search's.
      expect(await references(page)).toEqual(before);
      expect(await summaryTotal(page)).toBe(total);

      // The tag counts answer slowly: the new rows must not show before the counts of the same search.
      await page.route('**/api/bookings/tagged', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.getByLabel('Reference', { exact: true }).press('Enter');
      await expect.poll(() => references(page), { timeout: 15_000 }).toEqual([reference]);
      const shownChips = await tagChips(page);
      expect(await summaryTotal(page)).toBe('1');
      const get = await apiGetAs('accounts');
      const booking = await get<{ jobs: { tags: string[] }[] }>(`/booking/${reference}`);
      const tagsOfBooking = [...new Set(booking.jobs.flatMap((job) => job.tags))];
      expect(shownChips.length).toBe(tagsOfBooking.length);
      for (const chip of shownChips) expect(chip).toMatch(/: 1$/);
      expect(await page.getByRole('button', { name: 'Run search' }).count()).toBe(0);
      await page.unroute('**/api/bookings/tagged');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'Enter right after typing a charge or picking a company runs the search, without waiting for the filter to settle',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page, 'accounts');
      const loads = listLoads(page);
      const chargeMin = page.getByLabel('Charge min');
      await chargeMin.fill('40');
      await chargeMin.press('Enter');
      await expect.poll(() => loads.some((url) => url.searchParams.get('chargeFrom') === '40')).toBe(true);
      await waitForUrl(page, (url) => url.searchParams.get('chargeFrom') === '40');
      await expect.poll(() => page.getByRole('button', { name: 'Run search' }).count()).toBe(0);

      const code =
        (await rows(page).locator('td a[href^="/companies/"]').allTextContents()).find((text) =>
          /^[A-Z]{4}\d{3}$/.test(text),
        ) ?? '';
      await page.getByLabel('Company').fill(code);
      await page.getByRole('listbox').getByRole('option').first().click();
      await waitForUrl(page, (url) => url.searchParams.has('company'));
      await page.getByRole('button', { name: 'Run search' }).waitFor();
      await page.getByRole('textbox', { name: 'Company' }).press('Enter');
      await expect.poll(() => loads.some((url) => url.searchParams.has('company'))).toBe(true);
      await expect
        .poll(async () => new Set(await rows(page).locator('td a[href^="/companies/"]').allTextContents()))
        .toEqual(new Set([code]));
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'Enter right after typing a date runs the search with that date, not the one before it',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page, 'accounts');
      const loads = listLoads(page);
      // Dublin days a week and six days ago, typed as dd/MM/yy with no pause before Enter.
      const dublinDay = (daysAgo: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(Date.now() - daysAgo * 86_400_000);
      const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;
      const [start, end] = [dublinDay(7), dublinDay(6)];
      const typeAndEnter = async (label: string, text: string) => {
        const field = page.getByLabel(label, { exact: true });
        await field.click();
        await field.press('ControlOrMeta+a');
        await page.keyboard.type(text, { delay: 20 });
        await page.keyboard.press('Enter');
      };

      await typeAndEnter('From', typed(start));
      await expect
        .poll(() =>
          loads.some((url) => url.searchParams.get('windowStart') === start && !url.searchParams.has('windowEnd')),
        )
        .toBe(true);
      await typeAndEnter('To', typed(end));
      await expect
        .poll(() =>
          loads.some(
            (url) => url.searchParams.get('windowStart') === start && url.searchParams.get('windowEnd') === end,
          ),
        )
        .toBe(true);
      await waitForUrl(page, (url) => url.searchParams.get('windowEnd') === end);
      // The search shown is the one on screen: no 'Run search', and every row created within the two days.
      await expect.poll(() => page.getByRole('button', { name: 'Run search' }).count()).toBe(0);
      await expect
        .poll(async () => {
          const created = await rows(page).locator('td:nth-child(2)').allTextContents();
          return created.every((text) => [typed(start), typed(end)].includes(text.slice(0, 8)));
        })
        .toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});

describe('booking details: job tags (issue 10)', () => {
  test(
    'adds and removes a tag; the row and the summary counts follow, with one label everywhere',
    async () => {
      const get = await apiGetAs('dispatcher');
      const { bookings } = await get<{
        bookings: { reference: string; jobs: { reference: string; tags: string[] }[] }[];
      }>('/bookings?size=100&view=SAME_DAY');
      const target = bookings.find((booking) => booking.jobs.length === 1 && booking.jobs[0]?.tags.length === 0);
      expect(target, 'a demo booking with one untagged job').toBeDefined();
      if (!target) return;
      const job = target.jobs[0]?.reference ?? '';

      const { page, context, problems } = await openPage(browser());
      await openList(page, 'dispatcher', `/bookings/list?searchQuery=${target.reference}`);
      await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
      const panel = page.getByRole('dialog', { name: `Booking ${target.reference}` });
      const tags = panel.getByRole('group', { name: `Tags of ${job}` });
      await tags.waitFor();
      await panel.getByLabel(`Add a tag to ${job}`).click();
      await page.getByRole('option', { name: 'SET CALL' }).click();
      await tags.getByRole('button', { name: 'Remove tag SET CALL' }).waitFor();
      // The row and the summary reload: the same label as the chip, never 'SET_CALL'.
      await expect.poll(() => cellText(page, target.reference, 'Tags')).toBe('SET CALL');
      await expect.poll(() => tagChips(page)).toEqual(['SET CALL: 1']);
      expect((await get<{ jobs: { tags: string[] }[] }>(`/booking/${target.reference}`)).jobs[0]?.tags).toEqual([
        'SET_CALL',
      ]);
      expect(await page.locator('body').textContent()).not.toContain('SET_CALL');
      await expectAccessible(page);

      await tags.getByRole('button', { name: 'Remove tag SET CALL' }).click();
      await expect.poll(() => cellText(page, target.reference, 'Tags')).toBe('');
      await expect.poll(() => tagChips(page)).toEqual([]);
      expect(await tags.getByText('No tags').isVisible()).toBe(true);
      expect((await get<{ jobs: { tags: string[] }[] }>(`/booking/${target.reference}`)).jobs[0]?.tags).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "a refused tag change shows the server's message and keeps the change to try again",
    async () => {
      const get = await apiGetAs('accounts');
      const { bookings } = await get<{
        bookings: { reference: string; jobs: { reference: string; tags: string[] }[] }[];
      }>('/bookings?size=100&view=SAME_DAY');
      const target = bookings.find((booking) => booking.jobs.length === 1);
      if (!target) throw new Error('a demo booking with one job');
      const job = target.jobs[0];
      if (!job) throw new Error('its job');
      const { page, context } = await openPage(browser());
      await openList(page, 'accounts', `/bookings/list?searchQuery=${target.reference}`);
      await page.route('**/api/bookings/tag', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'CONFLICT', message: 'This job was changed by someone else: reload it.' }),
        }),
      );
      await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
      const panel = page.getByRole('dialog', { name: `Booking ${target.reference}` });
      const tags = panel.getByRole('group', { name: `Tags of ${job.reference}` });
      await tags.waitFor();
      const choice = job.tags.includes('TAIL_LIFT') ? 'BATCH' : 'TAIL_LIFT';
      const label = choice.replace('_', ' ');
      await panel.getByLabel(`Add a tag to ${job.reference}`).click();
      await page.getByRole('option', { name: label, exact: true }).click();
      const alert = panel.getByRole('alert').filter({ hasText: 'Tags not saved' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('This job was changed by someone else: reload it.');
      // Nothing lost: the tag asked for stays on screen to try again; nothing was saved.
      expect(await tags.getByRole('button', { name: `Remove tag ${label}` }).count()).toBe(1);
      expect((await get<{ jobs: { tags: string[] }[] }>(`/booking/${target.reference}`)).jobs[0]?.tags).toEqual(
        job.tags,
      );
      await page.unroute('**/api/bookings/tag');
      await alert.getByRole('button', { name: 'Undo' }).click();
      await tags.getByRole('button', { name: `Remove tag ${label}` }).waitFor({ state: 'detached' });
      await context.close();
    },
    SLOW,
  );
});

describe('booking list: names, not codes (issue 10)', () => {
  test(
    'tariff services, vehicles and services are shown by their names',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page, 'accounts', '/bookings/list?view=ON_OS');
      await expect.poll(() => headers(page)).toContain('Tariff');
      const tariffs = new Set<string>();
      for (const reference of (await references(page)).slice(0, 20))
        tariffs.add(await cellText(page, reference, 'Tariff'));
      for (const tariff of tariffs) expect(tariff).not.toMatch(/^[A-Z0-9]{3,4}$/);
      expect([...tariffs].some((tariff) => /Domestic Overnight|Rapid Courier|Cancelled/.test(tariff))).toBe(true);
      await page.getByRole('combobox', { name: 'Tariff service' }).click();
      expect(await page.getByRole('option', { name: 'Domestic Overnight' }).count()).toBe(1);
      expect(await page.getByRole('option', { name: 'DOM', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Same Day' }).click();
      await expect.poll(() => headers(page)).toContain('Vehicle');
      await page.locator('[aria-label="Bookings"][aria-busy="false"]').waitFor();
      const vehicles = new Set<string>();
      for (const reference of (await references(page)).slice(0, 30))
        vehicles.add(await cellText(page, reference, 'Vehicle'));
      for (const vehicle of vehicles) expect(vehicle).not.toMatch(/^[A-Z-]+$/);
      await page.getByRole('combobox', { name: 'Service', exact: true }).click();
      expect(await page.getByRole('option', { name: 'Standard', exact: true }).count()).toBe(1);
      expect(await page.getByRole('option', { name: 'STANDARD', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');

      const reference = (await references(page))[0] ?? '';
      await page.getByRole('button', { name: `Open booking ${reference}` }).click();
      const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
      await panel.getByRole('heading', { name: 'Details' }).waitFor();
      const service = panel.locator('dt', { hasText: /^Service$/ }).locator('xpath=following-sibling::dd[1]');
      expect(await service.textContent()).not.toMatch(/STANDARD|PRIORITY|ECONOMY|_BIKE|VAN\)/);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
