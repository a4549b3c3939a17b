import { and, asc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { instantOfDublinTime } from '@courier/domain/common/calendar-days';
import { driverVehicleOf, type DriverVehicle } from '@courier/domain/drivers/enums';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import { missingRegistrationDetails } from '@courier/domain/drivers/rules';
import type { Driver } from '@courier/domain/drivers/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { isoOrNull } from '../../db/columns.ts';
import { dispatchRooms, driverEquipment, drivers } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

// Reads of the driver register (spec 2 §2 'Drivers', §7): the list, one driver, the setup data.

type DriverRow = typeof drivers.$inferSelect;

/**
 * Entries still on loan per driver: the list's Equipment column, counted in SQL. The driver's id is
 * written with its table: Drizzle leaves a column of the selected table unqualified, which inside
 * this subquery would name the equipment's own id.
 */
const equipmentOnLoan = sql<number>`(
  select count(*)::int from ${driverEquipment}
  where ${driverEquipment.driverId} = ${sql.identifier('drivers')}.${sql.identifier('id')} and ${driverEquipment.returnedDate} is null
)`;

/** A driver row as the register's calls answer it. */
function toDriver(row: DriverRow, onLoan: number): Driver {
  // The column is text; the calls that write it only ever store one of the domain's vehicles. A
  // driver stored with the older 'car' is answered as a van (spec 2 §3), so every screen shows,
  // offers and sends back 'van' for it.
  const vehicle = driverVehicleOf(row.vehicle) as DriverVehicle;
  const missing = missingRegistrationDetails({ ...row, vehicle });
  return {
    id: row.id,
    uuid: row.uuid,
    driverNumber: row.driverNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    vehicle,
    vehicleLabel: DRIVER_VEHICLE_LABELS[vehicle] ?? row.vehicle,
    vehicleRegistration: row.vehicleRegistration,
    online: row.online,
    lastOnline: isoOrNull(row.lastOnline),
    blocked: row.blocked,
    rooms: row.rooms,
    userId: row.userId,
    equipmentOnLoan: onLoan,
    registration: { complete: missing.length === 0, missing },
    createdAt: row.createdAt.toISOString(),
  };
}

async function driversWhere(db: DbOrTx, where: SQL | undefined): Promise<Driver[]> {
  const rows = await db
    .select({ driver: drivers, onLoan: equipmentOnLoan })
    .from(drivers)
    .where(where)
    .orderBy(asc(drivers.driverNumber));
  return rows.map((row) => toDriver(row.driver, Number(row.onLoan)));
}

/**
 * GET /api/drivers: the register by driver number. Active From (a Dublin day) hides drivers last
 * online before its start (spec 2 §2); a driver never online yet (just added) stays listed.
 */
export async function listDrivers(db: DbOrTx, options: { activeFrom?: string }): Promise<Driver[]> {
  const where = options.activeFrom
    ? or(
        isNull(drivers.lastOnline),
        gte(drivers.lastOnline, instantOfDublinTime({ day: options.activeFrom, hour: 0, minute: 0 })),
      )
    : undefined;
  return driversWhere(db, where);
}

export const driverNotFound = (id: number) =>
  notFound(`Driver ${id} does not exist. It may have been removed; reload the driver list.`);

/** One driver by id; 404 when there is none. */
export async function getDriver(db: DbOrTx, id: number): Promise<Driver> {
  const [driver] = await driversWhere(db, eq(drivers.id, id));
  if (!driver) throw driverNotFound(id);
  return driver;
}

/** GET /api/driver/{email}: the driver with this e-mail address, whatever its case; 404 when none. */
export async function getDriverByEmail(db: DbOrTx, email: string): Promise<Driver> {
  const [driver] = await driversWhere(db, sql`lower(${drivers.email}) = lower(${email})`);
  if (!driver) throw notFound(`No driver has the email address ${email}.`);
  return driver;
}

/** The driver row, locked for the rest of the transaction; 404 when there is none. */
export async function lockDriver(tx: DbOrTx, id: number): Promise<DriverRow> {
  const [row] = await tx.select().from(drivers).where(eq(drivers.id, id)).for('update');
  if (!row) throw driverNotFound(id);
  return row;
}

/** Every dispatch room's name, A to Z. */
export async function listRoomNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: dispatchRooms.name }).from(dispatchRooms).orderBy(asc(dispatchRooms.name));
  return rows.map((row) => row.name);
}

/** Another driver (not `exceptId`) with this number or e-mail address, for a clear 409 before the insert. */
export async function findClashingDriver(
  db: DbOrTx,
  options: { driverNumber: number; email: string; exceptId?: number },
): Promise<DriverRow | undefined> {
  const [row] = await db
    .select()
    .from(drivers)
    .where(
      and(
        or(eq(drivers.driverNumber, options.driverNumber), sql`lower(${drivers.email}) = lower(${options.email})`),
        options.exceptId === undefined ? undefined : sql`${drivers.id} <> ${options.exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

/** The driver row with this uuid (the profile and licence calls name drivers by it); 404 when there is none. */
export async function findDriverRowByUuid(
  db: DbOrTx,
  uuid: string,
  options: { lock?: boolean } = {},
): Promise<DriverRow> {
  const query = db.select().from(drivers).where(eq(drivers.uuid, uuid));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(`No driver has the id ${uuid}. It may have been removed; reload the driver list.`);
  return row;
}
