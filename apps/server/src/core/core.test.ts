import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePeriods, places } from '../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../test/booking-factories.ts';
import { createCompany, createUser, type TestUser } from '../test/factories.ts';
import { databaseKinds, createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { findJobByReference } from './bookings.ts';
import { findCarrier, listCarriers } from './carriers.ts';
import { companyExists, findCompanyRow, requireCompany, toCompany } from './companies.ts';
import { findInvoicePeriod } from './invoice-periods.ts';
import { findPlaceById, placeExists, placesByPlaceId } from './places.ts';
import { findUserByEmail, findUserById, findUserByUuid, toCompanyUser, toUserSummary } from './users.ts';

describe.each(databaseKinds)('server core reads on %s', (kind) => {
  let t: TestDatabase;
  let catalogue: BookingCatalogue;
  let company: { id: number };
  let jobIds: number[];
  let periodId: number;
  let placeIds: { a: string; b: string };
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.database.db;
    catalogue = await createBookingCatalogue(db);
    company = await createCompany(db, { company: { name: 'Core Couriers', accountCode: 'CORE01' } });
    ({ jobIds } = await createBooking(db, {
      booking: {
        reference: 'C0001',
        companyId: company.id,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [{}, {}],
    }));
    const [period] = await db
      .insert(invoicePeriods)
      .values({
        companyId: company.id,
        identifier: 'CORE01-2026-03',
        status: 'INVOICED',
        start: '2026-03-01',
        end: '2026-03-31',
      })
      .returning({ id: invoicePeriods.id });
    periodId = period?.id ?? 0;
    const rows = await db.query.places.findMany({ columns: { id: true, placeId: true } });
    const placeId = (id: number) => rows.find((row) => row.id === id)?.placeId ?? '';
    placeIds = { a: placeId(catalogue.places.a), b: placeId(catalogue.places.b) };
    user = await createUser(db, { roles: ['MANAGER'], email: 'Core.Reader@Test.ie' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.database.db;

  it('lists the carriers by id or by name, and finds one', async () => {
    const byId = await listCarriers(db());
    expect(byId.map((carrier) => carrier.id)).toEqual([catalogue.carriers.dpd, catalogue.carriers.ups]);
    const byName = await listCarriers(db(), 'name');
    expect(byName.map((carrier) => carrier.name)).toEqual(['DPD Ireland', 'UPS']);
    expect(Object.keys(byName[0] ?? {}).sort()).toEqual(['code', 'id', 'name']);
    expect(await findCarrier(db(), catalogue.carriers.ups)).toMatchObject({ name: 'UPS' });
    expect(await findCarrier(db(), 999_999)).toBeUndefined();
  });

  it('tells whether a company exists (locking its row when asked) and maps its row with ISO dates', async () => {
    expect(await companyExists(db(), company.id)).toBe(true);
    expect(await companyExists(db(), 999_999)).toBe(false);
    await db().transaction(async (tx) => {
      expect(await companyExists(tx, company.id, { lock: true })).toBe(true);
    });
    await expect(requireCompany(db(), 999_999)).rejects.toMatchObject({
      status: 404,
      message: 'Company 999999 does not exist.',
    });
    const row = await findCompanyRow(db(), company.id);
    expect(row?.accountCode).toBe('CORE01');
    const mapped = row && toCompany(row);
    expect(mapped?.createdAt).toBe(row?.createdAt.toISOString());
    expect(mapped?.lastBooking).toBeNull();
    expect(await findCompanyRow(db(), 999_999)).toBeUndefined();
  });

  it('reads places by id and by place id, with coordinates as numbers', async () => {
    const { a, b } = placeIds;
    const found = await placesByPlaceId(db(), [a, b, a, 'pl_missing']);
    expect([...found.keys()].sort()).toEqual([a, b].sort());
    const place = found.get(a);
    expect(place?.eircode).toBe(place?.postCode);
    const byId = await findPlaceById(db(), catalogue.places.a);
    expect(byId).toEqual(place);
    expect(await placeExists(db(), b)).toBe(true);
    expect(await placeExists(db(), 'pl_missing')).toBe(false);
    expect((await placesByPlaceId(db(), [])).size).toBe(0);
    const [depot] = await db()
      .insert(places)
      .values({ placeId: 'pl_core_depot', name: 'Core Depot', latitude: 53.3498, longitude: -6.2603 })
      .returning({ id: places.id });
    expect(await findPlaceById(db(), depot?.id ?? 0)).toMatchObject({ latitude: 53.3498, longitude: -6.2603 });
  });

  it('finds a job by its reference, ignoring surrounding spaces', async () => {
    const job = await findJobByReference(db(), '  C0001-2 ');
    expect(job).toEqual({ id: jobIds[1], reference: 'C0001-2' });
    expect(await findJobByReference(db(), 'B9999-1')).toBeUndefined();
  });

  it('finds an invoice period with its dates as yyyy-MM-dd', async () => {
    expect(await findInvoicePeriod(db(), periodId)).toEqual({
      id: periodId,
      companyId: company.id,
      identifier: 'CORE01-2026-03',
      status: 'INVOICED',
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(await findInvoicePeriod(db(), 999_999)).toBeUndefined();
  });

  it('finds users by id, uuid and e-mail in any case, and maps them without secrets', async () => {
    const byEmail = await findUserByEmail(db(), 'core.reader@TEST.ie');
    expect(byEmail?.id).toBe(user.id);
    expect((await findUserByUuid(db(), user.uuid))?.id).toBe(user.id);
    const row = await findUserById(db(), user.id);
    expect(row?.email).toBe('Core.Reader@Test.ie');
    expect(await findUserById(db(), 999_999)).toBeUndefined();
    if (!row) throw new Error('user not found');
    const summary = toUserSummary(row);
    expect(summary).toEqual({
      id: user.id,
      firstName: 'Test',
      lastName: 'User',
      email: 'Core.Reader@Test.ie',
      phone: row.phone,
      roles: ['MANAGER'],
      createdAt: row.createdAt.toISOString(),
      lastOnline: null,
    });
    expect(toCompanyUser(row)).not.toHaveProperty('passwordHash');
    expect(toCompanyUser(row).lastLoginDate).toBeNull();
  });
});
