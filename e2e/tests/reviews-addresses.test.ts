import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import type { Page } from 'playwright-core';
import { discardChanges, startAddressEntry } from '../support/steps.ts';

const browser = browserForTests();

describe('reviews (/reviews)', () => {
  test('a manager opens a review and approves it; the panel closes and the row is tagged', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'manager');
    await page.goto('/reviews');
    await page.getByRole('table').waitFor();
    expect(await page.getByText(/^Showing 1 to 10 of \d+ results$/).count()).toBe(1);
    await expectAccessible(page);
    const row = page.getByRole('row').filter({ hasNotText: 'APPROVED' }).filter({ hasNotText: 'DELETED' }).nth(1);
    const label = (await row.getAttribute('aria-label')) ?? '';
    const id = label.match(/Review (\d+)/)?.[1];
    await row.click();
    const panel = page.getByRole('dialog', { name: `Review ${id}` });
    await panel.waitFor();
    await panel.getByText('Approved').waitFor();
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('The review has been approved.').waitFor();
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('row', { name: label }).getByText('APPROVED').count()).toBe(1);

    await page.getByRole('row', { name: label }).press('Enter');
    await page
      .getByRole('dialog', { name: `Review ${id}` })
      .getByRole('button', { name: 'Unapprove' })
      .click();
    await page.getByText('The review has been rejected.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the page is in the address: a reload, Back and Forward keep it, and a bad page shows the first', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'manager');
    await page.goto('/reviews');
    const pages = page.getByRole('navigation', { name: 'reviews pages' });
    /** The rows on screen once the pagination says `shown` ('Showing 11 to 20'): their accessible names. */
    const rowsShowing = async (shown: RegExp) => {
      await pages.getByText(shown).waitFor();
      return page
        .getByRole('table')
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    };
    const firstPage = await rowsShowing(/^Showing 1 to 10 of \d+ results$/);
    expect(firstPage).toHaveLength(10);
    await pages.getByRole('button', { name: 'Next' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '1');
    const secondPage = await rowsShowing(/^Showing 11 to 20 of \d+ results$/);
    expect(secondPage).toHaveLength(10);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await page.reload();
    expect(await rowsShowing(/^Showing 11 to 20 of \d+ results$/)).toEqual(secondPage);
    // Paging is a step in the history: Back returns to the first page, Forward to the second.
    await page.goBack();
    await waitForUrl(page, (url) => url.pathname === '/reviews' && !url.searchParams.has('page'));
    expect(await rowsShowing(/^Showing 1 to 10 of \d+ results$/)).toEqual(firstPage);
    await page.goForward();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '1');
    expect(await rowsShowing(/^Showing 11 to 20 of \d+ results$/)).toEqual(secondPage);

    // A page that is no page (text, below zero, past the largest skip the API takes) shows the first,
    // without an error.
    for (const bad of ['abc', '-1', '1.5', '10000001', '2147483647']) {
      await page.goto(`/reviews?page=${bad}`);
      expect(await rowsShowing(/^Showing 1 to 10 of \d+ results$/), bad).toEqual(firstPage);
    }
    // The largest page kept is past the end, and says so; Previous goes to the last page.
    await page.goto('/reviews?page=10000000');
    await pages.getByText(/^Page 10,000,001 is past the last page \([\d,]+\) of [\d,]+ results$/).waitFor();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText(/^Showing [\d,]+ to ([\d,]+) of \1 results$/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('reviews are for managers: a dispatcher is told the section is not available to its role', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/reviews');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await context.close();
  });
});

