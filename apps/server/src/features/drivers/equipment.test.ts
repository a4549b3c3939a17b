import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE,
  EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE,
  EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE,
  EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE,
  EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE,
  EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE,
  EQUIPMENT_SERIAL_REQUIRED_MESSAGE,
  EQUIPMENT_TYPE_REQUIRED_MESSAGE,
} from '@courier/domain/drivers/rules';
import { addDays, dublinToday } from '@courier/domain/common/calendar-days';
import { driverSchema, equipmentListSchema, type EquipmentEntry } from '@courier/domain/drivers/schemas';
import { auditLog, driverEquipment } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createDriverRow } from './driver-factories.ts';

// Issue 13: GET/PUT /api/drivers/{id}/equipment (spec 2 §3, §4, §5, §7), on PGlite and PostgreSQL.
describe.each(databaseKinds)('the equipment register on %s', (kind) => {
  let t: TestApp;
  let dispatcher: string;
  let accounts: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [dispatcher, accounts, customer] = await Promise.all([
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['CUSTOMER']),
    ]);
  });
  afterAll(() => t?.close());

  const get = (token: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/drivers/${id}/equipment`, headers: bearer(token) });
  const put = (token: string, id: number | string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/drivers/${id}/equipment`,
      headers: bearer(token),
      payload: payload as object,
    });

  const helmet = {
    type: ' Helmet ',
    serialNumber: 'H-100',
    givenDate: '2026-11-02',
    givenBy: 'Ciarán Doyle',
    notes: '',
  };
  /** An entry as the register answered it, sent back as a body entry (the answer's own fields left out). */
  const asBody = ({ driverId: _driverId, outstanding: _outstanding, ...entry }: EquipmentEntry) => entry;
  const radio = {
    type: 'Radio',
    serialNumber: 'R-7',
    givenDate: '2026-10-01',
    givenBy: 'Aoife',
    returnedDate: '2026-10-20',
  };

  it('adds entries, answers the register (on loan first) and counts them on loan in the driver list', async () => {
    const driver = await createDriverRow(t.db);
    expect(equipmentListSchema.parse((await get(dispatcher, driver.id)).json())).toEqual([]);
    const response = await put(dispatcher, driver.id, [radio, helmet]);
    expect(response.statusCode).toBe(200);
    const list = equipmentListSchema.parse(response.json());
    expect(list.map((entry) => [entry.type, entry.outstanding, entry.returnedDate])).toEqual([
      ['Helmet', true, null],
      ['Radio', false, '2026-10-20'],
    ]);
    expect(list[0]).toMatchObject({ driverId: driver.id, serialNumber: 'H-100', givenDate: '2026-11-02', notes: '' });
    expect(equipmentListSchema.parse((await get(accounts, driver.id)).json())).toEqual(list);

    const drivers = (await t.app.inject({ method: 'GET', url: '/api/drivers', headers: bearer(accounts) })).json();
    const row = driverSchema
      .array()
      .parse(drivers)
      .find((item) => item.id === driver.id);
    expect(row?.equipmentOnLoan).toBe(1);
  });

  it('returns, edits and deletes by sending the list, in one save, auditing each change', async () => {
    const driver = await createDriverRow(t.db);
    const [first, second] = equipmentListSchema.parse(
      (await put(dispatcher, driver.id, [helmet, { ...helmet, type: 'Gloves', serialNumber: 'G-1' }])).json(),
    ) as [EquipmentEntry, EquipmentEntry];
    const response = await put(dispatcher, driver.id, [
      { ...asBody(first), returnedDate: '2026-11-25', notes: 'Strap worn' },
      { type: 'Hi-Vis Jacket', serialNumber: 'HV-3', givenDate: '2026-11-24', givenBy: 'Ciarán' },
    ]);
    expect(response.statusCode).toBe(200);
    const list = equipmentListSchema.parse(response.json());
    expect(list.map((entry) => [entry.type, entry.returnedDate, entry.notes])).toEqual([
      ['Hi-Vis Jacket', null, ''],
      [first.type, '2026-11-25', 'Strap worn'],
    ]);
    expect(list.some((entry) => entry.id === second.id)).toBe(false);
    const audits = await t.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'driver_equipment'));
    expect(audits).toContainEqual({ action: 'delete', entityId: String(second.id) });
    expect(audits).toContainEqual({ action: 'update', entityId: String(first.id) });

    // The same list again changes nothing.
    const before = audits.length;
    await put(dispatcher, driver.id, list.map(asBody));
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'driver_equipment'))).toHaveLength(before);

    // An empty list deletes every entry.
    expect(equipmentListSchema.parse((await put(dispatcher, driver.id, [])).json())).toEqual([]);
  });

  it('answers each validation message with the entry and field, and saves nothing', async () => {
    const driver = await createDriverRow(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: '  ' }, 'type', EQUIPMENT_TYPE_REQUIRED_MESSAGE],
      [{ serialNumber: '' }, 'serialNumber', EQUIPMENT_SERIAL_REQUIRED_MESSAGE],
      [{ givenDate: null }, 'givenDate', EQUIPMENT_GIVEN_DATE_REQUIRED_MESSAGE],
      [{ givenDate: '02/11/26' }, 'givenDate', EQUIPMENT_GIVEN_DATE_INVALID_MESSAGE],
      [{ givenDate: '2999-01-01' }, 'givenDate', EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE],
      [{ givenDate: addDays(dublinToday(), 1) }, 'givenDate', EQUIPMENT_GIVEN_DATE_FUTURE_MESSAGE],
      [{ givenBy: ' ' }, 'givenBy', EQUIPMENT_GIVEN_BY_REQUIRED_MESSAGE],
      [{ returnedDate: '2026-13-01' }, 'returnedDate', EQUIPMENT_RETURNED_DATE_INVALID_MESSAGE],
      [{ returnedDate: '2026-11-01' }, 'returnedDate', EQUIPMENT_RETURNED_BEFORE_GIVEN_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await put(dispatcher, driver.id, [radio, { ...helmet, ...overrides }]);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({
        error: 'VALIDATION',
        message: `Equipment entry 2: ${message}`,
        details: [{ field: `body.1.${field}`, message }],
      });
    }
    expect(await t.db.select().from(driverEquipment).where(eq(driverEquipment.driverId, driver.id))).toEqual([]);
  });

  it('takes equipment given today (Europe/Dublin), the last day that is not in the future', async () => {
    const driver = await createDriverRow(t.db);
    const response = await put(dispatcher, driver.id, [{ ...helmet, givenDate: dublinToday() }]);
    expect(response.statusCode).toBe(200);
    const [saved] = await t.db.select().from(driverEquipment).where(eq(driverEquipment.driverId, driver.id));
    expect(saved?.givenDate).toBe(dublinToday());
  });

  it("refuses another driver's entry, an entry listed twice, a body that is not a list, overflow ids and NUL text", async () => {
    const owner = await createDriverRow(t.db);
    const other = await createDriverRow(t.db);
    const [entry] = equipmentListSchema.parse((await put(dispatcher, owner.id, [helmet])).json());
    const foreign = await put(dispatcher, other.id, [{ ...helmet, id: entry!.id }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('body.0.id');
    const twice = await put(dispatcher, owner.id, [
      { ...helmet, id: entry!.id },
      { ...helmet, id: entry!.id },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`Equipment entry ${entry!.id} is listed twice.`);
    expect((await put(dispatcher, owner.id, { equipment: [helmet] })).statusCode).toBe(400);
    expect((await put(dispatcher, owner.id, [{ ...helmet, id: 2_147_483_648 }])).statusCode).toBe(400);
    const nul = await put(dispatcher, owner.id, [{ ...helmet, notes: 'a\u0000b' }]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details[0].field).toBe('body.0.notes');
    expect((await get(dispatcher, '2147483648')).statusCode).toBe(400);
    // Nothing changed for either driver.
    const kept = await t.db
      .select()
      .from(driverEquipment)
      .where(and(eq(driverEquipment.driverId, owner.id)));
    expect(kept).toHaveLength(1);
  });

  it('404s for a driver that does not exist; refuses customers (spec 2 §6)', async () => {
    expect((await get(dispatcher, 2_147_483_647)).statusCode).toBe(404);
    expect((await put(dispatcher, 2_147_483_647, [helmet])).statusCode).toBe(404);
    const driver = await createDriverRow(t.db);
    expect((await get(customer, driver.id)).statusCode).toBe(403);
    expect((await put(customer, driver.id, [helmet])).statusCode).toBe(403);
  });
});
