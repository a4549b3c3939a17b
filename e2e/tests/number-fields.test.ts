import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MAX_DB_ID } from '@courier/domain/common/input-checks';
import { apiGetAs, apiAs } from '../support/api.ts';
import { browserForTests, signedInPage } from '../support/browser.ts';
import { fillNewDriver, openNewDriver } from '../support/drivers.ts';
import { descriptionsOf, discardChanges, openDriver, requestsTo } from '../support/steps.ts';

// Issue 10 'Wrong or lost data': a number field keeps what is typed. The inputs used to drop a minus,
// a point or a third decimal as they were typed, so another value was kept (2.5 packages as 25, a
// weight of -24.555 as 24.55, driver number 7.5 as 75); now the typed value stays, the field says why
// it cannot be taken, in the server's words, and Save sends nothing.
// Nothing here is saved: each form is left unsaved, and the saved record is read back unchanged.
const browser = browserForTests();

/** Company 30's first set call: a company no other browser test edits. */
const COMPANY = 30;
const DRIVER_NUMBER_MESSAGE = `Driver number must be a whole number from 1 to ${MAX_DB_ID}.`;

interface SavedSetCall {
  id: number;
  weightOfPackages: number | null;
  numberOfPackages: number | null;
  pricing: { charge?: number; driver?: number };
}

/** Types `text` key by key into an emptied input, as a person does: the old inputs changed it per key. */
async function typeInto(input: Locator, text: string): Promise<void> {
  await input.fill('');
  await input.pressSequentially(text);
}

/** The input shows `shown` exactly, and is marked with `message`. */
async function expectRefused(page: Page, input: Locator, shown: string, message: string): Promise<void> {
  expect(await input.inputValue()).toBe(shown);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionsOf(page, input)).toContain(message);
}

const api = async <T>(role: 'accounts' | 'dispatcher', path: string, init: { method?: string; body?: unknown } = {}) =>
  (await apiAs<T>(role, path, init)).body;

