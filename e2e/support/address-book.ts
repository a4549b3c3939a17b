import type { Locator, Page } from 'playwright-core';
import { startAddressEntry, type AddressEntryFields } from './steps.ts';

// The public address book (/addresses) as its browser tests fill it.

/** A whole new entry: its name and address fields and its map position, as the editor takes them. */
export interface PlacedAddressEntry extends AddressEntryFields {
  latitude: string;
  longitude: string;
}

/**
 * Opens /addresses, adds an entry and fills every field Save needs (the position too, so only what a
 * test then changes can hold the save back); answers the editor, unsaved.
 */
export async function startPlacedAddressEntry(page: Page, entry: PlacedAddressEntry): Promise<Locator> {
  await page.goto('/addresses');
  const editor = await startAddressEntry(page, entry);
  await editor.getByLabel('Latitude').fill(entry.latitude);
  await editor.getByLabel('Longitude').fill(entry.longitude);
  return editor;
}
