import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverListSchema, driverSchema, driverSetupDataSchema, type Driver } from '@courier/domain/drivers/schemas';
import { INVALID_PHONE_MESSAGE } from '@courier/domain/drivers/rules';
import { auditLog, drivers } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow, createRooms } from './driver-factories.ts';

// Issue 13: the driver register calls of spec 2 §7 'Drivers', on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
describe.each(databaseKinds)('the driver register on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let dispatcher: string;
  let customer: string;
  let telephonist: string;

  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, dispatcher, customer, telephonist] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['CUSTOMER']),
      signInAs(t, ['TELEPHONIST']),
    ]);
    await createRooms(t.db, ['Dublin City', 'Cork', 'Overnight']);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  let sequence = 0;
  const newDriver = (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      driverNumber: 900 + sequence,
      firstName: 'Aoife',
      lastName: 'Byrne',
      email: `aoife.${kind}.${sequence}@test.ie`,
      phone: '+353 87 765 4321',
      vehicle: 'top box bike',
      vehicleRegistration: '201-c-9',
      rooms: ['Cork'],
      ...overrides,
    };
  };

  describe('GET /api/drivers', () => {
    it('lists drivers by number with the list columns, and Active From hides those last online before it', async () => {
      const recent = await createDriverRow(t.db, { lastOnline: new Date(Date.now() - 2 * DAY), online: true });
      const old = await createDriverRow(t.db, { lastOnline: new Date(Date.now() - 30 * DAY) });
      const never = await createDriverRow(t.db, {
        lastOnline: null,
        phone: '',
        vehicle: 'car',
        vehicleRegistration: '',
      });

      const all = await call(dispatcher, 'GET', '/api/drivers');
      expect(all.statusCode).toBe(200);
      const list = driverListSchema.parse(all.json());
      const numbers = list.map((driver) => driver.driverNumber);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(numbers).toEqual(expect.arrayContaining([recent.driverNumber, old.driverNumber, never.driverNumber]));

      const from = new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10);
      const filtered = driverListSchema.parse((await call(accounts, 'GET', `/api/drivers?activeFrom=${from}`)).json());
      const shown = filtered.map((driver) => driver.id);
      expect(shown).toContain(recent.id);
      expect(shown).toContain(never.id);
      expect(shown).not.toContain(old.id);

      const row = filtered.find((driver) => driver.id === recent.id)!;
      expect(row).toMatchObject({
        uuid: recent.uuid,
        vehicle: 'van',
        vehicleLabel: 'Van',
        online: true,
        equipmentOnLoan: 0,
        registration: { complete: true, missing: [] },
      });
      expect(filtered.find((driver) => driver.id === never.id)?.registration).toEqual({
        complete: false,
        missing: ['Phone', 'Vehicle registration'],
      });
    });

    it('refuses an Active From that is not a day', async () => {
      const response = await call(accounts, 'GET', '/api/drivers?activeFrom=2026-02-30');
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('querystring.activeFrom');
    });
  });

  describe('POST /api/drivers/create and PUT /api/drivers/update', () => {
    it('creates a driver, answers it and audits it', async () => {
      const body = newDriver();
      const response = await call(dispatcher, 'POST', '/api/drivers/create', body);
      expect(response.statusCode).toBe(200);
      const created = driverSchema.parse(response.json());
      expect(created).toMatchObject({
        driverNumber: body.driverNumber,
        email: body.email,
        vehicle: 'top box bike',
        vehicleLabel: 'Top Box Bike',
        vehicleRegistration: '201-C-9',
        rooms: ['Cork'],
        blocked: false,
        online: false,
        lastOnline: null,
        registration: { complete: true, missing: [] },
      });
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, String(created.id))));
      expect(audits.map((row) => row.action)).toEqual(['create']);
    });

    it('refuses a taken number or e-mail with 409 naming the driver', async () => {
      const first = driverSchema.parse((await call(accounts, 'POST', '/api/drivers/create', newDriver())).json());
      const sameNumber = await call(
        accounts,
        'POST',
        '/api/drivers/create',
        newDriver({ driverNumber: first.driverNumber }),
      );
      expect(sameNumber.statusCode).toBe(409);
      const numberTaken = `Driver number ${first.driverNumber} is already taken by Aoife Byrne. Choose another number.`;
      expect(sameNumber.json()).toMatchObject({ error: 'ALREADY_EXISTS', message: numberTaken });
      // The field is named, as a 400 names its fields, so the form marks it with the message.
      expect(sameNumber.json().details).toEqual([{ field: 'body.driverNumber', message: numberTaken }]);
      const sameEmail = await call(
        accounts,
        'POST',
        '/api/drivers/create',
        newDriver({ email: first.email.toUpperCase() }),
      );
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().message).toContain(`is already used by driver ${first.driverNumber}`);
      expect(sameEmail.json().details).toEqual([{ field: 'body.email', message: sameEmail.json().message }]);
    });

    it('answers 400 with field details for bad input', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ phone: '12 34' }, 'body.phone', INVALID_PHONE_MESSAGE],
        [{ vehicle: 'lorry' }, 'body.vehicle', 'Please select a vehicle.'],
        [{ vehicle: 'Car' }, 'body.vehicle', 'Please select a vehicle.'],
        [{ driverNumber: undefined }, 'body.driverNumber', 'Please enter the driver number.'],
        [{ driverNumber: null }, 'body.driverNumber', 'Please enter the driver number.'],
        [{ driverNumber: 0 }, 'body.driverNumber', 'Driver number must be a whole number from 1 to 2147483647.'],
        [{ firstName: ' ' }, 'body.firstName', "Please enter the driver's first name."],
        [{ email: 'not-an-email' }, 'body.email', 'Please enter a valid email address.'],
        [
          { driverNumber: 2_147_483_648 },
          'body.driverNumber',
          'Driver number must be a whole number from 1 to 2147483647.',
        ],
        [
          { rooms: ['Galway'] },
          'body.rooms.0',
          "There is no dispatch room named 'Galway'. Choose rooms from the setup data.",
        ],
        [
          { lastName: 'Byrne\u0000' },
          'body.lastName',
          'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
        ],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await call(accounts, 'POST', '/api/drivers/create', newDriver(overrides));
        expect(response.statusCode, field).toBe(400);
        expect(response.json().details, field).toContainEqual({ field, message });
      }
    });

    it('updates every field, keeps the uuid, and 404s for a driver that does not exist', async () => {
      const created = driverSchema.parse((await call(accounts, 'POST', '/api/drivers/create', newDriver())).json());
      const changes = newDriver({
        firstName: 'Áine',
        vehicle: 'push bike',
        vehicleRegistration: '',
        rooms: ['Dublin City', 'Overnight'],
        blocked: true,
      });
      const response = await call(dispatcher, 'PUT', '/api/drivers/update', { id: created.id, ...changes });
      expect(response.statusCode).toBe(200);
      const updated: Driver = driverSchema.parse(response.json());
      expect(updated).toMatchObject({
        id: created.id,
        uuid: created.uuid,
        driverNumber: changes.driverNumber,
        firstName: 'Áine',
        vehicle: 'push bike',
        rooms: ['Dublin City', 'Overnight'],
        blocked: true,
        registration: { complete: true, missing: [] },
      });
      const [row] = await t.db.select().from(drivers).where(eq(drivers.id, created.id));
      expect(row?.email).toBe(changes.email);

      const missing = await call(accounts, 'PUT', '/api/drivers/update', { id: 2_147_483_647, ...newDriver() });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(
        'Driver 2147483647 does not exist. It may have been removed; reload the driver list.',
      );
      const overflow = await call(accounts, 'PUT', '/api/drivers/update', { id: 2_147_483_648, ...newDriver() });
      expect(overflow.statusCode).toBe(400);
      expect(overflow.json().details[0].field).toBe('body.id');
    });

    it('lets a driver keep its own number and e-mail on update', async () => {
      const body = newDriver();
      const created = driverSchema.parse((await call(accounts, 'POST', '/api/drivers/create', body)).json());
      const response = await call(accounts, 'PUT', '/api/drivers/update', { id: created.id, ...body, phone: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().registration).toEqual({ complete: false, missing: ['Phone'] });
    });
  });

  describe("a driver still stored with 'car' (spec 2 §3 'car treated as van')", () => {
    it('is answered as a van everywhere, and the setup offers no car', async () => {
      const row = await createDriverRow(t.db, { vehicle: 'car', vehicleRegistration: '' });
      const listed = driverListSchema
        .parse((await call(dispatcher, 'GET', '/api/drivers')).json())
        .find((driver) => driver.id === row.id);
      expect(listed).toMatchObject({
        vehicle: 'van',
        vehicleLabel: 'Van',
        // A van carries a plate: the registration still asks for it.
        registration: { complete: false, missing: ['Vehicle registration'] },
      });
      const found = await call(dispatcher, 'GET', `/api/driver/${encodeURIComponent(row.email)}`);
      expect(driverSchema.parse(found.json()).vehicle).toBe('van');
      const setup = driverSetupDataSchema.parse((await call(accounts, 'GET', '/api/drivers/setup-data')).json());
      expect(setup.vehicleTypes.map((type) => type.value)).not.toContain('car');
      expect(setup.vehicleTypes.map((type) => type.label)).not.toContain('Car');
      expect(setup.profiles.find((profile) => profile.driverId === row.id)?.vehicle).toBe('van');
    });

    it('saves an unrelated change, whether the vehicle comes back as the van it was answered as or as car', async () => {
      for (const sentBack of ['van', 'car']) {
        const row = await createDriverRow(t.db, { vehicle: 'car', phone: '' });
        const body = {
          id: row.id,
          driverNumber: row.driverNumber,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          phone: '+353 87 111 2233',
          vehicle: sentBack,
          vehicleRegistration: row.vehicleRegistration,
          rooms: [],
        };
        const response = await call(dispatcher, 'PUT', '/api/drivers/update', body);
        expect(response.statusCode, sentBack).toBe(200);
        expect(driverSchema.parse(response.json())).toMatchObject({ phone: '+353 87 111 2233', vehicle: 'van' });
        const [saved] = await t.db.select().from(drivers).where(eq(drivers.id, row.id));
        expect(saved?.vehicle, sentBack).toBe('van');
      }
    });

    it('takes car on create as a van: nothing new is stored as car', async () => {
      const response = await call(accounts, 'POST', '/api/drivers/create', newDriver({ vehicle: 'car' }));
      expect(response.statusCode).toBe(200);
      const created = driverSchema.parse(response.json());
      expect(created).toMatchObject({ vehicle: 'van', vehicleLabel: 'Van' });
      const [row] = await t.db.select().from(drivers).where(eq(drivers.id, created.id));
      expect(row?.vehicle).toBe('van');
    });
  });

  describe('GET /api/driver/{email}', () => {
    it('finds a driver whatever the case, 404 otherwise', async () => {
      const row = await createDriverRow(t.db, { email: `Mixed.Case.${kind}@test.ie` });
      const found = await call(dispatcher, 'GET', `/api/driver/${encodeURIComponent(`mixed.case.${kind}@TEST.ie`)}`);
      expect(found.statusCode).toBe(200);
      expect(driverSchema.parse(found.json()).id).toBe(row.id);
      const missing = await call(dispatcher, 'GET', '/api/driver/nobody%40test.ie');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('No driver has the email address nobody@test.ie.');
      const nul = await call(dispatcher, 'GET', '/api/driver/a%00b');
      expect(nul.statusCode).toBe(400);
    });
  });

  describe('GET /api/drivers/setup-data', () => {
    it('answers rooms, vehicle types, roles and each driver’s profile', async () => {
      const row = await createDriverRow(t.db, { rooms: ['Cork', 'Overnight'] });
      const response = await call(accounts, 'GET', '/api/drivers/setup-data');
      expect(response.statusCode).toBe(200);
      const data = driverSetupDataSchema.parse(response.json());
      expect(data.roomNames).toEqual(['Cork', 'Dublin City', 'Overnight']);
      expect(data.userRoles).toEqual(['DRIVER', 'DISPATCHER']);
      expect(data.vehicleTypes).toContainEqual({ value: 'top box bike', label: 'Top Box Bike' });
      expect(data.profiles.find((profile) => profile.driverId === row.id)).toEqual({
        driverId: row.id,
        driverNumber: row.driverNumber,
        name: 'Seán Murphy',
        vehicle: 'van',
        userId: null,
        rooms: ['Cork', 'Overnight'],
      });
    });
  });

  describe('roles (spec 2 §6)', () => {
    it('lets dispatchers keep the register but not open the setup; refuses customers and telephonists everything', async () => {
      const row = await createDriverRow(t.db);
      expect((await call(dispatcher, 'GET', '/api/drivers/setup-data')).statusCode).toBe(403);
      const requests: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
        ['GET', '/api/drivers'],
        ['POST', '/api/drivers/create', newDriver()],
        ['PUT', '/api/drivers/update', { id: row.id, ...newDriver() }],
        ['GET', `/api/driver/${encodeURIComponent(row.email)}`],
        ['GET', '/api/drivers/setup-data'],
      ];
      for (const token of [customer, telephonist])
        for (const [method, url, payload] of requests) {
          const response = await call(token, method, url, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/drivers' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
