import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { accountCompany, tariffCodeId } from '../support/pricing.ts';
import { discardChanges, pasteTooLong, requestsTo } from '../support/steps.ts';

const INCREASE_CODE = 'e2e-increase-code'; // PRICE_INCREASE_SECRET in e2e/global-setup.ts
const DESCRIPTION = 'E2E two-level tariff';
const SPECIAL_DESCRIPTION = 'E2E special rate, EU zone 3';
// The longest description the server takes, in one unbroken run as a pasted code or link would be.
const LONG_DESCRIPTION = 'E2E-long-description-'.padEnd(200, 'x');

const browser = browserForTests();

const level = (page: Page, row: number, field: string) => page.getByLabel(`Level ${row} ${field}`, { exact: true });
const testResult = (page: Page) => page.getByTestId('tariff-test-result');

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function testWeight(page: Page, weight: string): Promise<string> {
  await page.getByLabel('Test weight').fill(weight);
  await page.getByRole('button', { name: 'Test Tariff' }).click();
  await expect.poll(async () => (await testResult(page).textContent()) ?? '').not.toBe('');
  return (await testResult(page).textContent()) ?? '';
}

/** Pricing staff on the DOM tariff list at 1440x900. */
async function domTariffsAt1440() {
  const opened = await signedInPage(browser(), 'pricing');
  await opened.page.setViewportSize({ width: 1440, height: 900 });
  await opened.page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
  return opened;
}

