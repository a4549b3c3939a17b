import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { DriverProfile } from '@courier/domain/drivers/profile';
import type { Driver, EquipmentEntry } from '@courier/domain/drivers/schemas';
import { apiAs } from '../support/api.ts';
import { restoreProfile } from '../support/drivers.ts';
import { browserForTests, signedInPage } from '../support/browser.ts';
import { descriptionsOf, openDriver } from '../support/steps.ts';

// A day the field refuses is not saved: the driver profile's and the equipment register's Save send
// nothing while a day field shows its message, take the focus to that field and keep what was typed
// (spec 2 §9 dd/MM/yy); corrected, the day is saved.
const browser = browserForTests();

const api = apiAs;

const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

/** The requests other than GET whose path ends with `suffix` (a save), as the page sends them. */
function savesTo(page: Page, suffix: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.endsWith(suffix))
      sent.push(`${request.method()} ${request.url()}`);
  });
  return sent;
}

const isFocused = (input: Locator) => input.evaluate((element) => element === document.activeElement);

describe('a day the field refuses is not saved', () => {
  test('profile: a refused date of birth holds back Save, which takes the focus to it; corrected, it is saved', async () => {
    // A driver with a date of birth, clear of those the other driver tests edit.
    const drivers = (await api<Driver[]>('accounts', '/drivers')).body;
    let driver: Driver | undefined;
    let original: DriverProfile | undefined;
    for (const candidate of drivers.slice(10, 30)) {
      const profile = (await api<DriverProfile>('accounts', `/drivers/${candidate.uuid}/profile`)).body;
      if (profile.personal.dateOfBirth) {
        [driver, original] = [candidate, profile];
        break;
      }
    }
    if (!driver || !original) throw new Error('The demo data has drivers with a date of birth.');
    const oldDay = original.personal.dateOfBirth;
    const read = async () => (await api<DriverProfile>('accounts', `/drivers/${driver.uuid}/profile`)).body.personal;
    // A leap day is a day in 1984: the correction is one the refused text is a slip away from.
    const [fixedText, fixedDay] = oldDay === '1984-02-29' ? ['28/02/84', '1984-02-28'] : ['29/02/84', '1984-02-29'];
    const refusal = '31/02/84 is not a date: February 1984 has 29 days.';
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const sent = savesTo(page, `/drivers/${driver.uuid}/profile`);
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('button', { name: /^Personal details/ }).click();
      const personal = panel.getByRole('form', { name: 'Personal details' });
      const birth = personal.getByRole('textbox', { name: 'Date of birth' });
      const nationality = personal.getByRole('textbox', { name: 'Nationality' });
      const save = personal.getByRole('button', { name: 'Save personal details' });
      await expect.poll(() => birth.inputValue()).toBe(typed(oldDay ?? ''));

      // Typed over the saved day, the refused text is an edit: Save is there, and says why it sends nothing.
      await birth.fill('31/02/84');
      await birth.press('Tab');
      await expect.poll(() => descriptionsOf(page, birth)).toContain(refusal);
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expect.poll(() => isFocused(birth)).toBe(true);
      expect(await birth.inputValue()).toBe('31/02/84');
      expect(await descriptionsOf(page, birth)).toContain(refusal);

      // With another field changed too, still nothing is sent: the old day is not saved in the new one's place.
      await nationality.fill('Portuguese');
      await save.click();
      await expect.poll(() => isFocused(birth)).toBe(true);
      expect(await birth.inputValue()).toBe('31/02/84');
      expect(await descriptionsOf(page, birth)).toContain(refusal);
      expect(await nationality.inputValue()).toBe('Portuguese');
      expect(await page.getByText('Profile saved').count()).toBe(0);
      expect(await read()).toEqual(original.personal);

      // Corrected, the day and the other change are saved, in one request: none was sent before.
      await birth.fill(fixedText);
      await birth.press('Tab');
      expect(await descriptionsOf(page, birth)).not.toContain(refusal);
      await save.click();
      await page.getByText('Personal details has been saved.').first().waitFor();
      await expect.poll(async () => (await read()).dateOfBirth).toBe(fixedDay);
      expect((await read()).nationality).toBe('Portuguese');
      expect(sent).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await restoreProfile(driver, original, ['personal']);
    }
  });

  test('equipment: a refused returned date holds back Save, which takes the focus to it; corrected, it is saved', async () => {
    // A returned entry whose returned day is not its given day, so the correction below is a new day.
    const drivers = (await api<Driver[]>('dispatcher', '/drivers')).body;
    let driver: Driver | undefined;
    let before: EquipmentEntry[] = [];
    let returned: EquipmentEntry | undefined;
    for (const candidate of drivers.slice(10, 40)) {
      const register = (await api<EquipmentEntry[]>('dispatcher', `/drivers/${candidate.id}/equipment`)).body;
      returned = register.find((entry) => entry.returnedDate !== null && entry.returnedDate !== entry.givenDate);
      if (returned) {
        [driver, before] = [candidate, register];
        break;
      }
    }
    if (!driver || !returned) throw new Error('The demo data has returned equipment.');
    const item = returned;
    const read = async () =>
      (await api<EquipmentEntry[]>('dispatcher', `/drivers/${driver.id}/equipment`)).body.find(
        (entry) => entry.id === item.id,
      );
    const refusal = '31/02/26 is not a date: February 2026 has 28 days.';
    const notes = `Checked ${Date.now()}`;
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    const sent = savesTo(page, `/drivers/${driver.id}/equipment`);
    try {
      const panel = await openDriver(page, driver);
      const entry = panel.locator('[data-equipment-entry]').filter({
        has: page.locator(`input[value="${item.serialNumber}"]`),
      });
      const returnedInput = entry.getByRole('textbox', { name: 'Returned' });
      const save = panel.getByRole('button', { name: 'Save equipment' });
      await expect.poll(() => returnedInput.inputValue()).toBe(typed(item.returnedDate ?? ''));

      await returnedInput.fill('31/02/26');
      await returnedInput.press('Tab');
      await expect.poll(() => descriptionsOf(page, returnedInput)).toContain(refusal);
      await entry.getByRole('textbox', { name: 'Notes' }).fill(notes);
      await save.click();
      await expect.poll(() => isFocused(returnedInput)).toBe(true);
      expect(await returnedInput.inputValue()).toBe('31/02/26');
      expect(await descriptionsOf(page, returnedInput)).toContain(refusal);
      expect(await page.getByText('Equipment saved').count()).toBe(0);
      expect(await read()).toEqual(item);

      // Corrected to the day it was given (the earliest it can be returned), it is saved with the notes.
      await returnedInput.fill(typed(item.givenDate));
      await returnedInput.press('Tab');
      await save.click();
      await page.getByText('The equipment register has been saved.').first().waitFor();
      await expect.poll(async () => (await read())?.returnedDate).toBe(item.givenDate);
      expect((await read())?.notes).toBe(notes);
      expect(sent).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await api('dispatcher', `/drivers/${driver.id}/equipment`, {
        method: 'PUT',
        body: before.map(({ id, type, serialNumber, givenDate, givenBy, returnedDate, notes }) => ({
          id,
          type,
          serialNumber,
          givenDate,
          givenBy,
          returnedDate,
          notes,
        })),
      });
      await context.close();
    }
  });
});
