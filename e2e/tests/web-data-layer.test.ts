import { describe, expect, test } from 'vitest';
import { browserForTests, openPage, signIn } from '../support/browser.ts';
import { apiGetAs } from '../support/api.ts';

// apps/web/src/api: one query per server resource, so screens of different areas that show the same
// company share one request (the company References tab and a booking's Edit Client References used
// to cache the same definitions under two keys and fetch them twice).

const browser = browserForTests();

async function apiGet<T>(path: string): Promise<T> {
  return (await apiGetAs('accounts'))<T>(path);
}

describe('web data layer', () => {
  test('a company and its references are fetched once for the company page, its References tab and the Edit Client References of one of its bookings', async () => {
    // A demo company with bookings and at least one reference definition.
    const { bookings } = await apiGet<{ bookings: { companyId: number }[] }>('/bookings?size=300');
    let companyId: number | undefined;
    for (const candidate of [...new Set(bookings.map((booking) => booking.companyId))]) {
      const definitions = await apiGet<{ name: string }[]>(`/company/${candidate}/references`);
      if (definitions.length > 0) {
        companyId = candidate;
        break;
      }
    }
    expect(companyId, 'a demo company with bookings and client references').toBeDefined();
    if (companyId === undefined) return;

    const { page, context, problems } = await openPage(browser());
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET') requests.push(new URL(request.url()).pathname);
    });
    const count = (path: string) => requests.filter((requested) => requested === path).length;

    await signIn(page, 'accounts', { from: `/companies/${companyId}/references` });
    await page.getByRole('tab', { name: 'References', selected: true }).waitFor();
    await expect.poll(() => count(`/api/company/${companyId}/references`)).toBe(1);

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const first = page.locator('tbody tr[data-reference]').first();
    await first.waitFor({ timeout: 20_000 });
    const reference = (await first.getAttribute('data-reference')) ?? '';
    await page.getByRole('button', { name: `Open booking ${reference}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Edit Client References for ${reference}` });
    await modal.getByRole('button', { name: 'Save' }).waitFor();
    // The form's fields come from the definitions the References tab loaded.
    await modal.locator('input').first().waitFor();

    expect(count(`/api/company/${companyId}`)).toBe(1);
    expect(count(`/api/company/${companyId}/references`)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
