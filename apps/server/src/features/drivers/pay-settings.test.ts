import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_PAY_SETTINGS_MESSAGE,
  PAY_ADDRESS_REQUIRED_MESSAGE,
  PAY_EMAIL_INVALID_MESSAGE,
  PAY_FREQUENCY_REQUIRED_MESSAGE,
  PAY_TAX_NUMBER_REQUIRED_MESSAGE,
} from '@courier/domain/drivers/rules';
import { paySettingsSchema } from '@courier/domain/drivers/schemas';
import { auditLog, driverPaySettings } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow, createPlaceRow } from './driver-factories.ts';

// Issue 13: GET/PUT /api/drivers/{id}/pay-settings (spec 2 §3, §5, §6, §7), on PGlite and PostgreSQL.
describe.each(databaseKinds)('driver pay settings on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let dispatcher: string;
  let customer: string;
  let manager: string;
  let addressId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, dispatcher, customer, manager] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['CUSTOMER']),
      signInAs(t, ['MANAGER']),
    ]);
    addressId = await createPlaceRow(t.db);
  });
  afterAll(() => t?.close());

  const url = (id: number) => `/api/drivers/${id}/pay-settings`;
  const get = (token: string, id: number) => t.app.inject({ method: 'GET', url: url(id), headers: bearer(token) });
  const put = (token: string, id: number | string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/drivers/${id}/pay-settings`, headers: bearer(token), payload });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    payFrequency: 'WEEKLY',
    minPay: 450,
    maxBoost: 120.5,
    attendanceBonusOneDay: 0,
    attendanceBonusTwoDay: 1,
    attendanceBonusThreeDay: 2.5,
    attendanceBonusFourDay: 4,
    attendanceBonusFiveDay: 6.25,
    cargoBonusRate: 10,
    helmetBonusRate: 2,
    backBoxBonusRate: 3,
    cargoRentalDeduction: 15,
    equipmentRentalDeduction: 1.5,
    applyFuelSurcharge: true,
    driverType: 'Contractor',
    tripsheetEmail: ' accounts.driver@test.ie ',
    addressId,
    taxNumber: ' 1234567T ',
    vatRegistered: true,
    sendInformation: false,
    groupedAccount: '',
    debtorsLedger: 'D100',
    creditorsLedger: 'C200',
    ...overrides,
  });

  it('answers the unsaved defaults for a driver without settings', async () => {
    const driver = await createDriverRow(t.db);
    const response = await get(accounts, driver.id);
    expect(response.statusCode).toBe(200);
    expect(paySettingsSchema.parse(response.json())).toMatchObject({
      driverId: driver.id,
      saved: false,
      payFrequency: null,
      addressId: null,
      address: null,
      minPay: 0,
      applyFuelSurcharge: false,
      tripsheetEmail: '',
      taxNumber: '',
      updatedAt: null,
    });
  });

  it('saves, answers and reads back the settings, to the cent, and audits create then update', async () => {
    const driver = await createDriverRow(t.db);
    const saved = await put(accounts, driver.id, settings());
    expect(saved.statusCode).toBe(200);
    const body = paySettingsSchema.parse(saved.json());
    expect(body).toMatchObject({
      driverId: driver.id,
      saved: true,
      payFrequency: 'WEEKLY',
      minPay: 450,
      maxBoost: 120.5,
      attendanceBonusFiveDay: 6.25,
      equipmentRentalDeduction: 1.5,
      applyFuelSurcharge: true,
      tripsheetEmail: 'accounts.driver@test.ie',
      taxNumber: '1234567T',
      addressId,
      address: { name: 'Home', addressLineOne: '4 Main Street', city: 'Cork' },
    });
    expect(paySettingsSchema.parse((await get(manager, driver.id)).json())).toEqual(body);

    const again = await put(accounts, driver.id, settings({ payFrequency: 'MONTHLY', minPay: 0.1 }));
    expect(again.json()).toMatchObject({ payFrequency: 'MONTHLY', minPay: 0.1 });
    const rows = await t.db.select().from(driverPaySettings).where(eq(driverPaySettings.driverId, driver.id));
    expect(rows).toHaveLength(1);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver_pay_settings'), eq(auditLog.entityId, String(driver.id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses settings without pay frequency, address, email or tax number with the spec message (spec 2 §5)', async () => {
    const driver = await createDriverRow(t.db);
    const response = await put(
      accounts,
      driver.id,
      settings({ payFrequency: null, addressId: null, tripsheetEmail: 'nope', taxNumber: ' ' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: INVALID_PAY_SETTINGS_MESSAGE,
      details: [
        { field: 'body.payFrequency', message: PAY_FREQUENCY_REQUIRED_MESSAGE },
        { field: 'body.addressId', message: PAY_ADDRESS_REQUIRED_MESSAGE },
        { field: 'body.tripsheetEmail', message: PAY_EMAIL_INVALID_MESSAGE },
        { field: 'body.taxNumber', message: PAY_TAX_NUMBER_REQUIRED_MESSAGE },
      ],
    });
    for (const missing of [{ payFrequency: null }, { addressId: null }, { tripsheetEmail: '' }, { taxNumber: '' }]) {
      const one = await put(accounts, driver.id, settings(missing));
      expect(one.statusCode).toBe(400);
      expect(one.json().message).toBe(INVALID_PAY_SETTINGS_MESSAGE);
      expect(one.json().details).toHaveLength(1);
    }
    const nowhere = await put(accounts, driver.id, settings({ addressId: 2_147_483_647 }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({
      message: INVALID_PAY_SETTINGS_MESSAGE,
      details: [{ field: 'body.addressId', message: 'Address 2147483647 does not exist in the address book.' }],
    });
    expect(await t.db.select().from(driverPaySettings).where(eq(driverPaySettings.driverId, driver.id))).toEqual([]);
  });

  it('answers 400 for bad amounts, percents, an unknown frequency, overflow ids and NUL text', async () => {
    const driver = await createDriverRow(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ minPay: -1 }, 'body.minPay'],
      [{ minPay: 1.005 }, 'body.minPay'],
      [{ attendanceBonusOneDay: 100.01 }, 'body.attendanceBonusOneDay'],
      [{ payFrequency: 'DAILY' }, 'body.payFrequency'],
      [{ addressId: 2_147_483_648 }, 'body.addressId'],
      [{ taxNumber: '123\u0000' }, 'body.taxNumber'],
      [{ unexpected: 1 }, 'body'],
    ];
    for (const [overrides, field] of cases) {
      const response = await put(accounts, driver.id, settings(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details[0].field, field).toBe(field);
    }
    expect((await put(accounts, '2147483648', settings())).statusCode).toBe(400);
    expect((await get(accounts, 0)).statusCode).toBe(400);
  });

  it('404s for a driver that does not exist', async () => {
    const read = await get(accounts, 2_147_483_647);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe(
      'Driver 2147483647 does not exist. It may have been removed; reload the driver list.',
    );
    expect((await put(accounts, 2_147_483_647, settings())).statusCode).toBe(404);
  });

  it('is for accounts only: a dispatcher and a customer are refused (spec 2 §6)', async () => {
    const driver = await createDriverRow(t.db);
    for (const token of [dispatcher, customer]) {
      expect((await get(token, driver.id)).statusCode).toBe(403);
      expect((await put(token, driver.id, settings())).statusCode).toBe(403);
    }
    expect(await t.db.select().from(driverPaySettings).where(eq(driverPaySettings.driverId, driver.id))).toEqual([]);
  });
});