describe('pricing', () => {
  test('creates a tariff with two levels, tests it at three weights, saves it, finds it and deletes it', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    await page.getByRole('tab', { name: 'Tariff Codes' }).click();
    await page.getByRole('link', { name: 'PUR', exact: true }).click();
    await waitForUrl(page, (url) => url.pathname === '/pricing/tariff' && url.searchParams.has('tariffCodeId'));
    await page.getByRole('heading', { name: 'PUR – Purolator' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    await chooseOption(page, 'Service', 'Purolator (PUR)');
    await chooseOption(page, 'Zone', 'EU ZONE 1');
    await page.getByLabel('Description').fill(DESCRIPTION);

    // Keyboard rule (spec 2 §5): typing replaces the selected value, Enter moves on, letters are refused.
    await level(page, 1, 'Up to (kg)').click();
    await page.keyboard.type('5x');
    await page.keyboard.press('Enter');
    await page.keyboard.type('8.50');
    await page.keyboard.press('Enter');
    await page.keyboard.type('5');
    expect(await level(page, 1, 'Up to (kg)').inputValue()).toBe('5');
    expect(await level(page, 1, 'Basic (euro)').inputValue()).toBe('8.50');
    await page.getByRole('button', { name: 'Add level' }).click();
    await level(page, 2, 'Up to (kg)').click();
    for (const value of ['9999', '12', '10', '0.85', '2']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }
    // Enter on the last input wrapped round to the first.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Level 1 Up to (kg)');

    // Spec 2 §9 on these levels: 3 kg is the first level's basic; 12.4 kg is 2.4 kg over 10 kg, so 2 steps of 2 kg at €0.85.
    expect(await testWeight(page, '3')).toBe('€8.50 for 3 kg');
    expect(await testWeight(page, '12.4')).toBe('€13.70 for 12.4 kg');
    expect(await testWeight(page, '30')).toBe('€20.50 for 30 kg');
    expect(await testWeight(page, '10000')).toBe('Could not find a price level higher than the passed weight');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Tariff saved successfully').waitFor();
    await creator.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: DESCRIPTION });
    await row.waitFor();
    expect(await row.textContent()).toContain('EU ZONE 1');

    await row.click();
    const editor = page.getByRole('dialog', { name: 'Tariff Editor' });
    await editor.waitFor();
    expect(await level(page, 2, 'Then (euro)').inputValue()).toBe('0.85');
    expect(await testWeight(page, '12.4')).toBe('€13.70 for 12.4 kg');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByRole('dialog', { name: 'Delete Tariff' }).getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByText('Tariff deleted successfully').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: DESCRIPTION }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a wrong authorisation code is refused; a price increase on the demo data completes and its log downloads', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing', { from: '/pricing/price-increase' });
    await page.getByRole('heading', { name: 'Price Increase' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Authorisation code').fill('not-the-code');
    await page.getByRole('textbox', { name: 'Increase' }).fill('2.5');
    await page.getByRole('button', { name: 'Run Price Increase' }).click();
    await page
      .getByRole('dialog', { name: 'Run the price increase?' })
      .getByRole('button', { name: 'Run Price Increase' })
      .click();
    await page.getByText('The authorisation code is not correct. Nothing was changed.').waitFor();

    await page.getByLabel('Authorisation code').fill(INCREASE_CODE);
    await page.getByRole('dialog', { name: 'Run the price increase?' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Run Price Increase' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page
      .getByRole('dialog', { name: 'Run the price increase?' })
      .getByRole('button', { name: 'Run Price Increase' })
      .click();
    await page.getByText('Price increase has completed sucessfully').waitFor({ timeout: 60_000 });
    await page.getByText('The server logs have been downloaded.').waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^price-increase-\d+-log\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,level,tariff,message,before,after');
    expect(lines.filter((line) => line.split(',')[1] === 'change').length).toBeGreaterThan(20);
    expect(lines.at(-1)).toContain('no errors');
    // No second run from here without leaving the page.
    expect(await page.getByRole('button', { name: 'Run Price Increase' }).count()).toBe(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('carriers, tariff codes and the carrier increase form are accessible', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing', { from: '/pricing/carriers' });
    await page.getByRole('link', { name: 'DPD', exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'DPD', exact: true }).click();
    await page.getByRole('heading', { name: 'DPD Ireland' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Carriers' }).getAttribute('aria-selected')).toBe('true');
    // Closing the Carrier Tariff Editor with unsaved changes asks first.
    await page.getByRole('row').nth(1).click();
    const editor = page.getByRole('dialog', { name: 'Carrier Tariff Editor' });
    await editor.waitFor();
    await page.getByLabel('Description').fill('changed, not saved');
    await page.keyboard.press('Escape');
    await discardChanges(page, editor);
    expect(await page.getByText('changed, not saved').count()).toBe(0);
    await page.getByRole('tab', { name: 'Carrier Increase' }).click();
    await page.getByRole('heading', { name: 'Carrier Increase' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Tariff Codes' }).click();
    await page.getByRole('heading', { name: 'Tariff Codes' }).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a tariff code in the address that is not an id, or that no tariff code has, is named as such and every tariff code is listed', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    const notice = page.getByRole('alert').filter({ hasText: 'Tariff code not found' });
    // Not a number, past the largest id there can be, and an id no tariff code has: all said alike.
    for (const given of ['abc', '99999999999', '2147483647']) {
      await page.goto(`/pricing/tariff?tariffCodeId=${given}`);
      await notice
        .getByText(
          'The tariff code in the page address is not one we have, so the tariffs of every tariff code are shown. ' +
            'Choose a tariff code on the Tariff Codes tab to see only its tariffs.',
        )
        .waitFor();
      await page.getByRole('heading', { name: 'Base Tariffs' }).waitFor();
      expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await page.getByText('Error Loading Tariffs').count()).toBe(0);
      expect(await page.getByText(/does not exist|must be a whole number/).count()).toBe(0);
    }
    await expectAccessible(page);
    // A code that exists lists its own tariffs, with no notice.
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
    await page.getByRole('heading', { name: /^DOM – / }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the tariff editor: Cancel asks before discarding, limits from the schema, a refusal marks its field and says Not saved', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    // Nothing changed: Cancel closes at once.
    await creator.getByRole('button', { name: 'Cancel' }).click();
    await creator.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog', { name: 'Discard changes?' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add Tariff' }).click();
    await creator.waitFor();
    // A paste past the account's or the description's limit is kept whole (the account upper-cased as
    // typed), never cut by a maxlength, and marked at once in the schema's words; Save sends nothing.
    const account = creator.getByLabel('Account', { exact: true });
    const description = creator.getByLabel('Description');
    const sent = requestsTo(page, 'POST', /^\/api\/pricing\/tariffs$/);
    for (const [input, limit, message] of [
      [account, 20, 'An account code has at most 20 characters.'],
      [description, 200, 'The description has at most 200 characters.'],
    ] as const) {
      await pasteTooLong(page, input, { limit, message, character: 'e' });
    }
    expect(await account.inputValue()).toBe('E'.repeat(5000));
    expect(await description.inputValue()).toBe('e'.repeat(5000));
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await creator
      .getByRole('alert')
      .getByText('Nothing was saved: shorten the fields marked as too long first.')
      .waitFor();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect((await description.inputValue()).length).toBe(5000);
    await account.fill('');
    await expect.poll(() => account.getAttribute('aria-invalid')).not.toBe('true');

    await creator.getByLabel('Description').fill('E2E not to be kept');
    await creator.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await creator.getByLabel('Description').inputValue()).toBe('E2E not to be kept');

    // An account no company has: the server refuses it at the field; nothing failed, so no 'try again'.
    await creator.getByLabel('Account', { exact: true }).fill('NOSUCH99');
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await creator.getByText('Enter the account code of a company, or leave it empty for a base tariff.').waitFor();
    expect(await creator.getByLabel('Account', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Not saved', { exact: true }).waitFor();
    expect(await page.getByText('There was an error saving the tariff').count()).toBe(0);
    // Beside the form, in words for people: not the server's summary with its field path.
    await creator.getByRole('alert').getByText('Nothing was saved: the marked fields say why.').waitFor();
    expect(await creator.getByText(/Invalid body\./).count()).toBe(0);
    await expectAccessible(page);

    await creator.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await creator.waitFor({ state: 'hidden' });
    expect(await page.getByText('E2E not to be kept').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("at 1280x720 a refusal takes the user to the marked field, scrolled out of view above Save; the zone's countries are named", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    expect(await creator.getByLabel('Countries').inputValue()).toBe('IRELAND, REPUBLIC OF');
    await chooseOption(page, 'Zone', 'EU ZONE 1');
    expect(await creator.getByLabel('Countries').inputValue()).toBe(
      'BELGIUM; GERMANY; FRANCE; LUXEMBOURG; NETHERLANDS',
    );

    const account = creator.getByLabel('Account', { exact: true });
    await account.fill('NOSUCH99');
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await creator.getByText('Enter the account code of a company, or leave it empty for a base tariff.').waitFor();
    await expect.poll(() => account.evaluate((input) => input === document.activeElement)).toBe(true);
    const box = await account.boundingBox();
    expect(box && { top: box.y >= 0, bottom: box.y + box.height <= 720, box }).toMatchObject({
      top: true,
      bottom: true,
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the Tariff Editor's Escape asks once something changed: Keep editing keeps the typing, Discard changes closes", async () => {
    const { page, context, problems } = await domTariffsAt1440();
    const openDublin = () =>
      page.getByRole('button', { name: 'Edit the Domestic Overnight (DOM) tariff for DUBLIN' }).click();
    const editor = page.getByRole('dialog', { name: 'Tariff Editor' });
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    // Unchanged: Escape closes at once.
    await openDublin();
    await editor.waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    expect(await discard.count()).toBe(0);

    await openDublin();
    await editor.waitFor();
    const description = editor.getByLabel('Description');
    const saved = await description.inputValue();
    await description.fill('E2E typed, not saved');
    // Escape in the focused input asks; 'Keep editing' has the focus, so Enter keeps the editor and the typing.
    await page.keyboard.press('Escape');
    await discard.getByText('The tariff has changes that are not saved.').waitFor();
    const keepEditing = discard.getByRole('button', { name: 'Keep editing' });
    await expect.poll(() => keepEditing.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await discard.waitFor({ state: 'hidden' });
    expect(await editor.isVisible()).toBe(true);
    expect(await description.inputValue()).toBe('E2E typed, not saved');
    // Escape on the question is its own: it goes back to the editor, which stays.
    await description.focus();
    await page.keyboard.press('Escape');
    await discard.waitFor();
    await page.keyboard.press('Escape');
    await discard.waitFor({ state: 'hidden' });
    expect(await editor.isVisible()).toBe(true);
    expect(await description.inputValue()).toBe('E2E typed, not saved');
    // Pressed twice, the second Escape (on 'Keep editing') answers the question, not a second one.
    await description.focus();
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await discard.count()).toBe(0);
    expect(await page.getByText('E2E typed, not saved').count()).toBe(0);
    await openDublin();
    await editor.waitFor();
    expect(await description.inputValue()).toBe(saved);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the Tariff Editor: a field the server refused is no longer marked once it changes; the others stay until they change', async () => {
    const { page, context, problems } = await domTariffsAt1440();
    await page.getByRole('button', { name: 'Edit the Domestic Overnight (DOM) tariff for DUBLIN' }).click();
    const editor = page.getByRole('dialog', { name: 'Tariff Editor' });
    await editor.waitFor();
    const account = editor.getByLabel('Account', { exact: true });
    const description = editor.getByLabel('Description');
    const accountMessage = editor.getByText(
      'Enter the account code of a company, or leave it empty for a base tariff.',
    );
    const banner = editor.getByRole('alert').filter({ hasText: 'The tariff was not saved' });

    // The real server refuses an account no company has.
    await account.fill('NOPE999');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await accountMessage.waitFor();
    await banner.waitFor();
    expect(await account.getAttribute('aria-invalid')).toBe('true');
    await account.fill('');
    await accountMessage.waitFor({ state: 'hidden' });
    expect(await account.getAttribute('aria-invalid')).not.toBe('true');
    // Every field it named has changed: the banner goes with the marks.
    await banner.waitFor({ state: 'hidden' });

    // A refusal naming two fields (answered here as the server would): each mark goes with its own field.
    await page.route('**/api/pricing/tariffs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              error: 'VALIDATION',
              message:
                'Invalid body.account: Enter the account code of a company, or leave it empty for a base tariff.',
              details: [
                {
                  field: 'body.account',
                  message: 'Enter the account code of a company, or leave it empty for a base tariff.',
                },
                { field: 'body.description', message: 'E2E: the description is refused.' },
              ],
            },
          })
        : route.fallback(),
    );
    await account.fill('NOPE998');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await accountMessage.waitFor();
    await editor.getByText('E2E: the description is refused.').waitFor();
    await account.fill('NOPE99');
    await accountMessage.waitFor({ state: 'hidden' });
    expect(await account.getAttribute('aria-invalid')).not.toBe('true');
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getByText('E2E: the description is refused.').isVisible()).toBe(true);
    expect(await banner.isVisible()).toBe(true);
    await description.fill('E2E changed');
    await editor.getByText('E2E: the description is refused.').waitFor({ state: 'hidden' });
    expect(await description.getAttribute('aria-invalid')).not.toBe('true');
    await banner.waitFor({ state: 'hidden' });
    await page.unroute('**/api/pricing/tariffs');

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, editor);
    // The refusals showed their 'Not saved' toasts; nothing else went wrong.
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an empty carrier increase marks every field at once, each at its field; the fields the server names are marked too', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing', { from: '/pricing/carrier-increase' });
    await page.getByRole('heading', { name: 'Carrier Increase' }).waitFor();
    const run = page.getByRole('button', { name: 'Run Carrier Increase' });
    const services = page.getByRole('combobox', { name: 'Services' });
    const carrier = page.getByRole('combobox', { name: 'Carrier' });
    await carrier.waitFor();
    await expect.poll(() => carrier.getAttribute('placeholder')).toBe('Choose a carrier');
    await run.click();
    for (const message of [
      'Enter the authorisation code.',
      'Enter the increase as a percentage.',
      'Choose at least one service.',
      'Choose a carrier.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    expect(await services.getAttribute('aria-invalid')).toBe('true');
    expect(await carrier.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Increase' }).getAttribute('aria-invalid')).toBe('true');
    // Said at the fields, not in a box under the form one at a time.
    expect(await page.getByText('The carrier increase was not started').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Run the carrier increase?' }).count()).toBe(0);
    await expectAccessible(page);

    // Filled in: the server's refusal (answered here as it would, so no increase runs) marks the fields it names.
    let requests = 0;
    await page.route('**/api/pricing/carrier-increase', (route) => {
      requests += 1;
      return route.fulfill({
        status: 400,
        json: {
          error: 'VALIDATION',
          message: 'XYZ is not a service code. Carrier 999 does not exist.',
          details: [
            { field: 'body.serviceCodes', message: 'Unknown: XYZ' },
            { field: 'body.carrierId', message: 'Choose a carrier from the list.' },
          ],
        },
      });
    });
    await page.getByLabel('Authorisation code').fill(INCREASE_CODE);
    await page.getByRole('textbox', { name: 'Increase' }).fill('5');
    await services.click();
    await page.getByRole('option', { name: 'Domestic Overnight (DOM)' }).click();
    await page.keyboard.press('Escape');
    await carrier.click();
    await page.getByRole('option', { name: 'DPD Ireland' }).click();
    await run.click();
    for (const message of ['Choose at least one service.', 'Choose a carrier.', 'Enter the authorisation code.'])
      await page.getByText(message, { exact: true }).waitFor({ state: 'hidden' });
    await page
      .getByRole('dialog', { name: 'Run the carrier increase?' })
      .getByRole('button', { name: 'Run Carrier Increase' })
      .click();
    await page.getByText('Unknown: XYZ', { exact: true }).waitFor();
    await page.getByText('Choose a carrier from the list.', { exact: true }).waitFor();
    expect(await services.getAttribute('aria-invalid')).toBe('true');
    expect(await carrier.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').getByText('Nothing was saved: the marked fields say why.').waitFor();
    expect(requests).toBe(1);
    await page.unroute('**/api/pricing/carrier-increase');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an emptied price or weight in the Tariff Editor is refused at its cell, not saved as 0; a comma is never dropped', async () => {
    const { page, context, problems } = await domTariffsAt1440();
    await page.getByRole('button', { name: 'Edit the Domestic Overnight (DOM) tariff for DUBLIN' }).click();
    const editor = page.getByRole('dialog', { name: 'Tariff Editor' });
    await editor.waitFor();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pricing/tariffs')
        saves.push(request.postData() ?? '');
    });
    const basic = level(page, 1, 'Basic (euro)');
    const thenPer = level(page, 2, 'Then per (kg)');
    const saved = { basic: await basic.inputValue(), thenPer: await thenPer.inputValue() };
    expect(saved.basic).not.toBe('');

    await basic.fill('');
    await thenPer.fill('');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await editor.getByText('Enter a price.', { exact: true }).waitFor();
    await editor.getByText('Enter a weight in kg.', { exact: true }).waitFor();
    expect(await basic.getAttribute('aria-invalid')).toBe('true');
    expect(await thenPer.getAttribute('aria-invalid')).toBe('true');
    await editor.getByText('Check the price levels marked in red.').waitFor();
    // Test Tariff does not price the empty cell as €0 either.
    expect(await testWeight(page, '1')).toBe('Fill in every price and weight of the levels to test the tariff.');

    // A lone decimal point, or letters pasted in, are no price either.
    for (const typed of ['.', 'abc']) {
      await basic.fill(typed);
      await thenPer.fill('1');
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await editor.getByText('Enter a price.', { exact: true }).waitFor();
      expect(await basic.getAttribute('aria-invalid')).toBe('true');
    }
    // A minus or a third decimal stays as typed and is refused at the cell: -5 is never saved as 5.
    for (const [typed, message] of [
      ['-5', 'Basic must be 0 or more.'],
      ['2.345', 'Basic has at most 2 decimal places (cents).'],
      // A pasted comma is kept and refused: 12,50 was read as 1250.
      ['12,50', 'Basic must be an amount in euro.'],
    ] as const) {
      await basic.fill(typed);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await editor.getByText(message, { exact: true }).waitFor();
      expect(await basic.inputValue()).toBe(typed);
    }
    // A test weight of 1,5 is not priced as 15 kg.
    await basic.fill('12.50');
    expect(await testWeight(page, '1,5')).toBe('Enter the test weight in kg, such as 2.5.');
    expect(await page.getByLabel('Test weight').inputValue()).toBe('1,5');
    await expectAccessible(page);
    expect(saves).toEqual([]);
    expect(await page.getByText('Tariff saved successfully').count()).toBe(0);

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, editor);
    await page.reload();
    await page.getByRole('button', { name: 'Edit the Domestic Overnight (DOM) tariff for DUBLIN' }).click();
    await editor.waitFor();
    expect(await basic.inputValue()).toBe(saved.basic);
    expect(await thenPer.inputValue()).toBe(saved.thenPer);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a 200-character tariff description wraps inside the list, never widening the page', async () => {
    const { page, context, problems } = await domTariffsAt1440();
    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    await chooseOption(page, 'Zone', 'EU ZONE 2');
    await creator.getByLabel('Description').fill(LONG_DESCRIPTION);
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Tariff saved successfully').waitFor();
    await creator.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: LONG_DESCRIPTION });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1440);
    // All of it is there to read, within the viewport.
    const box = await row.getByRole('cell', { name: LONG_DESCRIPTION }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);

    // Leave the demo data as it was.
    await row.click();
    await page.getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByRole('dialog', { name: 'Delete Tariff' }).getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByText('Tariff deleted successfully').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a special tariff saved from the base list is shown where it went: the account's list, its row highlighted", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    const { accountCode: account } = await accountCompany();
    await page.goto(`/pricing/tariff?tariffCodeId=${await tariffCodeId('DOM')}`);
    await page.getByRole('button', { name: 'Add Tariff' }).click();
    const creator = page.getByRole('dialog', { name: 'Tariff Creator' });
    await creator.waitFor();
    await creator.getByLabel('Account', { exact: true }).fill(account);
    await chooseOption(page, 'Zone', 'EU ZONE 3');
    await creator.getByLabel('Description').fill(SPECIAL_DESCRIPTION);
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Tariff saved successfully').waitFor();
    await page.getByRole('heading', { name: `Special Tariffs for ${account}` }).waitFor();
    const row = page.getByRole('row').filter({ hasText: SPECIAL_DESCRIPTION });
    await expect.poll(() => row.getAttribute('aria-current')).toBe('true');
    expect(new URL(page.url()).searchParams.get('account')).toBe(account);
    await expectAccessible(page);

    // Leave the demo data as it was.
    await row.click();
    await page.getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByRole('dialog', { name: 'Delete Tariff' }).getByRole('button', { name: 'Delete Tariff' }).click();
    await page.getByText('Tariff deleted successfully').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the increase screens say up front when increases are switched off on this server', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    // This server has an authorisation code (e2e/global-setup.ts): answer the public configuration as a
    // server without one would.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), priceIncreasesEnabled: false } });
    });
    await page.goto('/pricing/price-increase');
    await page.getByText('Increases are switched off on this server').waitFor();
    expect(await page.getByRole('button', { name: 'Run Price Increase' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Authorisation code').isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Carrier Increase' }).click();
    await page.getByRole('heading', { name: 'Carrier Increase' }).waitFor();
    await page.getByText('Increases are switched off on this server').waitFor();
    expect(await page.getByRole('button', { name: 'Run Carrier Increase' }).isDisabled()).toBe(true);

    // With the code configured, nothing of the kind is said.
    await page.unroute('**/api/config');
    await page.reload();
    await page.getByRole('heading', { name: 'Carrier Increase' }).waitFor();
    await page.getByLabel('Authorisation code').waitFor();
    expect(await page.getByText('Increases are switched off on this server').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a role without pricing is told the section is not available to it, inside the shell', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts', { from: '/pricing/tariff-codes' });
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Tariff Codes' }).count()).toBe(0);
    await context.close();
  });
});
