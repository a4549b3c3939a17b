import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingListResponse } from '@courier/domain/bookings/schemas';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

/**
 * The booking list's tariffService filter (spec 2 §7) matches the job's service, which is its tariff's
 * service: a cancellation charge (CANC) is a service priced under a tariff code such as DOM (spec 2 §3).
 */
describe.each(databaseKinds)('booking list tariffService filter on %s', (kind) => {
  let t: TestApp, token: string, catalogue: BookingCatalogue;

  beforeAll(async () => {
    t = await createTestApp(kind);
    catalogue = await createBookingCatalogue(t.db);
    const company = await createCompany(t.db, { company: { name: 'Tolka Print', accountCode: 'TOL001' } });
    const overnight = (reference: string, tariffId: number, status: 'delivered' | 'cancelled') =>
      createBooking(t.db, {
        booking: { reference, companyId: company.id, serviceId: catalogue.services.overnight, type: 'other', status },
        jobs: [{ tariffId, tariffCodeId: catalogue.tariffCodes.DOM }],
      });
    await overnight('S0001', catalogue.tariffs.DOM, 'delivered');
    await overnight('S0002', catalogue.tariffs.CANC, 'cancelled');
    token = await signInAs(t, ['ACCOUNTS']);
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/bookings?${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BookingListResponse>().bookings;
  };

  it('finds a cancelled job by its CANC service, though its tariff code is DOM', async () => {
    expect((await list('tariffService=CANC')).map((booking) => booking.reference)).toEqual(['S0002']);
  });

  it('DOM finds only the job whose tariff is the domestic service', async () => {
    expect((await list('tariffService=DOM')).map((booking) => booking.reference)).toEqual(['S0001']);
  });

  it("each job shows its tariff's service", async () => {
    const bookings = await list('view=ON_OS');
    expect(bookings.map((booking) => [booking.reference, booking.jobs[0]?.tariffService])).toEqual([
      ['S0002', 'CANC'],
      ['S0001', 'DOM'],
    ]);
  });
});
