import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, openPage, signedInPage, signIn, waitForUrl } from '../support/browser.ts';
import { openFirstCompany, switchFlipsAtOnce } from '../support/steps.ts';

const browser = browserForTests();

async function companyNames(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-child a').allTextContents();
}

async function summary(page: Page): Promise<string> {
  return (await page.getByRole('navigation', { name: 'companies pages' }).locator('p').first().textContent()) ?? '';
}

describe('company list', () => {
  test('pages through all companies ten at a time', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => summary(page)).toBe('Showing 1 to 10 of 120 results');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const firstPage = await companyNames(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => summary(page)).toBe('Showing 11 to 20 of 120 results');
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    const secondPage = await companyNames(page);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    await page.goBack();
    await expect.poll(() => summary(page)).toBe('Showing 1 to 10 of 120 results');

    // A page past any the API skips to is a broken link: the first page, not 'Something went wrong'.
    await page.goto('/companies/list?page=20000000');
    await expect.poll(() => summary(page)).toBe('Showing 1 to 10 of 120 results');
    expect(await companyNames(page)).toEqual(firstPage);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('while the next page loads, the summary still describes the rows on screen', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    await expect.poll(() => summary(page)).toBe('Showing 1 to 10 of 120 results');
    const firstPage = await companyNames(page);

    // Hold the second page's answer until released, so the moment between click and answer can be read.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/company', async (route) => {
      if ((route.request().postDataJSON() as { skip?: number }).skip === 10) await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '1');
    expect(await summary(page)).toBe('Showing 1 to 10 of 120 results');
    expect(await companyNames(page)).toEqual(firstPage);

    release();
    await expect.poll(() => summary(page)).toBe('Showing 11 to 20 of 120 results');
    expect((await companyNames(page)).some((name) => firstPage.includes(name))).toBe(false);
    await context.close();
  });

  test('searches by name, resets to the first page, and the search is a shareable link', async () => {
    const { page, context } = await signedInPage(browser(), 'telephonist');
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '1');
    await page.getByPlaceholder('Search Companies...').fill('liffey');
    await waitForUrl(page, (url) => url.searchParams.get('q') === 'liffey' && !url.searchParams.has('page'));
    // The previous page's rows stay on screen until the search answers, so wait for the searched rows.
    await expect
      .poll(async () => {
        const shown = await companyNames(page);
        return shown.length > 0 && shown.every((name) => name.toLowerCase().includes('liffey'));
      })
      .toBe(true);
    await expect.poll(() => summary(page)).toMatch(/^Showing 1 to \d+ of \d+ results$/);
    const names = await companyNames(page);

    const shared = page.url();
    const other = await openPage(browser());
    await other.page.goto(shared);
    await other.page.waitForURL('**/login?redirect=*');
    await signIn(other.page, 'telephonist');
    await waitForUrl(other.page, (url) => url.searchParams.get('q') === 'liffey');
    await expect.poll(() => companyNames(other.page)).toEqual(names);
    await other.context.close();
    await context.close();
  });

  test('the exact toggle matches whole account codes only', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    const withCode = (await companyNames(page)).find((name) => /^[A-Z]{4}\d{3}/.test(name)) ?? '';
    const accountCode = withCode.slice(0, 7);
    expect(accountCode).toMatch(/^[A-Z]{4}\d{3}$/);

    await page.getByPlaceholder('Search Companies...').fill(accountCode.slice(0, 5));
    await waitForUrl(page, (url) => url.searchParams.get('q') === accountCode.slice(0, 5));
    expect(await switchFlipsAtOnce(page.getByRole('switch', { name: 'Show only exact matches' }))).toBe(true);
    await waitForUrl(page, (url) => url.searchParams.get('exact') === 'true');
    await expect.poll(() => page.getByText('No Companies').isVisible()).toBe(true);

    await page.getByPlaceholder('Search Companies...').fill(accountCode);
    await expect.poll(() => companyNames(page)).toEqual([withCode]);
    await context.close();
  });

  test('a search with no match shows the empty state', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.getByPlaceholder('Search Companies...').fill('zzzz no such company');
    await expect.poll(() => page.getByText('No Companies').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Sorry nothing to show you').isVisible()).toBe(true);
    await context.close();
  });

  test('a row opens the company details with its header and role-based tabs', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    const firstRow = page.locator('tbody tr').first();
    const name = (await firstRow.locator('td:first-child a span').last().textContent()) ?? '';
    await firstRow.locator('td').nth(1).click();
    await page.waitForURL(/\/companies\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    for (const label of ['Joined', 'Last booking', 'Phone', 'Billing basis', 'Account code', 'Active']) {
      expect(await page.getByText(label, { exact: true }).count()).toBeGreaterThan(0);
    }
    // The company's own tab list comes first; the Bookings tab adds its own tabs below it.
    const tabs = await page.getByRole('tablist').first().getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Bookings', 'Users', 'Settings', 'References', 'Address Book', 'Invoices']);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher gets the Set Calls tab but not Invoices or Pricing', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await openFirstCompany(page);
    await page.getByRole('tab', { name: 'Settings' }).waitFor();
    const tabs = await page.getByRole('tablist').first().getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Bookings', 'Users', 'Settings', 'References', 'Set Calls']);
    await context.close();
  });

  test('the company list has no serious accessibility violations', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
