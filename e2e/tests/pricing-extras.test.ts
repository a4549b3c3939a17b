import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '@courier/domain/common/input-checks';
import { driverPayFromMarginPercent } from '@courier/domain/pricing/price-edits';
import { apiGetAs } from '../support/api.ts';
import { browserForTests, expectAccessible, signedInPage, signIn, openPage, waitForUrl } from '../support/browser.ts';
import { descriptionsOf, discardChanges, pasteTooLong, requestsTo } from '../support/steps.ts';

// Issue 11: the Pricing Extras modal of a job (spec 2 §2) opened from the booking details, and its
// Add Pricing Adjustment modal.
const browser = browserForTests();

interface ListedBooking {
  reference: string;
  type: 'same_day' | 'other';
  jobs: { id: number; reference: string; customerCharge?: number }[];
}
interface PayRow {
  taskId: number;
  taskReference: string;
  driverPay: number;
  driverExtras: number;
}

type Get = Awaited<ReturnType<typeof apiGetAs>>;

/** The bookings flagged for review (the only ones /pricing/review lists), both views. */
async function flaggedBookings(get: Get): Promise<ListedBooking[]> {
  const pages = await Promise.all([
    get<{ bookings: ListedBooking[] }>('/bookings?view=SAME_DAY&needsSameDayReviewOnly=true&size=200'),
    get<{ bookings: ListedBooking[] }>('/bookings?view=ON_OS&needsCarrierReviewOnly=true&size=200'),
  ]);
  return pages.flatMap((page) => page.bookings);
}

