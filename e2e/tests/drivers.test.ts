import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { apiAs } from '../support/api.ts';
import { fillNewDriver, openNewDriver } from '../support/drivers.ts';
import {
  descriptionsOf,
  driverRowsOf,
  expectSaveRefused,
  openDriver,
  pasteTooLong,
  requestsTo,
} from '../support/steps.ts';

// Issue 13, the web part of the driver register: the list and its Active From filter, the driver
// slide-in (details, equipment, pay settings for accounts only), and who is refused.
const browser = browserForTests();

interface ListedDriver {
  id: number;
  driverNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  vehicle: string;
  vehicleRegistration: string;
  rooms: string[];
  blocked: boolean;
  lastOnline: string | null;
}

interface Equipment {
  id: number;
  type: string;
  serialNumber: string;
  givenDate: string;
  givenBy: string;
  returnedDate: string | null;
  notes: string;
}

const api = apiAs;

/** yyyy-MM-dd of the Dublin day `days` from today. */
function dublinDay(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date());
  const day = new Date(`${parts}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

const updateBodyOf = (driver: ListedDriver) => ({
  id: driver.id,
  driverNumber: driver.driverNumber,
  firstName: driver.firstName,
  lastName: driver.lastName,
  email: driver.email,
  phone: driver.phone,
  vehicle: driver.vehicle,
  vehicleRegistration: driver.vehicleRegistration,
  rooms: driver.rooms,
  blocked: driver.blocked,
});

/** A demo driver whose pay settings are saved, with those settings (to put back after a test). */
async function driverWithPaySettings(): Promise<{ driver: ListedDriver; original: Record<string, unknown> }> {
  const every = await api<ListedDriver[]>('accounts', '/drivers');
  for (const candidate of every.body.slice(0, 20)) {
    const settings = await api<Record<string, unknown>>('accounts', `/drivers/${candidate.id}/pay-settings`);
    if (settings.body.saved === true) return { driver: candidate, original: settings.body };
  }
  throw new Error('The demo data has a driver with pay settings.');
}

async function restorePaySettings(driver: ListedDriver, original: Record<string, unknown>): Promise<void> {
  const { driverId: _driverId, saved: _saved, address: _address, updatedAt: _updatedAt, ...body } = original;
  await api('accounts', `/drivers/${driver.id}/pay-settings`, { method: 'PUT', body });
}

describe('drivers', () => {
  test('the list starts 14 days back and filters by Active From, kept in the URL', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/drivers');
    await waitForUrl(page, (url) => url.pathname === '/drivers/list');
    // A dispatcher sees the Drivers tab only: Setup and Pay are for accounts.
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Drivers']);
    const byDefault = await api<ListedDriver[]>('dispatcher', `/drivers?activeFrom=${dublinDay(-14)}`);
    const input = page.getByRole('textbox', { name: 'Active From' });
    await expect.poll(() => input.inputValue()).toBe(typed(dublinDay(-14)));
    await expect.poll(() => driverRowsOf(page).count(), { timeout: 20_000 }).toBe(byDefault.body.length);
    for (const header of ['Number', 'Equipment', 'Registration', 'Name', 'Email', 'Vehicle', 'Online', 'Last On Line'])
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    await expectAccessible(page);

    const day = dublinDay(-3);
    const recent = await api<ListedDriver[]>('dispatcher', `/drivers?activeFrom=${day}`);
    expect(recent.body.length).toBeLessThan(byDefault.body.length);
    await input.fill(typed(day));
    await input.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('activeFrom') === day);
    await expect.poll(() => driverRowsOf(page).count(), { timeout: 20_000 }).toBe(recent.body.length);
    // After a reload the filter is still there.
    await page.reload();
    await expect.poll(() => input.inputValue()).toBe(typed(day));
    await expect.poll(() => driverRowsOf(page).count(), { timeout: 20_000 }).toBe(recent.body.length);
    // Cleared, the list shows every driver.
    await page.getByRole('button', { name: 'Clear Active From' }).click();
    const every = await api<ListedDriver[]>('dispatcher', '/drivers');
    await expect.poll(() => driverRowsOf(page).count(), { timeout: 20_000 }).toBe(every.body.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher edits a driver, sees it after a reload, and cannot see or call pay settings', async () => {
    const every = await api<ListedDriver[]>('dispatcher', '/drivers');
    const driver = every.body.find((candidate) => candidate.phone !== '' && !candidate.blocked);
    if (!driver) throw new Error('The demo data has a driver with a phone number.');
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('heading', { name: 'Equipment' }).waitFor();
      expect(await panel.getByRole('heading', { name: 'Pay settings' }).count()).toBe(0);
      await expectAccessible(page);
      const phone = panel.getByRole('textbox', { name: 'Phone' });
      await phone.fill('+353 87 555 0199');
      await panel.getByRole('button', { name: 'Save driver' }).click();
      await page.getByText('Your changes have been saved.').first().waitFor();
      await expect
        .poll(
          async () => (await api<ListedDriver[]>('dispatcher', '/drivers')).body.find((d) => d.id === driver.id)?.phone,
        )
        .toBe('+353 87 555 0199');
      await page.reload();
      await expect
        .poll(() => page.getByRole('dialog').getByRole('textbox', { name: 'Phone' }).inputValue())
        .toBe('+353 87 555 0199');
      // A phone with too few digits is refused by the server, and the field says why.
      await page.getByRole('dialog').getByRole('textbox', { name: 'Phone' }).fill('12 34');
      await page.getByRole('dialog').getByRole('button', { name: 'Save driver' }).click();
      await page.getByRole('dialog').getByText('Enter a valid phone number.').waitFor();

      const refused = await api('dispatcher', `/drivers/${driver.id}/pay-settings`);
      expect(refused.status).toBe(403);
      expect(problems).toEqual([]);
    } finally {
      await api('dispatcher', '/drivers/update', { method: 'PUT', body: updateBodyOf(driver) });
      await context.close();
    }
  });

  test('equipment is added with a suggestion, checked, returned today and deleted', async () => {
    const every = await api<ListedDriver[]>('dispatcher', '/drivers');
    const driver = every.body[3];
    if (!driver) throw new Error('The demo data has drivers.');
    const before = await api<Equipment[]>('dispatcher', `/drivers/${driver.id}/equipment`);
    const serial = `E2E-${Date.now()}`;
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('button', { name: 'Add equipment' }).click();
      const entry = panel.getByRole('group', { name: /New equipment$/ });
      // Required fields are checked before anything is sent.
      await panel.getByRole('button', { name: 'Save equipment' }).click();
      await entry.getByText('Please enter the equipment type.').waitFor();
      await entry.getByText('Please enter the serial number.').waitFor();
      await entry.getByText('Please enter who gave the equipment.').waitFor();
      // The date given starts at today (spec 2 §5).
      expect(await entry.getByRole('textbox', { name: 'Date given' }).inputValue()).toBe(typed(dublinDay()));

      await entry.getByRole('combobox', { name: 'Type' }).fill('Hel');
      await page.getByRole('option', { name: 'Helmet' }).click();
      const helmet = panel.getByRole('group', { name: /Helmet$/ }).last();
      await helmet.getByRole('textbox', { name: 'Serial number' }).fill(serial);
      await helmet.getByRole('textbox', { name: 'Given by' }).fill('E2E Tester');
      // A pasted note past its limit is kept whole, never cut by a maxlength, and marked at once in the
      // schema's words; Save sends nothing while it is.
      const notes = helmet.getByRole('textbox', { name: 'Notes' });
      const sent = requestsTo(page, 'PUT', new RegExp(`^/api/drivers/${driver.id}/equipment$`));
      await pasteTooLong(page, notes, { limit: 1000, message: 'Notes must be at most 1000 characters.' });
      await expectSaveRefused(page, {
        save: panel.getByRole('button', { name: 'Save equipment' }),
        says: panel.getByText('Nothing was saved: shorten the fields marked as too long first.'),
        sent,
        kept: notes,
      });
      await notes.fill('');
      await panel.getByRole('button', { name: 'Save equipment' }).click();
      await page.getByText('The equipment register has been saved.').first().waitFor();
      expect(sent).toHaveLength(1);
      const saved = async () =>
        (await api<Equipment[]>('dispatcher', `/drivers/${driver.id}/equipment`)).body.find(
          (item) => item.serialNumber === serial,
        );
      await expect.poll(async () => (await saved())?.type).toBe('Helmet');
      expect((await saved())?.returnedDate).toBeNull();

      const savedEntry = panel.locator('[data-equipment-entry]').filter({
        has: page.locator(`input[value="${serial}"]`),
      });
      await savedEntry.getByRole('button', { name: 'Return Helmet' }).click();
      expect(await savedEntry.getByRole('textbox', { name: 'Returned' }).inputValue()).toBe(typed(dublinDay()));
      await panel.getByRole('button', { name: 'Save equipment' }).click();
      await expect.poll(async () => (await saved())?.returnedDate).toBe(dublinDay());
      await expectAccessible(page);

      await panel
        .locator('[data-equipment-entry]')
        .filter({ has: page.locator(`input[value="${serial}"]`) })
        .getByRole('button', { name: 'Delete Helmet' })
        .click();
      await panel.getByRole('button', { name: 'Save equipment' }).click();
      await expect.poll(async () => (await saved()) === undefined).toBe(true);
      const after = await api<Equipment[]>('dispatcher', `/drivers/${driver.id}/equipment`);
      expect(after.body.map((item) => item.id).sort()).toEqual(before.body.map((item) => item.id).sort());
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a date given in the future (01/01/2999) is marked at the field and nothing is sent', async () => {
    const every = await api<ListedDriver[]>('accounts', '/drivers');
    const driver = every.body[4];
    if (!driver) throw new Error('The demo data has drivers.');
    const before = await api<Equipment[]>('accounts', `/drivers/${driver.id}/equipment`);
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('button', { name: 'Add equipment' }).click();
      const entry = panel.getByRole('group', { name: /New equipment$/ });
      await entry.getByRole('combobox', { name: 'Type' }).fill('Helmet');
      const helmet = panel.getByRole('group', { name: /Helmet$/ }).last();
      await helmet.getByRole('textbox', { name: 'Serial number' }).fill(`E2E-FUTURE-${Date.now()}`);
      await helmet.getByRole('textbox', { name: 'Given by' }).fill('E2E Tester');
      const given = helmet.getByRole('textbox', { name: 'Date given' });
      await given.fill('01/01/2999');
      await given.blur();
      // Refused as typed, as an impossible date is: marked at once, the text kept.
      await helmet.getByText('The date given cannot be after today.').waitFor();
      expect(await given.getAttribute('aria-invalid')).toBe('true');
      const sent = requestsTo(page, 'PUT', new RegExp(`^/api/drivers/${driver.id}/equipment$`));
      await panel.getByRole('button', { name: 'Save equipment' }).click();
      await page.waitForTimeout(1_000);
      expect(sent).toHaveLength(0);
      expect(await given.inputValue()).toBe('01/01/2999');
      await helmet.getByText('The date given cannot be after today.').waitFor();
      expect(await page.getByText('The equipment register has been saved.').count()).toBe(0);
      const after = await api<Equipment[]>('accounts', `/drivers/${driver.id}/equipment`);
      expect(after.body).toEqual(before.body);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the Equipment column's button opens the driver at the equipment register", async () => {
    const every = await api<(ListedDriver & { equipmentOnLoan: number })[]>('dispatcher', '/drivers');
    const driver = every.body.find((candidate) => candidate.equipmentOnLoan > 0);
    if (!driver) throw new Error('The demo data has a driver with equipment on loan.');
    const name = `${driver.firstName} ${driver.lastName}`;
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      await page.goto('/drivers/list?activeFrom=any');
      await driverRowsOf(page).first().waitFor({ timeout: 20_000 });
      const button = page
        .locator(`tbody tr[data-driver-number="${driver.driverNumber}"]`)
        .getByRole('button', { name: `Equipment of ${name}: ${driver.equipmentOnLoan} on loan` });
      expect(await button.textContent()).toBe(`${driver.equipmentOnLoan} on loan`);
      await button.click();
      const panel = page.getByRole('dialog', { name: new RegExp(`^${driver.driverNumber} · `) });
      await panel.waitFor();
      await waitForUrl(page, (url) => url.searchParams.get('section') === 'equipment');
      // The register comes first and takes the focus; the other sections follow.
      await expect.poll(() => panel.getByRole('heading', { level: 3 }).first().textContent()).toBe('Equipment');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Equipment');
      await expect
        .poll(() => panel.locator('[data-equipment-entry]').count())
        .toBeGreaterThanOrEqual(driver.equipmentOnLoan);
      await panel.getByRole('heading', { name: 'Details' }).waitFor();
      await expectAccessible(page);
      // Closed, the URL forgets both.
      await page.keyboard.press('Escape');
      await waitForUrl(page, (url) => !url.searchParams.has('driver') && !url.searchParams.has('section'));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts edit pay settings; an empty required field is refused with the spec message', async () => {
    const { driver, original } = await driverWithPaySettings();
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto('/drivers/list');
      await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Drivers', 'Setup', 'Pay']);
      const panel = await openDriver(page, driver);
      await panel.getByRole('heading', { name: 'Pay settings' }).waitFor();
      const taxNumber = panel.getByRole('textbox', { name: 'Tax number' });
      await expect.poll(() => taxNumber.inputValue()).toBe(original.taxNumber);
      await expectAccessible(page);

      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/pay-settings')) saves.push(request.url());
      });
      const invalid =
        'Invalid pay settings, please ensure to enter a valid pay frequency, address, email and tax number';
      // Refused by the form's own check, nothing is sent: the form says why, and no toast says a save
      // failed ('Failed to update pay settings' is the outcome of a save that was sent, spec 2 §8).
      const failedToast = page.getByText('Failed to update pay settings');
      await taxNumber.fill('');
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await panel.getByText(invalid).waitFor();
      await panel.getByText('Enter a tax number.').waitFor();
      await page.waitForTimeout(300); // the toast was shown with the message
      expect(await failedToast.count()).toBe(0);
      // With an amount refused too, the spec's message still says what the save requires.
      const minimumPay = panel.getByRole('textbox', { name: 'Minimum pay' });
      const minimum = await minimumPay.inputValue();
      await minimumPay.fill('-12.345');
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await expect.poll(() => descriptionsOf(page, minimumPay)).toContain('Minimum pay must be 0 or more.');
      await panel.getByText(invalid).waitFor();
      expect(saves).toEqual([]);
      await minimumPay.fill(minimum);

      // A pasted text past its limit is kept whole, never cut by a maxlength, and marked at once in the
      // schema's words; Save sends nothing while it is, though every required field is filled.
      await taxNumber.fill('IE1234567TW');
      const driverType = panel.getByRole('textbox', { name: 'Driver type' });
      await pasteTooLong(page, driverType, { limit: 50, message: 'Driver type must be at most 50 characters.' });
      await expectSaveRefused(page, {
        save: panel.getByRole('button', { name: 'Save pay settings' }),
        says: panel.getByText('Nothing was saved: the marked fields say why.'),
        sent: saves,
        kept: driverType,
      });
      expect(await failedToast.count()).toBe(0);

      await taxNumber.fill('IE1234567TW');
      await panel.getByRole('textbox', { name: 'Driver type' }).fill('E2E Contractor');
      // A save that is sent and fails says so in the spec's words.
      const paySettingsPath = `**/api/drivers/${driver.id}/pay-settings`;
      await page.route(paySettingsPath, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'INTERNAL', message: 'Something went wrong.' }),
            })
          : route.fallback(),
      );
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await failedToast.first().waitFor();
      await page.unroute(paySettingsPath);
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await page.getByText('Pay settings updated').first().waitFor();
      const read = async () =>
        (await api<Record<string, unknown>>('accounts', `/drivers/${driver.id}/pay-settings`)).body;
      await expect.poll(async () => (await read()).taxNumber).toBe('IE1234567TW');
      expect((await read()).driverType).toBe('E2E Contractor');
      expect(problems).toEqual([]);
    } finally {
      await restorePaySettings(driver, original);
      await context.close();
    }
  });

  test('a typed amount keeps its decimal point and is saved as typed; one past the limit is marked, in words', async () => {
    const { driver, original } = await driverWithPaySettings();
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto('/drivers/list');
      const panel = await openDriver(page, driver);
      await panel.getByRole('heading', { name: 'Pay settings' }).waitFor();
      const minimum = panel.getByRole('textbox', { name: 'Minimum pay' });
      await minimum.fill('');
      // Key by key, as a person types: the point must not empty the field.
      await minimum.pressSequentially('350.75');
      expect(await minimum.inputValue()).toBe('350.75');
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await page.getByText('Pay settings updated').first().waitFor();
      const read = async () =>
        (await api<Record<string, unknown>>('accounts', `/drivers/${driver.id}/pay-settings`)).body;
      await expect.poll(async () => (await read()).minPay).toBe(350.75);

      await minimum.fill('99999999999');
      await panel.getByRole('button', { name: 'Save pay settings' }).click();
      await panel.getByText('Minimum pay must be at most €999,999.00.').waitFor();
      await panel.getByText('Nothing was saved: the marked fields say why.').waitFor();
      expect(await panel.getByText(/body\./).count()).toBe(0);
      expect((await read()).minPay).toBe(350.75);
      expect(problems).toEqual([]);
    } finally {
      await restorePaySettings(driver, original);
      await context.close();
    }
  });

  test('closing the driver slide-in with an unsaved edit asks first; with none it closes at once', async () => {
    const every = await api<ListedDriver[]>('dispatcher', '/drivers');
    const driver = every.body.find((candidate) => candidate.vehicle === 'van' || candidate.vehicle === 'car');
    if (!driver) throw new Error('The demo data has a van or car driver.');
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      // No changes: Escape closes the panel at once.
      let panel = await openDriver(page, driver);
      const registration = panel.getByRole('textbox', { name: 'Vehicle registration' });
      await registration.waitFor();
      await registration.focus();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await page.getByRole('dialog', { name: 'Discard changes?' }).count()).toBe(0);

      panel = await openDriver(page, driver);
      await registration.fill('241-D-99999');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Discard changes?' });
      await ask.waitFor();
      // 'Keep editing' has the focus: Enter keeps the typing.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Keep editing');
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'hidden' });
      expect(await registration.inputValue()).toBe('241-D-99999');
      expect(await panel.isVisible()).toBe(true);

      // The ✕ asks too; Discard changes closes, and the edit is gone on reopening.
      await panel.getByRole('button', { name: 'Close' }).first().click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await panel.waitFor({ state: 'hidden' });
      panel = await openDriver(page, driver);
      await expect.poll(() => registration.inputValue()).toBe(driver.vehicleRegistration);
      const saved = (await api<ListedDriver[]>('dispatcher', '/drivers')).body.find((d) => d.id === driver.id);
      expect(saved?.vehicleRegistration).toBe(driver.vehicleRegistration);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a driver number another driver has is marked at the field with the server's message, and the focus goes there", async () => {
    const every = (await api<ListedDriver[]>('accounts', '/drivers')).body;
    const [driver, other] = every;
    if (!driver || !other) throw new Error('The demo data has two drivers.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      const panel = await openDriver(page, driver);
      const number = panel.getByRole('textbox', { name: 'Driver number' });
      await number.fill(String(other.driverNumber));
      // Saved from the keyboard: the button, disabled while it saves, dropped the focus to the page.
      await panel.getByRole('button', { name: 'Save driver' }).focus();
      await page.keyboard.press('Enter');
      const message = `Driver number ${other.driverNumber} is already taken by ${other.firstName} ${other.lastName}. Choose another number.`;
      await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionsOf(page, number)).toContain(message);
      await expect.poll(() => number.evaluate((input) => input === document.activeElement)).toBe(true);
      const saved = (await api<ListedDriver[]>('accounts', '/drivers')).body.find((d) => d.id === driver.id);
      expect(saved?.driverNumber).toBe(driver.driverNumber);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('closing New Driver over what was typed asks first: Escape, ✕ and Cancel; untouched, it closes at once', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const form = await openNewDriver(page);
      const ask = page.getByRole('dialog', { name: 'Discard changes?' });
      await form.getByRole('textbox', { name: 'First name' }).waitFor();
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
      expect(await ask.count()).toBe(0);

      await page.getByRole('button', { name: 'New Driver' }).click();
      const firstName = form.getByRole('textbox', { name: 'First name' });
      await firstName.fill('Siobhán');
      await page.keyboard.press('Escape');
      await ask.getByText('The new driver has changes that are not saved.').waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await firstName.inputValue()).toBe('Siobhán');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await form.getByRole('button', { name: 'Close' }).first().click();
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await form.waitFor({ state: 'hidden' });

      // Opened again, it starts empty.
      await page.getByRole('button', { name: 'New Driver' }).click();
      await expect.poll(() => form.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts add a new driver', async () => {
    const number = 900_000 + (Date.now() % 90_000);
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const form = await openNewDriver(page);
    // An empty save names every missing field at once, and nothing is sent.
    await form.getByRole('button', { name: 'Add driver' }).click();
    await form.getByText("Please enter the driver's first name.").waitFor();
    for (const message of [
      "Please enter the driver's last name.",
      'Please enter a valid email address.',
      'Please select a vehicle.',
    ])
      expect(await form.getByText(message).count()).toBe(1);
    await fillNewDriver(form, {
      driverNumber: String(number),
      firstName: 'Eoin',
      lastName: `Tester${number}`,
      email: `eoin.${number}@e2e.ie`,
    });
    await form.getByRole('button', { name: 'Add driver' }).click();
    await form.getByText('Please select a vehicle.').waitFor();
    await fillNewDriver(form, { vehicle: 'Push Bike' });
    await form.getByRole('button', { name: 'Add driver' }).click();
    await page.getByRole('dialog', { name: new RegExp(`^${number} · Eoin Tester${number}`) }).waitFor();
    const created = (await api<ListedDriver[]>('accounts', '/drivers')).body.find(
      (driver) => driver.driverNumber === number,
    );
    expect(created?.vehicle).toBe('push bike');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a telephonist is refused the drivers area', async () => {
    const { page, context } = await signedInPage(browser(), 'telephonist');
    await page.goto('/drivers/list');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    const refused = await api('telephonist', '/drivers');
    expect(refused.status).toBe(403);
    await context.close();
  });
});
