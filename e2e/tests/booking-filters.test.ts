import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, openPage, waitForUrl } from '../support/browser.ts';
import { descriptionsOf } from '../support/steps.ts';
import { bookingListLoads as listLoads, bookingRows as rows, openBookingList } from '../support/bookings.ts';

// The booking list's filters (spec 2 §2): what is typed is the filter applied, or its message shows at
// the field and no search runs without it; Enter in any filter runs the search.

const browser = browserForTests();
/** A shared, busy machine: each test opens the list and runs several searches. */
const SLOW = 120_000;

const openList = (page: Page, path?: string) => openBookingList(page, 'accounts', { path });

/** The one-line summary of the active filters above the form. */
const filterLine = (page: Page) => page.getByRole('button', { name: /^(Hide filters|Filters)/ }).getAttribute('title');
const runSearchButtons = (page: Page) => page.getByRole('button', { name: 'Run search' }).count();

async function typeAndEnter(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(text);
  await field.press('Enter');
}

describe('booking list: number filters', () => {
  test(
    'a charge or weight typed with trailing zeros is that number: applied, run and named in the filter line',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);

      await typeAndEnter(page, 'Charge min', '20.00');
      await expect.poll(() => loads.some((url) => url.searchParams.get('chargeFrom') === '20')).toBe(true);
      await waitForUrl(page, (url) => url.searchParams.get('chargeFrom') === '20');
      // The line follows the URL on the next render: read it when it has come.
      await expect.poll(() => filterLine(page)).toBe('Charge min: €20.00');
      expect(await page.getByLabel('Charge min', { exact: true }).inputValue()).toBe('€20.00');

      // An applied €12.5 written again as €12.50 is the same filter, not none.
      await typeAndEnter(page, 'Charge min', '12.5');
      await waitForUrl(page, (url) => url.searchParams.get('chargeFrom') === '12.5');
      await typeAndEnter(page, 'Charge min', '12.50');
      await page.getByLabel('Charge max', { exact: true }).focus();
      await expect.poll(() => loads.at(-1)?.searchParams.get('chargeFrom')).toBe('12.5');
      expect(new URL(page.url()).searchParams.get('chargeFrom')).toBe('12.5');
      await expect.poll(() => filterLine(page)).toBe('Charge min: €12.50');
      expect(await runSearchButtons(page)).toBe(0);

      // Driver pay the same; weight and carrier cost in the ON / OS tab.
      await typeAndEnter(page, 'Driver pay max', '30.0');
      await expect.poll(() => loads.some((url) => url.searchParams.get('driverPayTo') === '30')).toBe(true);
      await page.getByRole('tab', { name: 'ON / OS' }).click();
      await waitForUrl(page, (url) => url.searchParams.get('view') === 'ON_OS');
      await typeAndEnter(page, 'Weight min (kg)', '0.50');
      await expect.poll(() => loads.some((url) => url.searchParams.get('weightFrom') === '0.5')).toBe(true);
      await typeAndEnter(page, 'Carrier cost max', '100.00');
      await expect
        .poll(() =>
          loads.some(
            (url) => url.searchParams.get('weightFrom') === '0.5' && url.searchParams.get('carrierCostTo') === '100',
          ),
        )
        .toBe(true);
      await expect
        .poll(() => filterLine(page))
        .toBe('Charge min: €12.50 · Weight min (kg): 0.5 · Carrier cost max: €100.00');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "an amount above the filter's limit shows its message at the field, and no search runs without it",
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);
      const chargeMin = page.getByLabel('Charge min', { exact: true });

      await typeAndEnter(page, 'Charge min', '99999999999999');
      await expect
        .poll(() => descriptionsOf(page, chargeMin))
        .toContain('Charge min must be at most €1,000,000,000.00.');
      expect(await chargeMin.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => filterLine(page)).toBe('Charge min: €99,999,999,999,999.00 (not applied)');
      expect(new URL(page.url()).searchParams.has('chargeFrom')).toBe(false);

      // Enter in another filter runs no search either: the focus goes to the field to correct.
      await typeAndEnter(page, 'Reference', 'B0');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === 'B0');
      expect(await runSearchButtons(page)).toBe(1);
      await page.getByRole('button', { name: 'Run search' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

      // Corrected, it runs: the one search is the corrected one.
      await typeAndEnter(page, 'Charge min', '999999999.99');
      await expect.poll(() => loads.length).toBe(1);
      expect(loads[0]?.searchParams.get('chargeFrom')).toBe('999999999.99');
      expect(loads[0]?.searchParams.get('searchQuery')).toBe('B0');
      expect(await descriptionsOf(page, chargeMin)).not.toContain('Charge min must be at most €1,000,000,000.00.');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'folded, Run search with a refused filter opens the filters and puts the focus on that filter',
    async () => {
      const { page, context, problems } = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
      await openList(page);
      const loads = listLoads(page);
      const toggle = page.getByRole('button', { name: /^(Hide filters|Filters)/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await typeAndEnter(page, 'Charge min', '1000000000.50');
      await page.getByLabel('Reference', { exact: true }).fill('B0');
      await waitForUrl(page, (url) => url.searchParams.get('searchQuery') === 'B0');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('status').filter({ hasText: 'Run search' }).textContent()).toContain(
        'A filter needs correcting before the search can run.',
      );

      await page.getByRole('button', { name: 'Run search' }).click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      const chargeMin = page.getByLabel('Charge min', { exact: true });
      await expect.poll(() => chargeMin.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await descriptionsOf(page, chargeMin)).toContain('Charge min must be at most €1,000,000,000.00.');
      expect(loads).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'a min above its max shows a message at the field, as a To before its From does, and is not applied',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);
      const chargeMin = page.getByLabel('Charge min', { exact: true });
      const chargeMax = page.getByLabel('Charge max', { exact: true });

      await typeAndEnter(page, 'Charge max', '10');
      await expect.poll(() => loads.some((url) => url.searchParams.get('chargeTo') === '10')).toBe(true);
      await typeAndEnter(page, 'Charge min', '50');
      await expect.poll(() => descriptionsOf(page, chargeMin)).toContain('Charge min must not be above Charge max.');
      await expect.poll(() => filterLine(page)).toBe('Charge min: €50.00 (not applied) · Charge max: €10.00');
      expect(new URL(page.url()).searchParams.has('chargeFrom')).toBe(false);

      // The same from the other side: with a min of 5 applied, a max of 4 is refused at the max.
      await typeAndEnter(page, 'Charge min', '5');
      await expect.poll(() => loads.some((url) => url.searchParams.get('chargeFrom') === '5')).toBe(true);
      expect(await descriptionsOf(page, chargeMin)).not.toContain('Charge min must not be above Charge max.');
      await typeAndEnter(page, 'Charge max', '4.00');
      await expect.poll(() => descriptionsOf(page, chargeMax)).toContain('Charge max must not be below Charge min.');
      // Equal bounds are a range of one amount.
      await typeAndEnter(page, 'Charge max', '5.00');
      await expect
        .poll(() =>
          loads.some((url) => url.searchParams.get('chargeFrom') === '5' && url.searchParams.get('chargeTo') === '5'),
        )
        .toBe(true);
      expect(loads.some((url) => ['50', '4'].includes(url.searchParams.get('chargeFrom') ?? ''))).toBe(false);
      expect(loads.some((url) => url.searchParams.get('chargeTo') === '4')).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'a driver number too large is refused at the field; the filter line shows it as typed, not "No filters"',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const driverNumber = page.getByLabel('Driver number', { exact: true });
      await typeAndEnter(page, 'Driver number', '2147483648');
      await expect.poll(() => filterLine(page)).toBe('Driver number: 2147483648 (not applied)');
      expect(await descriptionsOf(page, driverNumber)).toContain('Driver number must be at most 2,147,483,647.');
      expect(await page.getByText('This search cannot run').count()).toBe(0);
      expect(await rows(page).count()).toBeGreaterThan(0);

      // Clear filters empties the fields, their messages and the line, a refused day's too.
      await typeAndEnter(page, 'From', '31/02/26');
      await expect
        .poll(() => filterLine(page))
        .toBe('From: 31/02/26 (not applied) · Driver number: 2147483648 (not applied)');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => filterLine(page)).toBe('No filters');
      expect(await driverNumber.inputValue()).toBe('');
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
      expect(await driverNumber.getAttribute('aria-invalid')).not.toBe('true');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'a minus or a decimal point is kept as typed: a charge of -5 and driver number 1.5 are refused at the field, never searched as 5 or 15',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);
      const chargeMin = page.getByLabel('Charge min', { exact: true });
      const driverNumber = page.getByLabel('Driver number', { exact: true });

      await chargeMin.pressSequentially('-5');
      await chargeMin.press('Enter');
      await expect.poll(() => descriptionsOf(page, chargeMin)).toContain('Charge min must not be below 0.');
      expect(await chargeMin.inputValue()).toBe('-€5');
      await chargeMin.blur();
      expect(await chargeMin.inputValue()).toBe('-€5');

      await driverNumber.pressSequentially('1.5');
      await driverNumber.press('Enter');
      await expect.poll(() => descriptionsOf(page, driverNumber)).toContain('Driver number must be a whole number.');
      expect(await driverNumber.inputValue()).toBe('1.5');
      await page.waitForTimeout(1_000); // typing pauses apply a filter after 500 ms
      expect(loads.some((url) => url.searchParams.has('chargeFrom') || url.searchParams.has('driverNumber'))).toBe(
        false,
      );
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});