describe('public address book (/addresses)', () => {
  test('a dispatcher adds a public entry and jumps to it; the map needs no network', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/addresses');
    await page.getByRole('button', { name: 'Add Address' }).waitFor();
    await page
      .getByRole('group', { name: /^Map of / })
      .first()
      .waitFor();
    await expectAccessible(page);
    const editor = await startAddressEntry(page, {
      searchName: 'Zz Public Depot Cork',
      name: 'Public Depot',
      lineOne: '3 Anglesea Street',
      city: 'Cork',
      county: 'Cork',
      eircode: 'T12 X1Y2',
    });
    await editor.getByLabel('Latitude').fill('51.8985');
    await editor.getByLabel('Longitude').fill('0');
    expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // The help names the postcode field by its label: an Irish address has an Eircode.
    await editor.getByText(/line one, city, county, Eircode and country are filled in/).waitFor();
    await editor.getByLabel('Longitude').fill('-8.4756');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    await page.getByRole('combobox', { name: 'Jump to an entry' }).click();
    await page.getByRole('option', { name: /Zz Public Depot Cork/ }).click();
    await page
      .getByRole('region', { name: /^Address entry \d+$/ })
      .filter({ hasText: 'Zz Public Depot Cork' })
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('closing an editor with unsaved changes (Escape, Cancel) asks first, by keyboard too; with none it closes at once', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/addresses');
    const firstCard = page.getByRole('region', { name: /^Address entry \d+$/ }).first();
    await firstCard.waitFor();
    const id = ((await firstCard.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0];
    const card = page.getByRole('region', { name: `Address entry ${id}` });
    const cardText = await card.getByRole('button', { name: /click to edit/ }).textContent();
    const editor = page.getByRole('dialog', { name: `Edit entry ${id}` });
    const contactName = editor.getByRole('textbox', { name: 'Contact name' });
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    const isFocused = (name: string) =>
      question.getByRole('button', { name }).evaluate((button) => button === document.activeElement);

    await card.getByRole('button', { name: /click to edit/ }).click();
    const before = await contactName.inputValue();
    await contactName.fill(`${before} Zz unsaved`);
    /** Escape in the editor asks; `answer` (a key) goes back to the editor with the typing kept. */
    const askAndKeepEditing = async (answer: 'Escape' | 'Enter') => {
      await contactName.press('Escape');
      await question.waitFor();
      await expectAccessible(page);
      // 'Keep editing' has the focus, so Enter answers it.
      await expect.poll(() => isFocused('Keep editing')).toBe(true);
      await page.keyboard.press(answer);
      await question.waitFor({ state: 'hidden' });
      expect(await editor.isVisible()).toBe(true);
      expect(await contactName.inputValue()).toBe(`${before} Zz unsaved`);
    };
    await askAndKeepEditing('Escape');
    await askAndKeepEditing('Enter');

    // Discarding, by keyboard: the editor closes and nothing is saved.
    await contactName.press('Escape');
    await question.waitFor();
    await expect.poll(() => isFocused('Keep editing')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused('Discard changes')).toBe(true);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await editor.waitFor({ state: 'hidden' });
    await page.reload();
    expect(await card.getByRole('button', { name: /click to edit/ }).textContent()).toBe(cardText);

    // The editor's own Cancel asks as Escape does: 'Keep editing' keeps the typing, 'Discard changes' closes.
    const cancel = editor.getByRole('button', { name: 'Cancel', exact: true });
    await card.getByRole('button', { name: /click to edit/ }).click();
    await contactName.fill(`${before} Zz cancelled`);
    await cancel.click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await contactName.inputValue()).toBe(`${before} Zz cancelled`);
    await cancel.click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await card.getByRole('button', { name: /click to edit/ }).textContent()).toBe(cardText);

    // An editor with no change closes on Escape, or on Cancel, at once.
    await card.getByRole('button', { name: /click to edit/ }).click();
    expect(await contactName.inputValue()).toBe(before);
    await contactName.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    expect(await question.isVisible()).toBe(false);
    await card.getByRole('button', { name: /click to edit/ }).click();
    await cancel.click();
    await editor.waitFor({ state: 'hidden' });
    expect(await question.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('accounts staff do not get /addresses: the shell says it is not available to their role', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.goto('/addresses');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await context.close();
  });
});

describe('company address book (/companies/:id/address-book)', () => {
  /** Deletes the entry whose card shows `text`, through its Delete button and the confirm. */
  async function deleteEntryShowing(page: Page, text: string): Promise<void> {
    await page
      .getByRole('region', { name: /^Address entry \d+$/ })
      .filter({ hasText: text })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Delete Address' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address entry deleted.').waitFor();
  }

  test('coordinates out of range or with letters are refused on the field, kept as typed, never clamped or saved', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.goto('/companies/6/address-book');
    const editor = await startAddressEntry(page, {
      searchName: 'Zz Coordinates Depot',
      name: 'Coordinates Depot',
      lineOne: '1 Pearse Street',
      city: 'Dublin',
      county: 'Dublin',
      eircode: 'D02 X1Y2',
    });
    const latitude = editor.getByRole('textbox', { name: 'Latitude' });
    const longitude = editor.getByRole('textbox', { name: 'Longitude' });
    await latitude.fill('999');
    await longitude.fill('-6.26');
    await longitude.blur();
    await editor.getByText('The latitude must be between -90 and 90.').waitFor();
    expect(await latitude.inputValue()).toBe('999');
    expect(await latitude.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await latitude.fill('53.35');
    await longitude.fill('200');
    await latitude.focus();
    await editor.getByText('The longitude must be between -180 and 180.').waitFor();
    expect(await longitude.inputValue()).toBe('200');
    expect(await editor.getByText('The latitude must be between -90 and 90.').count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);

    // Letters are not dropped: the text stays and the field says what it needs.
    await longitude.fill('-6.2x');
    await editor.getByText('The longitude must be a number.').waitFor();
    expect(await longitude.inputValue()).toBe('-6.2x');
    expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await longitude.fill('-6.26');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    const card = page.getByRole('region', { name: /^Address entry \d+$/ }).filter({ hasText: 'Zz Coordinates Depot' });
    await card.getByText('53.350000, -6.260000').waitFor();

    // Editing: 200 stays 200 with its message, and the stored entry keeps its longitude.
    await card.getByRole('button', { name: /click to edit/ }).click();
    const edit = page.getByRole('dialog', { name: /^Edit entry \d+$/ });
    await edit.getByRole('textbox', { name: 'Longitude' }).fill('200');
    await edit.getByRole('textbox', { name: 'Latitude' }).focus();
    await edit.getByText('The longitude must be between -180 and 180.').waitFor();
    expect(await edit.getByRole('textbox', { name: 'Longitude' }).inputValue()).toBe('200');
    expect(await edit.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // Cancel asks, as the change is not saved; discarding it closes the editor.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, edit);
    await page.reload();
    await card.getByText('53.350000, -6.260000').waitFor();

    await deleteEntryShowing(page, 'Zz Coordinates Depot');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an entry with long unbroken text wraps inside its card and never widens the page', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/companies/6/address-book');
    const searchName = `Zz${'W'.repeat(200)}`;
    const editor = await startAddressEntry(page, {
      searchName,
      name: 'L'.repeat(255),
      lineOne: 'A'.repeat(255),
      city: 'C'.repeat(255),
      county: 'Dublin',
      eircode: 'D02 X1Y2',
    });
    await editor.getByLabel('Latitude').fill('53.35');
    await editor.getByLabel('Longitude').fill('-6.26');
    await editor.getByLabel('Contact name').fill('K'.repeat(100));
    await editor.getByLabel('Notes').fill('N'.repeat(1000));
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    const card = page.getByRole('region', { name: /^Address entry \d+$/ }).filter({ hasText: searchName });
    await card.getByText(searchName).waitFor();

    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(1440);
    // The map stays beside the text, inside the card.
    const cardBox = await card.boundingBox();
    const mapBox = await card.getByRole('group', { name: /^Map of / }).boundingBox();
    expect(cardBox && mapBox && mapBox.x + mapBox.width).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));

    // Nor does its option in the jump list, nor the delete question.
    await page.getByRole('combobox', { name: 'Jump to an entry' }).click();
    await page.getByRole('option', { name: new RegExp(searchName) }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(1440);
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete Address' }).getByText(`Delete the entry ${searchName}?`);
    const questionBox = await question.boundingBox();
    expect(questionBox && questionBox.x + questionBox.width).toBeLessThanOrEqual(1440);
    await page.getByRole('dialog', { name: 'Delete Address' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address entry deleted.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
