import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BookingListResponse } from '@courier/domain/bookings/schemas';
import { browserForTests, expectAccessible, openPage, waitForUrl } from '../support/browser.ts';
import { apiGetAs } from '../support/api.ts';
import { bookingReferences as references, bookingRows as rows, openBookingList } from '../support/bookings.ts';

// The date widgets of spec 1 §2 / spec 2 §2 in the booking list's From and To filters: dates typed
// and shown as dd/MM/yy (spec 2 §9) whatever the browser's locale, sent as yyyy-MM-dd (spec 1 §9),
// today being the Dublin day.
const browser = browserForTests();

const from = (page: Page) => page.getByLabel('From', { exact: true });
const to = (page: Page) => page.getByLabel('To', { exact: true });
const runSearch = (page: Page) => page.getByRole('button', { name: 'Run search' });
const chooseDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose date' });

/** The texts of a column of the rows shown, the column found by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, headers.join(' | ')).toBeGreaterThanOrEqual(0);
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

/** The list with 10 rows a page: these tests are about the filters, and a short page keeps them quick. */
const openList = (page: Page) => openBookingList(page, 'accounts', { path: '/bookings/list?size=10' });

/** Types over a field's text key by key, as a person does, then leaves it with Tab. */
async function typeInto(page: Page, field: ReturnType<typeof from>, text: string): Promise<void> {
  await field.click();
  // Selected text is replaced by the first key: the field is never empty (an emptied field clears the filter).
  await field.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 20 });
  await page.keyboard.press('Tab');
}

const listRequest = (request: Request) => new URL(request.url()).pathname === '/api/bookings';

