import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  CUSTOMER_CHARGE_LOCKED_MESSAGE,
  customerChargeLock,
  DRIVER_PAY_PAID_MESSAGE,
  driverPayLock,
  type DriverPayStatus,
  UNSAVED_APPROVAL_MESSAGE,
} from '@courier/domain/pricing/price-edits';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { formatEuro } from '@courier/domain/common/money';
import { MAX_PACKAGES } from '@courier/domain/pricing/limits';
import { baseURL, browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { apiToken } from '../support/api.ts';
import { requestsTo } from '../support/steps.ts';

// Issue 11: pricing staff edit prices in the cells of the booking list (/pricing/review for them):
// pending changes gather in a bar, Save sends them in one PUT /api/pricing/update.
const browser = browserForTests();

interface ListedJob {
  id: number;
  reference: string;
  version: number;
  invoiceStatus: InvoicePeriodStatus | null;
  taskPayStatuses: DriverPayStatus[];
  tariffId: number | null;
  customerCharge: number | null;
  driverPrice: number | null;
  needsSameDayReview: boolean;
  needsCarrierReview: boolean;
}

interface ListedBooking {
  id: number;
  reference: string;
  companyId: number;
  numberOfPackages: number;
  weightOfPackages: number;
  jobs: ListedJob[];
}

type View = 'SAME_DAY' | 'ON_OS';

async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const token = await apiToken('pricing');
  return fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The review list of a view as /pricing/review loads it (first page, newest first). */
async function reviewList(view: View): Promise<ListedBooking[]> {
  const flag = view === 'SAME_DAY' ? 'needsSameDayReviewOnly' : 'needsCarrierReviewOnly';
  const response = await api(
    `/bookings?view=${view}&${flag}=true&statuses=delivered&statuses=cancelled&statuses=failed&size=100`,
  );
  return ((await response.json()) as { bookings: ListedBooking[] }).bookings;
}

/** A booking as the server has it now. */
async function bookingNow(reference: string): Promise<ListedBooking> {
  const response = await api(`/bookings?searchQuery=${reference}&size=5`);
  const found = ((await response.json()) as { bookings: ListedBooking[] }).bookings.find(
    (booking) => booking.reference === reference,
  );
  if (!found) throw new Error(`booking ${reference} not found`);
  return found;
}

async function jobNow(job: { id: number; reference: string }): Promise<ListedJob> {
  const booking = await bookingNow(job.reference.replace(/-\d+$/, ''));
  const found = booking.jobs.find((candidate) => candidate.id === job.id);
  if (!found) throw new Error(`job ${job.reference} not found`);
  return found;
}

const euros = (value: number | null) => (value ?? 0).toFixed(2);
const chargeEditable = (job: ListedJob) => customerChargeLock(job.invoiceStatus) === null;
const fullyEditable = (booking: ListedBooking) =>
  booking.jobs.every((job) => chargeEditable(job) && driverPayLock(job.taskPayStatuses) === null);

/**
 * The Same Day review rows whose every job's charge may change (`full`: its driver pay too), in list
 * order. Each test takes its own, so no two tests touch the same booking; the first rows are left to
 * the other browser test files, which pick the first bookings of the review list.
 */
let pool: { booking: ListedBooking; index: number }[] = [];
const FIRST_ROWS_LEFT_ALONE = 3;
beforeAll(async () => {
  pool = (await reviewList('SAME_DAY'))
    .map((booking, index) => ({ booking, index }))
    .filter(({ booking, index }) => index >= FIRST_ROWS_LEFT_ALONE && booking.jobs.every(chargeEditable));
});

/** Takes a booking out of the pool: `full`, one whose driver pays may change too; `charge`, preferably one where only charges may. */
function take(kind: 'full' | 'charge', accept: (booking: ListedBooking) => boolean = () => true): ListedBooking {
  const fits = (booking: ListedBooking, wanted: 'full' | 'charge') =>
    accept(booking) && (wanted === 'full') === fullyEditable(booking);
  let at = pool.findIndex((entry) => fits(entry.booking, kind));
  if (at < 0 && kind === 'charge') at = pool.findIndex((entry) => fits(entry.booking, 'full'));
  if (at < 0) throw new Error(`no ${kind === 'full' ? 'fully ' : ''}editable booking left in the review list`);
  return pool.splice(at, 1)[0]!.booking;
}

/** Signed in as pricing staff on /pricing/review (optionally another view or search), the rows drawn. */
async function reviewPage(search = '') {
  const opened = await signedInPage(browser(), 'pricing');
  await waitForUrl(opened.page, (url) => url.pathname === '/pricing/review');
  if (search) await opened.page.goto(`/pricing/review?${search}`);
  await opened.page.locator('tbody tr[data-reference]').first().waitFor({ timeout: 20_000 });
  return opened;
}

/** Until the page has drawn twice: the rows of the list's last scroll position are in the page. */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * A price input by its label; the table is virtualised, so it scrolls down until the row is drawn.
 * Each step waits for the list to draw its new position: a check made before that reads the rows of
 * the previous position, and could find a row the list is about to drop.
 */
async function cell(page: Page, label: string): Promise<Locator> {
  const input = page.getByLabel(label, { exact: true });
  const table = page.getByRole('region', { name: 'Bookings' });
  await drawn(page);
  if ((await input.count()) === 0) {
    await table.evaluate((element) => element.scrollTo({ top: 0 }));
    await drawn(page);
  }
  for (let step = 0; step < 300 && (await input.count()) === 0; step++) {
    await table.evaluate((element) => element.scrollBy({ top: 100 }));
    await drawn(page);
  }
  await input.scrollIntoViewIfNeeded();
  return input;
}

/** Types into a price input the way a person does: focus it, select what is there, type. */
async function typeInto(page: Page, input: Locator, text: string): Promise<void> {
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** The focused element's label and place (data-price-cell 'row:column'). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const [row, column] = (element?.getAttribute('data-price-cell') ?? '-1:-1').split(':').map(Number);
    return { label: element?.getAttribute('aria-label') ?? '', row: row!, column: column! };
  });
