import { describe, expect, test } from 'vitest';
import {
  baseURL,
  browserForTests,
  expectAccessible,
  openPage,
  signIn,
  signedInPage,
  waitForUrl,
} from '../support/browser.ts';
import { apiGetAs, apiToken } from '../support/api.ts';

// Issue 11: /pricing/review is the booking list in review mode; pricing staff approve flagged jobs.
const browser = browserForTests();

interface ListedJob {
  id: number;
  needsSameDayReview: boolean;
  needsCarrierReview: boolean;
}

async function jobOf(reference: string): Promise<ListedJob[]> {
  const token = await apiToken('pricing');
  const response = await fetch(`${baseURL()}/api/bookings?searchQuery=${reference}&size=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { bookings: { reference: string; jobs: ListedJob[] }[] };
  return body.bookings.find((booking) => booking.reference === reference)?.jobs ?? [];
}

describe('price review', () => {
  test('pricing staff see only bookings needing review, and approving one clears it from the list', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    await page.getByText('Only displaying bookings which require review').waitFor();
    const rows = page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    // Every row carries the review badge, with its reason (or 'No reason provided') as its name.
    const badges = await rows.evaluateAll((elements) =>
      elements.map((row) => row.querySelector('[data-badge][aria-label*="review"]')?.getAttribute('aria-label') ?? ''),
    );
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(badge).toMatch(/^(Same day|Carrier) review: .+/);
    await expectAccessible(page);

    const reference = (await rows.first().getAttribute('data-reference')) ?? '';
    expect((await jobOf(reference)).some((job) => job.needsSameDayReview)).toBe(true);
    await page.getByRole('button', { name: `Approve review of ${reference}` }).click();
    await page.getByText('Price Review Approved').first().waitFor();
    await expect.poll(async () => (await jobOf(reference)).some((job) => job.needsSameDayReview)).toBe(false);
    await expect
      .poll(() => page.locator(`tbody tr[data-reference="${reference}"]`).count(), { timeout: 20_000 })
      .toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the review list shows its default statuses (Delivered, Cancelled, Failed) as chosen, in the Status filter and the filter line', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    const rows = page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    const summary = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
    const filterLine = () => summary.getAttribute('title');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    // The Status filter's chosen values: its pills (Mantine's), beside its input.
    const chosen = () =>
      page.locator('.mantine-MultiSelect-root', { has: status }).locator('.mantine-Pill-label').allTextContents();
    await expect.poll(filterLine).toBe('Status: Delivered, Cancelled, Failed');
    if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    await expect.poll(chosen).toEqual(['Delivered', 'Cancelled', 'Failed']);
    expect(await page.getByPlaceholder('Any status').count()).toBe(0);

    // Failed taken off the three: the search keeps to the other two, and the line says so.
    // The three pills fill the field: its input is opened from the keyboard, not under the pointer.
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.keyboard.press('Escape');
    const statusesIn = (url: URL) => url.searchParams.get('statuses') ?? '';
    await waitForUrl(
      page,
      (url) => /delivered.*cancelled/.test(statusesIn(url)) && !statusesIn(url).includes('failed'),
    );
    await expect.poll(chosen).toEqual(['Delivered', 'Cancelled']);
    await expect.poll(filterLine).toBe('Status: Delivered, Cancelled');
    // Clear filters: the review's three statuses apply again, and show again.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForUrl(page, (url) => !url.searchParams.has('statuses'));
    await expect.poll(chosen).toEqual(['Delivered', 'Cancelled', 'Failed']);
    await expect.poll(filterLine).toBe('Status: Delivered, Cancelled, Failed');

    expect(problems).toEqual([]);
    await context.close();
  });

  test('at 1280x720 the review notice stays whole with the filters open, and company names are cut with an ellipsis while the account cells load', async () => {
    const { page, context, problems } = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
    // The account cells' code is held, so the list draws each company as it is until that code comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/choice-cells-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    const rows = page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    const changeButtons = page.getByRole('button', { name: /^Change account for / });
    expect(await changeButtons.count()).toBe(0);
    const companyColumn = (await page.locator('thead th').allTextContents()).indexOf('Company');
    expect(companyColumn).toBeGreaterThan(-1);
    const companyCells = await rows.evaluateAll(
      (elements, column) =>
        elements.map((row) => {
          const cell = row.children[column] as HTMLElement;
          const content = cell.firstElementChild as HTMLElement;
          const style = getComputedStyle(content);
          return {
            name: cell.textContent ?? '',
            cutWithEllipsis:
              style.textOverflow === 'ellipsis' && style.overflow === 'hidden' && style.whiteSpace === 'nowrap',
            withinCell: content.getBoundingClientRect().right <= cell.getBoundingClientRect().right,
            cut: content.scrollWidth > content.clientWidth,
          };
        }),
      companyColumn,
    );
    for (const cell of companyCells) expect(cell, cell.name).toMatchObject({ cutWithEllipsis: true, withinCell: true });
    // The demo's names are long enough that some are cut at this width: the check above saw them.
    expect(companyCells.some((cell) => cell.cut)).toBe(true);
    release();
    await changeButtons.first().waitFor();

    // The filters opened: the notice keeps its whole height, and the table gives up the room.
    const summary = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
    if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    const text = 'Only displaying bookings which require review';
    const notice = await page.getByRole('status').filter({ hasText: text }).boundingBox();
    const words = await page.getByText(text).boundingBox();
    expect(notice && words && notice.height >= words.height).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the ON / OS view approves carrier reviews', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    await page.getByRole('tab', { name: 'ON / OS' }).click();
    const rows = page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    const reference = (await rows.first().getAttribute('data-reference')) ?? '';
    await page.getByRole('button', { name: `Approve review of ${reference}` }).click();
    await page.getByText('Price Review Approved').first().waitFor();
    await expect.poll(async () => (await jobOf(reference)).some((job) => job.needsCarrierReview)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the review list's company filter works for pricing staff: search, pick, run", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    const rows = page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    // In review mode the Approve column follows the reference: the company link is the 4th cell.
    const code =
      (await rows.locator('td:nth-child(4) a').allTextContents()).find((text) => /^[A-Z]{4}\d{3}$/.test(text)) ?? '';
    expect(code).toMatch(/^[A-Z]{4}\d{3}$/);
    const summary = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
    if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    await page.getByLabel('Company').fill(code);
    await page.getByRole('listbox').getByRole('option').first().click();
    await waitForUrl(page, (url) => url.searchParams.has('company'));
    await page.getByRole('button', { name: 'Run search' }).click();
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(4) a').allTextContents()), { timeout: 20_000 })
      .toEqual(new Set([code]));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an ON/OS job set to a failed collection after a confirmation, and its booking moved to another company', async () => {
    const token = await apiToken('pricing');
    const headers = { authorization: `Bearer ${token}` };
    const found = (await (
      await fetch(`${baseURL()}/api/bookings?view=ON_OS&needsCarrierReviewOnly=true&tariffService=DOM&size=30`, {
        headers,
      })
    ).json()) as {
      bookings: { reference: string; company: { id: number }; jobs: { id: number; reference: string }[] }[];
    };
    // A one-job booking whose invoice is still open (an invoiced one is locked: 409).
    let booking: (typeof found.bookings)[number] | undefined;
    for (const candidate of found.bookings.filter((entry) => entry.jobs.length === 1)) {
      const status = (await (
        await fetch(`${baseURL()}/api/pricing/invoice-and-driver-pay-status?jobId=${candidate.jobs[0]!.id}`, {
          headers,
        })
      ).json()) as { invoiceStatus: string | null };
      if (status.invoiceStatus === null || status.invoiceStatus === 'ACTIVE' || status.invoiceStatus === 'IN_REVIEW') {
        booking = candidate;
        break;
      }
    }
    if (!booking) throw new Error('no open ON/OS booking flagged for review with a DOM job');
    const job = booking.jobs[0]!.reference;

    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    await page.goto(`/pricing/review?view=ON_OS&searchQuery=${booking.reference}`);
    await page.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${booking.reference}` });
    const card = panel.getByRole('group', { name: `Job ${job}` });
    await card.getByRole('button', { name: 'Set Failed Collection' }).click();
    const confirm = page.getByRole('dialog', { name: 'Set Failed Collection?' });
    await confirm.getByRole('button', { name: 'Set Failed Collection' }).click();
    await page.getByText(`${job} is charged as a failed collection.`).waitFor();
    const tariffOf = async () => {
      const list = (await (
        await fetch(`${baseURL()}/api/bookings?view=ON_OS&searchQuery=${booking.reference}&size=5`, { headers })
      ).json()) as {
        bookings: { reference: string; company: { id: number }; jobs: { tariffService: string | null }[] }[];
      };
      return list.bookings.find((candidate) => candidate.reference === booking.reference);
    };
    await expect.poll(async () => (await tariffOf())?.jobs[0]?.tariffService).toBe('FAIC');

    await panel.getByRole('button', { name: 'Change', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: `Choose Company for ${booking.reference}` });
    await chooser.getByLabel('Select Company').fill('Atlantic');
    // The company search's own options, not the tariff selects' of the ON / OS list behind the panel.
    await page.locator('[data-combobox-option]').filter({ hasText: 'Atlantic' }).first().click();
    await expectAccessible(page);
    await chooser.getByRole('button', { name: 'Change Company' }).click();
    await page.getByText('Company Changed').first().waitFor();
    await expect.poll(async () => (await tariffOf())?.company.id).not.toBe(booking.company.id);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher is refused the price review, and the server refuses its approval too', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/pricing/review');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    const token = await apiToken('dispatcher');
    const response = await fetch(`${baseURL()}/api/pricing/review/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jobIds: [1], type: 'SAME_DAY' }),
    });
    expect(response.status).toBe(403);
    await context.close();
  });

  test("pricing staff open a company's page for its Bookings (prices editable) and Pricing tabs, not the company list", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    const get = await apiGetAs('pricing');
    const listed = await get<{ bookings: { companyId: number }[] }>('/bookings?statuses=delivered&size=1');
    const companyId = listed.bookings[0]?.companyId;
    expect(companyId).toBeGreaterThan(0);
    await page.goto(`/companies/${companyId}`);
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Bookings', 'Pricing']);
    // The company's bookings with their prices as inputs, as in the price review.
    await page.locator('tbody tr[data-reference]').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: /^Charge for / }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    // The company list and the company's own records stay with the company staff.
    await page.goto('/companies/list');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
