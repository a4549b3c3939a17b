import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, places, services, setCalls } from '../../db/schema/index.ts';
import { bearer, createCompany, createTestAppSignedInAs, signInAs } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';

interface SetCallBody {
  id: number;
  active: boolean;
  driver: number | null;
  pricing: object;
  service: number | null;
  collectionPlace: { placeId: string; name: string } | null;
  vehicle: { name: string; service: string; serviceCode: string } | null;
  schedule: unknown[];
  [key: string]: unknown;
}

describe.each(databaseKinds)('set calls on %s', (kind) => {
  let t: TestApp, token: string;
  let serviceId: number;
  beforeAll(async () => {
    ({ t, token } = await createTestAppSignedInAs(kind, ['DISPATCHER']));
    const [service] = await t.db
      .insert(services)
      .values({ name: 'Cargo Bike Standard', type: 'CARGO_BIKE', service: 'STANDARD', serviceCode: 'CBS' })
      .returning();
    await t.db
      .insert(services)
      .values({ name: 'Overnight Parcel', type: 'VAN', service: 'OVERNIGHT', serviceCode: 'ON' });
    serviceId = service?.id ?? 0;
    await t.db.insert(places).values([
      {
        placeId: 'pl_a',
        name: 'Murphy Pharmacy',
        addressLineOne: '4 Main Street',
        city: 'Naas',
        county: 'Kildare',
        postCode: 'W91 X2Y3',
      },
      {
        placeId: 'pl_b',
        name: 'Kelly Clinic',
        addressLineOne: '9 Quay Street',
        city: 'Galway',
        county: 'Galway',
        postCode: 'H91 AB12',
      },
    ]);
    await t.db
      .insert(drivers)
      .values({ driverNumber: 142, firstName: 'Eoin', lastName: 'Maguire', email: 'eoin@drivers.ie', vehicle: 'van' });
  });
  afterAll(() => t?.close());

  const create = async (companyId: number, headers = bearer(token)) =>
    t.app.inject({ method: 'POST', url: '/api/company/setcall', headers, payload: { companyId } });
  const put = (setCall: object, headers = bearer(token)) =>
    t.app.inject({ method: 'PUT', url: '/api/company/edit/setcall', headers, payload: { setCall } });
  const details = (id: number, extra: object = {}) => ({
    id,
    active: false,
    pushHolidays: false,
    return: false,
    emailConfirmation: true,
    collectionName: 'Murphy Pharmacy',
    collectionPhone: '+353 45 123 4567',
    deliveryName: 'Kelly Clinic',
    deliveryPhone: '+353 91 765 4321',
    reference: 'PO-1',
    quantumRef: '',
    notes: 'Ring the bell',
    pricing: {},
    driver: null,
    isDocuments: false,
    weightOfPackages: 2.5,
    numberOfPackages: 1,
    goodsDescription: 'Prescriptions',
    service: serviceId,
    collectionPlaceId: 'pl_a',
    deliveryPlaceId: 'pl_b',
    schedule: [{ dayOfWeek: 1, type: 'nth', options: [1, 2, 3, 4, 5], collectionTime: { hour: 9, minute: 0 } }],
    ...extra,
  });

  it('creates an inactive set call (201) and lists it with its company', async () => {
    const company = await createCompany(t.db);
    const response = await create(company.id);
    expect(response.statusCode).toBe(201);
    const body: { newSetCallId: number; populatedSetCalls: SetCallBody[] } = response.json();
    expect(body.populatedSetCalls).toEqual([
      expect.objectContaining({ id: body.newSetCallId, active: false, service: null, schedule: [], pricing: {} }),
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/company/${company.id}/setcalls`,
      headers: bearer(token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      company: { id: company.id },
      populatedSetCalls: [{ id: body.newSetCallId }],
    });
  });

  it('saves every field and answers the set calls with places and vehicle', async () => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    const response = await put(details(id, { active: true, driver: '142', pricing: { charge: 25, driver: 15.5 } }));
    expect(response.statusCode).toBe(200);
    const [saved] = response.json<{ populatedSetCalls: SetCallBody[] }>().populatedSetCalls;
    expect(saved).toMatchObject({
      id,
      active: true,
      driver: 142,
      pricing: { charge: 25, driver: 15.5 },
      collectionPlace: { placeId: 'pl_a', name: 'Murphy Pharmacy' },
      deliveryPlace: { placeId: 'pl_b' },
      vehicle: { name: 'Cargo Bike Standard', service: 'STANDARD', serviceCode: 'CBS' },
      weightOfPackages: 2.5,
      notes: 'Ring the bell',
    });
  });

  it('refuses a driver code that is not a number, naming the field, and keeps the stored driver', async () => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    expect((await put(details(id, { driver: '142' }))).statusCode).toBe(200);
    const response = await put(details(id, { driver: 'abc', notes: 'changed' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION',
      details: [
        {
          field: 'body.setCall.driver',
          message: 'The driver code must be a number (leave it empty for no fixed driver).',
        },
      ],
    });
    const [row] = await t.db.select().from(setCalls).where(eq(setCalls.id, id));
    expect(row).toMatchObject({ driver: 142, notes: 'Ring the bell' });
  });

  it('refuses a third decimal in the weight or a fixed price, and keeps what was stored', async () => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    expect((await put(details(id))).statusCode).toBe(200);
    const response = await put(
      details(id, { weightOfPackages: 24.555, pricing: { charge: 12.345, driver: 5.001 }, notes: 'changed' }),
    );
    expect(response.statusCode).toBe(400);
    // The pricing is one of two forms (none, or charge and driver pay): a fixed price names each price that is wrong.
    expect(response.json<{ details: unknown[] }>().details).toEqual([
      { field: 'body.setCall.pricing.charge', message: 'The charge has at most 2 decimal places (cents).' },
      { field: 'body.setCall.pricing.driver', message: 'The driver pay has at most 2 decimal places (cents).' },
      { field: 'body.setCall.weightOfPackages', message: 'The weight has at most 2 decimal places.' },
    ]);
    const fixed = await put(details(id, { pricing: { charge: 12.35, driver: 5 } }));
    expect(fixed.statusCode).toBe(200);
    const [row] = await t.db.select().from(setCalls).where(eq(setCalls.id, id));
    expect(row).toMatchObject({ notes: 'Ring the bell', pricing: { charge: 12.35, driver: 5 } });
    expect(Number(row?.weightOfPackages)).toBe(2.5);
  });

  it.each([['0'], [0], [-4], ['']])('stores a driver code of %j as no driver (null)', async (driver) => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    const response = await put(details(id, { driver }));
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(setCalls).where(eq(setCalls.id, id));
    expect(row?.driver).toBeNull();
  });

  it('requires a service and both phones, naming each field', async () => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    const response = await put(details(id, { service: null, collectionPhone: ' ', deliveryPhone: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please choose a service.',
      details: [
        { field: 'body.setCall.service', message: 'Please choose a service.' },
        { field: 'body.setCall.collectionPhone', message: 'Please enter the collection phone number.' },
        { field: 'body.setCall.deliveryPhone', message: 'Please enter the delivery phone number.' },
      ],
    });
    const [row] = await t.db.select().from(setCalls).where(eq(setCalls.id, id));
    expect(row?.collectionName).toBe('');
  });

  it.each([
    [
      'a Saturday',
      { schedule: [{ dayOfWeek: 6, type: 'nth', options: [1], collectionTime: { hour: 9, minute: 0 } }] },
      'body.setCall.schedule.0.dayOfWeek',
      'Set calls run Monday to Friday only.',
    ],
    [
      'hour 24',
      { schedule: [{ dayOfWeek: 1, type: 'nth', options: [1], collectionTime: { hour: 24, minute: 0 } }] },
      'body.setCall.schedule.0.collectionTime.hour',
      'The hour must be 0 to 23.',
    ],
    [
      'minute 60',
      { schedule: [{ dayOfWeek: 1, type: 'nth', options: [1], collectionTime: { hour: 9, minute: 60 } }] },
      'body.setCall.schedule.0.collectionTime.minute',
      'The minute must be 0 to 59.',
    ],
    [
      'week 6',
      { schedule: [{ dayOfWeek: 1, type: 'nth', options: [6], collectionTime: { hour: 9, minute: 0 } }] },
      'body.setCall.schedule.0.options.0',
      'Weeks are 1st to 5th.',
    ],
    [
      'nth with no week',
      { schedule: [{ dayOfWeek: 2, type: 'nth', options: [], collectionTime: { hour: 9, minute: 0 } }] },
      'body.setCall.schedule.0.options',
      'Choose at least one week for Tuesday.',
    ],
    ['an unknown driver', { driver: 999 }, 'body.setCall.driver', 'There is no driver with code 999.'],
    [
      'a place that does not exist',
      { deliveryPlaceId: 'pl_gone' },
      'body.setCall.deliveryPlaceId',
      'The delivery address no longer exists. Please choose it again.',
    ],
    [
      'a negative charge',
      { pricing: { charge: -1, driver: 5 } },
      'body.setCall.pricing.charge',
      'The charge cannot be below 0.',
    ],
    [
      'a driver pay in words',
      { pricing: { charge: 5, driver: 'five' } },
      'body.setCall.pricing',
      'The driver pay must be a number.',
    ],
    [
      'a fixed price without its driver pay',
      { pricing: { charge: 5 } },
      'body.setCall.pricing',
      'A fixed price needs both the charge and the driver pay.',
    ],
    [
      'a price with an unknown field',
      { pricing: { charge: 5, driver: 2, vat: 1 } },
      'body.setCall.pricing',
      'Unknown field: vat.',
    ],
    [
      'a pricing that is not an object',
      { pricing: 'fixed' },
      'body.setCall.pricing',
      'Is not one of the accepted forms.',
    ],
    [
      'an active set call without addresses',
      { active: true, collectionPlaceId: null },
      'body.setCall.active',
      'A set call needs a collection address, a delivery address and a schedule before it can be active.',
    ],
  ])('refuses %s with the field named', async (_label, extra, field, message) => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    const response = await put(details(id, extra));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { field: string; message: string }[] }>().details).toContainEqual({
      field,
      message,
    });
  });

  it('accepts the time limits exactly: 00:00 and 23:59; last clears the weeks', async () => {
    const company = await createCompany(t.db);
    const id = (await create(company.id)).json<{ newSetCallId: number }>().newSetCallId;
    const response = await put(
      details(id, {
        schedule: [
          { dayOfWeek: 5, type: 'last', options: [1, 2], collectionTime: { hour: 23, minute: 59 } },
          { dayOfWeek: 1, type: 'nth', options: [3, 1], collectionTime: { hour: 0, minute: 0 } },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ populatedSetCalls: SetCallBody[] }>().populatedSetCalls[0]?.schedule).toEqual([
      { dayOfWeek: 1, type: 'nth', options: [1, 3], collectionTime: { hour: 0, minute: 0 } },
      { dayOfWeek: 5, type: 'last', options: [], collectionTime: { hour: 23, minute: 59 } },
    ]);
  });

  it('answers 404 for a set call that does not exist', async () => {
    expect((await put(details(999_999))).statusCode).toBe(404);
  });

  it.each([['ACCOUNTS'], ['TELEPHONIST']])(
    'refuses a %s: the Set Calls tab needs DISPATCHER (spec 1 §6)',
    async (role) => {
      const company = await createCompany(t.db);
      const headers = bearer(await signInAs(t, [role]));
      const response = await t.app.inject({ method: 'GET', url: `/api/company/${company.id}/setcalls`, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: 'This needs one of the roles Dispatcher.' });
      expect((await create(company.id, headers)).statusCode).toBe(403);
      expect((await put(details(1), headers)).statusCode).toBe(403);
    },
  );

  it('a manager may, by rank', async () => {
    const company = await createCompany(t.db);
    expect((await create(company.id, bearer(await signInAs(t, ['MANAGER'])))).statusCode).toBe(201);
  });

  it('offers the same-day services as set-call choices, and lists all services', async () => {
    const choices = await t.app.inject({
      method: 'GET',
      url: '/api/services/set-call-choices',
      headers: bearer(token),
    });
    expect(choices.json()).toEqual({
      services: [
        { id: serviceId, name: 'Cargo Bike Standard', type: 'CARGO_BIKE', service: 'STANDARD', serviceCode: 'CBS' },
      ],
    });
    const all = await t.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) });
    expect(all.json<{ name: string }[]>().map((service) => service.name)).toEqual([
      'Cargo Bike Standard',
      'Overnight Parcel',
    ]);
  });
});
