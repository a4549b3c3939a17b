import { describe, expect, test } from 'vitest';
import {
  browserForTests,
  type DemoRole,
  expectAccessible,
  openPage,
  sidebarLinks,
  signedInPage,
  signIn,
} from '../support/browser.ts';

const browser = browserForTests();

describe('the shell', () => {
  const expectedSections: [DemoRole, string[]][] = [
    ['accounts', ['Companies', 'Bookings', 'Invoicing', 'Drivers']],
    ['dispatcher', ['Companies', 'Bookings', 'Drivers', 'Addresses']],
    ['telephonist', ['Companies', 'Bookings']],
    ['pricing', ['Pricing']],
    ['manager', ['Companies', 'Bookings', 'Invoicing', 'Pricing', 'Reviews', 'Drivers', 'Addresses']],
    ['superadmin', ['Companies', 'Bookings', 'Invoicing', 'Pricing', 'Reviews', 'Drivers', 'Addresses', 'Logs']],
  ];

  test.each(expectedSections)('%s sees the sections of their roles', async (role, sections) => {
    const { page, context, problems } = await signedInPage(browser(), role);
    expect(await sidebarLinks(page)).toEqual(sections);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('pricing staff start in the pricing area', async () => {
    const { page, context } = await signedInPage(browser(), 'pricing');
    await page.waitForURL('**/pricing/review');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pricing');
    await context.close();
  });

  test('a dispatcher opening /invoicing sees the not-found screen', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/invoicing');
    await expect.poll(() => page.getByRole('heading', { name: 'Oh No' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('It looks like you took a wrong turn').isVisible()).toBe(true);
    await context.close();
  });

  test('an unknown path shows the not-found screen', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.goto('/this/does/not/exist');
    await expect.poll(() => page.getByRole('heading', { name: 'Oh No' }).isVisible()).toBe(true);
    await context.close();
  });

  test('section links navigate and the header names the section', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoicing' }).click();
    await page.waitForURL('**/invoicing/invoices');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Invoicing');
    await context.close();
  });

  test('login and shell have no serious accessibility violations', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page);
    await signIn(page, 'superadmin');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('table').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