/** From the keyboard alone: opens the dropdown, moves down to `option` and picks it with Enter. */
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox', { name: label });
  const highlighted = () =>
    list.evaluate((element) => element.querySelector('[data-combobox-selected]')?.textContent ?? null);
  for (let step = 0; step < 20 && (await highlighted()) !== option; step += 1) await page.keyboard.press('ArrowDown');
  expect(await highlighted()).toBe(option);
  await page.keyboard.press('Enter');
}

describe('booking list: Enter in a single-choice dropdown', () => {
  test(
    'picks the highlighted option while the dropdown is open, and runs the search once it is closed',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);
      const cases = [
        { label: 'Vehicle', option: 'Motorbike', param: 'vehicle', chosen: 'BIKE' },
        { label: 'Order', option: 'Ascending', param: 'sortDirection', chosen: 'asc' },
        { label: 'Sort by', option: 'Reference', param: 'sortBy', chosen: 'reference' },
        { label: 'Service', option: 'Standard', param: 'service', chosen: 'STANDARD' },
      ];
      for (const { label, option, param, chosen } of cases) {
        const select = page.getByRole('combobox', { name: label, exact: true });
        await pickOption(page, label, option);
        // Enter picked the option and closed the dropdown: the search is ready, not run.
        await waitForUrl(page, (url) => url.searchParams.get(param) === chosen);
        await expect.poll(() => select.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => runSearchButtons(page)).toBe(1);

        await page.keyboard.press('Enter');
        await expect.poll(() => loads.some((url) => url.searchParams.get(param) === chosen)).toBe(true);
        await expect.poll(() => runSearchButtons(page)).toBe(0);
        expect(await select.getAttribute('aria-expanded')).toBe('false');
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'in the ON / OS tab, Enter in the closed tariff service dropdown runs the search',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page, '/bookings/list?view=ON_OS');
      const loads = listLoads(page);
      const select = page.getByRole('combobox', { name: 'Tariff service', exact: true });
      await pickOption(page, 'Tariff service', 'Domestic Overnight');
      await waitForUrl(page, (url) => url.searchParams.has('tariffService'));
      const chosen = new URL(page.url()).searchParams.get('tariffService');
      await expect.poll(() => runSearchButtons(page)).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => loads.some((url) => url.searchParams.get('tariffService') === chosen)).toBe(true);
      await expect.poll(() => runSearchButtons(page)).toBe(0);
      expect(await select.getAttribute('aria-expanded')).toBe('false');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});

