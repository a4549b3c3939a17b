import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingEventsResponse } from '@courier/domain/customer/tracking';
import { backgroundRuns, jobStatusEvents } from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn, uniqueSuffix } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

// Issue 14: a status text sent about a job shows in its tracking as 'SMS sent', naming who sent it.
describe.each(databaseKinds)('status SMS in the tracking events on %s', (kind) => {
  let t: TestApp;
  let dispatcher: string;
  let dispatcherName: string;
  let jobReference: string;

  const sendSms = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/status/sms', headers: bearer(dispatcher), payload });
  const events = async (query: string): Promise<TrackingEventsResponse> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tracking/events${query}`,
      headers: bearer(dispatcher),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const rows = async (table: typeof backgroundRuns | typeof jobStatusEvents) =>
    (await t.db.select({ value: count() }).from(table))[0]?.value ?? 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await createUser(t.db, { roles: ['DISPATCHER'] });
    dispatcherName = `${user.firstName} ${user.lastName}`;
    dispatcher = await signIn(t, user);
    const catalogue = await createBookingCatalogue(t.db);
    const company = await createCompany(t.db);
    const reference = `SMS${uniqueSuffix()}`;
    await createBooking(t.db, {
      booking: {
        reference,
        companyId: company.id,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'out_for_delivery',
      },
    });
    jobReference = `${reference}-1`;
  });
  afterAll(() => t?.close());

  it("writes the job's 'SMS sent' event: who sent it, to which number, what it said", async () => {
    const before = Date.now();
    const response = await sendSms({
      phoneNumber: '+353 87 123 4567',
      statusMessage: 'Your parcel is out for delivery.',
      jobReference,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { count: total, events: list } = await events(`?jobReference=${jobReference}`);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      jobReference,
      status: 'sms_sent',
      statusLabel: 'SMS sent',
      causedBy: { kind: 'user', name: dispatcherName },
      detail: 'To +353 87 123 4567: Your parcel is out for delivery.',
    });
    // Found by its time too (both ends inclusive), and not outside it.
    const at = list[0]?.at ?? '';
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await events(`?from=${encodeURIComponent(at)}&to=${encodeURIComponent(at)}`)).count).toBe(1);
    expect((await events(`?jobReference=${jobReference}&to=2026-01-01T00:00:00Z`)).count).toBe(0);
  });

  it('a text that names no job sends and writes no event', async () => {
    const eventsBefore = await rows(jobStatusEvents);
    const response = await sendSms({ phoneNumber: '0871234567', statusMessage: 'Running ten minutes late.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rows(jobStatusEvents)).toBe(eventsBefore);
  });

  it('refuses a job that does not exist with 404, sending nothing and writing nothing', async () => {
    const [runsBefore, eventsBefore] = [await rows(backgroundRuns), await rows(jobStatusEvents)];
    const response = await sendSms({ phoneNumber: '0871234567', statusMessage: 'Hello', jobReference: 'NOPE1-1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Job NOPE1-1 does not exist.' });
    expect([await rows(backgroundRuns), await rows(jobStatusEvents)]).toEqual([runsBefore, eventsBefore]);
    const empty = await sendSms({ phoneNumber: '0871234567', statusMessage: 'Hello', jobReference: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      details: [{ field: 'body.jobReference', message: 'jobReference must be a job reference such as B1000123-1.' }],
    });
  });
});
