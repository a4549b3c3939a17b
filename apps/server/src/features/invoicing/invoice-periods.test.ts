import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetails } from '@courier/domain/bookings/schemas';
import { invoicePeriodSchema } from '@courier/domain/invoicing/schemas';
import { invoicePeriods } from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

describe.each(databaseKinds)('GET /api/invoice/period/:periodId on %s', (kind) => {
  let t: TestApp;
  let weekly: { id: number; companyId: number };
  let dispatcher: string;
  let bikeStandard: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const company = await createCompany(t.db, {
      company: { name: 'Atlantic Freight', accountCode: 'ATL001', billingBasis: 'account' },
    });
    const [row] = await t.db
      .insert(invoicePeriods)
      .values({
        companyId: company.id,
        identifier: 'ATL001-2026-W43',
        status: 'IN_REVIEW',
        start: '2026-10-19',
        end: '2026-10-25',
      })
      .returning({ id: invoicePeriods.id, companyId: invoicePeriods.companyId });
    if (!row) throw new Error('The period was not created.');
    weekly = row;
    // A booking of that week whose first job is in the period and whose second is in none yet.
    bikeStandard = (await createBookingCatalogue(t.db)).services.bikeStandard;
    await createBooking(t.db, {
      booking: {
        reference: 'B0043',
        companyId: company.id,
        serviceId: bikeStandard,
        type: 'same_day',
        status: 'delivered',
        createdAt: new Date('2026-10-21T10:00:00Z'),
      },
      jobs: [{ invoicePeriodId: weekly.id }, {}],
    });
    dispatcher = await signInAs(t, ['DISPATCHER']);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = bearer(dispatcher)) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the period: identifier, status and its first and last day', async () => {
    const response = await get(`/api/invoice/period/${weekly.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: weekly.id,
      companyId: weekly.companyId,
      identifier: 'ATL001-2026-W43',
      status: 'IN_REVIEW',
      start: '2026-10-19',
      end: '2026-10-25',
    });
    expect(invoicePeriodSchema.safeParse(response.json()).success).toBe(true);
  });

  it('answers 404 for a period that does not exist', async () => {
    const response = await get('/api/invoice/period/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Invoice period 999999 does not exist.' });
  });

  it.each([
    ['0', 'periodId must be at least 1.'],
    ['-1', 'periodId must be at least 1.'],
    ['abc', 'periodId must be a whole number.'],
    ['1.5', 'periodId must be a whole number.'],
    ['2147483648', 'periodId is too large.'],
  ])('answers 400 for periodId %s, naming the field (spec 1 §5)', async (periodId, message) => {
    const response = await get(`/api/invoice/period/${periodId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: `Invalid params.periodId: ${message}`,
      details: [{ field: 'params.periodId', message }],
    });
  });

  it('answers 401 without a session', async () => {
    const response = await get(`/api/invoice/period/${weekly.id}`, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORISED', message: 'Please sign in to continue.' });
  });

  // Pricing staff see booking details too (issue 11: the price review is the booking list).
  it.each([['ACCOUNTS'], ['TELEPHONIST'], ['PRICING'], ['MANAGER'], ['SUPERADMIN']])(
    'lets a %s read it: every role that sees booking details',
    async (role) => {
      const response = await get(`/api/invoice/period/${weekly.id}`, bearer(await signInAs(t, [role])));
      expect(response.statusCode).toBe(200);
    },
  );

  it.each([[['CUSTOMER']], [['DRIVER']], [[]]])('refuses roles %j with 403', async (roles) => {
    const response = await get(`/api/invoice/period/${weekly.id}`, bearer(await signInAs(t, roles)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it("resolves the invoicePeriodId a booking's job carries", async () => {
    const booking = await get('/api/booking/B0043');
    expect(booking.statusCode).toBe(200);
    const [first, second] = booking.json<BookingDetails>().jobs;
    expect(first?.invoicePeriodId).toBe(weekly.id);
    const response = await get(`/api/invoice/period/${first?.invoicePeriodId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: weekly.id,
      companyId: weekly.companyId,
      identifier: 'ATL001-2026-W43',
    });
    // A job in no period says so with null.
    expect(second?.invoicePeriodId).toBeNull();
  });

  it('keeps jobs pointing at real periods: an unknown id is refused, a deleted period leaves its jobs in none', async () => {
    const booking = (reference: string, invoicePeriodId: number) =>
      createBooking(t.db, {
        booking: {
          reference,
          companyId: weekly.companyId,
          serviceId: bikeStandard,
          type: 'same_day',
          status: 'delivered',
        },
        jobs: [{ invoicePeriodId }],
      });
    await expect(booking('B0044', 999999)).rejects.toThrow();

    const [spare] = await t.db
      .insert(invoicePeriods)
      .values({
        companyId: weekly.companyId,
        identifier: 'ATL001-2026-W44',
        status: 'ACTIVE',
        start: '2026-10-26',
        end: '2026-11-01',
      })
      .returning({ id: invoicePeriods.id });
    await booking('B0045', spare?.id ?? 0);
    await t.db.delete(invoicePeriods).where(eq(invoicePeriods.id, spare?.id ?? 0));
    const after = (await get('/api/booking/B0045')).json<BookingDetails>();
    expect(after.jobs[0]?.invoicePeriodId).toBeNull();
  });
});
