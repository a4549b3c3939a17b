import { eq } from 'drizzle-orm';
import type { CreateDriverBody, Driver, UpdateDriverBody } from '@courier/domain/drivers/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { drivers } from '../../db/schema/index.ts';
import { alreadyExists, badRequest } from '../../http/errors.ts';
import { sqlStateOf } from '../../http/postgres-errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { findClashingDriver, getDriver, listRoomNames, lockDriver } from './queries.ts';

// POST /api/drivers/create and PUT /api/drivers/update (spec 2 §7; the bodies are ours): check the
// rooms and the unique number and e-mail, save, audit and answer the driver, in one transaction.

type DriverFields = CreateDriverBody;

/**
 * The rooms named, each once, in the order given; 400 naming the first that is not a dispatch room,
 * on the field `fieldOf` gives for its place in the list (body.rooms.N by default).
 */
export async function knownRooms(
  tx: DbOrTx,
  rooms: readonly string[],
  fieldOf: (index: number) => string = (index) => `body.rooms.${index}`,
): Promise<string[]> {
  const known = new Set(await listRoomNames(tx));
  const unique = [...new Set(rooms)];
  const index = unique.findIndex((room) => !known.has(room));
  if (index >= 0) {
    const message = `There is no dispatch room named '${unique[index]}'. Choose rooms from the setup data.`;
    throw badRequest(message, [{ field: fieldOf(rooms.indexOf(unique[index]!)), message }]);
  }
  return unique;
}

/** A 409 that names the field holding the taken value, as a 400 does, so the form marks that field. */
const takenField = (field: 'driverNumber' | 'email', message: string) =>
  alreadyExists(message, [{ field: `body.${field}`, message }]);

/** 409 when another driver has the number or the e-mail address, naming which and whose. */
async function refuseClash(tx: DbOrTx, fields: DriverFields, exceptId?: number): Promise<void> {
  const clash = await findClashingDriver(tx, { driverNumber: fields.driverNumber, email: fields.email, exceptId });
  if (!clash) return;
  const who = `${clash.firstName} ${clash.lastName}`;
  throw clash.driverNumber === fields.driverNumber
    ? takenField(
        'driverNumber',
        `Driver number ${fields.driverNumber} is already taken by ${who}. Choose another number.`,
      )
    : takenField(
        'email',
        `The email address ${fields.email} is already used by driver ${clash.driverNumber} (${who}).`,
      );
}

/** Two saves racing past refuseClash meet the unique indexes: still a 409, never a 500. */
function clashFromUniqueIndex(error: unknown): never {
  if (sqlStateOf(error) === '23505')
    throw alreadyExists('Another driver has just been saved with this number or email address. Reload and try again.');
  throw error;
}

const valuesOf = (fields: DriverFields, rooms: string[]) => ({
  driverNumber: fields.driverNumber,
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: fields.email,
  phone: fields.phone,
  vehicle: fields.vehicle,
  vehicleRegistration: fields.vehicleRegistration,
  rooms,
  blocked: fields.blocked,
});

export async function createDriver(db: Db, options: { userId: number; input: CreateDriverBody }): Promise<Driver> {
  return db
    .transaction(async (tx) => {
      const rooms = await knownRooms(tx, options.input.rooms);
      await refuseClash(tx, options.input);
      const [created] = await tx.insert(drivers).values(valuesOf(options.input, rooms)).returning();
      await writeAudit(tx, {
        userId: options.userId,
        action: 'create',
        entityType: 'driver',
        entityId: created!.id,
        after: created,
      });
      return getDriver(tx, created!.id);
    })
    .catch(clashFromUniqueIndex);
}

export async function updateDriver(db: Db, options: { userId: number; input: UpdateDriverBody }): Promise<Driver> {
  const { input } = options;
  return db
    .transaction(async (tx) => {
      const before = await lockDriver(tx, input.id);
      const rooms = await knownRooms(tx, input.rooms);
      await refuseClash(tx, input, input.id);
      const [after] = await tx
        .update(drivers)
        .set({ ...valuesOf(input, rooms), updatedAt: new Date() })
        .where(eq(drivers.id, input.id))
        .returning();
      await writeAudit(tx, {
        userId: options.userId,
        action: 'update',
        entityType: 'driver',
        entityId: input.id,
        before,
        after,
      });
      return getDriver(tx, input.id);
    })
    .catch(clashFromUniqueIndex);
}
