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

  // Issue 10: a section the role may not open says so inside the shell, not as a wrong turn without a sidebar.
  test.each([
    ['dispatcher', '/invoicing'],
    ['telephonist', '/invoicing/invoices'],
    ['telephonist', '/pricing/review'],
  ] as [DemoRole, string][])('%s opening %s sees no access inside the shell', async (role, path) => {
    const { page, context, problems } = await signedInPage(browser(), role);
    await page.goto(path);
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByText('This section is not available to your role.').isVisible()).toBe(true);
    // The shell stays: sidebar with the role's own sections, header, who is signed in.
    expect(await sidebarLinks(page)).toEqual(new Map(expectedSections).get(role));
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByTestId('user-name').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Oh No' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
    // The link goes to the role's start page.
    await page.getByRole('link', { name: 'Go to your start page' }).click();
    await page.waitForURL('**/companies/list');
    await page.getByRole('table').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('no access is keyboard reachable and passes axe', async () => {
    const { page, context } = await signedInPage(browser(), 'telephonist');
    await page.goto('/pricing/review');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to your start page' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/companies/list');
    await context.close();
  });

  test('an unknown path shows the not-found screen', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.goto('/this/does/not/exist');
    await expect.poll(() => page.getByRole('heading', { name: 'Oh No' }).isVisible()).toBe(true);
    await context.close();
  });

  // A company page whose id is not one used to wait on 'Loading Company...' for ever; a single-screen
  // section (/reviews, /addresses) showed its screen under a longer path as if nothing were wrong.
  test.each([
    ['manager', ['/companies/abc', '/companies/0', '/companies/-1/settings', '/companies/list/extra']],
    ['manager', ['/reviews/5', '/addresses/x']],
  ] as [DemoRole, string[]][])(
    '%s opening a path that is no page sees the not-found screen in the shell',
    async (role, paths) => {
      const { page, context, problems } = await signedInPage(browser(), role);
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Oh No' }).waitFor();
        expect(await page.getByText('Loading Company...').count()).toBe(0);
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await sidebarLinks(page)).toEqual(new Map(expectedSections).get(role));
        expect(new URL(page.url()).pathname).toBe(path);
      }
      // The sections' own screens still open at their paths.
      await page.goto('/reviews');
      await page.getByRole('table').waitFor();
      await page.goto('/addresses');
      await page.getByText('Public Address Book').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('a company tab that does not exist, or that the role may not open, says so instead of showing another tab', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.goto('/companies/list');
    const first = page.locator('tbody tr a[href^="/companies/"]').first();
    const href = (await first.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/companies\/\d+$/);

    await page.goto(`${href}/setcalls`);
    await page.getByRole('heading', { name: 'No such tab' }).waitFor();
    await page.getByText("A company has no tab called 'setcalls'. Choose one of its tabs above.").waitFor();
    expect(await page.getByRole('tab', { selected: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Settings' }).count()).toBe(1);

    // Accounts staff have no Pricing tab (spec 1 §6).
    await page.goto(`${href}/pricing`);
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Pricing' }).count()).toBe(0);
    expect(await page.getByRole('tab', { selected: true }).count()).toBe(0);

    // A real tab still opens, and no tab at all opens the first.
    await page.goto(`${href}/settings`);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Settings');
    await page.goto(href);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Bookings');
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 10: toasts (bottom left, 400 px) sit beside the sidebar, never over its user menu.
  test.each([
    [1440, 900],
    [1280, 720],
  ])('a toast never covers the user menu (%i x %i)', async (width, height) => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.setViewportSize({ width, height });
    // A failing user search shows an error toast: the server is not asked (no data changes).
    await page.route('**/api/user/search**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"x"}' }),
    );
    await page.goto('/companies/1/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByLabel('Find a user to add').fill('brennan');
    const toast = page.getByText('There was an error searching. Please try again later.').first();
    await toast.waitFor();
    // 400 px wide once its entrance has ended (measured during it, it read 399.99997).
    const toastWidth = async () => (await page.locator('.mantine-Notification-root').first().boundingBox())?.width;
    await expect.poll(toastWidth).toBe(400);
    // Whatever is on top at the middle of the avatar and name, and of Sign out, belongs to the user menu.
    for (const target of [page.getByTestId('user-name'), page.getByRole('button', { name: 'Sign out' })]) {
      const covered = await target.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return top !== null && !element.contains(top) && top !== element;
      });
      expect(covered).toBe(false);
    }
    const avatarCovered = await page.getByTestId('user-avatar').evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top === null || !element.contains(top);
    });
    expect(avatarCovered).toBe(false);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login**');
    await context.close();
  });

  // On a phone the sidebar opens over the page with the user menu at its foot: toasts show at the top instead.
  test('on a phone a toast covers neither the burger nor the opened user menu', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/user/search**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"x"}' }),
    );
    await page.goto('/companies/1/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByLabel('Find a user to add').fill('brennan');
    await page.getByText('There was an error searching. Please try again later.').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const toast = await page.locator('.mantine-Notification-root').first().boundingBox();
    expect(toast).not.toBeNull();
    for (const target of [
      page.getByRole('button', { name: 'Toggle navigation' }),
      page.getByTestId('user-name'),
      page.getByRole('button', { name: 'Sign out' }),
    ]) {
      const box = await target.boundingBox();
      const overlaps =
        toast !== null &&
        box !== null &&
        box.x < toast.x + toast.width &&
        toast.x < box.x + box.width &&
        box.y < toast.y + toast.height &&
        toast.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
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
