import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseURL, browserForTests, expectAccessible } from '../support/browser.ts';
import { bookingRows as rows, openBookingList } from '../support/bookings.ts';

// Issue 10: at 1280x720 (and on a phone) the booking list shows its rows without scrolling the page. The filters fold
// into one line, the tag chips fold, the table is the one scroll area, a cut text has a tooltip and a
// badge is never cut. At 1440x900 the filters stay open and the rows still show.

const browser = browserForTests();
/** A shared, busy machine: these tests open the list several times over. */
const SLOW = 120_000;

async function openListAt(width: number, height: number, path = '/bookings/list') {
  const context = await browser().newContext({ baseURL: baseURL(), viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await openBookingList(page, 'accounts', { path });
  return { context, page, problems };
}

const pageScrolls = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) > window.innerHeight);
const firstRowInView = (page: Page) =>
  rows(page)
    .first()
    .evaluate((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

describe('booking list at 1280x720', () => {
  test(
    'shows the first row without scrolling the page; the table is the one scroll area',
    async () => {
      const { page, context, problems } = await openListAt(1280, 720);
      expect(await firstRowInView(page)).toBe(true);
      expect(await pageScrolls(page)).toBe(false);
      // The table body scrolls instead (a page of 100 rows is far taller than the window), virtualised.
      const table = page.getByRole('region', { name: 'Bookings' });
      expect(await table.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      expect(await rows(page).count()).toBeLessThan(60);
      await table.evaluate((element) => element.scrollTo({ top: 2000 }));
      await expect.poll(() => pageScrolls(page)).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "under the pricing tabs, the price review's list fits as well: the page does not scroll and its pages line is in view",
    async () => {
      const context = await browser().newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await openBookingList(page, 'pricing', { path: '/pricing/review' });
      expect(await pageScrolls(page)).toBe(false);
      const pages = page.getByRole('navigation', { name: 'Bookings pages' });
      const bottom = await pages.evaluate((element) => element.getBoundingClientRect().bottom);
      expect(bottom).toBeLessThanOrEqual(720);
      expect(await firstRowInView(page)).toBe(true);
      await context.close();
    },
    SLOW,
  );

  test(
    'folds the filters into a one-line summary that opens on click and from the keyboard',
    async () => {
      const { page, context } = await openListAt(1280, 720, '/bookings/list?statuses=delivered&statuses=failed');
      const toggle = page.getByRole('button', { name: /^Filters/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.textContent()).toContain('Status: Delivered, Failed');
      expect(await page.getByLabel('Reference', { exact: true }).isVisible()).toBe(false);

      await toggle.click();
      const open = page.getByRole('button', { name: /^Hide filters/ });
      expect(await open.getAttribute('aria-expanded')).toBe('true');
      await page.getByLabel('Reference', { exact: true }).waitFor({ state: 'visible' });
      // Open, the filters scroll inside their panel: the page still does not scroll.
      expect(await pageScrolls(page)).toBe(false);

      // Keyboard: focus the toggle and fold the filters again with Enter, then open them with Space.
      await open.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await page.getByLabel('Reference', { exact: true }).waitFor({ state: 'hidden' });
      await page.keyboard.press('Space');
      await expect.poll(() => open.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page);
      await context.close();
    },
    SLOW,
  );

  test(
    'truncates a long value with a tooltip holding it, and never cuts a badge',
    async () => {
      const { page, context } = await openListAt(1280, 720);
      // A cut cell: its text is wider than the cell (the From → To places are long).
      const cut = page.locator('tbody [data-truncates]').filter({ hasText: '→' }).first();
      const full = (await cut.textContent()) ?? '';
      expect(await cut.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      // Scrolled into view first: the table hides its tooltip when it scrolls, as hovering would scroll it.
      await cut.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await cut.hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe(full);
      await page.mouse.move(5, 5);
      await tooltip.waitFor({ state: 'detached' });

      // Badges: every status badge in view, and the Review badges, show whole ('REVI…' never).
      const badges = page.locator('tbody [data-badge]');
      expect(await badges.count()).toBeGreaterThan(0);
      const cutBadges = await badges.evaluateAll((elements) =>
        elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent),
      );
      expect(cutBadges).toEqual([]);
      const boxesInsideCells = await badges.evaluateAll((elements) =>
        elements.every((element) => {
          const cell = element.closest('td')?.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return cell !== undefined && box.right <= cell.right + 0.5;
        }),
      );
      expect(boxesInsideCells).toBe(true);
      // Nor does a badge's cell cut what follows it with an ellipsis ('Out for delivery …').
      const cutCells = await badges.evaluateAll((elements) =>
        elements
          .map((element) => element.closest<HTMLElement>('[data-truncates]'))
          .filter((cell) => cell !== null && cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell?.textContent),
      );
      expect(cutCells).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    'keeps the reference column in view while the table scrolls sideways',
    async () => {
      const { page, context } = await openListAt(1280, 720);
      const table = page.getByRole('region', { name: 'Bookings' });
      const firstRow = rows(page).first();
      const reference = firstRow.getByRole('button', { name: /^Open booking / });
      const created = firstRow.locator('td').nth(1);
      const leftOf = async (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((element) => element.getBoundingClientRect().left);
      const tableLeft = await leftOf(table);
      const referenceLeft = await leftOf(reference);
      const createdLeft = await leftOf(created);
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

      await table.evaluate((element) => element.scrollTo({ left: 300, top: 0 }));
      // The row's other cells moved left with the scroll; its reference stayed where it was, on top of them.
      await expect.poll(() => leftOf(created)).toBeLessThan(createdLeft - 250);
      expect(await leftOf(reference)).toBe(referenceLeft);
      expect(
        await reference.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return document.elementFromPoint(box.left + 4, box.top + box.height / 2) === element;
        }),
      ).toBe(true);

      // Back at the left edge, everything is where it started.
      await table.evaluate((element) => element.scrollTo({ left: 0, top: 0 }));
      await expect.poll(() => leftOf(created)).toBe(createdLeft);
      expect(await leftOf(reference)).toBe(referenceLeft);
      expect(referenceLeft).toBeGreaterThanOrEqual(tableLeft);
      await context.close();
    },
    SLOW,
  );

  test(
    'folds the tag chips of the summary behind "Show N more"',
    async () => {
      const { page, context } = await openListAt(1280, 720);
      const chips = page.getByRole('group', { name: 'Bookings per tag' });
      const visibleChips = chips.locator('.mantine-Badge-root:visible');
      await visibleChips.first().waitFor();
      const more = chips.getByRole('button', { name: /^Show \d+ more$/ });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      const folded = await visibleChips.count();
      const hidden = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
      // Folded, the chips keep to one line.
      const heights = await chips.evaluate((element) => element.getBoundingClientRect().height);
      expect(heights).toBeLessThan(40);
      await more.click();
      await expect.poll(() => visibleChips.count()).toBe(folded + hidden);
      expect(await chips.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
      await context.close();
    },
    SLOW,
  );
  test(
    'the tag filter panel stays inside the window and every tag can be reached',
    async () => {
      const { page, context, problems } = await openListAt(1280, 720);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('button', { name: 'Any tag' }).click();
      const panel = page.locator('.mantine-Popover-dropdown').filter({ hasText: 'Only show bookings with' });
      await panel.waitFor();
      await expect
        .poll(() => panel.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight))
        .toBe(true);
      // The last tag is reached from the keyboard: it scrolls into view within the panel, and its switch answers.
      const last = panel.getByRole('switch', { name: 'DRIVER TRANSFER' });
      await last.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => last.isChecked()).toBe(true);
      const label = panel.getByText('DRIVER TRANSFER');
      expect(
        await label.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});

describe('booking list at 1440x900', () => {
  test(
    'keeps the filters open and still shows rows without scrolling the page',
    async () => {
      const { page, context } = await openListAt(1440, 900);
      expect(await page.getByRole('button', { name: /^Hide filters/ }).getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByLabel('Reference', { exact: true }).isVisible()).toBe(true);
      expect(await firstRowInView(page)).toBe(true);
      expect(await pageScrolls(page)).toBe(false);
      // Comfortable: several rows show, not a sliver.
      const tableHeight = await page
        .getByRole('region', { name: 'Bookings' })
        .evaluate((element) => element.getBoundingClientRect().height);
      expect(tableHeight).toBeGreaterThan(300);
      await expectAccessible(page);
      await context.close();
    },
    SLOW,
  );
});

describe('booking list on a phone (390x844)', () => {
  test(
    'starts with the filters folded so the rows show; they unfold on a tap and keep what was typed',
    async () => {
      const { page, context, problems } = await openListAt(390, 844);
      const toggle = page.getByRole('button', { name: /^Filters/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await firstRowInView(page)).toBe(true);

      await toggle.click();
      const reference = page.getByLabel('Reference', { exact: true });
      await reference.waitFor({ state: 'visible' });
      await reference.fill('B100');
      await page.getByRole('button', { name: /^Hide filters/ }).click();
      await reference.waitFor({ state: 'hidden' });
      await toggle.click();
      await reference.waitFor({ state: 'visible' });
      expect(await reference.inputValue()).toBe('B100');
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "shows the summary's figures whole, with its buttons under them and nothing wider than the screen",
    async () => {
      const { page, context, problems } = await openListAt(390, 844);
      const summary = page.getByRole('region', { name: 'Booking summary' });
      const boxOf = async (text: string) => {
        // The label with its figure under it.
        const box = await summary.getByText(text, { exact: true }).locator('..').boundingBox();
        if (!box) throw new Error(`no '${text}' in the summary`);
        return box;
      };
      const download = await summary.getByRole('button', { name: 'Download CSV' }).boundingBox();
      const report = await summary.getByRole('button', { name: 'Report' }).boundingBox();
      for (const label of ['Bookings', 'Driver cost', 'Margin']) {
        const figure = await boxOf(label);
        for (const button of [download, report]) {
          if (!button) throw new Error('a summary button is missing');
          const overlaps =
            figure.x < button.x + button.width &&
            button.x < figure.x + figure.width &&
            figure.y < button.y + button.height &&
            button.y < figure.y + figure.height;
          expect(overlaps, `${label} is covered by a button`).toBe(false);
        }
        expect(figure.x + figure.width).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
