import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, expectAccessible, signedInPage } from '../support/browser.ts';
import { addThroughDialog, descriptionsOf, fillAddressEntry, pasteTooLong, requestsTo } from '../support/steps.ts';

const browser = browserForTests();

/** Calls the API as the signed-in user (the session cookie rides along). */
async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(`/api${path}`, {
        method: init.method ?? 'GET',
        credentials: 'include',
        headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.json();
    },
    { path, init },
  ) as Promise<T>;
}

/** Saves settings through the API as the Settings tab does (the change also as `changes` text). */
async function putSettings(page: Page, companyId: number, change: Record<string, unknown>): Promise<void> {
  const saved = await api<{ company?: unknown }>(page, `/company/${companyId}/settings`, {
    method: 'PUT',
    body: { changes: JSON.stringify(change), ...change },
  });
  expect(saved.company, JSON.stringify(saved)).toBeDefined();
}

async function openTab(page: Page, companyId: number, tab: string): Promise<void> {
  await page.goto(`/companies/${companyId}/${tab}`);
  await page.getByRole('tab', { name: tabLabel(tab), selected: true }).waitFor();
}

const tabLabel = (tab: string) =>
  ({
    settings: 'Settings',
    references: 'References',
    users: 'Users',
    'set-calls': 'Set Calls',
    'address-book': 'Address Book',
  })[tab] ?? tab;

