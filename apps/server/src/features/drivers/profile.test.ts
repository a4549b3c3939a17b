import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  driverProfileSchema,
  INVALID_EIRCODE_MESSAGE,
  INVALID_IBAN_MESSAGE,
  DATE_OF_BIRTH_NOT_PAST_MESSAGE,
  INVALID_PROFILE_DAY_MESSAGE,
} from '@courier/domain/drivers/profile';
import { INVALID_PHONE_MESSAGE } from '@courier/domain/drivers/rules';
import { auditLog, driverProfiles } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow } from './driver-factories.ts';

// Issue 13: GET/PUT /api/drivers/{uuid}/profile, the eight sections of spec 2 §3 'Driver profile'.
describe.each(databaseKinds)('the driver profile on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let dispatcher: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, dispatcher, customer] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['CUSTOMER']),
    ]);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers every section empty for a driver never profiled; hasLicence defaults to false', async () => {
    const driver = await createDriverRow(t.db);
    const response = await call(accounts, 'GET', `/api/drivers/${driver.uuid}/profile`);
    expect(response.statusCode).toBe(200);
    const profile = driverProfileSchema.parse(response.json());
    expect(profile).toMatchObject({
      driverId: driver.id,
      uuid: driver.uuid,
      driverNumber: driver.driverNumber,
      name: 'Seán Murphy',
      licence: { hasLicence: false, licenceNumber: '', categories: '', issuingCountry: '', expiryDate: null },
      payment: { accountName: '', iban: '', bic: '' },
      consents: { dataProcessing: false, backgroundCheck: false, marketing: false, signedOn: null },
      licenceFile: null,
      updatedAt: null,
    });
  });

  it('saves the sections sent, trims text, keeps the others and audits each section', async () => {
    const driver = await createDriverRow(t.db);
    const url = `/api/drivers/${driver.uuid}/profile`;
    const first = await call(accounts, 'PUT', url, {
      personal: { dateOfBirth: '1990-04-12', nationality: ' Irish ', ppsNumber: '1234567t' },
      licence: { hasLicence: true, licenceNumber: '  123456789 ', categories: 'AM, B', expiryDate: '2031-01-31' },
      payment: { accountName: 'Seán Murphy', iban: 'IE29 AIBK 9311 5212 3456 78', bic: 'aibkie2d' },
    });
    expect(first.statusCode).toBe(200);
    expect(driverProfileSchema.parse(first.json())).toMatchObject({
      personal: { dateOfBirth: '1990-04-12', nationality: 'Irish', ppsNumber: '1234567T' },
      licence: { hasLicence: true, licenceNumber: '123456789', categories: 'AM, B', expiryDate: '2031-01-31' },
      payment: { accountName: 'Seán Murphy', iban: 'IE29AIBK93115212345678', bic: 'AIBKIE2D' },
    });

    const second = await call(dispatcher, 'PUT', url, {
      contact: { addressLineOne: '4 Main Street', city: 'Cork', eircode: 't12 x70a', alternativePhone: '021 456 7890' },
      emergency: { contactName: 'Máire Murphy', relationship: 'Mother', phone: '+353 87 111 2222' },
      rightToWork: { status: 'Irish citizen', verified: true },
      vehicle: { make: 'Ford', model: 'Transit', ownVehicle: true, insuranceExpiryDate: '' },
      consents: { dataProcessing: true, signedOn: '2026-11-02' },
    });
    expect(second.statusCode).toBe(200);
    const profile = driverProfileSchema.parse(second.json());
    expect(profile.personal.nationality).toBe('Irish');
    expect(profile.licence.hasLicence).toBe(true);
    expect(profile.contact).toEqual({
      addressLineOne: '4 Main Street',
      addressLineTwo: '',
      city: 'Cork',
      county: '',
      eircode: 'T12 X70A',
      alternativePhone: '021 456 7890',
    });
    expect(profile.vehicle.insuranceExpiryDate).toBeNull();
    expect(profile.consents).toEqual({
      dataProcessing: true,
      backgroundCheck: false,
      marketing: false,
      signedOn: '2026-11-02',
    });
    expect(profile.payment).toBeNull(); // a dispatcher does not see pay info (spec 2 §2, §6)
    expect(profile.updatedAt).not.toBeNull();

    const again = driverProfileSchema.parse((await call(accounts, 'GET', url)).json());
    expect(again.payment?.iban).toBe('IE29AIBK93115212345678');
    expect(again.emergency.contactName).toBe('Máire Murphy');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_profile'), eq(auditLog.entityId, String(driver.id))));
    expect(audits.map((row) => `${row.action}:${row.field}`).sort()).toEqual(
      [
        'create:personal',
        'create:licence',
        'create:payment',
        'update:contact',
        'update:emergency',
        'update:rightToWork',
        'update:vehicle',
        'update:consents',
      ].sort(),
    );
  });

  it('refuses the payment section to a dispatcher, and leaves the profile unchanged', async () => {
    const driver = await createDriverRow(t.db);
    const response = await call(dispatcher, 'PUT', `/api/drivers/${driver.uuid}/profile`, {
      personal: { nationality: 'Polish' },
      payment: { iban: 'IE29AIBK93115212345678' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only accounts may change the payment section of a driver profile.');
    expect(await t.db.select().from(driverProfiles).where(eq(driverProfiles.driverId, driver.id))).toEqual([]);
  });

  it('answers 400 with the field and message for bad input', async () => {
    const driver = await createDriverRow(t.db);
    const url = `/api/drivers/${driver.uuid}/profile`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ personal: { dateOfBirth: '1990-02-30' } }, 'body.personal.dateOfBirth', INVALID_PROFILE_DAY_MESSAGE],
      [{ personal: { dateOfBirth: '2150-01-01' } }, 'body.personal.dateOfBirth', DATE_OF_BIRTH_NOT_PAST_MESSAGE],
      [{ licence: { expiryDate: '31/01/2031' } }, 'body.licence.expiryDate', INVALID_PROFILE_DAY_MESSAGE],
      [{ emergency: { phone: '087 12' } }, 'body.emergency.phone', INVALID_PHONE_MESSAGE],
      [{ contact: { eircode: 'XYZ' } }, 'body.contact.eircode', INVALID_EIRCODE_MESSAGE],
      [{ payment: { iban: 'IE29AIBK93115212345679' } }, 'body.payment.iban', INVALID_IBAN_MESSAGE],
      [{ licence: { hasLicence: 'yes' } }, 'body.licence.hasLicence', 'hasLicence must be true or false.'],
      [
        { personal: { nationality: 'x'.repeat(101) } },
        'body.personal.nationality',
        'Nationality must be at most 100 characters.',
      ],
      [
        { personal: { nationality: 'Irish\u0000' } },
        'body.personal.nationality',
        'Holds an invisible character (NUL) that cannot be saved: type the text again instead of pasting it.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(accounts, 'PUT', url, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual({ field, message });
    }
    const unknownSection = await call(accounts, 'PUT', url, { pets: {} });
    expect(unknownSection.statusCode).toBe(400);
    const unknownField = await call(accounts, 'PUT', url, { personal: { shoeSize: 9 } });
    expect(unknownField.statusCode).toBe(400);
    const empty = await call(accounts, 'PUT', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe('Send at least one section of the profile.');
  });

  it('404s for a uuid no driver has, 400 for one that is not a uuid; refuses customers', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = await call(accounts, 'GET', `/api/drivers/${missing}/profile`);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(
      `No driver has the id ${missing}. It may have been removed; reload the driver list.`,
    );
    expect((await call(accounts, 'PUT', `/api/drivers/${missing}/profile`, { personal: {} })).statusCode).toBe(404);
    const bad = await call(accounts, 'GET', '/api/drivers/12/profile');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.uuid');
    const driver = await createDriverRow(t.db);
    expect((await call(customer, 'GET', `/api/drivers/${driver.uuid}/profile`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/drivers/${driver.uuid}/profile` })).statusCode).toBe(401);
  });
});
