import { describe, expect, test } from 'vitest';
import { browserForTests, signedInPage } from '../support/browser.ts';
import { addThroughDialog, fillAddressEntry } from '../support/steps.ts';

// Issue 10 'Validation failures look like outages': a refused field is marked with the server's
// message and the limits are on the inputs; only a real failure says 'try again'.
const browser = browserForTests();

describe('validation in forms', () => {
  test('a 5,000-character address book note is marked on the field, not reported as an outage, and nothing is saved', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/addresses');
    await addThroughDialog(page, 'Add Address');
    const editor = page.getByRole('dialog', { name: 'New address book entry' });
    await fillAddressEntry(editor, {
      searchName: 'Zz Long Note Depot',
      name: 'Long Note Depot',
      lineOne: '9 Quay Street',
      city: 'Galway',
      county: 'Galway',
      eircode: 'H91 A2B3',
    });
    await editor.getByLabel('Latitude').fill('53.2707');
    await editor.getByLabel('Longitude').fill('-9.0568');
    // Each text input carries the server's limit.
    expect(await editor.getByLabel('Search name').getAttribute('maxlength')).toBe('255');
    expect(await editor.getByLabel('Eircode').getAttribute('maxlength')).toBe('20');
    expect(await editor.getByLabel('Notes').getAttribute('maxlength')).toBe('1000');
    await editor.getByText('0 of 1000 characters').waitFor();

    // Typed or pasted text stops at the limit, and the count says so.
    await editor.getByLabel('Notes').fill('n'.repeat(5000));
    await editor.getByText('1000 of 1000 characters').waitFor();
    expect((await editor.getByLabel('Notes').inputValue()).length).toBe(1000);

    // Text past the limit set by a script (as a form-filling tool might): the server's 400 marks the field.
    await editor.getByLabel('Notes').evaluate((element, text) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setValue?.call(element, text);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }, 'n'.repeat(5000));
    await editor.getByText('5000 of 1000 characters').waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('At most 1000 characters.').waitFor();
    await page.getByText('Not saved').first().waitFor();
    expect(await page.getByText(/Something went wrong|Please try again/).count()).toBe(0);
    expect(await editor.isVisible()).toBe(true);

    await editor.getByLabel('Notes').fill('Deliveries to the side door.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