describe('number fields keep what is typed and refuse what they cannot take', () => {
  test('set call details: 2.5 packages, a weight of -24.555 and a charge of -12.345 stay as typed, are marked, and nothing is saved', async () => {
    const get = await apiGetAs('manager');
    const setCalls = async () =>
      (await get<{ populatedSetCalls: SavedSetCall[] }>(`/company/${COMPANY}/setcalls`)).populatedSetCalls;
    const before = (await setCalls())[0];
    if (!before) throw new Error(`The demo data has set calls for company ${COMPANY}.`);
    const { page, context, problems } = await signedInPage(browser(), 'manager');
    const saves = requestsTo(page, 'PUT', /^\/api\/company\/edit\/setcall/);
    try {
      await page.goto(`/companies/${COMPANY}/set-calls`);
      await page
        .getByRole('region', { name: `Set call ${before.id}` })
        .getByRole('button', { name: /^Details · click to edit/ })
        .click();
      const details = page.getByRole('dialog', { name: `Set call ${before.id} details` });
      await details.waitFor();
      await details.getByText('Fixed charge and driver pay').click();
      const packages = details.getByRole('textbox', { name: 'Number of packages' });
      const weight = details.getByRole('textbox', { name: 'Weight' });
      const charge = details.getByRole('textbox', { name: 'Charge', exact: true });
      await typeInto(packages, '2.5');
      await typeInto(weight, '-24.555');
      await typeInto(charge, '-12.345');
      await typeInto(details.getByRole('textbox', { name: 'Driver pay' }), '5');
      // Read before Save: an input that changed them (25, 24.55, 12.34) must not get the chance to save them.
      expect([await packages.inputValue(), await weight.inputValue(), await charge.inputValue()]).toEqual([
        '2.5',
        '-24.555 kg',
        '-12.345',
      ]);
      const save = details.getByRole('button', { name: 'Save' });
      await save.click();
      await expectRefused(page, packages, '2.5', 'The number of packages must be a whole number.');
      await expectRefused(page, weight, '-24.555 kg', 'The weight cannot be below 0.');
      await expectRefused(page, charge, '-12.345', 'The charge cannot be below 0.');

      // Without the minus, the third decimal is refused too: it would be rounded away or kept as a fraction of a cent.
      await typeInto(packages, '3');
      await typeInto(weight, '24.555');
      await typeInto(charge, '12.345');
      await save.click();
      await expectRefused(page, weight, '24.555 kg', 'The weight has at most 2 decimal places.');
      await expectRefused(page, charge, '12.345', 'The charge has at most 2 decimal places (cents).');
      expect(await packages.getAttribute('aria-invalid')).not.toBe('true');

      await page.waitForTimeout(500);
      expect(saves).toEqual([]);
      expect(await details.isVisible()).toBe(true);
      expect(await page.getByText(`Set call Id "${before.id}" has been updated.`).count()).toBe(0);
      expect((await setCalls()).find((setCall) => setCall.id === before.id)).toEqual(before);

      // Left unsaved: closing asks, and the edit is discarded.
      await details.getByRole('button', { name: 'Cancel' }).click();
      await discardChanges(page, details);
      expect(saves).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('New Driver: a driver number of 7.5 or -5 stays as typed, is marked in the schema words, and no driver is created', async () => {
    const email = `number.fields.${Date.now()}@e2e.ie`;
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    const creates = requestsTo(page, 'POST', /^\/api\/drivers\/create$/);
    try {
      const form = await openNewDriver(page);
      // Every other field is right, so the number alone holds the save back.
      await fillNewDriver(form, { firstName: 'Nora', lastName: 'Numberfield', email, vehicle: 'Push Bike' });
      const number = form.getByRole('textbox', { name: 'Driver number' });
      for (const typed of ['7.5', '-5']) {
        await typeInto(number, typed);
        // Read before Save: an input that changed it (75, 5) must not get the chance to create that driver.
        expect(await number.inputValue()).toBe(typed);
        await form.getByRole('button', { name: 'Add driver' }).click();
        await expectRefused(page, number, typed, DRIVER_NUMBER_MESSAGE);
      }
      await page.waitForTimeout(500);
      expect(creates).toEqual([]);
      expect(await form.isVisible()).toBe(true);
      const drivers = await api<{ email: string }[]>('dispatcher', '/drivers');
      expect(drivers.filter((driver) => driver.email === email)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the dispatch profile's driver number of -5 or 7.5 stays as typed, is marked, and nothing is saved", async () => {
    const users = await api<{ users: { id: number; firstName: string; lastName: string; email: string }[] }>(
      'accounts',
      '/users',
      { method: 'POST', body: { size: 10, skip: 0, searchQuery: 'driver@demo.ie' } },
    );
    const user = users.users.find((candidate) => candidate.email === 'driver@demo.ie');
    if (!user) throw new Error('The demo data has the driver@demo.ie login.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const saves = requestsTo(page, 'PUT', /^\/api\/drivers\/dispatch-user$/);
    try {
      await page.goto(`/drivers/setup?q=${encodeURIComponent(user.email)}`);
      await page
        .locator(`tbody tr[data-user-id="${user.id}"]`)
        .getByRole('button', { name: `${user.firstName} ${user.lastName}` })
        .click();
      const editor = page.getByRole('dialog', { name: `Dispatch profile · ${user.firstName} ${user.lastName}` });
      const number = editor.getByRole('textbox', { name: 'Driver number' });
      await expect.poll(() => number.inputValue()).not.toBe('');
      const saved = await number.inputValue();
      for (const typed of ['-5', '7.5']) {
        await typeInto(number, typed);
        expect(await number.inputValue()).toBe(typed);
        await editor.getByRole('button', { name: 'Save role' }).click();
        await expectRefused(page, number, typed, DRIVER_NUMBER_MESSAGE);
      }
      await page.waitForTimeout(500);
      expect(saves).toEqual([]);
      expect(await page.getByText('User Role Updated').count()).toBe(0);
      const drivers = await api<{ driverNumber: number; userId: number | null }[]>('accounts', '/drivers');
      expect(drivers.find((driver) => driver.userId === user.id)?.driverNumber).toBe(Number(saved));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("pay settings: a '1 day' attendance bonus of -1.234 stays as typed, is marked, and nothing is saved", async () => {
    const every = await api<{ id: number; driverNumber: number; firstName: string; lastName: string }[]>(
      'accounts',
      '/drivers',
    );
    let found: { driver: (typeof every)[number]; original: Record<string, unknown> } | undefined;
    for (const candidate of every.slice(0, 20)) {
      const settings = await api<Record<string, unknown>>('accounts', `/drivers/${candidate.id}/pay-settings`);
      if (settings.saved === true) {
        found = { driver: candidate, original: settings };
        break;
      }
    }
    if (!found) throw new Error('The demo data has a driver with pay settings.');
    const { driver, original } = found;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const saves = requestsTo(page, 'PUT', new RegExp(`^/api/drivers/${driver.id}/pay-settings$`));
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('heading', { name: 'Pay settings' }).waitFor();
      const oneDay = panel.getByRole('textbox', { name: '1 day', exact: true });
      await expect.poll(() => oneDay.inputValue()).toBe(String(original.attendanceBonusOneDay));
      const save = panel.getByRole('button', { name: 'Save pay settings' });
      await typeInto(oneDay, '-1.234');
      expect(await oneDay.inputValue()).toBe('-1.234');
      await save.click();
      await expectRefused(page, oneDay, '-1.234', 'One-day attendance bonus must be 0 or more.');
      await panel.getByText('Nothing was saved: the marked fields say why.').waitFor();

      await typeInto(oneDay, '1.234');
      await save.click();
      await expectRefused(page, oneDay, '1.234', 'One-day attendance bonus has at most 2 decimal places.');

      await page.waitForTimeout(500);
      expect(saves).toEqual([]);
      expect(await page.getByText('Pay settings updated').count()).toBe(0);
      const now = await api<Record<string, unknown>>('accounts', `/drivers/${driver.id}/pay-settings`);
      expect(now.attendanceBonusOneDay).toBe(original.attendanceBonusOneDay);
      expect(now.updatedAt).toBe(original.updatedAt);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