const pendingBar = (page: Page) => page.getByRole('region', { name: 'Pending price changes' });
const viewTab = (page: Page) => page.getByRole('tab', { name: 'Same Day' });

async function expectStored(input: Locator, value: string): Promise<void> {
  await expect.poll(() => input.inputValue()).toBe(value);
  expect(await input.getAttribute('data-changed')).toBeNull();
}

/** A one-job ON / OS booking (not the list's first) searched on /pricing/review: its stored state, Packages cell drawn, re-price previews recorded. */
async function reviewOneJobPackages() {
  // One whose charge may change: an invoiced job's cells are locked, and which ones the demo data has
  // invoiced follows the day the tests run (from 8 December the second row's was).
  const [booking] = (await reviewList('ON_OS')).filter(
    (candidate, index) => index >= 1 && candidate.jobs.length === 1 && candidate.jobs.every(chargeEditable),
  );
  if (!booking) throw new Error('no ON / OS booking of one job whose charge may change');
  const before = await bookingNow(booking.reference);
  const opened = await reviewPage(`view=ON_OS&searchQuery=${booking.reference}`);
  const packages = opened.page.getByLabel(`Packages for ${booking.reference}`, { exact: true });
  await packages.waitFor();
  const previews = requestsTo(opened.page, 'POST', /^\/api\/pricing\/update\/preview$/);
  return { ...opened, booking, before, packages, previews };
}