// Each test signs in and loads the list; on a machine busy with other work that alone has taken 40 s.
describe('date widgets in the booking list', { timeout: 120_000 }, () => {
  test.each([['01/10/26'], ['01102026']])(
    'typing %s into From searches from 2026-10-01: in the URL, the request and the list',
    async (typed) => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      await typeInto(page, from(page), typed);
      await typeInto(page, to(page), '01/10/26');
      expect(await from(page).inputValue()).toBe('01/10/26');
      expect(await to(page).inputValue()).toBe('01/10/26');
      await waitForUrl(
        page,
        (url) =>
          url.searchParams.get('windowStart') === '2026-10-01' && url.searchParams.get('windowEnd') === '2026-10-01',
      );

      const sent = page.waitForRequest(listRequest);
      await runSearch(page).click();
      const query = new URL((await sent).url()).searchParams;
      expect(query.get('windowStart')).toBe('2026-10-01');
      expect(query.get('windowEnd')).toBe('2026-10-01');

      // The list (the Same Day tab) is the API's answer for that one Dublin day, every booking created on 01/10/26.
      const api = await apiGetAs('accounts');
      const expected = await api<BookingListResponse>(
        '/bookings?view=SAME_DAY&windowStart=2026-10-01&windowEnd=2026-10-01&size=100',
      );
      const expectedRefs = expected.bookings.map((booking) => booking.reference);
      if (expectedRefs.length === 0) {
        await page.getByText('No Bookings').waitFor();
      } else {
        await expect.poll(async () => (await references(page))[0]).toBe(expectedRefs[0]);
        const shown = await references(page);
        expect(shown).toEqual(expectedRefs.slice(0, shown.length));
        const created = await columnTexts(page, 'Created');
        expect(created.length).toBeGreaterThan(0);
        for (const text of created) expect(text.startsWith('01/10/26 ')).toBe(true);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('in a US browser on Los Angeles time dates still read and write dd/MM/yy and Today is the Dublin day', async () => {
    const { page, context, problems } = await openPage(browser(), {
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
    });
    // 02:30 on Tuesday 24 November in Dublin is still Monday the 23rd, 18:30, in Los Angeles.
    await page.clock.setFixedTime(new Date('2026-11-24T02:30:00Z'));
    await openList(page);
    expect(await page.evaluate(() => new Date().getDate())).toBe(23);

    await typeInto(page, from(page), '02/10/26');
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '2026-10-02');
    expect(await from(page).inputValue()).toBe('02/10/26');

    await page.getByRole('button', { name: 'Choose date for To' }).click();
    await chooseDialog(page).waitFor();
    await expect.poll(() => chooseDialog(page).getByText('November 2026').count()).toBe(1);
    const today = chooseDialog(page).locator('[aria-current="date"]');
    expect(await today.getAttribute('aria-label')).toBe('24 November 2026');
    await today.click();
    await waitForUrl(page, (url) => url.searchParams.get('windowEnd') === '2026-11-24');
    expect(await to(page).inputValue()).toBe('24/11/26');
    // A link with yyyy-MM-dd dates shows them as dd/MM/yy too.
    await page.goto('/bookings/list?windowStart=2026-03-05&windowEnd=2026-12-31');
    await expect.poll(() => from(page).inputValue()).toBe('05/03/26');
    expect(await to(page).inputValue()).toBe('31/12/26');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a day is chosen in the 'Choose date' modal with the keyboard alone; Escape closes it", async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page);
    await typeInto(page, from(page), '01/10/26');
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '2026-10-01');

    // From the From field, Tab passes the clear button and reaches 'Choose date'.
    await from(page).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await chooseDialog(page).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('1 October 2026');
    await page.keyboard.press('ArrowLeft'); // 30 September: the calendar turns back a month
    await expect.poll(() => chooseDialog(page).getByText('September 2026').count()).toBe(1);
    await page.keyboard.press('ArrowDown'); // 7 October
    await page.keyboard.press('ArrowRight'); // 8 October
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('8 October 2026');
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => chooseDialog(page).count()).toBe(0);
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '2026-10-08');
    expect(await from(page).inputValue()).toBe('08/10/26');

    await page.getByRole('button', { name: 'Choose date for From' }).click();
    await chooseDialog(page).waitFor();
    await page.keyboard.press('PageDown'); // a month on: 8 November
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('8 November 2026');
    expect(await chooseDialog(page).getByText('November 2026').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => chooseDialog(page).count()).toBe(0);
    expect(await from(page).inputValue()).toBe('08/10/26');
    expect(new URL(page.url()).searchParams.get('windowStart')).toBe('2026-10-08');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an impossible date, or From after To, shows its message at the field and does not search', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page);
    const sentWithDates: string[] = [];
    page.on('request', (request) => {
      if (listRequest(request) && /window(Start|End)/.test(request.url())) sentWithDates.push(request.url());
    });

    await typeInto(page, from(page), '31/02/26');
    await page.getByText('31/02/26 is not a date: February 2026 has 28 days.').waitFor();
    expect(await from(page).getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(800); // longer than the typing pause after which a readable date is taken
    expect(new URL(page.url()).searchParams.has('windowStart')).toBe(false);
    expect(await runSearch(page).count()).toBe(0);

    await typeInto(page, from(page), '10/10/26');
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '2026-10-10');
    expect(await page.getByText('is not a date').count()).toBe(0);
    await typeInto(page, to(page), '01/10/26');
    await page.getByText('To must not be before From.').waitFor();
    await page.waitForTimeout(800);
    expect(new URL(page.url()).searchParams.has('windowEnd')).toBe(false);

    await typeInto(page, from(page), '1.2');
    await page.getByText('Enter a date as dd/MM/yy, e.g. 01/10/26.').waitFor();
    expect(new URL(page.url()).searchParams.get('windowStart')).toBe('2026-10-10');
    await page.getByRole('button', { name: 'Clear From' }).click();
    await waitForUrl(page, (url) => !url.searchParams.has('windowStart'));
    expect(sentWithDates).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a day outside 2000–2099 keeps its whole year in the field, so leaving the field does not move it a century', async () => {
    const { page, context, problems } = await openPage(browser());
    await openList(page);
    await from(page).click();
    await page.keyboard.type('01/01/1999', { delay: 20 });
    // Taken when typing pauses; then the field is left, which reads its text again.
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '1999-01-01');
    expect(await from(page).inputValue()).toBe('01/01/1999');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(800);
    expect(new URL(page.url()).searchParams.get('windowStart')).toBe('1999-01-01');
    expect(await from(page).inputValue()).toBe('01/01/1999');
    // A day in 2000–2099 is shown as dd/MM/yy, as typed.
    await typeInto(page, from(page), '01/10/2026');
    await waitForUrl(page, (url) => url.searchParams.get('windowStart') === '2026-10-01');
    expect(await from(page).inputValue()).toBe('01/10/26');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the 'Choose date' calendar's columns read Sun to Sat", async () => {
    const { page, context, problems } = await openPage(browser());
    await page.clock.setFixedTime(new Date('2026-11-10T12:00:00Z'));
    await openList(page);
    await page.getByRole('button', { name: 'Choose date for From' }).click();
    await chooseDialog(page).waitFor();
    await expect.poll(() => chooseDialog(page).getByText('November 2026').count()).toBe(1);
    expect(await chooseDialog(page).locator('thead th').allTextContents()).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    // 1 November 2026 is a Sunday, 7 November a Saturday: the first week fills the row from its first column.
    const firstWeek = chooseDialog(page).locator('tbody tr').first().locator('td');
    expect(await firstWeek.allTextContents()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(await firstWeek.first().getByRole('button').getAttribute('aria-label')).toBe('1 November 2026');
    expect(problems).toEqual([]);
    await context.close();
  });
});
