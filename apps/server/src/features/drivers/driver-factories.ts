import type { Db } from '../../db/client.ts';
import { dispatchRooms, drivers, places } from '../../db/schema/index.ts';
import { uniqueSuffix } from '../../test/factories.ts';

// Fixtures of the drivers area's tests: small factories, each row unique whatever order tests run in.

let nextNumber = 7000;

/** A driver of the register; every field may be overridden. */
export async function createDriverRow(
  db: Db,
  values: Partial<typeof drivers.$inferInsert> = {},
): Promise<typeof drivers.$inferSelect> {
  nextNumber += 1;
  const [row] = await db
    .insert(drivers)
    .values({
      driverNumber: nextNumber,
      firstName: 'Seán',
      lastName: 'Murphy',
      email: `driver.${uniqueSuffix()}@test.ie`,
      phone: '087 123 4567',
      vehicle: 'van',
      vehicleRegistration: '191-D-12345',
      ...values,
    })
    .returning();
  if (!row) throw new Error('The driver was not created.');
  return row;
}

/** A place of the address book (a driver's pay settings point at one). */
export async function createPlaceRow(db: Db): Promise<number> {
  const [row] = await db
    .insert(places)
    .values({ placeId: `pl_${uniqueSuffix()}`, name: 'Home', addressLineOne: '4 Main Street', city: 'Cork' })
    .returning({ id: places.id });
  return row!.id;
}

/** Dispatch rooms by name (ignored when they exist). */
export async function createRooms(db: Db, names: string[]): Promise<void> {
  await db
    .insert(dispatchRooms)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}