describe('price editing in the booking list', () => {
  test('keyboard only: three jobs re-priced and saved, letters refused, the server keeps them', async () => {
    // Three jobs in consecutive rows, so Tab alone goes from one to the next.
    const rows = (await reviewList('SAME_DAY')).map((booking, index) => ({ booking, index }));
    let chosen: ListedBooking[] = [];
    for (const { index } of pool) {
      const run: ListedBooking[] = [];
      // Two rows at least, for the arrow keys between them.
      const enough = () => run.length >= 2 && run.flatMap((booking) => booking.jobs).length >= 3;
      for (let next = index; next < rows.length && !enough(); next++) {
        const booking = rows[next]!.booking;
        if (!fullyEditable(booking) || !pool.some((entry) => entry.index === next)) break;
        run.push(booking);
      }
      if (enough()) {
        chosen = run;
        break;
      }
    }
    if (chosen.length === 0) throw new Error('no three editable jobs in consecutive review rows');
    for (const booking of chosen) take('full', (candidate) => candidate.id === booking.id);
    const jobs = chosen.flatMap((booking) => booking.jobs).slice(0, 3);
    const before = await Promise.all(jobs.map(jobNow));
    const wanted = new Map(
      before.map((job, n) => [
        job.id,
        {
          charge: ((job.customerCharge ?? 0) + 11.25 + n).toFixed(2),
          pay: ((job.driverPrice ?? 0) + 2.5 + n).toFixed(2),
        },
      ]),
    );

    const { page, context, problems } = await reviewPage();
    const first = await cell(page, `Charge for ${jobs[0]!.reference}`);
    await first.focus();
    // A letter is refused: the stored charge stays and nothing is pending.
    await page.keyboard.press('e');
    await page.keyboard.press('x');
    expect(await first.inputValue()).toBe(euros(before[0]!.customerCharge));
    expect(await pendingBar(page).count()).toBe(0);

    // Down and Up keep the column: the first charge of the next row, and back.
    const start = await focused(page);
    if (chosen.length < 2) throw new Error('the three jobs are in one row: pick two rows for the arrow keys');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => focused(page))
      .toEqual({
        label: `Charge for ${chosen[1]!.jobs[0]!.reference}`,
        row: start.row + 1,
        column: start.column,
      });
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toEqual(start);

    // Each job's charge, then its driver pay; Tab moves on input by input, in reading order, and
    // a new row's Packages and Weight come just before its first charge.
    const targets = jobs.flatMap((job) => [
      { label: `Charge for ${job.reference}`, text: wanted.get(job.id)!.charge },
      { label: `Driver pay for ${job.reference}`, text: wanted.get(job.id)!.pay },
    ]);
    for (const [n, target] of targets.entries()) {
      const passed: string[] = [];
      let at = await focused(page);
      for (let presses = 0; at.label !== target.label; presses++) {
        if (presses > 8) throw new Error(`Tab did not reach ${target.label}; it went through ${passed.join(', ')}`);
        await page.keyboard.press('Tab');
        const from = at;
        await expect.poll(async () => (await focused(page)).label).not.toBe(from.label);
        at = await focused(page);
        expect([`${from.row}:${from.column + 1}`, `${from.row + 1}:0`]).toContain(`${at.row}:${at.column}`);
        passed.push(at.label);
      }
      const job = jobs[Math.floor(n / 2)]!;
      const rowOf = chosen.find((booking) => booking.jobs.some((candidate) => candidate.id === job.id))!;
      if (n > 0 && target.label.startsWith('Charge') && rowOf.jobs[0]!.id === job.id)
        expect(passed.slice(-3, -1)).toEqual([`Packages for ${rowOf.reference}`, `Weight for ${rowOf.reference}`]);
      // A letter in the middle of the amount does not appear in the cell.
      await page.keyboard.type(n === 0 ? `${target.text.slice(0, 1)}k${target.text.slice(1)}` : target.text);
      await expect.poll(() => page.getByLabel(target.label, { exact: true }).inputValue()).toBe(target.text);
    }
    // Shift+Tab goes back one input; Tab forward again.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focused(page)).label).toBe(targets.at(-2)!.label);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused(page)).label).toBe(targets.at(-1)!.label);

    for (const job of jobs) {
      const charge = page.getByLabel(`Charge for ${job.reference}`, { exact: true });
      expect(await charge.inputValue()).toBe(wanted.get(job.id)!.charge);
      expect(await charge.getAttribute('data-changed')).not.toBeNull();
    }
    const bar = pendingBar(page);
    await expect.poll(() => bar.textContent()).toContain('3 pending price changes');
    for (const job of jobs) expect(await bar.textContent()).toContain(job.reference);

    // Save from the keyboard.
    await bar.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: 'Price Update Confirmation' });
    await confirmation.getByText('3 jobs were updated.').waitFor();
    const updated = confirmation.getByRole('table', { name: 'Updated jobs' });
    for (const job of jobs) {
      const row = updated.getByRole('row').filter({ hasText: job.reference });
      expect(await row.textContent()).toContain(formatEuro(Number(wanted.get(job.id)!.charge)));
    }
    // The server has the new prices, each job a version on.
    for (const job of before) {
      const now = await jobNow(job);
      expect(euros(now.customerCharge)).toBe(wanted.get(job.id)!.charge);
      expect(euros(now.driverPrice)).toBe(wanted.get(job.id)!.pay);
      expect(now.version).toBe(job.version + 1);
    }
    await expectAccessible(page);
    await page.keyboard.press('Enter'); // Close has the focus
    await confirmation.waitFor({ state: 'hidden' });
    await bar.waitFor({ state: 'hidden' });
    // The reloaded list shows the stored prices, unmarked.
    for (const job of jobs) {
      const charge = await cell(page, `Charge for ${job.reference}`);
      await expectStored(charge, wanted.get(job.id)!.charge);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Discard: two pending changes hide the tabs and pagination; Discard puts everything back', async () => {
    const [one, two] = [take('charge'), take('full')];
    const jobOne = one.jobs[0]!;
    const jobTwo = two.jobs[0]!;
    const [beforeOne, beforeTwo] = await Promise.all([jobNow(jobOne), jobNow(jobTwo)]);
    const { page, context, problems } = await reviewPage();
    await viewTab(page).waitFor();
    await page.getByRole('navigation', { name: 'bookings pages' }).waitFor();

    const charge = await cell(page, `Charge for ${jobOne.reference}`);
    await typeInto(page, charge, '123.45');
    const pay = await cell(page, `Driver pay for ${jobTwo.reference}`);
    await typeInto(page, pay, '9.99');
    const bar = pendingBar(page);
    await expect.poll(() => bar.textContent()).toContain('2 pending price changes');
    expect(await bar.textContent()).toContain(jobOne.reference);
    expect(await bar.textContent()).toContain(jobTwo.reference);
    // The rows are virtualised: each is looked up (scrolled to) again before it is read.
    expect(await (await cell(page, `Charge for ${jobOne.reference}`)).inputValue()).toBe('123.45');
    expect(await charge.getAttribute('data-changed')).not.toBeNull();
    expect(await (await cell(page, `Driver pay for ${jobTwo.reference}`)).inputValue()).toBe('9.99');
    expect(await pay.getAttribute('data-changed')).not.toBeNull();
    expect(await viewTab(page).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'ON / OS' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'bookings pages' }).count()).toBe(0);
    await expectAccessible(page);

    await bar.getByRole('button', { name: 'Discard' }).click();
    await bar.waitFor({ state: 'hidden' });
    await expectStored(await cell(page, `Charge for ${jobOne.reference}`), euros(beforeOne.customerCharge));
    await expectStored(await cell(page, `Driver pay for ${jobTwo.reference}`), euros(beforeTwo.driverPrice));
    await viewTab(page).waitFor();
    await page.getByRole('navigation', { name: 'bookings pages' }).waitFor();

    const [afterOne, afterTwo] = await Promise.all([jobNow(jobOne), jobNow(jobTwo)]);
    expect(afterOne).toEqual(beforeOne);
    expect(afterTwo).toEqual(beforeTwo);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Escape reverts the cell it is pressed in; the other change stays pending', async () => {
    const [one, two] = [take('charge'), take('full')];
    const jobOne = one.jobs[0]!;
    const jobTwo = two.jobs[0]!;
    const [beforeOne, beforeTwo] = await Promise.all([jobNow(jobOne), jobNow(jobTwo)]);
    const { page, context, problems } = await reviewPage();

    const charge = await cell(page, `Charge for ${jobOne.reference}`);
    await typeInto(page, charge, '77.70');
    const pay = await cell(page, `Driver pay for ${jobTwo.reference}`);
    await typeInto(page, pay, '12.34');
    await expect.poll(() => pendingBar(page).textContent()).toContain('2 pending price changes');

    await (await cell(page, `Charge for ${jobOne.reference}`)).focus();
    await page.keyboard.press('Escape');
    await expectStored(charge, euros(beforeOne.customerCharge));
    expect(await (await cell(page, `Driver pay for ${jobTwo.reference}`)).inputValue()).toBe('12.34');
    expect(await pay.getAttribute('data-changed')).not.toBeNull();
    const bar = pendingBar(page);
    await expect.poll(() => bar.textContent()).toContain('1 pending price change');
    expect(await bar.textContent()).toContain(jobTwo.reference);
    expect(await bar.textContent()).not.toContain(jobOne.reference);

    // An amount that cannot be read is marked, and Save sends nothing while it is there.
    const again = await cell(page, `Charge for ${jobOne.reference}`);
    await typeInto(page, again, '1.234');
    expect(await again.getAttribute('aria-invalid')).not.toBeNull();
    await bar.getByRole('button', { name: 'Save' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText('Nothing was saved.', { exact: false }).waitFor();
    expect(await error.textContent()).toContain(jobOne.reference);
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'hidden' });

    // Nothing was sent: the server still has both as they were.
    expect(await jobNow(jobOne)).toEqual(beforeOne);
    expect(await jobNow(jobTwo)).toEqual(beforeTwo);
    await bar.getByRole('button', { name: 'Discard' }).click();
    await bar.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an invoiced charge and a paid driver pay are read-only and say why when typed into', async () => {
    const rows = await reviewList('SAME_DAY');
    const invoiced = rows
      .flatMap((booking) => booking.jobs)
      .find((job) => job.invoiceStatus === 'INVOICED' || job.invoiceStatus === 'FINALISED');
    const paid = rows
      .flatMap((booking) => booking.jobs)
      .find((job) => job.taskPayStatuses.length > 0 && job.taskPayStatuses.every((status) => status === 'PAID'));
    if (!invoiced || !paid) throw new Error('the review list has no invoiced or no paid job');
    const [invoicedBefore, paidBefore] = await Promise.all([jobNow(invoiced), jobNow(paid)]);
    const { page, context, problems } = await reviewPage();

    // Filter the list to each booking through the Reference search (Enter runs it).
    const search = async (job: ListedJob) => {
      const reference = job.reference.replace(/-\d+$/, '');
      const summary = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
      if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
      const field = page.getByLabel('Reference', { exact: true });
      await field.fill(reference);
      await field.press('Enter');
      await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === reference);
      await expect
        .poll(
          () =>
            page
              .locator('tbody tr[data-reference]')
              .evaluateAll((found) => found.map((row) => row.getAttribute('data-reference'))),
          {
            timeout: 20_000,
          },
        )
        .toEqual([reference]);
    };

    await search(invoiced);
    const charge = page.getByLabel(`Charge for ${invoiced.reference}`, { exact: true });
    expect(await charge.getAttribute('readonly')).not.toBeNull();
    expect(await charge.getAttribute('data-locked')).not.toBeNull();
    await charge.focus();
    await page.keyboard.press('5');
    await page.getByText(CUSTOMER_CHARGE_LOCKED_MESSAGE).first().waitFor();
    await page.getByText('Locked', { exact: true }).first().waitFor();
    expect(await charge.inputValue()).toBe(euros(invoicedBefore.customerCharge));
    expect(await pendingBar(page).count()).toBe(0);

    await search(paid);
    const pay = page.getByLabel(`Driver pay for ${paid.reference}`, { exact: true });
    expect(await pay.getAttribute('readonly')).not.toBeNull();
    expect(await pay.getAttribute('data-locked')).not.toBeNull();
    await pay.focus();
    await page.keyboard.press('7');
    await page.getByText(DRIVER_PAY_PAID_MESSAGE).first().waitFor();
    expect(await pay.inputValue()).toBe(euros(paidBefore.driverPrice));
    expect(await pendingBar(page).count()).toBe(0);

    expect(await jobNow(invoiced)).toEqual(invoicedBefore);
    expect(await jobNow(paid)).toEqual(paidBefore);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('someone else changes job A after the page loaded: Save drops A only, B saves after', async () => {
    const [bookingA, bookingB] = [take('charge'), take('charge')];
    const jobA = bookingA.jobs[0]!;
    const jobB = bookingB.jobs[0]!;
    const [beforeA, beforeB] = await Promise.all([jobNow(jobA), jobNow(jobB)]);
    const { page, context, problems } = await reviewPage();

    const chargeA = await cell(page, `Charge for ${jobA.reference}`);
    await typeInto(page, chargeA, '101.01');
    const chargeB = await cell(page, `Charge for ${jobB.reference}`);
    const typedB = ((beforeB.customerCharge ?? 0) + 3.33).toFixed(2);
    await typeInto(page, chargeB, typedB);
    const bar = pendingBar(page);
    await expect.poll(() => bar.textContent()).toContain('2 pending price changes');

    // Someone else changes A through the API, on the version the page loaded.
    const theirs = ((beforeA.customerCharge ?? 0) + 0.5).toFixed(2);
    const response = await api('/pricing/update', {
      method: 'PUT',
      body: [{ jobId: jobA.id, version: beforeA.version, customerCharge: Number(theirs) }],
    });
    expect(response.status).toBe(200);

    await bar.getByRole('button', { name: 'Save' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText(`Someone else changed ${jobA.reference}`, { exact: false }).waitFor({ timeout: 20_000 });
    expect(await error.textContent()).not.toContain(jobB.reference);
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'hidden' });
    await expect.poll(() => bar.textContent()).toContain('1 pending price change');
    expect(await bar.textContent()).toContain(jobB.reference);
    expect(await bar.textContent()).not.toContain(jobA.reference);
    // A shows their change, unmarked; B keeps what was typed.
    await expectStored(await cell(page, `Charge for ${jobA.reference}`), theirs);
    expect(await (await cell(page, `Charge for ${jobB.reference}`)).inputValue()).toBe(typedB);

    await bar.getByRole('button', { name: 'Save' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Price Update Confirmation' });
    await confirmation.getByText('1 job was updated.').waitFor();
    expect(await confirmation.getByRole('table', { name: 'Updated jobs' }).textContent()).toContain(jobB.reference);
    expect(await confirmation.textContent()).not.toContain(jobA.reference);
    await confirmation.getByRole('button', { name: 'Close' }).last().click();
    await bar.waitFor({ state: 'hidden' });

    const [afterA, afterB] = await Promise.all([jobNow(jobA), jobNow(jobB)]);
    expect(euros(afterA.customerCharge)).toBe(theirs);
    expect(afterA.version).toBe(beforeA.version + 1);
    expect(euros(afterB.customerCharge)).toBe(typedB);
    expect(afterB.version).toBe(beforeB.version + 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a job someone else changed is dropped on Save even when a filter has taken it off the page', async () => {
    const [bookingA, bookingB] = [take('charge'), take('charge')];
    const jobA = bookingA.jobs[0]!;
    const jobB = bookingB.jobs[0]!;
    const beforeA = await jobNow(jobA);
    const { page, context, problems } = await reviewPage();
    await typeInto(page, await cell(page, `Charge for ${jobA.reference}`), '202.02');
    await typeInto(page, await cell(page, `Charge for ${jobB.reference}`), '203.03');
    const bar = pendingBar(page);
    await expect.poll(() => bar.textContent()).toContain('2 pending price changes');

    // Filters stay while changes wait: show only B, so A is off the page.
    const summary = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
    if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    const field = page.getByLabel('Reference', { exact: true });
    await field.fill(bookingB.reference);
    await field.press('Enter');
    await expect
      .poll(
        () =>
          page
            .locator('tbody tr[data-reference]')
            .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference'))),
        {
          timeout: 20_000,
        },
      )
      .toEqual([bookingB.reference]);

    const response = await api('/pricing/update', {
      method: 'PUT',
      body: [{ jobId: jobA.id, version: beforeA.version, customerCharge: 1.5 }],
    });
    expect(response.status).toBe(200);
    await bar.getByRole('button', { name: 'Save' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText(`Someone else changed ${jobA.reference}`, { exact: false }).waitFor({ timeout: 20_000 });
    await error.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => bar.textContent()).toContain('1 pending price change');
    expect(await bar.textContent()).not.toContain(jobA.reference);
    // The next Save goes through with B alone.
    await bar.getByRole('button', { name: 'Save' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Price Update Confirmation' });
    await confirmation.getByText('1 job was updated.').waitFor();
    expect(euros((await jobNow(jobA)).customerCharge)).toBe('1.50');
    expect(euros((await jobNow(jobB)).customerCharge)).toBe('203.03');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('while changes wait, the booking details refuse a company change and a client reference edit with the spec texts', async () => {
    const changed = take('charge');
    const other = take('charge');
    const job = changed.jobs[0]!;
    const { page, context, problems } = await reviewPage();
    await typeInto(page, await cell(page, `Charge for ${job.reference}`), '77.70');
    await expect.poll(() => pendingBar(page).textContent()).toContain('1 pending price change');

    await cell(page, `Charge for ${other.jobs[0]!.reference}`);
    await page.getByRole('button', { name: `Open booking ${other.reference}` }).click();
    const panel = page.getByRole('dialog', { name: `Booking ${other.reference}` });
    await panel.getByRole('button', { name: 'Change', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: `Choose Company for ${other.reference}` });
    await chooser.getByText('Please save or discard changes before changing company').waitFor();
    expect(await chooser.getByRole('button', { name: 'Change Company' }).isDisabled()).toBe(true);
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await chooser.waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByText('Please save your changes before continuing.').first().waitFor();
    expect(await page.getByRole('dialog', { name: /^Edit Client References/ }).count()).toBe(0);
    expect((await bookingNow(other.reference)).companyId).toBe(other.companyId);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Approve while changes are pending is refused with a toast, and nothing is approved', async () => {
    const changed = take('charge');
    const approved = take('charge', (booking) => booking.jobs.some((job) => job.needsSameDayReview));
    const job = changed.jobs[0]!;
    const before = await jobNow(job);
    const { page, context, problems } = await reviewPage();

    await typeInto(page, await cell(page, `Charge for ${job.reference}`), '55.55');
    await expect.poll(() => pendingBar(page).textContent()).toContain('1 pending price change');
    const approve = page.getByRole('button', { name: `Approve review of ${approved.reference}` });
    await (await cell(page, `Charge for ${approved.jobs[0]!.reference}`)).scrollIntoViewIfNeeded();
    await approve.click();
    await page.getByText(UNSAVED_APPROVAL_MESSAGE).first().waitFor();
    await page.getByText('Unsaved Changes', { exact: true }).first().waitFor();
    // Give a (wrong) approval time to reach the server before asking it.
    await page.waitForTimeout(500);
    expect((await bookingNow(approved.reference)).jobs.some((candidate) => candidate.needsSameDayReview)).toBe(true);
    expect(await page.locator(`tbody tr[data-reference="${approved.reference}"]`).count()).toBe(1);

    await pendingBar(page).getByRole('button', { name: 'Discard' }).click();
    await pendingBar(page).waitFor({ state: 'hidden' });
    expect(await jobNow(job)).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('leaving the page with a pending change asks first: Stay keeps it, Leave without saving goes', async () => {
    const job = take('charge').jobs[0]!;
    const before = await jobNow(job);
    const { page, context, problems } = await reviewPage();

    const charge = await cell(page, `Charge for ${job.reference}`);
    await typeInto(page, charge, '66.60');
    await expect.poll(() => pendingBar(page).textContent()).toContain('1 pending price change');

    await page.getByRole('tab', { name: 'Tariff Codes' }).click();
    const modal = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Stay on this page' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/pricing/review');
    expect(await charge.inputValue()).toBe('66.60');
    expect(await charge.getAttribute('data-changed')).not.toBeNull();
    expect(await pendingBar(page).textContent()).toContain(job.reference);
    expect(await jobNow(job)).toEqual(before);

    // Closing the tab or reloading asks too (the browser's own leave-page question).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    expect(await charge.inputValue()).toBe('66.60');

    await page.getByRole('tab', { name: 'Tariff Codes' }).click();
    await modal.waitFor();
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForUrl(page, (url) => url.pathname === '/pricing/tariff-codes');
    await page.getByRole('tab', { name: 'Tariff Codes', selected: true }).waitFor();
    expect(await pendingBar(page).count()).toBe(0);

    expect(await jobNow(job)).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a dispatcher sees no prices to edit, accounts see prices but no inputs, and neither may save', async () => {
    const dispatcher = await signedInPage(browser(), 'dispatcher');
    await dispatcher.page.goto('/bookings/list');
    await dispatcher.page.locator('tbody tr[data-reference]').first().waitFor({ timeout: 20_000 });
    expect(await dispatcher.page.locator('[data-price-cell]').count()).toBe(0);
    expect(await dispatcher.page.locator('tbody input').count()).toBe(0);
    expect(await dispatcher.page.getByRole('columnheader', { name: 'Charge' }).count()).toBe(0);
    expect(dispatcher.problems).toEqual([]);
    await dispatcher.context.close();

    const accounts = await signedInPage(browser(), 'accounts');
    await accounts.page.goto('/bookings/list');
    const rows = accounts.page.locator('tbody tr[data-reference]');
    await rows.first().waitFor({ timeout: 20_000 });
    await accounts.page.getByRole('columnheader', { name: 'Charge', exact: true }).waitFor();
    expect(await rows.first().textContent()).toMatch(/€\d/);
    expect(await accounts.page.locator('[data-price-cell]').count()).toBe(0);
    expect(await accounts.page.locator('tbody input').count()).toBe(0);
    await accounts.page.getByRole('tab', { name: 'ON / OS' }).click();
    await waitForUrl(accounts.page, (url) => url.searchParams.get('view') === 'ON_OS');
    await accounts.page.getByRole('columnheader', { name: 'Carrier Cost' }).waitFor();
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await accounts.page.locator('[data-price-cell]').count()).toBe(0);
    expect(accounts.problems).toEqual([]);
    await accounts.context.close();

    // The server refuses their saves too.
    const job = (await reviewList('SAME_DAY'))[0]!.jobs[0]!;
    for (const role of ['dispatcher', 'accounts'] as const) {
      const token = await apiToken(role);
      const response = await fetch(`${baseURL()}/api/pricing/update`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ jobId: job.id, version: job.version, customerCharge: 1 }]),
      });
      expect(response.status).toBe(403);
    }
    expect(await jobNow(job)).toEqual(job);
  });

  test('a weight change re-prices the charge from the tariff after a pause, as the preview does', async () => {
    // An ON / OS booking of one tariff-priced job whose charge may change (not the list's first).
    const candidates = (await reviewList('ON_OS')).filter(
      (booking, index) =>
        index >= 1 &&
        booking.jobs.length === 1 &&
        booking.jobs[0]!.tariffId !== null &&
        chargeEditable(booking.jobs[0]!),
    );
    let found: { booking: ListedBooking; weight: string; charge: number } | undefined;
    for (const booking of candidates.slice(0, 10)) {
      const job = booking.jobs[0]!;
      for (const weight of [booking.weightOfPackages + 7.5, booking.weightOfPackages / 2 + 0.25]) {
        const text = weight.toFixed(2);
        const response = await api('/pricing/update/preview', {
          method: 'POST',
          body: [{ jobId: job.id, version: job.version, weight: Number(text) }],
        });
        if (response.status !== 200) continue;
        const [priced] = (await response.json()) as { customerCharge: number }[];
        if (priced && euros(priced.customerCharge) !== euros(job.customerCharge)) {
          found = { booking, weight: text, charge: priced.customerCharge };
          break;
        }
      }
      if (found) break;
    }
    if (!found) throw new Error('no ON / OS booking whose tariff re-prices a new weight');
    const { booking } = found;
    const job = booking.jobs[0]!;
    const before = await bookingNow(booking.reference);

    const { page, context, problems } = await reviewPage(`view=ON_OS&searchQuery=${booking.reference}`);
    await expect
      .poll(() =>
        page
          .locator('tbody tr[data-reference]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference'))),
      )
      .toEqual([booking.reference]);
    const charge = page.getByLabel(`Charge for ${job.reference}`, { exact: true });
    expect(await charge.inputValue()).toBe(euros(job.customerCharge));
    await typeInto(page, page.getByLabel(`Weight for ${booking.reference}`, { exact: true }), found.weight);
    const typedAt = Date.now();
    await expect.poll(() => charge.inputValue(), { timeout: 3_500 }).toBe(euros(found.charge));
    // Not at once: the re-price waits for a pause in the typing.
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(await charge.getAttribute('data-changed')).not.toBeNull();
    expect(await charge.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => pendingBar(page).textContent()).toContain(job.reference);

    // Nothing is saved until Save: discard, and the server still has the old weight and charge.
    await pendingBar(page).getByRole('button', { name: 'Discard' }).click();
    await expectStored(charge, euros(job.customerCharge));
    expect(await bookingNow(booking.reference)).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a package count typed as 1.5 is kept and refused, never read as 15, and nothing is re-priced', async () => {
    const { booking, before, page, context, problems, packages, previews } = await reviewOneJobPackages();
    // The point was refused as a key, so 1.5 became 15 packages, queued and re-priced.
    await typeInto(page, packages, '1.5');
    expect(await packages.inputValue()).toBe('1.5');
    await expect.poll(() => packages.getAttribute('aria-invalid')).toBe('true');
    expect(await packages.getAttribute('title')).toBe('Packages must be a whole number.');
    await page.waitForTimeout(1_500); // past the re-price's 1000 ms pause
    expect(previews).toEqual([]);

    await page.keyboard.press('Escape');
    await expectStored(packages, String(booking.numberOfPackages));
    expect(await bookingNow(booking.reference)).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a package count over its limit says why on screen as soon as it is typed, as a locked cell does, and nothing is re-priced', async () => {
    const { booking, before, page, context, problems, packages, previews } = await reviewOneJobPackages();
    // Cleared to type a new count: not a mistake yet, so nothing is said.
    await packages.focus();
    await page.keyboard.press('Backspace');
    await expect.poll(() => packages.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(500);
    expect(await page.getByText('is required.').count()).toBe(0);
    await typeInto(page, packages, String(MAX_PACKAGES + 1));
    await expect.poll(() => packages.getAttribute('aria-invalid')).toBe('true');
    // Written on the page (the toast a locked cell raises), not only in the cell's tooltip, before any Save.
    const message = `Packages must be at most ${MAX_PACKAGES}.`;
    await page.getByText(message, { exact: true }).waitFor({ timeout: 5_000 });
    await page.getByText(`Packages for ${booking.reference}`, { exact: true }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0);
    await page.waitForTimeout(1_500); // past the re-price's 1000 ms pause
    expect(previews).toEqual([]);

    await page.keyboard.press('Escape');
    await expectStored(packages, String(booking.numberOfPackages));
    expect(await bookingNow(booking.reference)).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });
});
