import type { Page } from 'playwright-core';
import { signIn, type DemoRole } from './browser.ts';

// The booking list (/bookings/list) as its browser tests open and read it.

/** The list's rows, one per booking shown. */
export const bookingRows = (page: Page) => page.locator('tbody tr[data-reference]');

/** The references of the rows shown, top to bottom. */
export const bookingReferences = (page: Page): Promise<string[]> =>
  bookingRows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-reference') ?? ''));

/** True when the page's address has `path`'s path and every one of its parameters. */
function isAt(page: Page, path: string): boolean {
  const current = new URL(page.url());
  const wanted = new URL(path, current);
  return (
    current.pathname === wanted.pathname &&
    [...wanted.searchParams].every(([key, value]) => current.searchParams.getAll(key).includes(value))
  );
}

/**
 * Signs in as `role` from `path` (the list with its filters in the address) and waits until the list
 * shows rows and has no load under way. `rows: false` for an address that shows none (a page past the end).
 */
export async function openBookingList(
  page: Page,
  role: DemoRole,
  { path = '/bookings/list', rows = true }: { path?: string; rows?: boolean } = {},
): Promise<void> {
  await signIn(page, role, { from: path });
  if (!isAt(page, path)) await page.goto(path);
  if (!rows) return;
  // The first load has taken over 20 s while the machine ran other work.
  await bookingRows(page).first().waitFor({ timeout: 60_000 });
  await page.locator('[aria-label="Bookings"][aria-busy="false"]').waitFor();
}

/** The list's API requests (GET /api/bookings) from now on, as URLs. */
export function bookingListLoads(page: Page): URL[] {
  const loads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/bookings') loads.push(url);
  });
  return loads;
}
