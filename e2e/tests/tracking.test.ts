import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatDateTime } from '@courier/domain/common/dates';
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
 * A new booking made online by customer@demo.ie (demo bookings carry no tracking events): the
 * first of the office's services that prices an order between two catalogue addresses.
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

  test('a demo booking made before tracking says it has no tracking events yet', async () => {
    const get = await apiGetAs('dispatcher');
    const { bookings } = await get<{ bookings: { reference: string; jobs: { reference: string }[] }[] }>(
      '/bookings?size=20',
    );
    // The newest bookings may be the ones the test above made online: take one without events.
    let target: (typeof bookings)[number] | undefined;
    for (const booking of bookings.filter((candidate) => candidate.jobs.length === 1)) {
      const { count } = await get<TrackingEventsResponse>(
        `/tracking/events?jobReference=${booking.jobs[0]?.reference}`,
      );
      if (count === 0) {
        target = booking;
        break;
      }
    }
    if (!target) throw new Error('no demo booking with one job and no tracking events');

    const { page, context, problems } = await openPage(browser());
    const panel = await openDetails(page, target.reference);
    await panel.getByText('No tracking events yet').waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('list', { name: /^Tracking of / }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
