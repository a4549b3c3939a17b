import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForTests, openPage, signIn } from '../support/browser.ts';
import { apiGetAs } from '../support/api.ts';

const browser = browserForTests();
const SLOW = 120_000;

interface ListedBooking {
  reference: string;
  companyId: number;
  jobs: { reference: string; tags: string[] }[];
}

/** The last untagged one-job Same Day booking and its job's reference: the booking list's own tag test takes the first. */
async function untaggedOneJobBooking(): Promise<{ target: ListedBooking; job: string }> {
  const get = await apiGetAs('dispatcher');
  const { bookings } = await get<{ bookings: ListedBooking[] }>('/bookings?size=100&view=SAME_DAY');
  const target = bookings.findLast((booking) => booking.jobs.length === 1 && booking.jobs[0]?.tags.length === 0);
  if (!target) throw new Error('a demo booking with one untagged job');
  return { target, job: target.jobs[0]?.reference ?? '' };
}

async function openBooking(
  page: Page,
  role: 'dispatcher' | 'telephonist',
  reference: string,
  { withKeyboard = false } = {},
): Promise<Locator> {
  await signIn(page, role, { from: `/bookings/list?searchQuery=${reference}` });
  const opener = page.getByRole('button', { name: `Open booking ${reference}` });
  await opener.waitFor({ timeout: 20_000 });
  if (withKeyboard) {
    await opener.focus();
    await page.keyboard.press('Enter');
  } else await opener.click();
  const panel = page.getByRole('dialog', { name: `Booking ${reference}` });
  await panel.getByRole('heading', { name: 'Details' }).waitFor();
  return panel;
}

/**
 * Picks a tag from the focused add field as the reviewer did: type, ArrowDown, Enter. Each key waits
 * for what the one before it drew (the list, then its first choice marked), as a person would see it
 * before pressing on: on a busy machine a key sent sooner found no list and picked nothing.
 */
async function chooseTag(page: Page, typed: string, tag: string): Promise<void> {
  await page.keyboard.type(typed);
  const option = page.getByRole('option', { name: tag, exact: true });
  await option.waitFor();
  await page.keyboard.press('ArrowDown');
  // Mantine marks the choice ArrowDown moved to so (aria-selected is for the field's chosen value).
  await expect.poll(() => option.getAttribute('data-combobox-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

/** The server refuses every tag change from `page` (409), so the booking stays as it was. */
const refuseTagChanges = (page: Page) =>
  page.route('**/api/bookings/tag', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'CONFLICT', message: 'This job was changed by someone else: reload it.' }),
    }),
  );

/** The focused element's accessible name as the tests find it (its aria-label), or what it is when it has none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return active.getAttribute('aria-label') ?? active.tagName.toLowerCase();
  });
const focusInside = (panel: Locator) => panel.evaluate((element) => element.contains(document.activeElement));

/** How far the panel's content runs past its own width, in pixels (0: nothing scrolls sideways). */
const sidewaysOverflow = (panel: Locator) => panel.evaluate((element) => element.scrollWidth - element.clientWidth);