describe('booking list: date filters', () => {
  test(
    'Enter on a From that is not a day shows its message and runs no search; nor does Run search or Enter elsewhere until it is put right',
    async () => {
      const { page, context, problems } = await openPage(browser());
      await openList(page);
      const loads = listLoads(page);
      const from = page.getByLabel('From', { exact: true });

      // A filter changed first, so Run search shows: the search is ready but must not run without From.
      await typeAndEnter(page, 'Reference', 'B1');
      await expect.poll(() => loads.length).toBe(1);
      await page.getByLabel('Reference', { exact: true }).fill('B10');
      await expect.poll(() => runSearchButtons(page)).toBe(1);

      await typeAndEnter(page, 'From', '31/02/26');
      await expect
        .poll(() => descriptionsOf(page, from))
        .toContain('31/02/26 is not a date: February 2026 has 28 days.');
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      // Refused, the day is on the line as typed, and the notice says why the search waits.
      await expect.poll(() => filterLine(page)).toBe('Reference: B10 · From: 31/02/26 (not applied)');
      expect(await page.getByText('A filter needs correcting before the search can run.').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Run search' }).click();
      await expect.poll(() => from.evaluate((field) => field === document.activeElement)).toBe(true);
      await typeAndEnter(page, 'Reference', 'B10');
      // Give a search that should not run the time to leave.
      await page.waitForTimeout(1000);
      expect(loads).toHaveLength(1);

      await typeAndEnter(page, 'From', '01/02/26');
      await expect
        .poll(() => loads.some((url) => url.searchParams.get('windowStart')?.startsWith('2026-02-01')))
        .toBe(true);
      expect(loads.at(-1)?.searchParams.get('searchQuery')).toBe('B10');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
