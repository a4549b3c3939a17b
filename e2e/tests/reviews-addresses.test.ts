import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, signedInPage } from '../support/browser.ts';
import { startAddressEntry } from '../support/steps.ts';

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

  test('accounts staff do not get /addresses: the shell says it is not available to their role', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await page.goto('/addresses');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await context.close();
  });
});
