import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { addMoney, formatEuro, subtractMoney, toCents, toEuro } from '@courier/domain/common/money';
import { computePayPeriod, type PayFormulaSettings } from '@courier/domain/driver-pay/formulas';
import { recentPayWeeks, type PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { MAX_PAY_DAYS, type PayPeriod, type SavePayPeriod } from '@courier/domain/driver-pay/schemas';
import type { PaySettings } from '@courier/domain/drivers/schemas';
import { apiAs } from '../support/api.ts';
import { baseURL, browserForTests, expectAccessible, signedInPage, waitForUrl } from '../support/browser.ts';
import { switchFlipsAtOnce } from '../support/steps.ts';

// Issue 13, the Driver Pay screen (spec 2 §2 'Driver pay', §4, §5, §8, §9): a week's grid whose
// totals follow the inputs exactly as the domain's computePayPeriod works them out, adjustments with
// the spec's messages, Save (kept after a reload), Finalise, and who is refused.
const browser = browserForTests();

const api = apiAs;

const weekPath = (week: PayWeek) => `/pay/period?start=${week.start}&end=${week.end}`;
const periodsOf = async (week: PayWeek) => (await api<PayPeriod[]>('accounts', weekPath(week))).body;

function formulaSettings(settings: PaySettings): PayFormulaSettings {
  const {
    driverId: _id,
    saved: _saved,
    payFrequency: _frequency,
    address: _address,
    updatedAt: _updatedAt,
    ...rest
  } = settings;
  return rest;
}

/** The period's pay with some inputs changed, as the domain works it out. */
function payWith(
  period: PayPeriod,
  settings: PayFormulaSettings,
  changes: { daysWorked?: number; adjustments?: { type: 'MANUAL_ADDITION'; description: string; amount: number }[] },
) {
  const manual = period.adjustments.filter((adjustment) => !adjustment.automatic);
  return computePayPeriod({
    basePay: period.basePay,
    vehicle: period.driver.vehicle,
    settings,
    daysWorked: changes.daysWorked ?? period.daysWorked,
    daysBookedOff: period.daysBookedOff,
    daysMissed: period.daysMissed,
    fuelPercent: period.fuelPercent,
    manualBoost: period.manualBoost,
    overrides: period.overrides,
    adjustments: [...manual, ...(changes.adjustments ?? []).map((added) => ({ ...added, isDeduction: false }))],
  });
}

/**
 * One pass down the virtualised grid from the top, a step at a time, each once the grid has drawn the
 * rows it scrolled to (a fixed pause let a loaded machine scroll past the row). Stops where `row` is drawn
 * or at the bottom.
 */
async function scrollDownTo(page: Page, row: Locator): Promise<void> {
  const grid = page.getByRole('region', { name: 'Pay periods' });
  await grid.locator('tbody tr[data-driver-number]').first().waitFor({ timeout: 20_000 });
  await grid.evaluate((element) => element.scrollTo(0, 0));
  for (let step = 0; step < 200 && (await row.count()) === 0; step++) {
    const moved = await grid.evaluate(async (element) => {
      const before = element.scrollTop;
      element.scrollBy(0, 300);
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      return element.scrollTop !== before;
    });
    if (!moved) break;
  }
}

/**
 * Scrolls until `row` is drawn, pass after pass until 20 s have gone: the grid may draw its rows again
 * while a pass runs (a new search, the zero totals shown), and a row it drew late is found by the next pass.
 */
async function scrollToRow(page: Page, row: Locator): Promise<void> {
  const deadline = Date.now() + 20_000;
  do {
    await scrollDownTo(page, row);
    if ((await row.count()) > 0) return;
    await page.waitForTimeout(250);
  } while (Date.now() < deadline);
}

/**
 * A row of the virtualised grid: scrolled to until it is drawn and visible. Found drawn, it can still
 * be gone a moment later (drawn past the view, then dropped when the grid draws again), or be slow to
 * answer on a loaded machine (CI: found, then not visible within 1 s): scrolled to again until 20 s have gone.
 */
async function rowOf(page: Page, driverNumber: number): Promise<Locator> {
  const row = page.locator(`tbody tr[data-driver-number="${driverNumber}"]`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await scrollToRow(page, row);
    try {
      await row.waitFor({ timeout: 2_000 });
      return row;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

const cell = (row: Locator, column: string) => row.locator(`td[data-column="${column}"]`);
const footer = (page: Page, column: string) => page.locator(`tfoot td[data-column="${column}"]`);

/** Puts a period back as it was before a test changed it. */
async function restore(original: PayPeriod) {
  const [current] = (await periodsOf({ start: original.start, end: original.end })).filter(
    (period) => period.id === original.id,
  );
  if (!current) return;
  const body: SavePayPeriod[] = [
    {
      id: original.id,
      daysWorked: original.daysWorked,
      daysBookedOff: original.daysBookedOff,
      daysMissed: original.daysMissed,
      fuelPercent: original.fuelPercent,
      manualBoost: original.manualBoost,
      ...original.overrides,
      adjustments: original.adjustments
        .filter((adjustment) => !adjustment.automatic)
        .map(({ id, type, description, amount }) => ({ id, type, description, amount })),
    },
  ];
  await api('accounts', '/pay/period', { method: 'POST', body });
}

/** This week's first active pay period whose Days Worked is not 2, to change to 2. */
async function activePeriodThisWeek(): Promise<{ week: PayWeek; period: PayPeriod }> {
  const week = recentPayWeeks(dublinToday())[0] as PayWeek;
  const period = (await periodsOf(week)).find(
    (candidate) => candidate.status === 'ACTIVE' && candidate.daysWorked !== 2,
  );
  if (!period) throw new Error('The demo data has an active pay period this week.');
  return { week, period };
}

/** The pay grid of the week with the period's Days Worked typed as 2 and not saved. */
async function changeDaysWorkedToTwo(page: Page, week: PayWeek, period: PayPeriod): Promise<void> {
  await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
  const row = await rowOf(page, period.driver.driverNumber);
  await row.getByRole('textbox', { name: /^Days Worked, driver/ }).fill('2');
  await page.keyboard.press('Tab');
  await page.getByRole('region', { name: 'Unsaved pay changes' }).getByText('1 pay period changed').waitFor();
}

describe('driver pay', () => {
  test('accounts change days worked and add an adjustment: totals follow computePayPeriod, Save keeps them', async () => {
    // This week's periods are active in the demo data (last week's in review, older ones locked).
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const periods = await periodsOf(week);
    // A driver with pay settings whose pay depends on the days worked (boost, bonus, rentals).
    let chosen: { period: PayPeriod; settings: PayFormulaSettings; days: number } | undefined;
    for (const period of periods) {
      if (!period.paySettingsSaved || (period.status !== 'ACTIVE' && period.status !== 'IN_REVIEW')) continue;
      const settings = formulaSettings(
        (await api<PaySettings>('accounts', `/drivers/${period.driver.id}/pay-settings`)).body,
      );
      const days = [5, 2, 4, 1, 3].find(
        (candidate) =>
          candidate !== period.daysWorked &&
          payWith(period, settings, { daysWorked: candidate }).total !== period.total,
      );
      if (days !== undefined) {
        chosen = { period, settings, days };
        break;
      }
    }
    if (!chosen) throw new Error('The demo data has a driver this week whose pay depends on the days worked.');
    const { period, settings, days } = chosen;
    const changedDays = payWith(period, settings, { daysWorked: days });
    const added = { type: 'MANUAL_ADDITION' as const, description: 'E2E parking refund', amount: 12.5 };
    const withAdjustment = payWith(period, settings, { daysWorked: days, adjustments: [added] });
    const weekTotal = toEuro(addMoney(...periods.map((candidate) => toCents(candidate.total))));

    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      await expect.poll(() => cell(row, 'total').textContent()).toBe(formatEuro(period.total));
      await expect.poll(() => footer(page, 'total').textContent()).toBe(formatEuro(weekTotal));
      // The banner of spec 2 §8 shows while any period of the week is active.
      await page.getByText('There are active pay periods, the system may update these pay periods').waitFor();
      await expectAccessible(page);

      // One keystroke: the row and the footer move to what computePayPeriod says.
      await row.getByRole('textbox', { name: /^Days Worked, driver/ }).fill(String(days));
      await expect.poll(() => cell(row, 'total').textContent()).toBe(formatEuro(changedDays.total));
      expect(await cell(row, 'attendanceBonus').textContent()).toBe(formatEuro(changedDays.attendanceBonus));
      expect(await cell(row, 'boost').getByRole('textbox').getAttribute('placeholder')).toBe(
        changedDays.boost === 0 ? 'Auto' : changedDays.boost.toFixed(2),
      );
      const moved = addMoney(toCents(weekTotal), subtractMoney(toCents(changedDays.total), toCents(period.total)));
      expect(await footer(page, 'total').textContent()).toBe(formatEuro(toEuro(moved)));
      await page.getByRole('region', { name: 'Unsaved pay changes' }).getByText('1 pay period changed').waitFor();
      expect(await row.getAttribute('data-changed')).toBe('true');

      // Leaving the page with unsaved changes asks first.
      await page.getByRole('tab', { name: 'Drivers' }).click();
      const leave = page.getByRole('dialog', { name: 'Unsaved Changes' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      expect(new URL(page.url()).pathname).toBe('/drivers/pay');

      // An empty adjustment shows the three messages of spec 2 §5 at their fields.
      await row.getByRole('button', { name: /^Adjustments of driver/ }).click();
      const panel = page.getByRole('dialog', { name: /adjustments$/ });
      await panel.waitFor();
      await panel.getByRole('button', { name: 'Add adjustment' }).click();
      await panel.getByText('Invalid amount: Amount must be greater than 0').waitFor();
      await panel.getByText('Invalid type: Please select a type').waitFor();
      await panel.getByText('Invalid description: Please enter a description').waitFor();
      // Escape with the type's list open closes the list, not the panel; a second Escape would close it.
      const type = panel.getByRole('combobox', { name: 'Type' });
      await type.click();
      await page.getByRole('option', { name: 'Addition' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('option', { name: 'Addition' }).waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      expect(await panel.isVisible()).toBe(true);
      await type.click();
      await page.getByRole('option', { name: 'Addition' }).click();
      await panel.getByRole('textbox', { name: 'Amount (€)' }).fill('12.50');
      await panel.getByRole('textbox', { name: 'Description' }).fill(added.description);
      await panel.getByRole('button', { name: 'Add adjustment' }).click();
      await panel.getByRole('cell', { name: added.description, exact: true }).waitFor();
      expect(await panel.getByText('Amount must be greater than 0').count()).toBe(0);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expect.poll(() => cell(row, 'total').textContent()).toBe(formatEuro(withAdjustment.total));

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Pay periods saved').first().waitFor();
      await expect
        .poll(async () => (await rowOf(page, period.driver.driverNumber)).getAttribute('data-changed'))
        .toBe(null);
      const [saved] = (await periodsOf(week)).filter((candidate) => candidate.id === period.id);
      expect(saved?.daysWorked).toBe(days);
      expect(saved?.total).toBe(withAdjustment.total);
      expect(saved?.adjustments.map((adjustment) => adjustment.description)).toContain(added.description);

      await page.reload();
      const reloaded = await rowOf(page, period.driver.driverNumber);
      await expect
        .poll(() => reloaded.getByRole('textbox', { name: /^Days Worked, driver/ }).inputValue())
        .toBe(String(days));
      expect(await cell(reloaded, 'total').textContent()).toBe(formatEuro(withAdjustment.total));
      expect(problems).toEqual([]);
    } finally {
      await restore(period);
      await context.close();
    }
  });

  test('a cell typed out of range keeps its text and says why, nothing is saved meanwhile, and what shows is what is sent', async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const period = (await periodsOf(week)).find(
      (candidate) => candidate.status === 'ACTIVE' || candidate.status === 'IN_REVIEW',
    );
    if (!period) throw new Error('The demo data has an editable pay period this week.');
    const driver = period.driver.driverNumber;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const posted: SavePayPeriod[][] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pay/period')
        posted.push(request.postDataJSON() as SavePayPeriod[]);
    });
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, driver);
      const bar = page.getByRole('region', { name: 'Unsaved pay changes' });
      const save = bar.getByRole('button', { name: 'Save', exact: true });
      /** The visible line the input is described by. */
      const problemOf = async (input: Locator) => {
        const id = await input.getAttribute('aria-describedby');
        return id === null ? null : page.locator(`[id="${id}"]`).textContent();
      };

      for (const [key, header, label] of [
        ['daysWorked', 'Days Worked', 'Days worked'],
        ['daysBookedOff', 'Days Booked Off', 'Days booked off'],
        ['daysMissed', 'Days Missed', 'Days missed'],
      ] as const) {
        const input = row.getByRole('textbox', { name: new RegExp(`^${header}, driver`) });
        for (const typed of ['9', 'abc', '-1', '2.5']) {
          await input.fill('');
          await input.pressSequentially(typed);
          await page.keyboard.press('Tab');
          // Kept as typed after leaving the cell, marked, and described by a line that says why.
          expect(await input.inputValue(), `${header} ${typed}`).toBe(typed);
          expect(await input.getAttribute('aria-invalid')).toBe('true');
          const line = `Driver ${driver}, ${header}: ${label} must be a whole number from 0 to ${MAX_PAY_DAYS}.`;
          expect(await problemOf(input)).toBe(line);
          await bar.getByText(line).waitFor();
          expect(await save.isDisabled()).toBe(true);
        }
        await expectAccessible(page);
        // Corrected, the line goes and the cell holds the value again.
        await input.fill(String(period[key]));
        expect(await input.getAttribute('aria-invalid')).toBe(null);
        expect(await input.getAttribute('aria-describedby')).toBe(null);
      }

      // Each count within 0 to 7, but 21 days in one week: marked at Days Worked, as the server would refuse it.
      const days = (header: string) => row.getByRole('textbox', { name: new RegExp(`^${header}, driver`) });
      for (const header of ['Days Worked', 'Days Booked Off', 'Days Missed']) await days(header).fill('7');
      const weekLine = `Driver ${driver}, Days Worked: Days worked, booked off and missed add up to 21; a week has 7.`;
      await bar.getByText(weekLine).waitFor();
      expect(await days('Days Worked').getAttribute('aria-invalid')).toBe('true');
      expect(await save.isDisabled()).toBe(true);
      await days('Days Worked').fill(String(period.daysWorked));
      await days('Days Booked Off').fill(String(period.daysBookedOff));
      await days('Days Missed').fill(String(period.daysMissed));
      await expect.poll(() => bar.getByText(weekLine).count()).toBe(0);

      // Typed past the schema's maximum, the Boost keeps what was typed and says the limit; Save waits.
      const boost = row.getByRole('textbox', { name: `Boost, driver ${driver}` });
      await boost.fill('');
      await boost.pressSequentially('99999999999');
      await page.keyboard.press('Tab');
      expect(await boost.inputValue()).toBe('99999999999');
      expect(await problemOf(boost)).toBe(`Driver ${driver}, Boost: Manual boost must be at most €999,999.00.`);
      expect(await save.isDisabled()).toBe(true);
      await save.click({ force: true });
      await page.waitForTimeout(300);
      expect(posted).toEqual([]);

      // At the maximum it is what Save sends.
      await boost.fill('999999');
      expect(await boost.getAttribute('aria-invalid')).toBe(null);
      await save.click();
      await page.getByText('Pay periods saved').first().waitFor();
      expect(posted.map((body) => body.map((sent) => [sent.id, sent.manualBoost]))).toEqual([[[period.id, 999_999]]]);
      await expect.poll(() => boost.inputValue()).toBe('999999.00');
      expect(problems).toEqual([]);
    } finally {
      await restore(period);
      await context.close();
    }
  });

  test("a days count the cell refuses leaves the row's pay at its last valid value, not at a valid prefix of it", async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    // A driver whose pay at 2 days worked ('2' of '2.5') differs from the saved pay, and from another count typed first.
    let chosen: { period: PayPeriod; settings: PayFormulaSettings; other: number } | undefined;
    for (const period of await periodsOf(week)) {
      if (!period.paySettingsSaved || (period.status !== 'ACTIVE' && period.status !== 'IN_REVIEW')) continue;
      const settings = formulaSettings(
        (await api<PaySettings>('accounts', `/drivers/${period.driver.id}/pay-settings`)).body,
      );
      const atTwo = payWith(period, settings, { daysWorked: 2 }).total;
      if (period.daysWorked === 2 || atTwo === period.total) continue;
      const other = [5, 4, 1, 3].find(
        (candidate) =>
          candidate !== period.daysWorked && payWith(period, settings, { daysWorked: candidate }).total !== atTwo,
      );
      if (other !== undefined) {
        chosen = { period, settings, other };
        break;
      }
    }
    if (!chosen) throw new Error('The demo data has a driver this week whose pay depends on the days worked.');
    const { period, settings, other } = chosen;
    const saved = payWith(period, settings, {});
    const atOther = payWith(period, settings, { daysWorked: other });

    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      await expect.poll(() => cell(row, 'total').textContent()).toBe(formatEuro(period.total));
      const daysWorked = row.getByRole('textbox', { name: /^Days Worked, driver/ });
      /** Types `text` key by key over the cell's value, as a person does, and leaves the cell. */
      const type = async (text: string) => {
        await daysWorked.click();
        await daysWorked.pressSequentially(text);
        await page.keyboard.press('Tab');
      };
      /** The row's figures that depend on the days worked, as shown. */
      const figures = async () => ({
        attendanceBonus: await cell(row, 'attendanceBonus').textContent(),
        helmetBonus: await cell(row, 'helmetBonus').textContent(),
        adjustments: await cell(row, 'adjustments').textContent(),
        total: await cell(row, 'total').textContent(),
      });
      const shown = (pay: typeof saved) => ({
        attendanceBonus: formatEuro(pay.attendanceBonus),
        helmetBonus: formatEuro(pay.helmetBonus),
        adjustments: expect.any(String),
        total: formatEuro(pay.total),
      });
      const before = await figures();
      expect(before).toEqual(shown(saved));

      for (const refused of ['2.5', '99999']) {
        await type(refused);
        expect(await daysWorked.getAttribute('aria-invalid'), refused).toBe('true');
        expect(await figures(), refused).toEqual(before);
      }

      // A valid count moves the figures; a refused one typed over it leaves them at that count.
      await type(String(other));
      await expect.poll(() => cell(row, 'total').textContent()).toBe(formatEuro(atOther.total));
      const afterOther = await figures();
      expect(afterOther).toEqual(shown(atOther));
      await type('2.5');
      expect(await daysWorked.getAttribute('aria-invalid')).toBe('true');
      expect(await figures()).toEqual(afterOther);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a fuel percent keeps a typed minus and refuses it at the field in the save schema's words, as the API does", async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const period = (await periodsOf(week)).find(
      (candidate) => candidate.status === 'ACTIVE' || candidate.status === 'IN_REVIEW',
    );
    if (!period) throw new Error('The demo data has an editable pay period this week.');
    const message = 'Fuel percent must be 0 or more.';
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const posted: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pay/period')
        posted.push(request.postDataJSON());
    });
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      await page.getByRole('region', { name: 'Pay periods' }).waitFor({ timeout: 20_000 });
      const fuel = page.getByRole('textbox', { name: 'Van / car fuel' });
      const bar = page.getByRole('region', { name: 'Unsaved pay changes' });
      for (const typed of ['-5', '-500']) {
        await fuel.fill('');
        await fuel.pressSequentially(typed);
        // The minus stays: -5 was taken as 5, a percent nobody typed.
        expect(await fuel.inputValue(), typed).toBe(`${typed}%`);
        await page.keyboard.press('Tab');
        expect(await fuel.inputValue(), typed).toBe(`${typed}%`);
        expect(await fuel.getAttribute('aria-invalid'), typed).toBe('true');
        await page.getByText(message, { exact: true }).first().waitFor();
        await bar.getByText(`Van / car fuel: ${message}`).waitFor();
        expect(await bar.getByRole('button', { name: 'Save', exact: true }).isDisabled(), typed).toBe(true);
      }
      await page.waitForTimeout(300);
      expect(posted).toEqual([]);
      // The API refuses it the same way, naming the field: the screen's rule is the server's.
      const refused = await api<{ details: { field: string; message: string }[] }>('accounts', '/pay/period', {
        method: 'POST',
        body: [
          {
            id: period.id,
            daysWorked: period.daysWorked,
            daysBookedOff: period.daysBookedOff,
            daysMissed: period.daysMissed,
            fuelPercent: -5,
          },
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toContainEqual({ field: 'body.0.fuelPercent', message });
      const [after] = (await periodsOf(week)).filter((candidate) => candidate.id === period.id);
      expect(after?.fuelPercent).toBe(period.fuelPercent);
      // Nothing was saved: Discard puts the page back.
      await bar.getByRole('button', { name: 'Discard' }).click();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an emptied or out-of-range fuel percent is marked at the field, the totals wait, and nothing is saved', async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const period = (await periodsOf(week)).find(
      (candidate) =>
        (candidate.status === 'ACTIVE' || candidate.status === 'IN_REVIEW') &&
        (candidate.driver.vehicle === 'van' || candidate.driver.vehicle === 'car'),
    );
    if (!period) throw new Error('The demo data has an editable van or car pay period this week.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const posted: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pay/period')
        posted.push(request.postDataJSON());
    });
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      const fuel = page.getByRole('textbox', { name: 'Van / car fuel' });
      const bar = page.getByRole('region', { name: 'Unsaved pay changes' });
      const save = bar.getByRole('button', { name: 'Save', exact: true });
      for (const [typed, message] of [
        ['', 'Enter a fuel percent from 0 to 100.'],
        ['150', 'Fuel percent must be at most 100.'],
        // Kept as typed, not cut to 8.55.
        ['8.555', 'Fuel percent has at most 2 decimal places.'],
      ] as const) {
        await fuel.fill('');
        if (typed) await fuel.pressSequentially(typed);
        await page.keyboard.press('Tab');
        expect(await fuel.getAttribute('aria-invalid'), typed).toBe('true');
        await page.getByText(message, { exact: true }).first().waitFor();
        await bar.getByText(`Van / car fuel: ${message}`).waitFor();
        // The row's fuel and total, and the footer's, are not worked out from the percent before.
        expect(await cell(row, 'fuelSurcharge').textContent()).toBe('—');
        expect(await cell(row, 'total').textContent()).toBe('—');
        expect(await footer(page, 'total').textContent()).toBe('—');
        expect(await save.isDisabled()).toBe(true);
        await save.click({ force: true });
      }
      await page.waitForTimeout(300);
      expect(posted).toEqual([]);
      // A percent in range is taken again: the field is clear and the totals are back.
      await fuel.fill('');
      await fuel.pressSequentially('8.5');
      await page.keyboard.press('Tab');
      expect(await fuel.getAttribute('aria-invalid')).toBe(null);
      await expect.poll(() => cell(row, 'total').textContent()).not.toBe('—');
      expect(await footer(page, 'total').textContent()).not.toBe('—');
      // 8.5 may be what the periods already hold: then nothing is waiting to be discarded.
      if (await bar.isVisible()) await bar.getByRole('button', { name: 'Discard' }).click();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the Adjustments header is not under the sticky Total column at 1440 × 900', async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      await page.locator('tbody tr[data-driver-number]').first().waitFor({ timeout: 20_000 });
      // The Adjustments header is not under the sticky Total column at 1440 × 900.
      const headerOf = (name: string) => page.getByRole('columnheader', { name, exact: true });
      const clipped = await headerOf('Adjustments').evaluate(
        (header, total) => {
          const text = document.createRange();
          text.selectNodeContents(header);
          const right = Math.max(...[...text.getClientRects()].map((line) => line.right));
          const totalLeft = total.getBoundingClientRect().left;
          return right > totalLeft || header.scrollWidth > header.clientWidth
            ? `text ends at ${right}, Total starts at ${totalLeft}`
            : null;
        },
        await headerOf('Total').elementHandle(),
      );
      expect(clipped).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the adjustments panel: an amount not in euro says so, a half-typed one is not lost without asking', async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const period = (await periodsOf(week)).find(
      (candidate) => candidate.status === 'ACTIVE' || candidate.status === 'IN_REVIEW',
    );
    if (!period) throw new Error('The demo data has an editable pay period this week.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);

      await row.getByRole('button', { name: /^Adjustments of driver/ }).click();
      const panel = page.getByRole('dialog', { name: /adjustments$/ });
      await panel.waitFor();
      // No changes: Escape closes it at once.
      await panel.getByRole('textbox', { name: 'Description' }).focus();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await page.getByRole('dialog', { name: 'Discard changes?' }).count()).toBe(0);

      await row.getByRole('button', { name: /^Adjustments of driver/ }).click();
      await panel.waitFor();
      await panel.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Addition' }).click();
      await panel.getByRole('textbox', { name: 'Description' }).fill('Tolls');
      const amount = panel.getByRole('textbox', { name: 'Amount (€)' });
      for (const typed of ['12,50', 'ten']) {
        await amount.fill(typed);
        await panel.getByRole('button', { name: 'Add adjustment' }).click();
        await panel.getByText('Invalid amount: Enter an amount in euro, e.g. 12.50').waitFor();
        expect(await panel.getByText('Amount must be greater than 0').count()).toBe(0);
      }

      // A typed amount: Escape asks, 'Keep editing' (focused) keeps it.
      await amount.focus();
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Discard changes?' });
      await ask.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Keep editing');
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await amount.inputValue()).toBe('ten');
      // ✕ asks too; Discard changes closes the panel and nothing was added.
      await panel.getByRole('button', { name: 'Close' }).first().click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await panel.waitFor({ state: 'hidden' });
      expect(await row.getAttribute('data-changed')).toBe(null);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts finalise a period in review: it turns read-only', async () => {
    let inReview: PayPeriod | undefined;
    for (const week of recentPayWeeks(dublinToday())) {
      inReview = (await periodsOf(week)).find((period) => period.status === 'IN_REVIEW');
      if (inReview) break;
    }
    // Periods reach review when the Monday run moves an ended week; the demo data has last week in review.
    if (!inReview) throw new Error('The demo data has a pay period in review in the past six weeks.');
    const period = inReview;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${period.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      await row.getByRole('checkbox', { name: /to finalise$/ }).check();
      await page.getByRole('button', { name: 'Finalise 1 pay period' }).click();
      const confirm = page.getByRole('dialog', { name: 'Finalise 1 pay period' });
      await confirm.getByRole('button', { name: 'Finalise', exact: true }).click();
      await page.getByText('Pay periods finalised').first().waitFor();
      await expect.poll(() => row.getAttribute('data-status')).toBe('PENDING_PAYMENT');
      await row.getByText('Pending payment').waitFor();
      expect(await row.getByRole('textbox').count()).toBe(0);
      // Pending payment, it may only be selected to mark it paid (docs/decisions/013).
      expect(await row.getByRole('checkbox', { name: /to finalise$/ }).count()).toBe(0);
      await row.getByRole('checkbox', { name: /to mark paid$/ }).waitFor();
      const [finalised] = (await periodsOf({ start: period.start, end: period.end })).filter(
        (candidate) => candidate.id === period.id,
      );
      expect(finalised?.status).toBe('PENDING_PAYMENT');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("accounts download a driver's timesheet and proforma, and send the week's proformas", async () => {
    const week = recentPayWeeks(dublinToday())[1] as PayWeek;
    const period = (await periodsOf(week)).find((candidate) => candidate.basePay > 0);
    if (!period) throw new Error('The demo data has paid work last week.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      for (const item of ['Timesheet', 'Proforma']) {
        await row.getByRole('button', { name: `PDFs of driver ${period.driver.driverNumber}` }).click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: item, exact: true }).click(),
        ]);
        const bytes = await readFile((await download.path()) as string);
        expect(bytes.subarray(0, 5).toString(), item).toBe('%PDF-');
      }
      await page.getByRole('button', { name: 'Send proformas' }).click();
      await page.getByRole('dialog', { name: 'Send proformas' }).getByRole('button', { name: 'Send' }).click();
      await page.getByText('Proformas', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts e-mail the 12-week pay analysis and the exports, and message a driver', async () => {
    const week = recentPayWeeks(dublinToday())[1] as PayWeek;
    const period = (await periodsOf(week)).find((candidate) => candidate.basePay > 0);
    if (!period) throw new Error('The demo data has paid work last week.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);

      // The analysis is asked for 12 weeks (spec 2 §9) and answered with the spec's text (§8).
      await page.getByRole('button', { name: 'E-mail reports' }).click();
      const [request] = await Promise.all([
        page.waitForRequest((candidate) => candidate.url().endsWith('/api/pay/period/generate-driver-pay-report')),
        page.getByRole('menuitem', { name: 'Driver pay analysis (12 weeks)' }).click(),
      ]);
      expect(request.postDataJSON()).toEqual({ weeks: 12 });
      await page.getByText('Driver pay analysis report has been generated').first().waitFor();
      await page.getByRole('button', { name: 'E-mail reports' }).click();
      await page.getByRole('menuitem', { name: 'Driver exports for this week' }).click();
      await page.getByText('The driver pay exports for').first().waitFor();

      // A push message: both fields are checked before anything is sent, with the schema's limits.
      await row.getByRole('button', { name: `Message driver ${period.driver.driverNumber}` }).click();
      const dialog = page.getByRole('dialog', { name: /^Message to / });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await dialog.getByText('Please enter a title.').waitFor();
      await dialog.getByText('Please enter a message.').waitFor();
      await dialog.getByRole('textbox', { name: 'Title' }).fill('x'.repeat(101));
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Your pay for last week has been checked.');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await dialog.getByText('The title must be at most 100 characters.').waitFor();
      expect(await dialog.getByText('Please enter a message.').count()).toBe(0);
      await expectAccessible(page);
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Pay checked');
      // A 400 naming a field marks that field with the server's message; nothing is lost or closed.
      await page.route('**/api/pay/period/push-message', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'VALIDATION',
            message: 'The title is not allowed.',
            details: [{ field: 'body.title', message: 'The title is not allowed.' }],
          }),
        }),
      );
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await dialog.getByText('The title is not allowed.').waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Pay checked');
      await page.unroute('**/api/pay/period/push-message');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('queued for the driver app').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Merge extras is asked for with the driver downloads once switched on', async () => {
    const week = recentPayWeeks(dublinToday())[1] as PayWeek;
    const period = (await periodsOf(week)).find((candidate) => candidate.basePay > 0);
    if (!period) throw new Error('The demo data has paid work last week.');
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      const download = async () => {
        await row.getByRole('button', { name: `PDFs of driver ${period.driver.driverNumber}` }).click();
        const [request, file] = await Promise.all([
          page.waitForRequest((candidate) => candidate.url().includes('/api/pay/period/timesheet')),
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: 'Timesheet', exact: true }).click(),
        ]);
        const bytes = await readFile((await file.path()) as string);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        return new URL(request.url()).searchParams.get('mergeExtras');
      };
      expect(await download()).toBe('false');
      await page.getByRole('switch', { name: 'Merge extras' }).check();
      expect(await download()).toBe('true');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Display Zero Totals shows the drivers with nothing to pay, the switch at once, and the link keeps it', async () => {
    let found: { week: PayWeek; zero: PayPeriod } | undefined;
    for (const week of recentPayWeeks(dublinToday()).slice(0, 4)) {
      const zero = (await periodsOf(week)).find((candidate) => candidate.total === 0);
      if (zero) found = found ?? { week, zero };
    }
    if (!found) throw new Error('The demo data has a driver with nothing to pay in one of the last four weeks.');
    const { week, zero } = found;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}`);
      const grid = page.getByRole('region', { name: 'Pay periods' });
      await grid.locator('tbody tr[data-driver-number]').first().waitFor({ timeout: 20_000 });
      const zeroRow = page.locator(`tbody tr[data-driver-number="${zero.driver.driverNumber}"]`);
      // Not in the grid, top to bottom (it draws only the rows in view).
      await scrollDownTo(page, zeroRow);
      expect(await zeroRow.count()).toBe(0);
      // The grid counts its rows (aria-rowcount: the rows plus the header and the totals).
      const allRows = grid.locator(`table[aria-rowcount="${(await periodsOf(week)).length + 2}"]`);
      expect(await allRows.count()).toBe(0);

      const zeros = page.getByRole('switch', { name: 'Display Zero Totals' });
      expect(await switchFlipsAtOnce(zeros)).toBe(true);
      await waitForUrl(page, (url) => url.searchParams.get('zeros') === 'true');
      await allRows.waitFor();
      await rowOf(page, zero.driver.driverNumber);

      await page.reload();
      await allRows.waitFor({ timeout: 20_000 });
      await rowOf(page, zero.driver.driverNumber);
      expect(await zeros.isChecked()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts mark a pending-payment period paid: it stays greyed and locked', async () => {
    let pending: PayPeriod | undefined;
    for (const week of recentPayWeeks(dublinToday())) {
      pending = (await periodsOf(week)).find((period) => period.status === 'PENDING_PAYMENT' && period.total > 0);
      if (pending) break;
    }
    if (!pending) throw new Error('The demo data has a pay period pending payment in the past six weeks.');
    const period = pending;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${period.start}&zeros=true`);
      const row = await rowOf(page, period.driver.driverNumber);
      expect(await row.getByRole('textbox').count()).toBe(0);
      await row.getByRole('checkbox', { name: /to mark paid$/ }).check();
      await page.getByRole('button', { name: 'Mark 1 pay period paid' }).click();
      const confirm = page.getByRole('dialog', { name: 'Mark 1 pay period paid' });
      await confirm.getByText('Paid is final').waitFor();
      await confirm.getByRole('button', { name: 'Mark paid', exact: true }).click();
      await page.getByText('Pay periods paid').first().waitFor();
      await expect.poll(() => row.getAttribute('data-status')).toBe('PAID');
      await row.getByText('Paid', { exact: true }).waitFor();
      // Read-only and greyed: no input, nothing to select, the locked row colour.
      expect(await row.getByRole('textbox').count()).toBe(0);
      expect(await row.getByRole('checkbox').count()).toBe(0);
      expect(await cell(row, 'total').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(241, 243, 245)',
      );
      await expect.poll(() => page.getByRole('button', { name: 'Mark paid', exact: true }).isDisabled()).toBe(true);
      const [paid] = (await periodsOf({ start: period.start, end: period.end })).filter(
        (candidate) => candidate.id === period.id,
      );
      expect(paid?.status).toBe('PAID');
      expect(paid?.total).toBe(period.total);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('accounts add a driver with no pay settings to a week: the row warns, and an invoice is refused', async () => {
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    const number = 800_000 + (Date.now() % 90_000);
    const lastName = `Payless${number}`;
    const created = await api<{ id: number }>('accounts', '/drivers/create', {
      method: 'POST',
      body: { driverNumber: number, firstName: 'Aoife', lastName, email: `aoife.${number}@e2e.ie`, vehicle: 'bike' },
    });
    expect(created.status).toBeLessThan(300);
    const name = `Aoife ${lastName}`;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto(`/drivers/pay?week=${week.start}`);
      await page.getByRole('region', { name: 'Pay periods' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Add driver to week' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add driver to week' });
      await dialog.getByRole('button', { name: 'Add driver' }).click();
      await dialog.getByText('Please select a driver').waitFor();
      await dialog.getByRole('combobox', { name: 'Driver' }).fill(String(number));
      await page.getByRole('option', { name: `${number} ${name}` }).click();
      await dialog.getByRole('button', { name: 'Add driver' }).click();
      await page.getByText('Pay period created').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The new period totals €0.00: zero totals are shown so its row is in view.
      await expect.poll(() => new URL(page.url()).searchParams.get('zeros')).toBe('true');
      const row = await rowOf(page, number);
      await row.getByRole('img', { name: `Driver pay settings not found for ${name}` }).waitFor();
      expect(await row.getAttribute('data-status')).toBe('ACTIVE');
      expect((await periodsOf(week)).some((period) => period.driver.driverNumber === number)).toBe(true);

      await row.getByRole('button', { name: `PDFs of driver ${number}` }).click();
      await page.getByRole('menuitem', { name: 'Self-billing invoice' }).click();
      await page.getByText(`Driver pay settings not found for ${name}`).first().waitFor();
      await expectAccessible(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Spec 1 §2: the session ending goes to /login. The unsaved-changes guard held that move back, and
  // signed out its question is not drawn: the user was left on a blank screen with a '?' avatar.
  test('Save after the session ended on the server goes to /login, unsaved changes or not', async () => {
    const { week, period } = await activePeriodThisWeek();
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await changeDaysWorkedToTwo(page, week, period);

      // The session ends on the server (signed out elsewhere, or timed out): the next call answers 401.
      const token = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('courier.session') ?? '{}') as { accessToken: string }).accessToken,
      );
      const logout = await page.request.post(`${baseURL()}/api/auth/logout`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.ok()).toBe(true);
      const save = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/pay/period',
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await save).status()).toBe(401);

      await waitForUrl(page, (url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/drivers\/pay/);
      await page.getByLabel('Email').waitFor();
      const [kept] = (await periodsOf(week)).filter((candidate) => candidate.id === period.id);
      expect(kept?.daysWorked).toBe(period.daysWorked);
      expect(problems).toEqual([]);
    } finally {
      await restore(period);
      await context.close();
    }
  });

  test('with unsaved pay, another section asks to leave the page, another week asks to leave the week', async () => {
    const { week, period } = await activePeriodThisWeek();
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await changeDaysWorkedToTwo(page, week, period);
      const leave = page.getByRole('dialog', { name: 'Unsaved Changes' });

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoicing' }).click();
      await leave.waitFor();
      expect(await leave.textContent()).toContain(
        '1 pay period has changes that are not saved. Leave this page and lose them?',
      );
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/drivers/pay');

      await page.getByRole('combobox', { name: 'Pay period' }).click();
      await page.getByRole('option').nth(1).click();
      await leave.waitFor();
      expect(await leave.textContent()).toContain(
        '1 pay period has changes that are not saved. Leave this week and lose them?',
      );
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).searchParams.get('week')).toBe(week.start);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a dispatcher is refused driver pay', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/drivers/pay');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('region', { name: 'Pay periods' }).count()).toBe(0);
    const week = recentPayWeeks(dublinToday())[0] as PayWeek;
    expect((await api('dispatcher', weekPath(week))).status).toBe(403);
    await context.close();
  });
});
