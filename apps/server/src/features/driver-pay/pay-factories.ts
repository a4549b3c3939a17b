import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingTasks, driverPaySettings, drivers, payPeriods, places } from '../../db/schema/index.ts';
import { createBooking, type BookingCatalogue } from '../../test/booking-factories.ts';
import { uniqueSuffix } from '../../test/factories.ts';

// Fixtures of the driver-pay tests: small factories, each row unique whatever order tests run in.

let nextNumber = 9100;

/** A driver of the register (a van unless said otherwise). */
export async function createPayDriver(db: Db, values: Partial<typeof drivers.$inferInsert> = {}) {
  nextNumber += 1;
  const [row] = await db
    .insert(drivers)
    .values({
      driverNumber: nextNumber,
      firstName: 'Niamh',
      lastName: `Kelly ${nextNumber}`,
      email: `pay.${uniqueSuffix()}@test.ie`,
      vehicle: 'van',
      ...values,
    })
    .returning();
  if (!row) throw new Error('The driver was not created.');
  return row;
}

/** Saved pay settings for a driver: every amount 0 and fuel off unless given. */
export async function savePaySettingsRow(
  db: Db,
  driverId: number,
  values: Partial<typeof driverPaySettings.$inferInsert> = {},
): Promise<void> {
  const [place] = await db
    .insert(places)
    .values({ placeId: `pl_${uniqueSuffix()}`, name: 'Home', addressLineOne: '1 Quay', city: 'Galway' })
    .returning({ id: places.id });
  await db.insert(driverPaySettings).values({
    driverId,
    payFrequency: 'WEEKLY',
    tripsheetEmail: 'driver@test.ie',
    addressId: place!.id,
    taxNumber: '1234567T',
    ...values,
  });
}

/** A delivered booking with one job whose tasks the driver completed at the instants given. */
export async function createCompletedTasks(
  db: Db,
  options: {
    catalogue: BookingCatalogue;
    companyId: number;
    driverId: number;
    tasks: { completedAt: Date | null; driverPay: number; driverPayExtra?: number }[];
  },
): Promise<{ jobId: number; taskIds: number[] }> {
  const reference = `PAY${uniqueSuffix()}`;
  const { jobIds } = await createBooking(db, {
    booking: {
      reference,
      companyId: options.companyId,
      serviceId: options.catalogue.services.vanPriority,
      type: 'same_day',
      status: 'delivered',
    },
    jobs: [
      {
        tasks: options.tasks.map((task) => ({
          driverId: options.driverId,
          driverPay: task.driverPay,
          driverPayExtra: task.driverPayExtra ?? 0,
          completedAt: task.completedAt,
        })),
      },
    ],
  });
  const jobId = jobIds[0]!;
  const rows = await db.select({ id: bookingTasks.id }).from(bookingTasks).where(eq(bookingTasks.jobId, jobId));
  return { jobId, taskIds: rows.map((row) => row.id) };
}

/** Sets a period's status directly (a state the API reaches only through the schedule or finalise). */
export async function setPeriodStatus(
  db: Db,
  id: number,
  status: (typeof payPeriods.$inferSelect)['status'],
): Promise<void> {
  await db.update(payPeriods).set({ status }).where(eq(payPeriods.id, id));
}