/** A one-job flagged booking whose tasks all have the pay status asked for (and, for ACTIVE, no adjustments). */
async function bookingWithPay(get: Get, payStatus: 'ACTIVE' | 'PAID') {
  for (const booking of await flaggedBookings(get)) {
    const job = booking.jobs[0];
    if (booking.jobs.length !== 1 || !job || !(job.customerCharge && job.customerCharge > 0)) continue;
    const status = await get<{ driverPayStatus: { payStatus: string }[] }>(
      `/pricing/invoice-and-driver-pay-status?jobId=${job.id}`,
    );
    if (status.driverPayStatus.length === 0 || status.driverPayStatus.some((task) => task.payStatus !== payStatus))
      continue;
    if (payStatus === 'ACTIVE') {
      const adjustments = await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`);
      if (adjustments.length > 0) continue;
    }
    return { booking, job };
  }
  throw new Error(`no one-job booking flagged for review whose tasks are all ${payStatus}`);
}

/** Signed in as pricing staff, the booking's details open on /pricing/review, then its job's Pricing Extras. */
async function openPricingExtras(booking: ListedBooking, jobReference: string) {
  const opened = await signedInPage(browser(), 'pricing');
  const { page } = opened;
  await waitForUrl(page, (url) => url.pathname === '/pricing/review');
  await page.goto(
    `/pricing/review?view=${booking.type === 'same_day' ? 'SAME_DAY' : 'ON_OS'}&searchQuery=${booking.reference}`,
  );
  await page.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
  const panel = page.getByRole('dialog', { name: `Booking ${booking.reference}` });
  await panel
    .getByRole('group', { name: `Job ${jobReference}` })
    .getByRole('button', { name: 'Pricing Extras' })
    .click();
  const modal = page.getByRole('dialog', { name: `Pricing Extras for ${jobReference}` });
  await modal.waitFor();
  return { ...opened, modal };
}

/** An ACTIVE job's Pricing Extras, then its Add Pricing Adjustment form with the Admin fee type chosen. */
async function openAdminFeeForm() {
  const get = await apiGetAs('pricing');
  const { booking, job } = await bookingWithPay(get, 'ACTIVE');
  const opened = await openPricingExtras(booking, job.reference);
  await opened.modal.getByRole('button', { name: 'Add Pricing Adjustment' }).click();
  const add = opened.page.getByRole('dialog', { name: 'Add Pricing Adjustment' });
  await add.getByPlaceholder('Select an adjustment type').click();
  await opened.page.getByRole('option', { name: 'Admin fee', exact: true }).click();
  return { ...opened, get, job, add };
}

const payRows = async (get: Get, jobReference: string) =>
  (await get<{ rows: PayRow[] }>(`/bookings/job/${jobReference}/driver-pay-breakdown`)).rows;

/** An ACTIVE one-job booking's Pricing Extras open, with its first task and that task's Basic Pay and Extras inputs. */
async function openFirstTaskPay(status: Parameters<typeof bookingWithPay>[1] = 'ACTIVE') {
  const get = await apiGetAs('pricing');
  const { booking, job } = await bookingWithPay(get, status);
  const [task] = await payRows(get, job.reference);
  if (!task) throw new Error(`${job.reference} has no tasks`);
  const opened = await openPricingExtras(booking, job.reference);
  const basicPay = opened.modal.getByLabel(`Basic Pay for ${task.taskReference}`);
  const extras = opened.modal.getByLabel(`Extras for ${task.taskReference}`);
  return { ...opened, get, job, task, basicPay, extras };
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('pricing extras', () => {
  test('pricing staff see the sections, add and delete a price adjustment, and save a task’s pay', async () => {
    const get = await apiGetAs('pricing');
    const { booking, job } = await bookingWithPay(get, 'ACTIVE');
    const { page, context, problems, modal } = await openPricingExtras(booking, job.reference);

    for (const section of ['Driver Pay Adjustments', 'Related Charge Dockets', 'Price Adjustments', 'Internal Notes'])
      await modal.getByRole('heading', { name: section }).waitFor();
    await modal
      .getByText(/^(Invoice period \d{2}\/\d{2}\/\d{2} – \d{2}\/\d{2}\/\d{2} · |Not in an invoice period yet)/)
      .waitFor();
    await modal.getByText('No price adjustments').waitFor();
    const [task] = await payRows(get, job.reference);
    if (!task) throw new Error(`${job.reference} has no tasks`);
    const basicPay = modal.getByLabel(`Basic Pay for ${task.taskReference}`);
    await basicPay.waitFor();
    // Nothing changed yet: no Save Pay.
    expect(await modal.getByRole('button', { name: 'Save Pay' }).count()).toBe(0);
    await expectAccessible(page);

    // Add Pricing Adjustment: the type is required first (spec 2 §5), then the adjustment shows in the table.
    await modal.getByRole('button', { name: 'Add Pricing Adjustment' }).click();
    const add = page.getByRole('dialog', { name: 'Add Pricing Adjustment' });
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    await add.getByText('Please select an adjustment type').waitFor();
    await toast(page, 'Error Creating Price Adjustment');
    await add.getByPlaceholder('Select an adjustment type').click();
    await page.getByRole('option', { name: 'Admin fee', exact: true }).click();
    await add.getByLabel('Charge', { exact: true }).fill('12.50');
    await add.getByLabel('Display to Customer').check({ force: true });
    await add.getByLabel('Description', { exact: true }).fill('Admin fee for the re-delivery');
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    await toast(page, 'Price adjustment has been created.');
    // The problem put right, its error toast does not stand beside the success.
    // (Within 3 s: left alone it would go only at the end of its 10 s.)
    await expect.poll(() => page.getByText('Error Creating Price Adjustment').count(), { timeout: 3000 }).toBe(0);
    await add.waitFor({ state: 'hidden' });
    const adjustments = modal.getByRole('table', { name: `Price adjustments of ${job.reference}` });
    const added = adjustments.getByRole('row').filter({ hasText: 'Admin fee for the re-delivery' });
    await added.waitFor();
    expect(await added.textContent()).toContain('€12.50');
    await expectAccessible(page);
    expect((await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`)).length).toBe(1);

    await modal.getByRole('button', { name: 'Delete price adjustment Admin fee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Price Adjustment?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'The price adjustment has been deleted.');
    await modal.getByText('No price adjustments').waitFor();
    expect((await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`)).length).toBe(0);

    // Mgn%: 50% of the job's charge becomes the task's basic pay.
    await modal.getByRole('button', { name: `Mgn% for ${task.taskReference}` }).click();
    await page.getByLabel(`Margin % for ${task.taskReference}`).fill('50');
    await page.keyboard.press('Enter');
    await toast(page, 'Margin Update');
    const fromMargin = driverPayFromMarginPercent(job.customerCharge ?? 0, 50);
    await expect.poll(() => basicPay.inputValue()).toBe(fromMargin.toFixed(2));

    // Save Pay: shown once the pay changed; the server keeps the typed amount.
    const newPay = Number((task.driverPay + 1.25).toFixed(2));
    await basicPay.fill(String(newPay));
    await modal.getByRole('button', { name: 'Save Pay' }).click();
    await toast(page, 'Driver pay has been saved.');
    await expect
      .poll(async () => (await payRows(get, job.reference)).find((row) => row.taskId === task.taskId)?.driverPay)
      .toBe(newPay);
    await expect.poll(() => modal.getByRole('button', { name: 'Save Pay' }).count()).toBe(0);

    // Escape closes the modal.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a paid task's pay is read-only, with the spec's message", async () => {
    const { page, context, problems, modal, task } = await openFirstTaskPay('PAID');
    await modal.getByText('This job has been paid and the driver pay can no longer be edited').first().waitFor();
    for (const label of ['Basic Pay', 'Extras']) {
      const input = modal.getByLabel(`${label} for ${task.taskReference}`);
      await expect.poll(() => input.getAttribute('readonly')).not.toBeNull();
    }
    expect(await modal.getByRole('button', { name: `Mgn% for ${task.taskReference}` }).isDisabled()).toBe(true);
    expect(await modal.getByText('Paid', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('while price changes wait in the list, the modal shows why and lets the user only look', async () => {
    const get = await apiGetAs('pricing');
    const { booking, job } = await bookingWithPay(get, 'ACTIVE');
    const { page, context, problems } = await signedInPage(browser(), 'pricing');
    await waitForUrl(page, (url) => url.pathname === '/pricing/review');
    await page.goto(
      `/pricing/review?view=${booking.type === 'same_day' ? 'SAME_DAY' : 'ON_OS'}&searchQuery=${booking.reference}`,
    );
    await page.getByLabel(`Driver pay for ${job.reference}`).fill('7');
    await page.getByRole('button', { name: `Open booking ${booking.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${booking.reference}` });
    await panel
      .getByRole('group', { name: `Job ${job.reference}` })
      .getByRole('button', { name: 'Pricing Extras' })
      .click();
    const modal = page.getByRole('dialog', { name: `Pricing Extras for ${job.reference}` });
    await modal
      .getByRole('alert')
      .filter({ hasText: 'Please save or discard changes before editing driver pay breakdown' })
      .waitFor();
    const [task] = await payRows(get, job.reference);
    if (!task) throw new Error(`${job.reference} has no tasks`);
    // Viewing still works: the pay shows, but nothing can be changed or added.
    const basicPay = modal.getByLabel(`Basic Pay for ${task.taskReference}`);
    await basicPay.waitFor();
    expect(await basicPay.isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Add Pricing Adjustment' }).isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: `Mgn% for ${task.taskReference}` }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher sees no Pricing Extras button in the booking details', async () => {
    const get = await apiGetAs('dispatcher');
    // Of the Same Day view, which the list opens on: the newest booking of all may be ON / OS.
    const { bookings } = await get<{ bookings: { reference: string }[] }>('/bookings?view=SAME_DAY&size=5');
    const target = bookings[0];
    if (!target) throw new Error('no demo bookings');
    const { page, context, problems } = await openPage(browser());
    await signIn(page, 'dispatcher', { from: `/bookings/list?searchQuery=${target.reference}` });
    if (!page.url().includes('/bookings/list')) await page.goto(`/bookings/list?searchQuery=${target.reference}`);
    await page.getByRole('button', { name: `Open booking ${target.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${target.reference}` });
    await panel.getByRole('heading', { name: 'Jobs' }).waitFor();
    await panel.getByRole('group').first().waitFor();
    expect(await panel.getByRole('button', { name: 'Pricing Extras' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an amount is refused at its field as typed (a minus, a third decimal, too much), never changed; typed pay is not lost on close', async () => {
    const { get, job, task, page, context, problems, modal, basicPay } = await openFirstTaskPay();
    const savePay = modal.getByRole('button', { name: 'Save Pay' });
    for (const [typed, message] of [
      ['-5', 'Basic Pay must be 0 or more.'],
      ['2.345', 'Basic Pay has at most 2 decimal places (cents).'],
      ['99999999999999', 'Basic Pay must be at most €999,999.00.'],
    ] as const) {
      await basicPay.fill(typed);
      await expect.poll(() => descriptionsOf(page, basicPay)).toContain(message);
      expect(await basicPay.inputValue()).toBe(typed);
      expect(await savePay.isDisabled()).toBe(true);
    }

    // A pay typed and not saved: Escape asks first; Keep editing keeps it, Discard changes closes.
    const typedPay = (task.driverPay + 1).toFixed(2);
    await basicPay.fill(typedPay);
    await expect.poll(() => savePay.isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await question.getByText(`The driver pay of ${job.reference} has changes that are not saved.`).waitFor();
    // It stays until answered: it once closed itself on the same Escape a moment after opening.
    await page.waitForTimeout(500);
    expect(await question.isVisible()).toBe(true);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    expect(await basicPay.inputValue()).toBe(typedPay);
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect((await payRows(get, job.reference)).find((row) => row.taskId === task.taskId)?.driverPay).toBe(
      task.driverPay,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Basic Pay and Extras show to the cent when not typed in, and what is typed replaces what the field held (15 over 0.00, not 015)', async () => {
    const { get, job, task, page, context, problems, modal, basicPay, extras } = await openFirstTaskPay();
    await expect.poll(() => basicPay.inputValue()).toBe(task.driverPay.toFixed(2));
    expect(await extras.inputValue()).toBe(task.driverExtras.toFixed(2));

    // Clicked into, as a person does, then typed: the amount it held goes, not kept in front.
    await extras.click();
    await page.keyboard.type('15');
    expect(await extras.inputValue()).toBe('15');
    // Reached with Tab from Basic Pay, the same; left, each shows its amount to the cent.
    await basicPay.click();
    await page.keyboard.type('3');
    expect(await basicPay.inputValue()).toBe('3');
    await page.keyboard.press('Tab');
    await expect.poll(() => extras.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('1.25');
    expect(await basicPay.inputValue()).toBe('3.00');
    await page.keyboard.press('Tab');
    expect(await extras.inputValue()).toBe('1.25');

    const saved = async () => (await payRows(get, job.reference)).find((row) => row.taskId === task.taskId);
    const savePay = async (pay: string, extra: string) => {
      await basicPay.fill(pay);
      await extras.fill(extra);
      await modal.getByRole('button', { name: 'Save Pay' }).click();
      await expect.poll(() => modal.getByRole('button', { name: 'Save Pay' }).count()).toBe(0);
    };
    await modal.getByRole('button', { name: 'Save Pay' }).click();
    await expect.poll(saved).toMatchObject({ driverPay: 3, driverExtras: 1.25 });
    await expect.poll(() => modal.getByRole('button', { name: 'Save Pay' }).count()).toBe(0);
    const shown = async () => [await basicPay.inputValue(), await extras.inputValue()];
    await expect.poll(shown).toEqual(['3.00', '1.25']);
    // Saved with no extras, the 0 shows as 0.00 beside the pay.
    await savePay('3', '0');
    await expect.poll(shown).toEqual(['3.00', '0.00']);

    await savePay(String(task.driverPay), String(task.driverExtras));
    await expect.poll(saved).toMatchObject({ driverPay: task.driverPay, driverExtras: task.driverExtras });
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a refused Save Pay names each refused field on a line of its own, and a second refusal's toast replaces the first", async () => {
    const { get, job, task, page, context, problems, modal, basicPay, extras } = await openFirstTaskPay();
    await expect.poll(() => basicPay.inputValue()).toBe(task.driverPay.toFixed(2));
    // The server refuses both amounts (as it would a rule the screen does not know).
    await page.route('**/api/pricing/update/tasks', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'VALIDATION',
          message: 'Invalid body.',
          details: [
            { field: 'body.0.driverPay', message: 'Pay refused.' },
            { field: 'body.0.driverExtras', message: 'Extras refused.' },
          ],
        }),
      }),
    );
    await basicPay.fill(String(task.driverPay + 1));
    await extras.fill(String(task.driverExtras + 1));
    const shownToasts = () =>
      page
        .getByRole('alert')
        .filter({ hasText: 'Error Saving Pay' })
        .evaluateAll((toasts) => toasts.map((toast) => (toast as HTMLElement).innerText));
    const expected = [
      `Error Saving Pay\nBasic Pay for ${task.taskReference}: Pay refused.\nExtras for ${task.taskReference}: Extras refused.`,
    ];
    await modal.getByRole('button', { name: 'Save Pay' }).click();
    await expect.poll(shownToasts).toEqual(expected);
    // Refused again: still one toast.
    await modal.getByRole('button', { name: 'Save Pay' }).click();
    await page.waitForTimeout(500);
    await expect.poll(shownToasts).toEqual(expected);
    await page.unroute('**/api/pricing/update/tasks');
    expect(await payRows(get, job.reference)).toContainEqual(expect.objectContaining({ driverPay: task.driverPay }));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Add Pricing Adjustment: a negative charge is refused at the field, and what was typed is not dropped by Escape', async () => {
    const { page, context, problems, modal, get, job, add } = await openAdminFeeForm();
    const charge = add.getByLabel('Charge', { exact: true });
    await charge.fill('-5');
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    await expect.poll(() => descriptionsOf(page, charge)).toContain('Charge must be 0 or more.');
    expect(await charge.inputValue()).toBe('-5');
    expect(await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`)).toEqual([]);

    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await question.getByText('The price adjustment has not been created.').waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    expect(await charge.inputValue()).toBe('-5');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await add.waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Add Pricing Adjustment: a 5,000-character description is kept whole and marked, and nothing is created', async () => {
    const { page, context, problems, get, job, add } = await openAdminFeeForm();
    await add.getByRole('switch', { name: 'Display to Customer' }).click({ force: true });
    const sent = requestsTo(page, 'POST', /^\/api\/pricing\/job-price-adjustments$/);
    // Never cut by a maxlength: the count and the schema's message say why it cannot be created.
    for (const [label, message] of [
      ['Description', 'Description must be at most 500 characters.'],
      ['Internal description', 'Internal description must be at most 500 characters.'],
    ] as const) {
      await pasteTooLong(page, add.getByRole('textbox', { name: label, exact: true }), { limit: 500, message });
    }
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    await page.getByText('Error Creating Price Adjustment').first().waitFor();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`)).toEqual([]);
    expect((await add.getByRole('textbox', { name: 'Internal description', exact: true }).inputValue()).length).toBe(
      5000,
    );

    await add.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, add);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Add Pricing Adjustment: NULs pasted into both descriptions are marked at both fields after one Create', async () => {
    const { page, context, problems, get, job, add } = await openAdminFeeForm();
    await add.getByRole('switch', { name: 'Display to Customer' }).click({ force: true });
    const sent = requestsTo(page, 'POST', /^\/api\/pricing\/job-price-adjustments$/);
    const description = add.getByRole('textbox', { name: 'Description', exact: true });
    const internal = add.getByRole('textbox', { name: 'Internal description', exact: true });
    await description.fill('Admin\u0000fee');
    await internal.fill('internal\u0000note');
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    // The server's one refusal names both fields, so both are marked at once, not one per attempt.
    for (const field of [description, internal]) {
      await expect.poll(() => descriptionsOf(page, field)).toContain(NUL_CHARACTER_MESSAGE);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(sent).toHaveLength(1);
    expect(await get<unknown[]>(`/pricing/job-price-adjustments?jobId=${job.id}`)).toEqual([]);

    await add.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, add);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("Add Pricing Adjustment: each Create's error toast replaces the one before, one message a line", async () => {
    const get = await apiGetAs('pricing');
    const { booking, job } = await bookingWithPay(get, 'ACTIVE');
    const { page, context, problems, modal } = await openPricingExtras(booking, job.reference);
    await modal.getByRole('button', { name: 'Add Pricing Adjustment' }).click();
    const add = page.getByRole('dialog', { name: 'Add Pricing Adjustment' });
    const errorToasts = page.getByRole('alert').filter({ hasText: 'Error Creating Price Adjustment' });
    // The toast's text as it reads on screen (innerText keeps a line break only where one is shown).
    const shownToasts = () =>
      errorToasts.evaluateAll((toasts) => toasts.map((toast) => (toast as HTMLElement).innerText));

    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    await expect.poll(shownToasts).toEqual(['Error Creating Price Adjustment\nPlease select an adjustment type']);

    await add.getByPlaceholder('Select an adjustment type').click();
    await page.getByRole('option', { name: 'Toll', exact: true }).click();
    const cost = add.getByLabel('Cost', { exact: true });
    await cost.fill('-3');
    await add.getByRole('button', { name: 'Create Adjustment' }).click();
    // Spec 2 §5's 'Please select a task' has no full stop: each message is a line of its own. The first
    // toast, put right since, goes with the same click (its exit takes a moment; left alone it would
    // stay for 10 s, long past the 2 s waited here).
    await expect
      .poll(shownToasts, { timeout: 2000 })
      .toEqual(['Error Creating Price Adjustment\nPlease select a task\nCost must be 0 or more.']);
    await expect.poll(() => descriptionsOf(page, cost)).toContain('Cost must be 0 or more.');
    await add.getByText('Please select a task', { exact: true }).waitFor();

    // Closed, the form takes its toast with it.
    await add.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page, add);
    await expect.poll(shownToasts, { timeout: 3000 }).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Escape closes only the dialog on top: the adjustment form, then Pricing Extras, then the booking', async () => {
    const get = await apiGetAs('pricing');
    const { booking, job } = await bookingWithPay(get, 'ACTIVE');
    const { page, context, modal, problems } = await openPricingExtras(booking, job.reference);
    const panel = page.getByRole('dialog', { name: `Booking ${booking.reference}` });
    await modal.getByRole('button', { name: 'Add Pricing Adjustment' }).click();
    const form = page.getByRole('dialog', { name: 'Add Pricing Adjustment' });
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await panel.isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Show price history' }).first().focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
