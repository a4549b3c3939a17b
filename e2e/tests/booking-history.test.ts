import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatCount } from '@courier/domain/common/money';
import { browserForTests, openPage, waitForUrl } from '../support/browser.ts';
import { bookingReferences as references, bookingRows as rows, openBookingList } from '../support/bookings.ts';

// The booking list's address as a user moves through it: pages past the end, Back and Forward.

const browser = browserForTests();

const countLine = (page: Page) => page.getByRole('navigation', { name: 'bookings pages' }).locator('p').first();

/** A reference on the page and the longest start of it (3 characters or more) that another one shares. */
function sharedStartOf(shown: readonly string[]): [reference: string, start: string] {
  for (let length = 7; length >= 3; length -= 1) {
    for (const reference of shown) {
      const start = reference.slice(0, length);
      if (start.length === length && shown.filter((other) => other.startsWith(start)).length > 1)
        return [reference, start];
    }
  }
  throw new Error(`No two references on the page share their first 3 characters: ${shown.join(', ')}`);
}

describe('booking list addresses', () => {
  test('the count under the list is grouped as the summary above it says it: 3,626, not 3626', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'accounts');
    const bookings = page
      .getByRole('region', { name: 'Booking summary' })
      .getByText(/^[\d,]+$/)
      .first();
    const total = (await bookings.textContent()) ?? '';
    // The demo data holds thousands of Same Day bookings: a count that needs its comma.
    expect(total).toMatch(/^\d{1,3}(,\d{3})+$/);
    await expect.poll(() => countLine(page).textContent()).toBe(`Showing 1 to 100 of ${total} results`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page past the end says so, and Previous goes to the last page there is', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'dispatcher', { path: '/bookings/list?page=999', rows: false });
    await page.getByText('This page is past the end of the results.').waitFor();
    const line = (await countLine(page).textContent()) ?? '';
    const [, lastPage = '', count = ''] =
      /^Page 1,000 is past the last page \(([\d,]+)\) of ([\d,]+) results$/.exec(line) ?? [];
    expect(Number(lastPage)).toBe(Math.ceil(Number(count.replaceAll(',', '')) / 100));
    expect(line).not.toMatch(/Showing/);

    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === String(Number(lastPage) - 1));
    await rows(page).first().waitFor();
    await expect
      .poll(() => countLine(page).textContent())
      .toBe(`Showing ${formatCount((Number(lastPage) - 1) * 100 + 1)} to ${count} of ${count} results`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Back returns to each search that ran, even one replaced by a search typed and run at once', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'dispatcher');
    const reference = (await references(page))[0] ?? '';
    const broad = reference.slice(0, 6);
    const onlyMatching = (text: string) => async () => {
      const seen = await references(page);
      return seen.length > 0 && seen.every((other) => other.includes(text));
    };
    const field = page.getByLabel('Reference', { exact: true });

    // The first search waits for the text to reach the address, then runs.
    await field.fill(broad);
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    await field.press('Enter');
    await expect.poll(onlyMatching(broad)).toBe(true);
    // The second runs before its text has reached the address.
    await field.fill(reference);
    await field.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === reference);
    await expect.poll(onlyMatching(reference)).toBe(true);

    await page.goBack();
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    await expect.poll(onlyMatching(broad)).toBe(true);
    await expect.poll(() => field.inputValue()).toBe(broad);
    await page.goBack();
    await waitForUrl(page, (url) => !url.searchParams.has('searchQuery'));
    await expect.poll(async () => (await references(page)).some((other) => !other.includes(broad))).toBe(true);
    await page.goForward();
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    await expect.poll(onlyMatching(broad)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Back straight after a search run with Enter stays on the search before, and Forward returns to it', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'dispatcher');
    const reference = (await references(page))[0] ?? '';
    const broad = reference.slice(0, 6);
    const field = page.getByLabel('Reference', { exact: true });
    await field.fill(broad);
    await field.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    // Back within the field's 500 ms wait: the typed text was run by Enter, and is not sent again.
    await field.fill(reference);
    await field.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === reference);
    await page.goBack();
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).searchParams.get('searchQuery')).toBe(broad);
    expect(await field.inputValue()).toBe(broad);
    await page.goForward();
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === reference);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Back in the same moment as Enter: the typed text run by Enter is not sent again after Back', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'dispatcher');
    // A reference and the longest start of it another row shares: the broad search finds more bookings
    // than the whole reference does, whatever bookings earlier tests have added.
    const [reference, broad] = sharedStartOf(await references(page));
    const field = page.getByLabel('Reference', { exact: true });
    await field.fill(broad);
    await field.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    // The broad search's page: more than the one booking the whole reference finds.
    await expect
      .poll(async () => {
        const shown = await references(page);
        return shown.length > 1 && shown.every((other) => other.includes(broad));
      })
      .toBe(true);
    const broadRows = await references(page);
    await field.fill(reference);
    // Enter, then Back as soon as the address has changed, before the list has drawn it (what a slow
    // machine does with a quick Back): the field's 500 ms wait for the typed text was never ended.
    await field.evaluate(async (input) => {
      const before = location.search;
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      for (let turns = 0; location.search === before && turns < 1000; turns += 1) await Promise.resolve();
      history.back();
    });
    await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === broad);
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).searchParams.get('searchQuery')).toBe(broad);
    // The field, and the list under it, show the search Back returned to.
    expect(await field.inputValue()).toBe(broad);
    await expect.poll(() => references(page)).toEqual(broadRows);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Back closes a booking opened on the page it leaves', async () => {
    const { page, context, problems } = await openPage(browser());
    await openBookingList(page, 'dispatcher');
    const firstPage = await references(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '1');
    await expect.poll(async () => (await references(page))[0] !== firstPage[0]).toBe(true);
    const reference = (await references(page))[0] ?? '';
    await page.getByRole('button', { name: `Open booking ${reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
    await panel.getByRole('heading', { name: 'Details' }).waitFor();

    await page.goBack();
    await waitForUrl(page, (url) => !url.searchParams.has('page'));
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => references(page)).toEqual(firstPage);
    expect(problems).toEqual([]);
    await context.close();
  });
});
