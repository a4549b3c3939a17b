import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatDateTime } from '@courier/domain/common/dates';
import type { BookingDetails, BookingListItem } from '@courier/domain/bookings/schemas';
import type { CustomerBooking, CustomerCompany, CustomerQuote } from '@courier/domain/customer/schemas';
import type { TrackingEventsResponse } from '@courier/domain/customer/tracking';
import { apiGetAs, apiToken } from '../support/api.ts';
import { baseURL, browserForTests, expectAccessible, openPage, signIn } from '../support/browser.ts';

const browser = browserForTests();

/** The customer API as customer@demo.ie: POSTs JSON and returns the status and body. */
async function customerApi() {
  const token = await apiToken('customer');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async <T>(path: string) => (await fetch(`${baseURL()}/api${path}`, { headers })).json() as Promise<T>;
  const post = async (path: string, body: object) => {
    const response = await fetch(`${baseURL()}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { get, post };
}

/**
 * A new booking made online by customer@demo.ie, so the test knows its whole history: the first of
 * the office's services that prices an order between two catalogue addresses.
 */
async function bookOnline(): Promise<{ booking: CustomerBooking; customerName: string; userUuid: string }> {
  const customer = await customerApi();
  const staff = await apiGetAs('dispatcher');
  const company = (await customer.get<CustomerCompany[]>('/customer/user/companies')).find(
    (candidate) => candidate.cycloneAllowBooking && candidate.cycloneAllowTracking,
  );
  if (!company) throw new Error('customer@demo.ie has no company that books online');
  const places = await customer.get<{ placeId: string }[]>('/customer/place/search?q=Street');
  const [from, to] = places;
  if (!from || !to) throw new Error('no two addresses to book between');
  const { services } = await staff<{ services: { id: number }[] }>('/services/set-call-choices');
  for (const service of services) {
    const quoted = await customer.post('/customer/quote', {
      companyId: company.id,
      collectionPlaceId: from.placeId,
      deliveryPlaceId: to.placeId,
      serviceId: service.id,
      numberOfPackages: 1,
      weightKg: 2,
    });
    if (quoted.status !== 200) continue;
    const quote = quoted.body as CustomerQuote;
    const booked = await customer.post(`/customer/booking/${quote.uid}`, { goodsDescription: 'Lab samples' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    return { booking: booked.body as CustomerBooking, customerName: quote.user.name, userUuid: quote.user.uuid };
  }
  throw new Error('no service prices an order for customer@demo.ie');
}

async function openDetails(page: Page, reference: string) {
  await signIn(page, 'dispatcher', { from: `/bookings/list?searchQuery=${reference}` });
  if (!page.url().includes('/bookings/list')) await page.goto(`/bookings/list?searchQuery=${reference}`);
  await page.getByRole('button', { name: `Open booking ${reference}` }).click({ timeout: 20_000 });
  return page.getByRole('dialog', { name: `Booking ${reference}` });
}

describe('booking details: tracking timeline (issue 14)', () => {
  test("a dispatcher sees a job's tracking events oldest first, with when, what and who", async () => {
    const { booking, customerName, userUuid } = await bookOnline();
    const jobReference = booking.jobs[0]?.reference ?? '';
    // Cancelled online too, so the timeline has two events whose order shows.
    const customer = await customerApi();
    const cancelled = await customer.post(`/customer/booking/${booking.reference}/cancel`, { userUUID: userUuid });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const get = await apiGetAs('dispatcher');
    const { events } = await get<TrackingEventsResponse>(`/tracking/events?jobReference=${jobReference}`);
    const [cancelEvent, createEvent] = events;
    expect(events.map((event) => event.status)).toEqual(['cancelled', 'created']);
    if (!createEvent || !cancelEvent) return;

    const { page, context, problems } = await openPage(browser());
    const panel = await openDetails(page, booking.reference);
    const timeline = panel
      .getByRole('group', { name: `Job ${jobReference}` })
      .getByRole('list', { name: `Tracking of ${jobReference}` });
    await timeline.waitFor({ timeout: 20_000 });
    const items = timeline.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // Oldest first: booked by the customer, then cancelled by them, each at dd/MM/yy HH:mm in Dublin time.
    const textOf = async (index: number) => (await items.nth(index).innerText()).replace(/\s+/g, ' ').trim();
    expect(await textOf(0)).toBe(`Booked ${formatDateTime(createEvent.at)} · by ${customerName}`);
    const cancelText = await textOf(1);
    expect(cancelText).toBe(
      `Cancelled ${formatDateTime(cancelEvent.at)} · by ${customerName} Cancelled online by the customer`,
    );
    expect(await timeline.innerText()).not.toMatch(/created|cancelled\b/);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a demo booking's timeline tells its history: booked, collected and delivered by the driver", async () => {
    const get = await apiGetAs('dispatcher');
    const { bookings } = await get<{ bookings: BookingListItem[] }>(
      '/bookings?view=SAME_DAY&statuses=delivered&size=20',
    );
    const target = bookings.find((candidate) => candidate.jobs.length === 1);
    if (!target) throw new Error('no delivered one-job same day demo booking');
    const jobReference = target.jobs[0]?.reference ?? '';
    const { events } = await get<TrackingEventsResponse>(`/tracking/events?jobReference=${jobReference}`);
    // The API gives newest first.
    expect(events.map((event) => event.status)).toEqual(['delivered', 'collected', 'created']);
    const [delivered, collected, created] = events;
    if (!delivered || !collected || !created) return;
    expect(delivered.causedBy).toEqual(collected.causedBy);
    expect(delivered.causedBy).toMatchObject({ kind: 'driver', name: expect.stringMatching(/^Driver \d+$/) });
    expect(delivered.detail).toMatch(/^Signed for by \S/);

    const { page, context, problems } = await openPage(browser());
    const panel = await openDetails(page, target.reference);
    const timeline = panel
      .getByRole('group', { name: `Job ${jobReference}` })
      .getByRole('list', { name: `Tracking of ${jobReference}` });
    await timeline.waitFor({ timeout: 20_000 });
    const items = timeline.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    const textOf = async (index: number) => (await items.nth(index).innerText()).replace(/\s+/g, ' ').trim();
    // Oldest first, each at dd/MM/yy HH:mm in Dublin time, in office words.
    expect(await textOf(0)).toBe(`Booked ${formatDateTime(created.at)} · by ${created.causedBy.name}`);
    expect(await textOf(1)).toBe(`Collected ${formatDateTime(collected.at)} · by ${collected.causedBy.name}`);
    expect(await textOf(2)).toBe(
      `Delivered ${formatDateTime(delivered.at)} · by ${delivered.causedBy.name} ${delivered.detail}`,
    );
    expect(await panel.getByText('No tracking events yet').count()).toBe(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a set call's booking says it was booked by the set call run and links to its company's Set Calls tab", async () => {
    const get = await apiGetAs('dispatcher');
    // Of the Same Day view, which the list opens on.
    const { bookings } = await get<{ bookings: BookingListItem[] }>('/bookings?view=SAME_DAY&tags=SET_CALL&size=60');
    let target: BookingDetails | undefined;
    for (const candidate of bookings.filter((booking) => booking.jobs.length === 1)) {
      const details = await get<BookingDetails>(`/booking/${candidate.reference}`);
      if (details.setCallId !== null) {
        target = details;
        break;
      }
    }
    if (!target) throw new Error('no demo booking made by a set call');
    const jobReference = target.jobs[0]?.reference ?? '';

    const { page, context, problems } = await openPage(browser());
    const panel = await openDetails(page, target.reference);
    const timeline = panel.getByRole('list', { name: `Tracking of ${jobReference}` });
    await timeline.waitFor({ timeout: 20_000 });
    expect(await timeline.getByRole('listitem').first().innerText()).toMatch(/^Booked\s[\s\S]*· by Set call run$/);
    const link = panel.getByRole('link', { name: `Set call ${target.setCallId}`, exact: true });
    await link.click();
    await page.waitForURL((url) => url.pathname === `/companies/${target.company.id}/set-calls`, { timeout: 20_000 });
    await page.getByRole('tab', { name: 'Set Calls', selected: true }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a quote, not booked yet, says it has no tracking events yet', async () => {
    const get = await apiGetAs('dispatcher');
    // Every booked demo job has its history; quotes (a few in each page of the list) have none.
    let target: BookingListItem | undefined;
    for (let skip = 0; !target && skip < 2000; skip += 200) {
      const { bookings } = await get<{ bookings: BookingListItem[] }>(`/bookings?size=200&skip=${skip}`);
      target = bookings.find(
        (booking) => booking.status === 'quote' && booking.type === 'same_day' && booking.jobs.length === 1,
      );
    }
    if (!target) throw new Error('no demo quote with one job');
    const { count } = await get<TrackingEventsResponse>(`/tracking/events?jobReference=${target.jobs[0]?.reference}`);
    expect(count).toBe(0);

    const { page, context, problems } = await openPage(browser());
    const panel = await openDetails(page, target.reference);
    await panel.getByText('No tracking events yet').waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('list', { name: /^Tracking of / }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