describe('booking details: job tags from the keyboard', () => {
  test(
    'adding and removing tags keeps the focus in the tag editor, and Escape still closes the panel',
    async () => {
      const get = await apiGetAs('dispatcher');
      const { target, job } = await untaggedOneJobBooking();
      const tagsOfJob = async () =>
        (await get<{ jobs: { tags: string[] }[] }>(`/booking/${target.reference}`)).jobs[0]?.tags;

      const { page, context, problems } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
      const panel = await openBooking(page, 'dispatcher', target.reference, { withKeyboard: true });
      const opener = `Open booking ${target.reference}`;
      const tags = panel.getByRole('group', { name: `Tags of ${job}` });
      const addField = panel.getByRole('combobox', { name: `Add a tag to ${job}` });
      const saving = panel.getByRole('status').filter({ hasText: 'Saving tags...' });
      const escapeCloses = async () => {
        await page.keyboard.press('Escape');
        await expect.poll(() => panel.count()).toBe(0);
        await expect.poll(() => focused(page)).toBe(opener);
      };

      // The first save is held until the test lets it through: the focus must stay while it is saving too.
      let letThrough = () => {};
      const held = new Promise<void>((resolve) => (letThrough = resolve));
      await page.route('**/api/bookings/tag', async (route) => {
        await held;
        await route.continue();
      });
      // The panel has taken the focus as it opened; then the reviewer's steps: type, ArrowDown, Enter.
      await expect.poll(() => focusInside(panel)).toBe(true);
      await addField.focus();
      await chooseTag(page, 'Batch', 'BATCH');
      await saving.waitFor();
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      letThrough();
      await saving.waitFor({ state: 'detached' });
      await page.unroute('**/api/bookings/tag');
      await tags.getByRole('button', { name: 'Remove tag BATCH' }).waitFor();
      expect(await tagsOfJob()).toEqual(['BATCH']);
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      // The typed search is gone with the tag it found, ready for the next one.
      expect(await addField.inputValue()).toBe('');
      // Tab stays in the panel (it went to the sidebar behind it), and Escape closes the panel.
      await page.keyboard.press('Tab');
      expect(await focusInside(panel)).toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      await escapeCloses();

      await page.keyboard.press('Enter');
      await expect.poll(() => focusInside(panel)).toBe(true);
      await addField.focus();
      await chooseTag(page, 'Tail', 'TAIL LIFT');
      await tags.getByRole('button', { name: 'Remove tag TAIL LIFT' }).waitFor();
      await saving.waitFor({ state: 'detached' });
      expect((await tagsOfJob())?.toSorted()).toEqual(['BATCH', 'TAIL_LIFT']);
      expect(await focused(page)).toBe(`Add a tag to ${job}`);

      // A removed chip's button goes; the focus goes on to the next chip's...
      const [first, second] = await tags
        .getByRole('button', { name: /^Remove tag / })
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
      await tags.getByRole('button', { name: first }).focus();
      await page.keyboard.press('Enter');
      await tags.getByRole('button', { name: first }).waitFor({ state: 'detached' });
      expect(await focused(page)).toBe(second);
      await saving.waitFor({ state: 'detached' });
      expect(await tagsOfJob()).toHaveLength(1);
      expect(await focused(page)).toBe(second);

      // ...or, with none after it, to the add field; and Escape still closes the panel.
      await page.keyboard.press('Enter');
      await tags.getByText('No tags').waitFor();
      await saving.waitFor({ state: 'detached' });
      expect(await tagsOfJob()).toEqual([]);
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      await escapeCloses();
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "on a busy machine, Enter takes the tag ArrowDown chose, though the list's own marking runs late",
    async () => {
      const { target, job } = await untaggedOneJobBooking();

      const { page, context, problems } = await openPage(browser());
      // A busy machine, as CI's: the list's zero-delay timers (Mantine's marking of the chosen option)
      // run 1.5 s late. Once the panel is open only, so the page loads as usual.
      await page.addInitScript(() => {
        const setTimeoutNow = window.setTimeout.bind(window);
        const late = window as { lateListTimers?: boolean };
        window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
          setTimeoutNow(
            handler,
            late.lateListTimers && !delay && String(handler).includes('combobox') ? 1_500 : delay,
            ...rest,
          )) as typeof window.setTimeout;
      });
      const panel = await openBooking(page, 'dispatcher', target.reference, { withKeyboard: true });
      await page.evaluate(() => void ((window as { lateListTimers?: boolean }).lateListTimers = true));
      // The change is refused, so the booking stays as it was: the alert shows it was sent.
      await refuseTagChanges(page);
      await expect.poll(() => focusInside(panel)).toBe(true);
      await panel.getByRole('combobox', { name: `Add a tag to ${job}` }).focus();
      await page.keyboard.type('Batch');
      const option = page.getByRole('option', { name: 'BATCH', exact: true });
      await option.waitFor();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => option.getAttribute('data-combobox-selected')).toBe('true');
      // The user reads the highlighted choice, then presses Enter: the late timers have run by now.
      await page.waitForTimeout(2_000);
      await page.keyboard.press('Enter');
      const alert = panel.getByRole('alert').filter({ hasText: 'Tags not saved' });
      await alert.waitFor({ timeout: 5_000 });
      await alert.getByRole('button', { name: 'Undo' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  test(
    "a refused change's Try again and Undo leave the focus on the add field",
    async () => {
      const { target, job } = await untaggedOneJobBooking();

      const { page, context } = await openPage(browser());
      const panel = await openBooking(page, 'dispatcher', target.reference, { withKeyboard: true });
      await refuseTagChanges(page);
      const alert = panel.getByRole('alert').filter({ hasText: 'Tags not saved' });
      await expect.poll(() => focusInside(panel)).toBe(true);
      await panel.getByRole('combobox', { name: `Add a tag to ${job}` }).focus();
      await chooseTag(page, 'Batch', 'BATCH');
      await alert.waitFor();
      expect(await focused(page)).toBe(`Add a tag to ${job}`);

      // The alert goes while it tries again (and comes back, refused again): the focus is on the add field.
      await alert.getByRole('button', { name: 'Try again' }).focus();
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Undo' }).focus();
      await page.keyboard.press('Enter');
      await alert.waitFor({ state: 'detached' });
      expect(await panel.getByRole('button', { name: 'Remove tag BATCH' }).count()).toBe(0);
      expect(await focused(page)).toBe(`Add a tag to ${job}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
      await context.close();
    },
    SLOW,
  );
});

describe('booking details: long values wrap inside the panel', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    test(
      `a client reference of 188 characters in one word wraps, at ${viewport.width}x${viewport.height}`,
      async () => {
        const get = await apiGetAs('telephonist');
        const { bookings } = await get<{ bookings: ListedBooking[] }>('/bookings?size=300&view=SAME_DAY');
        let target: ListedBooking | undefined;
        for (const companyId of [...new Set(bookings.map((booking) => booking.companyId))]) {
          const definitions = await get<{ values: string[] }[]>(`/company/${companyId}/references`);
          if (definitions.length > 0 && definitions.every((definition) => definition.values.length === 0)) {
            target = bookings.findLast((booking) => booking.companyId === companyId);
            break;
          }
        }
        if (!target) throw new Error('a demo company with free-text client references');
        // The reviewer's value, within the 200 characters allowed (the same booking at each size: saved again).
        const long = `PO-LONG-${'Q'.repeat(180)}`;

        const { page, context, problems } = await openPage(browser(), { viewport });
        const panel = await openBooking(page, 'telephonist', target.reference);
        await panel.getByRole('button', { name: 'Edit', exact: true }).click();
        const modal = page.getByRole('dialog', { name: `Edit Client References for ${target.reference}` });
        const inputs = modal.getByRole('textbox');
        await inputs.first().waitFor();
        await inputs.first().fill(long);
        for (let i = 1; i < (await inputs.count()); i++)
          if (!(await inputs.nth(i).inputValue())) await inputs.nth(i).fill(`E2E-${i + 1}`);
        await modal.getByRole('button', { name: 'Save' }).click();
        await modal.waitFor({ state: 'detached' });
        const value = panel.getByText(long);
        await value.waitFor();

        expect(await sidewaysOverflow(panel)).toBe(0);
        const [box, panelBox] = [await value.boundingBox(), await panel.boundingBox()];
        if (!box || !panelBox) throw new Error('the value and the panel are on screen');
        expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
        // Its Edit button stays on screen beside (or under) it.
        const edit = await panel.getByRole('button', { name: 'Edit', exact: true }).boundingBox();
        expect((edit?.x ?? Infinity) + (edit?.width ?? 0)).toBeLessThanOrEqual(panelBox.x + panelBox.width);
        expect(problems).toEqual([]);
        await context.close();
      },
      SLOW,
    );
  }

  test(
    'long names, addresses and notes wrap too',
    async () => {
      const get = await apiGetAs('dispatcher');
      const { bookings } = await get<{ bookings: ListedBooking[] }>('/bookings?size=100&view=SAME_DAY');
      const target = bookings.find((booking) => booking.jobs.length === 1);
      if (!target) throw new Error('a demo booking with one job');
      const unbroken = (name: string) => `${name}-${'W'.repeat(150)}`;

      const { page, context, problems } = await openPage(browser(), { viewport: { width: 1280, height: 720 } });
      // The booking as the server sends it, every free text made one long word: the longest a person might type.
      await page.route(`**/api/booking/${target.reference}`, async (route) => {
        const response = await route.fetch();
        const booking = await response.json();
        const place = (name: string) => ({
          placeId: name,
          name: unbroken(`${name}NAME`),
          addressLineOne: unbroken(`${name}LINE`),
          addressLineTwo: '',
          city: 'Dublin',
          postCode: unbroken(`${name}CODE`),
          country: 'Ireland',
        });
        booking.user = { id: 1, firstName: unbroken('FIRST'), lastName: 'Last', email: 'a@b.ie', phone: '' };
        booking.staff = { id: 2, firstName: unbroken('STAFF'), lastName: 'Last', email: 'c@b.ie', phone: '' };
        booking.company = { ...booking.company, name: unbroken('COMPANY') };
        booking.notes = unbroken('NOTES');
        booking.goodsDescription = unbroken('GOODS');
        booking.packageType = unbroken('PACKAGE');
        booking.service = { ...booking.service, name: unbroken('SERVICE') };
        for (const job of booking.jobs) {
          job.collection = place('COLLECTION');
          job.delivery = place('DELIVERY');
          job.internalNotes = unbroken('INTERNAL');
          job.signedBy = unbroken('SIGNED');
          job.needsSameDayReview = true;
          job.needsSameDayReviewReason = unbroken('REVIEW');
        }
        await route.fulfill({ response, json: booking });
      });
      // A tracking event as the dispatch system might send it.
      await page.route('**/api/tracking/events?*', async (route) => {
        const response = await route.fetch();
        const tracking = await response.json();
        tracking.events.unshift({
          id: 999_999,
          at: new Date().toISOString(),
          jobReference: target.jobs[0]?.reference,
          bookingReference: target.reference,
          status: 'delivered',
          statusLabel: 'Delivered',
          causedBy: { kind: 'driver', name: unbroken('DRIVER') },
          detail: unbroken('DETAIL'),
        });
        tracking.count += 1;
        await route.fulfill({ response, json: tracking });
      });
      const panel = await openBooking(page, 'dispatcher', target.reference);
      await panel.getByText(unbroken('NOTES')).waitFor();
      await panel.getByText(unbroken('DETAIL')).waitFor();
      expect(await sidewaysOverflow(panel)).toBe(0);
      const panelBox = await panel.boundingBox();
      if (!panelBox) throw new Error('the panel is on screen');
      for (const text of [
        'FIRST',
        'STAFF',
        'COMPANY',
        'NOTES',
        'GOODS',
        'PACKAGE',
        'SERVICE',
        'INTERNAL',
        'SIGNED',
        'REVIEW',
        'COLLECTIONLINE',
        'DRIVER',
        'DETAIL',
        'DELIVERYCODE',
      ]) {
        const box = await panel.getByText(unbroken(text), { exact: false }).first().boundingBox();
        expect(box, text).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), text).toBeLessThanOrEqual(panelBox.x + panelBox.width);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});

describe('booking details: a booking that does not load', () => {
  test(
    'a server failure says so and offers Try again; only a booking that is not there is "Failed to find related booking"',
    async () => {
      const get = await apiGetAs('dispatcher');
      const { bookings } = await get<{ bookings: ListedBooking[] }>('/bookings?size=1&view=SAME_DAY');
      const reference = bookings[0]?.reference;
      if (!reference) throw new Error('a demo booking');
      const { page, context, problems } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
      await signIn(page, 'dispatcher', { from: `/bookings/list?searchQuery=${reference}` });
      const opener = page.getByRole('button', { name: `Open booking ${reference}` });
      await opener.waitFor({ timeout: 20_000 });
      const panel = page.getByRole('dialog', { name: `Booking ${reference}` });

      let answer: { status: number; error: string; message: string } = {
        status: 500,
        error: 'INTERNAL',
        message: 'Something went wrong.',
      };
      await page.route(`**/api/booking/${reference}`, (route) =>
        route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer) }),
      );
      await opener.click();
      await panel.getByText(`There was an error loading booking ${reference}. Please try again.`).waitFor();
      expect(await panel.getByText(`Failed to find related booking ${reference}`).count()).toBe(0);

      // Not there (404): the spec's words, not 'try again'.
      answer = { status: 404, error: 'NOT_FOUND', message: `Booking ${reference} does not exist.` };
      await panel.getByRole('button', { name: 'Try again' }).click();
      await panel.getByText(`Failed to find related booking ${reference}`).waitFor();

      // The server answers again: Try again shows the booking.
      await page.unroute(`**/api/booking/${reference}`);
      await panel.getByRole('button', { name: 'Try again' }).click();
      await panel.getByRole('heading', { name: 'Details' }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
