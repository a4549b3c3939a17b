import { describe, expect, test } from 'vitest';
import { browserForTests, signedInPage } from '../support/browser.ts';
import { apiGetAs } from '../support/api.ts';
import type { Page } from 'playwright-core';
import { NUL_CHARACTER_MESSAGE } from '@courier/domain/common/input-checks';
import { startPlacedAddressEntry } from '../support/address-book.ts';
import { addSetCall, expectSaveRefused, pasteTooLong, requestsTo } from '../support/steps.ts';

// Issue 10 'Validation failures look like outages': a refused field is marked with the server's
// message and the limits are on the inputs; only a real failure says 'try again'.
const browser = browserForTests();

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('validation in forms', () => {
  test('a 5,000-character address book note is kept and marked on the field, not reported as an outage, and nothing is saved', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    const editor = await startPlacedAddressEntry(page, {
      searchName: 'Zz Long Note Depot',
      name: 'Long Note Depot',
      lineOne: '9 Quay Street',
      city: 'Galway',
      county: 'Galway',
      eircode: 'H91 A2B3',
      latitude: '53.2707',
      longitude: '-9.0568',
    });
    // Each text input takes a paste whole (no maxlength cuts it), counts it and refuses it past the server's limit.
    expect(await editor.getByLabel('Search name').getAttribute('maxlength')).toBeNull();
    expect(await editor.getByLabel('Notes').getAttribute('maxlength')).toBeNull();
    await editor.getByText('0 of 1000 characters').waitFor();
    await editor.getByLabel('Notes').fill('n'.repeat(5000));
    await editor.getByText('5000 of 1000 characters').waitFor();
    expect((await editor.getByLabel('Notes').inputValue()).length).toBe(5000);
    await editor.getByText('At most 1000 characters.').waitFor();

    // Save sends nothing while a field is past its limit: the field says why, and nothing says 'try again'.
    const creates = requestsTo(page, 'POST', /\/place\/entry$/);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Nothing was saved: shorten the fields marked as too long first.').waitFor();
    expect(creates).toEqual([]);
    expect(await page.getByText(/Something went wrong|Please try again/).count()).toBe(0);
    expect(await editor.isVisible()).toBe(true);

    await editor.getByLabel('Notes').fill('Deliveries to the side door.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Addressbook Entry Created succesfully.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('clearing the account code of an ACCOUNT company marks that field, says Not saved, and keeps the code', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    // An account company no other browser test edits.
    const company = await page.evaluate(async () => {
      const response = await fetch('/api/company', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ size: 100, skip: 0 }),
      });
      const body = (await response.json()) as {
        companies: { id: number; billingBasis: string; accountCode: string | null }[];
      };
      return body.companies.find(
        (candidate) =>
          candidate.billingBasis === 'account' &&
          candidate.accountCode &&
          ![7, 8, 9, 11, 12, 14].includes(candidate.id),
      );
    });
    if (!company?.accountCode) throw new Error('the demo has no account company with an account code');
    await page.goto(`/companies/${company.id}/settings`);
    const accountCode = page.getByRole('textbox', { name: 'Account code', exact: true });
    expect(await accountCode.inputValue()).toBe(company.accountCode);
    await accountCode.fill('');
    await page.getByText('Account code is needed for account billing.').waitFor({ timeout: 10_000 });
    await page.getByText('Not saved').first().waitFor();
    expect(await page.getByText(/Please try again/).count()).toBe(0);
    // The marked field is Account code itself, not Billing basis.
    expect(await accountCode.getAttribute('aria-invalid')).toBe('true');

    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Account code', exact: true }).inputValue()).toBe(
      company.accountCode,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a 5,000-character reference name is kept whole and marked, nothing is saved; at the limit it saves and never widens the page', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'telephonist');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/companies/14/references');
    await page.getByRole('button', { name: 'Add Reference' }).click();
    const editor = page.getByRole('dialog', { name: 'New Reference' });
    const name = editor.getByLabel('Name');
    const sent = requestsTo(page, 'POST', /^\/api\/company\/14\/references$/);
    // Never cut: the count and the schema's message say why it cannot be saved.
    await pasteTooLong(page, name, { limit: 100, message: 'The name can be at most 100 characters.', character: 'W' });
    await editor.getByRole('combobox', { name: 'Header' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await expectSaveRefused(page, {
      save: editor.getByRole('button', { name: 'Save' }),
      says: editor.getByText('Nothing was saved: shorten the fields marked as too long first.'),
      sent,
      kept: name,
    });
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);

    // Shortened to the limit, the message goes and the reference saves.
    await name.fill('W'.repeat(100));
    await editor.getByText('100 of 100 characters').waitFor();
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/has been created/)
      .first()
      .waitFor();
    expect(sent).toHaveLength(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    const remove = page.getByRole('button', { name: `Delete ${'W'.repeat(100)}` });
    const box = await remove.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an empty price increase shows every problem at once; 150 % or 2.555 % is refused with a message, not capped or cut', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'pricing', { from: '/pricing/price-increase' });
    await page.getByRole('heading', { name: 'Price Increase' }).waitFor();
    await page.getByRole('button', { name: 'Run Price Increase' }).click();
    await page.getByText('Enter the authorisation code.').waitFor();
    await page.getByText('Enter the increase as a percentage.').waitFor();

    const increase = page.getByRole('textbox', { name: 'Increase' });
    await increase.fill('150');
    await increase.blur();
    await page.getByRole('button', { name: 'Run Price Increase' }).click();
    await page.getByText('The increase must be at most 100 %.').waitFor();
    expect(await increase.inputValue()).toBe('150 %');
    expect(await page.getByRole('dialog', { name: 'Run the price increase?' }).count()).toBe(0);

    // A third decimal is kept as typed and refused, never run as 2.55 %.
    await increase.fill('');
    await increase.pressSequentially('2.555');
    await increase.blur();
    await page.getByRole('button', { name: 'Run Price Increase' }).click();
    await page.getByText('The increase has at most 2 decimal places.').waitFor();
    expect(await increase.inputValue()).toBe('2.555 %');
    expect(await page.getByRole('dialog', { name: 'Run the price increase?' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
  test('a set call custom address: a long paste kept whole and refused, a refused name marked with Not saved, the set call not saved meanwhile, the page never widens', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.setViewportSize({ width: 1280, height: 720 });
    const id = await addSetCall(page, 21);

    await page
      .getByRole('region', { name: `Set call ${id}` })
      .getByRole('button', { name: /^Addresses · click to edit/ })
      .click();
    const editor = page.getByRole('dialog', { name: `Set call ${id} addresses` });
    await editor.getByRole('button', { name: 'Enter a custom address' }).first().click();
    const name = editor.getByRole('textbox', { name: 'Name', exact: true });
    // A pasted name past the server's limit is kept whole, counted and marked at once in its words.
    await pasteTooLong(page, name, { limit: 255, message: 'The name can be at most 255 characters.' });
    await editor.getByRole('textbox', { name: 'Address line one' }).fill('9 Quay Street');
    await editor.getByRole('textbox', { name: 'City' }).fill('Galway');
    // The set call is not saved while its custom address waits to be used.
    const save = editor.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // 'Use this address' sends nothing while the name is too long, and says why.
    await expectSaveRefused(page, {
      save: editor.getByRole('button', { name: 'Use this address' }),
      says: editor.getByText('Nothing was saved: shorten the fields marked as too long first.'),
      sent: requestsTo(page, 'POST', /^\/api\/place\/create$/),
      kept: name,
    });
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);

    // A name the server refuses (a NUL): its 400 marks the field and says 'Not saved', not 'try again'.
    await name.fill('Quay\u0000Stores');
    await editor.getByRole('button', { name: 'Use this address' }).click();
    await editor.getByText(NUL_CHARACTER_MESSAGE).waitFor();
    await page.getByText('Not saved').first().waitFor();
    expect(await page.getByText(/Something went wrong|try again/).count()).toBe(0);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);

    // A name at the limit is used and saved; the card wraps it instead of widening the page.
    await name.fill('N'.repeat(255));
    await editor.getByRole('button', { name: 'Use this address' }).click();
    await editor.getByRole('button', { name: 'Enter a custom address' }).first().waitFor();
    await save.click();
    await page.getByText(`Set call Id "${id}" has been updated.`).waitFor();
    await page
      .getByRole('region', { name: `Set call ${id}` })
      .getByText('N'.repeat(255))
      .waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    expect(problems).toEqual([]);
    await context.close();
    // A set call made from scratch, then its address: more steps than most tests.
  }, 150_000);

  test('the company users form: the search stops at its limit, a refused add is marked and says Not saved, and nobody is added', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/companies/22/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const search = page.getByLabel('Find a user to add');
    expect(await search.getAttribute('maxlength')).toBe('100');
    await search.fill('x'.repeat(5000));
    await page.getByText('100 of 100 characters').waitFor();
    expect((await search.inputValue()).length).toBe(100);
    // Measured once the search has answered and its list is placed under the field, as the user sees it.
    await page.getByText('No users match').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);

    const listed = async () =>
      page.evaluate(async () => {
        const response = await fetch('/api/company/22/users', { credentials: 'include' });
        const body = (await response.json()) as { admins: unknown[]; staff: unknown[] };
        return body.admins.length + body.staff.length;
      });
    const before = await listed();
    // What a stale or tampered form sends: the server refuses it with a 400 naming userId.
    await page.route('**/api/company/22/users', (route) =>
      route.request().method() === 'POST'
        ? route.continue({ postData: JSON.stringify({ userId: 0, asAdmin: false }) })
        : route.continue(),
    );
    await search.fill('brennan');
    await page.getByRole('option').first().click();
    await page.getByText('userId must be greater than 0.').waitFor();
    await page.getByText('Not saved').first().waitFor();
    expect(await page.getByText(/Something went wrong|try again/).count()).toBe(0);
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    expect(await listed()).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('adding a user who is already a member says so and leaves their role alone', async () => {
    type Member = { id: number; firstName: string; lastName: string };
    const get = await apiGetAs('accounts');
    // A company with an admin (the demo data gives most companies one).
    let found: { companyId: number; admin: Member } | undefined;
    for (let companyId = 30; companyId < 60 && !found; companyId++) {
      const { admins } = await get<{ admins: Member[] }>(`/company/${companyId}/users`);
      if (admins[0]) found = { companyId, admin: admins[0] };
    }
    if (!found) throw new Error('the demo data has no company admin between companies 30 and 59');
    const { companyId, admin } = found;
    const name = `${admin.firstName} ${admin.lastName}`;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes(`/api/company/${companyId}/users`))
        posts.push(request.url());
    });
    await page.goto(`/companies/${companyId}/users`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const search = page.getByLabel('Find a user to add');
    await search.fill(admin.lastName);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    await page.getByText(`${name} is already an admin of this company.`).waitFor();
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    const { admins } = await get<{ admins: Member[] }>(`/company/${companyId}/users`);
    expect(admins.map((member) => member.id)).toContain(admin.id);
    expect(problems).toEqual([]);
    await context.close();
  });
});
