import type { Locator, Page } from 'playwright-core';
import type { DriverProfile, DriverProfileSection } from '@courier/domain/drivers/profile';
import { apiAs } from './api.ts';

// The driver register as its browser tests set it up and put it back.

/**
 * Puts `sections` of a driver's profile back as `original` held them (read as accounts before the
 * test changed them), through PUT /api/drivers/{uuid}/profile as accounts: a test's `finally`. A
 * refused restore throws, so a test never leaves the demo data changed for the next one unseen.
 */
export async function restoreProfile(
  driver: { uuid: string },
  original: DriverProfile,
  sections: readonly DriverProfileSection[],
): Promise<void> {
  const body = Object.fromEntries(sections.map((section) => [section, original[section]]));
  const answer = await apiAs('accounts', `/drivers/${driver.uuid}/profile`, { method: 'PUT', body });
  if (answer.status !== 200)
    throw new Error(
      `The profile of driver ${driver.uuid} (${sections.join(', ')}) was not restored: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
}

/** Opens New Driver from the driver list (/drivers/list); answers its form, nothing typed yet. */
export async function openNewDriver(page: Page): Promise<Locator> {
  await page.goto('/drivers/list');
  await page.getByRole('button', { name: 'New Driver' }).click();
  return page.getByRole('dialog', { name: 'New Driver' });
}

/** What a test types into New Driver; a field left out is left as it is. */
export interface NewDriverFields {
  driverNumber?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** The Vehicle option's label, e.g. 'Push Bike'. */
  vehicle?: string;
}

/**
 * Fills the given fields of New Driver's `form`, in the form's order. The vehicle's options open
 * outside the form (a dropdown on the page), so they are picked from the page.
 */
export async function fillNewDriver(form: Locator, fields: NewDriverFields): Promise<void> {
  const textboxes = [
    ['Driver number', fields.driverNumber],
    ['First name', fields.firstName],
    ['Last name', fields.lastName],
    ['Email', fields.email],
  ] as const;
  for (const [name, value] of textboxes) if (value !== undefined) await form.getByRole('textbox', { name }).fill(value);
  if (fields.vehicle === undefined) return;
  await form.getByRole('combobox', { name: 'Vehicle', exact: true }).click();
  await form.page().getByRole('option', { name: fields.vehicle }).click();
}