describe('company Settings tab', () => {
  test('a toggle and a text field save by themselves, show in the history, and are there after a reload', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await openTab(page, 7, 'settings');
    const toggle = page.getByRole('switch', { name: 'Reference required' });
    const before = await toggle.isChecked();
    await toggle.click({ force: true });
    await page.getByText('The company settings have been saved.').first().waitFor();

    await page.getByLabel('Hold message').fill('Refer every booking to accounts first.');
    await expect
      .poll(() => page.getByText('The company settings have been saved.').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Hold message', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);

    await page.reload();
    await page.getByRole('switch', { name: 'Reference required' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Reference required' }).isChecked()).toBe(!before);
    expect(await page.getByLabel('Hold message').inputValue()).toBe('Refer every booking to accounts first.');
    // The history names the field by its label and its values as Yes/No (issue 10), never by key or true/false.
    const change = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Reference required', exact: true }) });
    expect(await change.count()).toBe(1);
    expect((await change.getByRole('cell').allTextContents()).slice(-2)).toEqual(
      before ? ['Yes', 'No'] : ['No', 'Yes'],
    );
    expect(
      await page.getByRole('cell', { name: /^(company|settings|extendedSettings)\.|^(true|false)$/ }).count(),
    ).toBe(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an invalid billing email is refused with the message beside the field', async () => {
    const { page, context } = await signedInPage(browser(), 'accounts');
    await openTab(page, 8, 'settings');
    await page.getByLabel('Billing email').fill('not-an-email');
    await page.getByText('Please enter a valid billing email address.').waitFor({ timeout: 10_000 });
    // A refusal is not an outage: 'Not saved', never 'try again' (issue 10).
    await page.getByText('Not saved').first().waitFor();
    expect(
      await page.getByText('There was an error saving the company settings. Please try again later.').count(),
    ).toBe(0);
    await context.close();
  });

  test('nothing saves while a field is marked: later changes wait for the fix, and leaving asks before dropping them', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { company: { billingEmail: string | null }; extendedSettings: { ledgerAccountCode: string | null } };
    const stored = () => api<Stored>(page, '/company/13/settings');
    const savedToast = page.getByText('The company settings have been saved.');
    const emailMessage = page.getByText('Please enter a valid billing email address.');
    const leaveQuestion =
      'A company setting is marked as wrong, so the changes on this tab are not saved. Leaving drops them.';
    await openTab(page, 13, 'settings');
    await page.getByLabel('Billing email').fill('not-an-email');
    await emailMessage.waitFor({ timeout: 10_000 });
    await page.getByText('Not saved').first().waitFor();

    // Another field edited while the email is marked: no 'Settings Saved', nothing stored, the mark stays.
    await page.getByLabel('Ledger account code').fill('LEDGER-WAITS');
    await page.waitForTimeout(2_500); // text saves 1000 ms after the last key
    expect(await savedToast.count()).toBe(0);
    expect((await stored()).extendedSettings.ledgerAccountCode).not.toBe('LEDGER-WAITS');
    expect(await emailMessage.count()).toBe(1);

    // Fixing the marked field saves it together with the change that waited.
    await page.getByLabel('Billing email').fill('accounts@waits.ie');
    await savedToast.first().waitFor({ timeout: 10_000 });
    expect(await stored()).toMatchObject({
      company: { billingEmail: 'accounts@waits.ie' },
      extendedSettings: { ledgerAccountCode: 'LEDGER-WAITS' },
    });
    await expect.poll(() => emailMessage.count()).toBe(0);

    // Leaving the tab with a field still marked asks first; 'Keep editing' stays with everything as typed.
    await page.getByLabel('Billing email').fill('still-not-an-email');
    await emailMessage.waitFor({ timeout: 10_000 });
    await page.getByLabel('Ledger account code').fill('LEDGER-LEFT');
    await page.getByRole('tab', { name: 'References' }).click();
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await question.getByText(leaveQuestion).waitFor();
    // 'Keep editing' has the focus: an Enter pressed as the question opens keeps the typing.
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/companies\/13\/settings$/);
    expect(await page.getByLabel('Billing email').inputValue()).toBe('still-not-an-email');
    expect(await page.getByLabel('Ledger account code').inputValue()).toBe('LEDGER-LEFT');
    // 'Discard changes' leaves, sends nothing and says nothing more.
    await page.getByRole('tab', { name: 'References' }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.url()).toMatch(/\/companies\/13\/references$/);
    await page.waitForTimeout(1_500);
    expect(
      await page
        .getByText('Nothing was saved: a company setting was still marked as wrong when you left the Settings tab.')
        .count(),
    ).toBe(0);
    expect(await stored()).toMatchObject({
      company: { billingEmail: 'accounts@waits.ie' },
      extendedSettings: { ledgerAccountCode: 'LEDGER-WAITS' },
    });

    // A text past its limit refuses itself before any answer from the server: leaving asks at once.
    await openTab(page, 13, 'settings');
    await page.getByLabel('Ledger account code').fill('L'.repeat(5000));
    await page.getByRole('tab', { name: 'References' }).click();
    await question.getByText(leaveQuestion).waitFor();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.url()).toMatch(/\/companies\/13\/references$/);
    expect((await stored()).extendedSettings.ledgerAccountCode).toBe('LEDGER-WAITS');

    // A mark fixed just before leaving, inside the 1000 ms: no question, and the fix is saved.
    await openTab(page, 13, 'settings');
    await page.getByLabel('Billing email').fill('again-not-an-email');
    await emailMessage.waitFor({ timeout: 10_000 });
    await page.getByLabel('Billing email').fill('accounts@fixed.ie');
    await page.getByRole('tab', { name: 'References' }).click();
    await expect.poll(() => page.url()).toMatch(/\/companies\/13\/references$/);
    expect(await question.count()).toBe(0);
    await expect.poll(async () => (await stored()).company.billingEmail, { timeout: 10_000 }).toBe('accounts@fixed.ie');

    // Leaving with no mark: the change typed just before is still saved.
    await openTab(page, 13, 'settings');
    await page.getByLabel('Ledger account code').fill('LEDGER-ON-LEAVING');
    await page.getByRole('tab', { name: 'References' }).click();
    await expect
      .poll(async () => (await stored()).extendedSettings.ledgerAccountCode, { timeout: 10_000 })
      .toBe('LEDGER-ON-LEAVING');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a pasted text past its limit is kept whole and marked with the limit; nothing is saved until it is shortened', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { extendedSettings: { ledgerAccountCode: string | null; holdMessage: string | null } };
    const stored = () => api<Stored>(page, '/company/10/settings');
    const before = (await stored()).extendedSettings;
    const savedToast = page.getByText('The company settings have been saved.');
    await openTab(page, 10, 'settings');
    const ledger = page.getByLabel('Ledger account code');
    const hold = page.getByLabel('Hold message');
    // A long text shows its limit before anything is typed.
    expect(await descriptionsOf(page, hold)).toContain(`${(before.holdMessage ?? '').length} of 1000 characters`);

    await ledger.fill('L'.repeat(5000));
    await hold.fill('h'.repeat(5000));
    // Nothing cut: the text stays as pasted, the count and the schema's message say what is wrong.
    expect((await ledger.inputValue()).length).toBe(5000);
    expect((await hold.inputValue()).length).toBe(5000);
    await page.getByText('The ledger account code can be at most 100 characters.').waitFor();
    await page.getByText('The hold message can be at most 1000 characters.').waitFor();
    expect(await descriptionsOf(page, ledger)).toEqual(
      expect.arrayContaining(['5000 of 100 characters', 'The ledger account code can be at most 100 characters.']),
    );
    expect(await descriptionsOf(page, hold)).toContain('5000 of 1000 characters');
    expect(await ledger.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Not saved').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2_500); // text saves 1000 ms after the last key
    expect(await savedToast.count()).toBe(0);
    expect((await stored()).extendedSettings).toMatchObject(before);

    // Shortened: both save, and the marks go.
    await ledger.fill('L-10-LEDGER');
    await hold.fill('Call the office before any booking.');
    await expect
      .poll(async () => (await stored()).extendedSettings, { timeout: 10_000 })
      .toMatchObject({ ledgerAccountCode: 'L-10-LEDGER', holdMessage: 'Call the office before any booking.' });
    await savedToast.first().waitFor();
    await expect.poll(() => page.getByText(/can be at most (100|1000) characters\./).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the billing e-mail shows its limit near it, and past it is marked before any save', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { company: { billingEmail: string | null } };
    const before = (await api<Stored>(page, '/company/11/settings')).company.billingEmail;
    await openTab(page, 11, 'settings');
    const email = page.getByLabel('Billing email');
    // A well-formed address of 257 characters: only its length is wrong.
    const long = `${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(3)}${'c'.repeat(10)}.ie`;
    await email.fill(long);
    expect(await descriptionsOf(page, email)).toContain(`${long.length} of 255 characters`);
    await page.getByText('The billing email can be at most 255 characters.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill(before ?? '');
    await expect.poll(async () => (await api<Stored>(page, '/company/11/settings')).company.billingEmail).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a discount of -5, a rate of 99999999999999999999 or a word is kept as typed and marked; nothing is saved', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = {
      extendedSettings: { discountPercent: number; discountTwoPercent: number; surchargeRateThree: number | null };
    };
    const stored = async () => {
      const { discountPercent, discountTwoPercent, surchargeRateThree } = (
        await api<Stored>(page, '/company/16/settings')
      ).extendedSettings;
      return { discountPercent, discountTwoPercent, surchargeRateThree };
    };
    const before = await stored();
    await openTab(page, 16, 'settings');
    const discount = page.getByLabel('Discount', { exact: true });
    const second = page.getByLabel('Second discount');
    const rate = page.getByLabel('Ground surcharge rate');

    await discount.fill('-5');
    await discount.blur();
    await rate.fill('99999999999999999999');
    await rate.blur();
    await second.fill('five');
    await second.blur();
    await page.getByText('The discount cannot be below 0.').waitFor();
    await page.getByText('The ground surcharge rate cannot be above 1000.').waitFor();
    await page.getByText('The second discount must be a number.').waitFor();
    await page.getByText('Not saved').first().waitFor({ timeout: 10_000 });
    // Not clamped, cleared or cut: each field still shows what was typed.
    expect(await discount.inputValue()).toBe('-5');
    expect(await rate.inputValue()).toBe('99999999999999999999');
    expect(await second.inputValue()).toBe('five');
    expect(await discount.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(2_500);
    expect(await page.getByText('The company settings have been saved.').count()).toBe(0);
    expect(await stored()).toEqual(before);

    await discount.fill('2.5');
    await second.fill('0');
    await rate.fill('4');
    await expect
      .poll(stored, { timeout: 10_000 })
      .toEqual({ discountPercent: 2.5, discountTwoPercent: 0, surchargeRateThree: 4 });
    await expect.poll(() => page.getByText(/cannot be (below 0|above 1000)\.|must be a number\./).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a discount of 12.34567 is marked for its decimal places and nothing is saved; 12.34 saves', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { extendedSettings: { discountPercent: number } };
    const storedDiscount = async () =>
      (await api<Stored>(page, '/company/38/settings')).extendedSettings.discountPercent;
    const before = await storedDiscount();
    await openTab(page, 38, 'settings');
    const discount = page.getByLabel('Discount', { exact: true });

    await discount.fill('12.34567');
    await discount.blur();
    await page.getByText('The discount has at most 2 decimal places.').waitFor();
    await page.getByText('Not saved').first().waitFor({ timeout: 10_000 });
    expect(await discount.inputValue()).toBe('12.34567');
    expect(await discount.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(2_500);
    expect(await page.getByText('The company settings have been saved.').count()).toBe(0);
    expect(await storedDiscount()).toBe(before);

    try {
      await discount.fill('12.34');
      await discount.blur();
      await expect.poll(storedDiscount, { timeout: 10_000 }).toBe(12.34);
      await expect.poll(() => page.getByText('The discount has at most 2 decimal places.').count()).toBe(0);
    } finally {
      await putSettings(page, 38, { extendedSettings: { discountPercent: before } });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a number field showing 0 takes what is typed in its place: 15 typed into a Discount of 0 is 15, not 015', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { extendedSettings: { discountPercent: number; discountTwoPercent: number } };
    const stored = async () => {
      const { discountPercent, discountTwoPercent } = (await api<Stored>(page, '/company/24/settings'))
        .extendedSettings;
      return { discountPercent, discountTwoPercent };
    };
    const before = await stored();
    await putSettings(page, 24, { extendedSettings: { discountPercent: 0, discountTwoPercent: 0 } });
    try {
      await openTab(page, 24, 'settings');
      const discount = page.getByLabel('Discount', { exact: true });
      const second = page.getByLabel('Second discount');
      await expect.poll(() => discount.inputValue()).toBe('0');
      // Clicked into, as a person does, then typed.
      await discount.click();
      await page.keyboard.type('15');
      expect(await discount.inputValue()).toBe('15');
      // Reached with Tab, the same.
      expect(await second.inputValue()).toBe('0');
      await page.keyboard.press('Tab');
      await expect.poll(() => second.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('2.5');
      expect(await second.inputValue()).toBe('2.5');
      await expect.poll(stored, { timeout: 10_000 }).toEqual({ discountPercent: 15, discountTwoPercent: 2.5 });
      expect(problems).toEqual([]);
    } finally {
      await putSettings(page, 24, { extendedSettings: before });
      await context.close();
    }
  });

  test('the pricer reads in words in the header, the Pricer field and the history, and is saved as its code', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = { company: { pricer: string | null } };
    const pricer = async () => (await api<Stored>(page, '/company/24/settings')).company.pricer;
    const before = await pricer();
    await putSettings(page, 24, { company: { pricer: 'custom' } });
    try {
      await openTab(page, 24, 'settings');
      const header = page.getByText('Pricer', { exact: true }).first().locator('xpath=following-sibling::div[1]');
      await expect.poll(() => header.textContent()).toBe('Custom');
      const field = page.getByRole('combobox', { name: 'Pricer' });
      expect(await field.inputValue()).toBe('Custom');
      await field.click();
      await page.getByRole('option', { name: 'Standard', exact: true }).click();
      await page.getByText('The company settings have been saved.').first().waitFor();
      await expect.poll(pricer).toBe('standard');
      await expect.poll(() => header.textContent()).toBe('Standard');
      // The history names both values in words too, newest first.
      const change = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Pricer', exact: true }) });
      await expect
        .poll(async () => (await change.first().getByRole('cell').allTextContents()).slice(-2))
        .toEqual(['Custom', 'Standard']);
      expect(await page.getByRole('cell', { name: /^(custom|standard)$/ }).count()).toBe(0);
      // A company with no pricer: the choice is cleared, as it could be when the field was typed in.
      // (Mantine's clear button is hidden from the accessibility tree; the mouse finds it by the field.)
      await field.hover();
      await field.locator('xpath=..').locator('button').click();
      await expect.poll(pricer).toBeNull();
      expect(await field.inputValue()).toBe('');
      await expectAccessible(page);
      expect(problems).toEqual([]);
    } finally {
      await putSettings(page, 24, { company: { pricer: before } });
      await context.close();
    }
  });

  test('a long value in the history wraps in its own column: Who, Field and Before stay readable at 1280x720', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.setViewportSize({ width: 1280, height: 720 });
    await openTab(page, 17, 'settings');
    const longNote = 'x'.repeat(1000);
    await api(page, '/company/17/settings', {
      method: 'PUT',
      body: { changes: JSON.stringify({ scratchPad: longNote }), extendedSettings: { scratchPad: longNote } },
    });
    await page.reload();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Scratch pad', exact: true }) });
    await row.first().waitFor();
    const cells = row.first().getByRole('cell');
    // When, Who, Field, Before: each at least 90 px wide, so a name or label is never a few letters a line.
    for (const index of [0, 1, 2, 3]) {
      const box = await cells.nth(index).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(90);
    }
    // The height of a cell's text, not of its row.
    const textHeight = (cell: Locator) =>
      cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().height;
      });
    // Who and the field's label are on one line each; the value wraps within its own column.
    const oneLine = await textHeight(cells.nth(2));
    expect(oneLine).toBeLessThan(30);
    expect(await textHeight(cells.nth(1))).toBe(oneLine);
    expect(await textHeight(cells.nth(4))).toBeGreaterThan(oneLine * 3);
    const after = await cells.nth(4).boundingBox();
    expect((after?.x ?? 0) + (after?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a refused billing contact marks the contact's own field with the server's message", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await openTab(page, 14, 'settings');
    await page.getByRole('button', { name: 'Add billing contact' }).click();
    // The new contact's inputs are the last ones so named (the billing address also has a Name).
    const name = page.getByLabel('Name', { exact: true }).last();
    const email = page.getByLabel('Email', { exact: true }).last();
    await email.fill('aoife@');
    const message = 'Please enter a valid email address for the billing contact.';
    await page.getByText(message).waitFor({ timeout: 10_000 });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionsOf(page, email)).toContain(message);
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');

    // A pasted name past its limit is kept whole, never cut by a maxlength, and marked at once in the
    // schema's words; the contacts are not sent while it is (they save 1000 ms after the last change).
    const sent = requestsTo(page, 'PUT', /^\/api\/company\/14\/settings$/);
    await pasteTooLong(page, name, { limit: 100, message: 'A contact name can be at most 100 characters.' });
    await page.waitForTimeout(2_500);
    expect(sent).toEqual([]);
    expect((await name.inputValue()).length).toBe(5000);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('changing a PAYG company with missing details to Account shows Missing Information; OK reverts', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    const list = await api<{ companies: { id: number; billingBasis: string }[] }>(page, '/company', {
      method: 'POST',
      body: { size: 100, skip: 0 },
    });
    const payg = list.companies.find((company) => company.billingBasis === 'stripeCompany');
    expect(payg).toBeDefined();
    await openTab(page, payg?.id ?? 0, 'settings');
    await page.getByRole('combobox', { name: 'Billing basis' }).click();
    await page.getByRole('option', { name: 'ACCOUNT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Missing Information' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toContain('Ledger account code');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('combobox', { name: 'Billing basis' }).inputValue()).toBe('PAYG');
    const saved = await api<{ company: { billingBasis: string } }>(page, `/company/${payg?.id}/settings`);
    expect(saved.company.billingBasis).toBe('stripeCompany');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company Settings tab: the page going', () => {
  test('a change typed less than 1 s before the page is reloaded is saved, text and billing contact alike', async () => {
    // Company 19 is used by no other browser test.
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    type Stored = {
      extendedSettings: { ledgerAccountCode: string | null };
      billingContacts: { name: string; email: string }[];
    };
    const stored = () => api<Stored>(page, '/company/19/settings');
    await openTab(page, 19, 'settings');
    const contactsBefore = (await stored()).billingContacts.length;
    await page.getByRole('button', { name: 'Add billing contact' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).last().fill('reload@contact.ie');
    await page.getByLabel('Ledger account code').fill('LEDGER-ON-RELOAD');
    // Reloaded at once, well inside the 1000 ms save delay: no blur, no tab change, no unmount.
    await page.reload();
    await expect
      .poll(async () => (await stored()).extendedSettings.ledgerAccountCode, { timeout: 10_000 })
      .toBe('LEDGER-ON-RELOAD');
    await expect
      .poll(async () => (await stored()).billingContacts.map((contact) => contact.email), { timeout: 10_000 })
      .toContain('reload@contact.ie');
    expect((await stored()).billingContacts).toHaveLength(contactsBefore + 1);
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    expect(await page.getByLabel('Ledger account code').inputValue()).toBe('LEDGER-ON-RELOAD');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company References tab', () => {
  test('creates, edits and deletes a reference', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'telephonist');
    await openTab(page, 9, 'references');
    await page.getByRole('button', { name: 'Add Reference' }).click();
    const editor = page.getByRole('dialog', { name: 'New Reference' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Please enter a name for this reference.').waitFor();
    await editor.getByLabel('Name').fill('Department');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Please choose a header for this reference.').waitFor();
    await editor.getByRole('combobox', { name: 'Header' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await editor.getByRole('switch', { name: 'Limit the options' }).click({ force: true });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Please enter at least one option for this reference.').waitFor();
    await editor.getByRole('combobox', { name: 'Options' }).fill('Sales');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The reference "Department" has been created').waitFor();
    await page.getByText('Options: Sales').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: /^Department/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Reference' });
    await edit.getByLabel('Name').fill('Department code');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The reference "Department code" has been updated').waitFor();

    await page.getByRole('button', { name: 'Delete Department code' }).click();
    await page.getByText('Are you sure you want to delete to Department code?').waitFor();
    await page.getByRole('dialog', { name: 'Delete Reference' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The reference "Department code" has been deleted').waitFor();
    await expect.poll(() => page.getByText('Options: Sales').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
  test("a refused name or option marks its field with the server's message; the options hint follows the switch", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'telephonist');
    await openTab(page, 15, 'references');
    await page.getByRole('button', { name: 'Add Reference' }).click();
    const editor = page.getByRole('dialog', { name: 'New Reference' });
    const name = editor.getByLabel('Name');
    expect(await name.getAttribute('maxlength')).toBeNull();
    await name.fill('Dept\u0000code');
    await editor.getByRole('combobox', { name: 'Header' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    const limit = editor.getByRole('switch', { name: 'Limit the options' });
    await editor.getByText('Off: any text is accepted').waitFor();
    await limit.click({ force: true });
    // The hint says what the switch does now.
    await editor.getByText('On: only the options below are accepted').waitFor();
    expect(await editor.getByText('Off: any text is accepted').count()).toBe(0);
    const options = editor.getByRole('combobox', { name: 'Options' });
    expect(await options.getAttribute('maxlength')).toBeNull();
    await options.fill('Sales');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Not saved').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await editor
      .getByText('Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.')
      .waitFor();
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect(await page.getByText(/Invalid body\./).count()).toBe(0);

    // A pasted option past its limit is kept whole and marked on the options at once; Save sends nothing.
    await name.fill('Department');
    const sent = requestsTo(page, 'POST', /^\/api\/company\/15\/references$/);
    await options.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, 'x'.repeat(5_000));
    await editor.getByText('An option can be at most 100 characters.').waitFor();
    await expect.poll(() => options.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getByText('x'.repeat(5_000), { exact: true }).count()).toBe(1);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Nothing was saved: shorten the fields marked as too long first.').waitFor();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect(await page.getByText(/Invalid body\./).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company References editor: messages on their fields, unsaved changes asked about', () => {
  // Company 18 is used by no other browser test.
  const COMPANY = 18;
  const HEADER_IN_USE = 'The header "Cost Centre" is already in use. Please choose another header.';

  test("each message marks its own field; a header in use is named by its label, by the form and by the server's 400", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'telephonist');
    await openTab(page, COMPANY, 'references');
    await page.getByRole('button', { name: 'Add Reference' }).click();
    const editor = page.getByRole('dialog', { name: 'New Reference' });
    const name = editor.getByRole('textbox', { name: 'Name' });
    const header = editor.getByRole('combobox', { name: 'Header' });
    const chooseHeader = async (label: string) => {
      await header.click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };

    // Everything empty: the name's message is the Name field's own, and only that field is marked.
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionsOf(page, name)).toContain('Please enter a name for this reference.');
    expect(await header.getAttribute('aria-invalid')).not.toBe('true');
    expect(await editor.getByText('Please enter a name for this reference.').count()).toBe(1);

    // The header taken by another reference since the list was read: the server's 400 marks the Header.
    const created = await api<{ id: number }>(page, `/company/${COMPANY}/references`, {
      method: 'POST',
      body: { name: 'Zz cost centre on file', header: 'CostCentre', values: [], description: '' },
    });
    expect(created.id).toBeGreaterThan(0);
    await name.fill('Zz second cost centre');
    await chooseHeader('Cost Centre');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Not saved').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => header.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionsOf(page, header)).toContain(HEADER_IN_USE);
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
    expect(await editor.getByText('CostCentre').count()).toBe(0);

    // With the list read again, the form itself refuses the header, with its label, on the Header field.
    await page.reload();
    await page.getByRole('button', { name: 'Add Reference' }).click();
    await name.fill('Zz third cost centre');
    await chooseHeader('Cost Centre');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => header.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionsOf(page, header)).toContain(HEADER_IN_USE);
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
    expect(await editor.getByText('CostCentre').count()).toBe(0);
    expect(await page.getByText('Not saved').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('closing with unsaved changes (Escape, a click outside, Cancel) asks first; with none it closes at once', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'telephonist');
    await page.getByRole('table').waitFor();
    await api(page, `/company/${COMPANY}/references`, {
      method: 'POST',
      body: { name: 'Requested by', header: 'Custom', values: [], description: '' },
    });
    await openTab(page, COMPANY, 'references');
    const opener = page.getByRole('button', { name: /^Requested by/ });
    const editor = page.getByRole('dialog', { name: 'Edit Reference' });
    const name = editor.getByRole('textbox', { name: 'Name' });
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    const isFocused = (label: string) =>
      question.getByRole('button', { name: label }).evaluate((button) => button === document.activeElement);

    await opener.click();
    await name.fill('Requested by Zz unsaved');
    // Escape asks; 'Keep editing' has the focus, and goes back to the editor with the typing kept.
    await name.press('Escape');
    await question.waitFor();
    await expect.poll(() => isFocused('Keep editing')).toBe(true);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('Requested by Zz unsaved');

    // A click outside the editor asks too.
    await page.mouse.click(20, 450);
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await editor.isVisible()).toBe(true);

    // The editor's own Cancel asks; 'Discard changes' closes it and nothing is saved.
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await editor.waitFor({ state: 'hidden' });
    const stored = await api<{ name: string }[]>(page, `/company/${COMPANY}/references`);
    expect(stored.map((reference) => reference.name)).toContain('Requested by');
    expect(stored.map((reference) => reference.name)).not.toContain('Requested by Zz unsaved');

    // No change: Escape, or Cancel, closes at once.
    await opener.click();
    expect(await name.inputValue()).toBe('Requested by');
    await name.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await opener.click();
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await question.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company Users tab', () => {
  test('makes a staff user admin', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.getByRole('table').waitFor();
    let companyId = 0;
    let staffName = '';
    for (let id = 2; id < 60 && !companyId; id++) {
      const users = await api<{ staff: { firstName: string; lastName: string }[] }>(page, `/company/${id}/users`);
      if (users.staff.length > 0) {
        companyId = id;
        staffName = `${users.staff[0]?.firstName} ${users.staff[0]?.lastName}`;
      }
    }
    expect(companyId).toBeGreaterThan(0);
    await openTab(page, companyId, 'users');
    await expectAccessible(page);
    const staffPanel = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Staff' }) })
      .last();
    const row = staffPanel
      .locator('div')
      .filter({ hasText: staffName })
      .filter({ has: page.getByRole('button', { name: 'Make Admin' }) })
      .last();
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await page.getByText(`${staffName} is now an admin of this company.`).waitFor();
    const users = await api<{ admins: { firstName: string; lastName: string }[] }>(page, `/company/${companyId}/users`);
    expect(users.admins.map((user) => `${user.firstName} ${user.lastName}`)).toContain(staffName);
    expect(problems).toEqual([]);
    await context.close();
  });
  test('a search text with a control character searches without it: no refusal on screen', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await openTab(page, 77, 'users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByLabel('Find a user to add').fill('\u0000demo');
    await page.getByRole('option').first().waitFor({ timeout: 10_000 });
    expect(await page.getByText(/querystring|NUL character/).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company Set Calls tab', () => {
  test('adds a set call, fills its details, and adds and edits a schedule day', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await openTab(page, 11, 'set-calls');
    await expectAccessible(page);
    await addThroughDialog(page, 'Add Set Call');
    const details = page.getByRole('dialog', { name: /^Set call \d+ details$/ });
    await details.waitFor();
    const id = Number(((await details.getByRole('heading').first().textContent()) ?? '').match(/\d+/)?.[0]);
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByText('Please choose a service.').waitFor();
    await details.getByText('Please enter the collection phone number.').waitFor();
    await details.getByLabel('Service').click();
    await page.getByRole('option').first().click();
    await details.getByLabel('Collection phone').fill('+353 1 234 5678');
    await details.getByLabel('Delivery phone').fill('+353 1 876 5432');
    await details.getByLabel('Driver code').fill('0');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Set call Id "${id}" has been updated.`).first().waitFor();
    await details.waitFor({ state: 'hidden' });

    const card = page.getByRole('region', { name: `Set call ${id}` });
    await card.getByRole('checkbox', { name: 'Tuesday' }).check();
    await expect
      .poll(
        async () =>
          (
            await api<{
              populatedSetCalls: { id: number; schedule: { dayOfWeek: number; type: string; options: number[] }[] }[];
            }>(page, '/company/11/setcalls')
          ).populatedSetCalls.find((s) => s.id === id)?.schedule,
      )
      .toEqual([{ dayOfWeek: 2, type: 'nth', options: [1, 2, 3, 4, 5], collectionTime: { hour: 9, minute: 0 } }]);
    await card.getByText('Last', { exact: true }).click();
    await card.getByLabel('Tuesday collection time hour').fill('14');
    await card.getByLabel('Tuesday collection time minute').fill('30');
    await card.getByText('Last Tuesday at 14:30').waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ populatedSetCalls: { id: number; schedule: unknown[] }[] }>(page, '/company/11/setcalls')
          ).populatedSetCalls.find((s) => s.id === id)?.schedule,
        { timeout: 10_000 },
      )
      .toEqual([{ dayOfWeek: 2, type: 'last', options: [], collectionTime: { hour: 14, minute: 30 } }]);
    await page.reload();
    await page
      .getByRole('region', { name: `Set call ${id}` })
      .getByText('Last Tuesday at 14:30')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('company Address Book tab and roles', () => {
  test('accounts adds an address book entry; every tab passes axe', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await openTab(page, 12, 'address-book');
    await expectAccessible(page);
    await addThroughDialog(page, 'Add Address');
    const editor = page.getByRole('dialog', { name: 'New address book entry' });
    expect(await editor.getByLabel('Country').inputValue()).toBe('IRELAND, REPUBLIC OF');
    await fillAddressEntry(editor, {
      searchName: 'Harbour Office Galway',
      name: 'Harbour Office',
      lineOne: '1 Dock Road',
      city: 'Galway',
      county: 'Galway',
      eircode: 'H91 T2X4',
    });
    expect(await editor.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await editor.getByLabel('Latitude').fill('53.2707');
    await editor.getByLabel('Longitude').fill('-9.0568');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    await page.getByText('Harbour Office Galway').first().waitFor();
    for (const tab of ['settings', 'references', 'users']) {
      await openTab(page, 12, tab);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a telephonist gets neither Set Calls nor Address Book, and the server refuses both', async () => {
    const { page, context } = await signedInPage(browser(), 'telephonist');
    await page.goto('/companies/12/set-calls');
    await page.getByRole('tab', { name: 'Settings' }).waitFor();
    // The first tab list is the company's; a tab's own content may hold more tabs.
    expect(await page.getByRole('tablist').first().getByRole('tab').allTextContents()).toEqual([
      'Bookings',
      'Users',
      'Settings',
      'References',
    ]);
    const refused = await page.evaluate(
      async () => (await fetch('/api/company/12/setcalls', { credentials: 'include' })).status,
    );
    expect(refused).toBe(403);
    const entries = await page.evaluate(
      async () => (await fetch('/api/place/entries/12', { credentials: 'include' })).status,
    );
    expect(entries).toBe(403);
    await context.close();
  });
  // Issue 10: the header's 'Last booking' was a date of its own, not the company's latest booking.
  test("the company header's Last booking is the date of the company's own latest booking", async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Dublin',
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    });
    for (const companyId of [1, 2, 3, 4]) {
      const latest = await api<{ bookings: { createdAt: string }[] }>(
        page,
        `/bookings?company=${companyId}&size=1&skip=0&sortBy=createdAt&sortDirection=desc`,
      );
      const createdAt = latest.bookings[0]?.createdAt;
      await openTab(page, companyId, 'settings');
      const shown = page.getByText('Last booking', { exact: true }).locator('xpath=following-sibling::div[1]');
      expect(await shown.textContent(), `company ${companyId}`).toBe(createdAt ? day.format(new Date(createdAt)) : '–');
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
