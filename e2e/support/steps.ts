import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Steps several browser tests take the same way.

/** Clicks the button `name` and confirms the dialog it opens (titled the same) with Add. */
export async function addThroughDialog(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Add' }).click();
}

/** The name and address fields of an address book entry (not the map position). */
export interface AddressEntryFields {
  searchName: string;
  name: string;
  lineOne: string;
  city: string;
  county: string;
  eircode: string;
}

/** Fills the name and address fields of an address book entry's editor (not the map position). */
export async function fillAddressEntry(editor: Locator, entry: AddressEntryFields): Promise<void> {
  await editor.getByLabel('Search name').fill(entry.searchName);
  await editor.getByLabel('Address name').fill(entry.name);
  await editor.getByLabel('Address line one').fill(entry.lineOne);
  await editor.getByLabel('City').fill(entry.city);
  await editor.getByLabel('County').fill(entry.county);
  await editor.getByLabel('Eircode').fill(entry.eircode);
}

/** Adds an address book entry from the open screen's Add Address button and fills it; answers its editor. */
export async function startAddressEntry(page: Page, entry: AddressEntryFields): Promise<Locator> {
  await addThroughDialog(page, 'Add Address');
  const editor = page.getByRole('dialog', { name: 'New address book entry' });
  await fillAddressEntry(editor, entry);
  return editor;
}

/** From the company list a signed-in user lands on, opens the first company's page. */
export async function openFirstCompany(page: Page): Promise<void> {
  await page.getByRole('table').waitFor();
  await page.locator('tbody tr').first().locator('td').nth(1).click();
}

/** Adds a set call to company `companyId` with its required details (service, both phones); answers its id. */
export async function addSetCall(page: Page, companyId: number): Promise<number> {
  await page.goto(`/companies/${companyId}/set-calls`);
  await addThroughDialog(page, 'Add Set Call');
  const details = page.getByRole('dialog', { name: /^Set call \d+ details$/ });
  await details.waitFor();
  const id = Number(((await details.getByRole('heading').first().textContent()) ?? '').match(/\d+/)?.[0]);
  // Picked again if the pick did not take (the list redrawn as its options arrived under the click).
  const service = details.getByLabel('Service');
  for (let attempt = 0; attempt < 3 && (await service.inputValue()) === ''; attempt += 1) {
    await service.click();
    await page.getByRole('option').first().click();
  }
  await details.getByLabel('Collection phone').fill('+353 1 234 5678');
  await details.getByLabel('Delivery phone').fill('+353 1 876 5432');
  await details.getByRole('button', { name: 'Save' }).click();
  // Save closes the details; if it does not, the failure says what the screen said instead.
  await details.waitFor({ state: 'hidden' }).catch(async (error: unknown) => {
    const shown = await page
      .locator('[role="alert"], [aria-invalid="true"], .mantine-Notification-root')
      .allInnerTexts();
    throw new Error(`Set call ${id}'s details stayed open after Save; on screen: ${shown.join(' | ') || 'nothing'}`, {
      cause: error,
    });
  });
  return id;
}

/** The driver list's rows (every driver, whatever their Active From). */
export const driverRowsOf = (page: Page) => page.locator('tbody tr[data-driver-number]');

/** Opens a driver's slide-in from the driver list by clicking their name; answers the slide-in. */
export async function openDriver(
  page: Page,
  driver: { driverNumber: number; firstName: string; lastName: string },
): Promise<Locator> {
  await page.goto('/drivers/list?activeFrom=any');
  await driverRowsOf(page).first().waitFor({ timeout: 20_000 });
  await page
    .locator(`tbody tr[data-driver-number="${driver.driverNumber}"]`)
    .getByRole('button', { name: `${driver.firstName} ${driver.lastName}`, exact: true })
    .click();
  const panel = page.getByRole('dialog', { name: new RegExp(`^${driver.driverNumber} · `) });
  await panel.waitFor();
  return panel;
}

/**
 * Clicks a switch whose value lives in the URL and answers whether it shows the new state one task
 * later, before the router has committed the navigation. A switch that flicks back to its old state
 * for that moment fails a Playwright check()/uncheck() on a slow machine ("Clicking the checkbox did
 * not change its state") and shows a user the wrong state.
 */
export async function switchFlipsAtOnce(toggle: Locator): Promise<boolean> {
  return toggle.evaluate(async (input) => {
    if (!(input instanceof HTMLInputElement)) throw new Error('not an input');
    const before = input.checked;
    input.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return input.checked !== before;
  });
}

/** The texts an input is described by: its limit count, its message. */
export async function descriptionsOf(page: Page, input: Locator): Promise<string[]> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return Promise.all(ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent()) ?? ''));
}

/**
 * Pastes 5,000 characters into a text field that has a limit, and checks the rule every saved text
 * follows: no maxlength cuts the paste, it is kept whole, and the field is marked at once with its
 * count ('5000 of 100 characters') and the schema's message.
 */
export async function pasteTooLong(
  page: Page,
  input: Locator,
  { limit, message, character = 'x' }: { limit: number; message: string; character?: string },
): Promise<void> {
  expect(await input.getAttribute('maxlength')).toBeNull();
  await input.fill(character.repeat(5000));
  expect((await input.inputValue()).length).toBe(5000);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionsOf(page, input)).toEqual(
    expect.arrayContaining([expect.stringContaining(`5000 of ${limit} characters`), message]),
  );
}

/** Answers 'Discard changes' to the question an editor asks on closing over unsaved work; the editor goes. */
export async function discardChanges(page: Page, editor: Locator): Promise<void> {
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await editor.waitFor({ state: 'hidden' });
}

/**
 * Presses `save` while a field refuses its text: the form says `says`, no request is recorded in
 * `sent` (from requestsTo), and the pasted text is still in `kept`.
 */
export async function expectSaveRefused(
  page: Page,
  { save, says, sent, kept }: { save: Locator; says: Locator; sent: string[]; kept: Locator },
): Promise<void> {
  await save.click();
  await says.waitFor();
  await page.waitForTimeout(300); // a request would have left by now
  expect(sent).toEqual([]);
  expect((await kept.inputValue()).length).toBe(5000);
}

/** Every request `method` to an API path matching `path` the page makes from now on. */
export function requestsTo(page: Page, method: string, path: RegExp): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === method && path.test(pathname)) sent.push(`${method} ${pathname}`);
  });
  return sent;
}
