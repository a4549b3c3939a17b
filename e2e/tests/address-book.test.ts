import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '@courier/domain/common/input-checks';
import { startPlacedAddressEntry, type PlacedAddressEntry } from '../support/address-book.ts';
import { browserForTests, openPage, signIn, signedInPage } from '../support/browser.ts';
import { addThroughDialog, descriptionsOf, requestsTo } from '../support/steps.ts';

// The public address book's editor as a dispatcher uses it: the server's refusal speaks only of the
// entry it refused and only until the field is changed, and a paste past a field's limit is kept,
// counted and refused at the field (never cut by a maxlength). Nothing here is saved.
const browser = browserForTests();

const PASTED = 'Ó'.repeat(5000);

/** A map tile: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Where the new entries here are, and placed on the map: each test names its entry and its line one. */
const IN_CORK = {
  city: 'Cork',
  county: 'Cork',
  eircode: 'T12 X1Y2',
  latitude: '51.8985',
  longitude: '-8.4756',
} satisfies Partial<PlacedAddressEntry>;

/** Opens Add Address with a valid entry whose line one holds a NUL, saves it, and waits for the server's mark. */
async function refusedNewEntry(page: Page): Promise<Locator> {
  const editor = await startPlacedAddressEntry(page, {
    searchName: 'Zz Refused Depot',
    name: 'Refused Depot',
    lineOne: '1 Main\u0000 St',
    ...IN_CORK,
  });
  // Saved from the keyboard: the Save button, disabled while it saves, drops the focus; it goes to the marked field.
  await editor.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  const lineOne = editor.getByRole('textbox', { name: 'Address line one' });
  await expect.poll(() => descriptionsOf(page, lineOne)).toContain(NUL_CHARACTER_MESSAGE);
  expect(await lineOne.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => lineOne.evaluate((input) => input === document.activeElement)).toBe(true);
  return editor;
}

/** Cancels the editor and discards its changes. */
async function discard(page: Page, editor: Locator): Promise<void> {
  await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await editor.waitFor({ state: 'hidden' });
}

describe('address book editor (/addresses)', () => {
  test('a refused save is not shown on another entry, nor on the next new entry', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const refused = await refusedNewEntry(page);
      await discard(page, refused);

      const card = page.getByRole('region', { name: /^Address entry \d+$/ }).first();
      const id = ((await card.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0];
      await card.getByRole('button', { name: /click to edit/ }).click();
      const editor = page.getByRole('dialog', { name: `Edit entry ${id}` });
      const lineOne = editor.getByRole('textbox', { name: 'Address line one' });
      await lineOne.waitFor();
      expect(await lineOne.getAttribute('aria-invalid')).not.toBe('true');
      expect(await editor.getByText(NUL_CHARACTER_MESSAGE).count()).toBe(0);
      await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
      await editor.waitFor({ state: 'hidden' });

      // A new entry starts clean too.
      await addThroughDialog(page, 'Add Address');
      const fresh = page.getByRole('dialog', { name: 'New address book entry' });
      await fresh.getByRole('textbox', { name: 'Address line one' }).waitFor();
      expect(await fresh.getByText(NUL_CHARACTER_MESSAGE).count()).toBe(0);
      expect(await fresh.getByRole('textbox', { name: 'Address line one' }).getAttribute('aria-invalid')).not.toBe(
        'true',
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("an entry's map preview takes no keyboard stop: Tab goes from the entry to its Delete button", async () => {
    const { page, context, problems } = await openPage(browser());
    // Tiles configured, as on a real server, so the map also draws its credit and the credit's link.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), mapTileUrl: '/tiles/{z}/{x}/{y}.png' } });
    });
    await page.route('**/tiles/**', (route) => route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG }));
    try {
      await signIn(page, 'dispatcher', { from: '/addresses' });
      const card = page.getByRole('region', { name: /^Address entry \d+$/ }).first();
      // The map has drawn (its code loads on first use): zoom buttons, credit link and marker.
      await card.locator('.leaflet-control-zoom-in').waitFor();
      await card.locator('.leaflet-control-attribution a').first().waitFor();
      await card.locator('path').first().waitFor({ state: 'attached' });
      await card.getByRole('button', { name: /click to edit/ }).focus();
      await page.keyboard.press('Tab');
      const deleteButton = card.getByRole('button', { name: 'Delete' });
      expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a field the user retypes drops the server's message at once, before the next Save", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const editor = await refusedNewEntry(page);
      const lineOne = editor.getByRole('textbox', { name: 'Address line one' });
      await lineOne.fill('1 Main St');
      await expect.poll(() => editor.getByText(NUL_CHARACTER_MESSAGE).count()).toBe(0);
      expect(await lineOne.getAttribute('aria-invalid')).not.toBe('true');
      expect(await descriptionsOf(page, lineOne)).not.toContain(NUL_CHARACTER_MESSAGE);
      await discard(page, editor);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a 5,000-character paste is kept, counted and refused at the field; Save sends nothing', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    const creates = requestsTo(page, 'POST', /\/place\/entry$/);
    try {
      const editor = await startPlacedAddressEntry(page, {
        searchName: 'Zz Pasted Depot',
        name: 'Pasted Depot',
        lineOne: '1 Main St',
        ...IN_CORK,
      });
      // No text input of the editor cuts a paste.
      for (const input of await editor.locator('input[type="text"], input:not([type]), textarea').all())
        expect(await input.getAttribute('maxlength')).toBeNull();

      const pasted: [string, number][] = [
        ['Search name', 255],
        ['Address name', 255],
        ['Notes', 1000],
      ];
      for (const [label, limit] of pasted) {
        const input = editor.getByRole('textbox', { name: label });
        await input.fill('');
        await input.click();
        await page.keyboard.insertText(PASTED);
        expect((await input.inputValue()).length).toBe(5000);
        await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
        expect(await descriptionsOf(page, input)).toEqual(
          expect.arrayContaining([`5000 of ${limit} characters`, `At most ${limit} characters.`]),
        );
      }

      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.getByText('Nothing was saved: shorten the fields marked as too long first.').waitFor();
      await page.waitForTimeout(300);
      expect(creates).toEqual([]);
      expect((await editor.getByRole('textbox', { name: 'Notes' }).inputValue()).length).toBe(5000);

      // Shortened to the limit, the count stays near it and the message goes.
      const searchName = editor.getByRole('textbox', { name: 'Search name' });
      await searchName.fill('Z'.repeat(255));
      await expect.poll(() => descriptionsOf(page, searchName)).toEqual(['255 of 255 characters']);
      expect(await searchName.getAttribute('aria-invalid')).not.toBe('true');
      expect(creates).toEqual([]);
      await discard(page, editor);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
