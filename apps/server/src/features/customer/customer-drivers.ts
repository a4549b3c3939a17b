import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { CustomerDriver } from '@courier/domain/customer/schemas';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import type { DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookings, bookingTasks, drivers } from '../../db/schema/index.ts';

/** Jobs a driver may be on for the customer: booked, collected or out for delivery. */
const ACTIVE_JOB_STATUSES = ['confirmed', 'in_progress', 'out_for_delivery'] as const;

/**
 * GET /api/customer/drivers: the drivers on the active jobs of these companies (a job's driver
 * numbers or a stop's driver), each with their name, vehicle and the jobs. Name and vehicle only:
 * no pay, phone or e-mail is read.
 */
export async function driversOnActiveJobs(db: DbOrTx, companyIds: readonly number[]): Promise<CustomerDriver[]> {
  if (companyIds.length === 0) return [];
  const onJob = or(
    eq(drivers.driverNumber, bookingJobs.driverNumber),
    eq(drivers.driverNumber, bookingJobs.driverTwoNumber),
    sql`exists (select 1 from ${bookingTasks} where ${bookingTasks.jobId} = ${bookingJobs.id} and ${bookingTasks.driverId} = ${drivers.id})`,
  );
  const rows = await db
    .selectDistinct({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      vehicle: drivers.vehicle,
      jobReference: bookingJobs.reference,
    })
    .from(bookingJobs)
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .innerJoin(drivers, onJob)
    .where(and(inArray(bookings.companyId, [...companyIds]), inArray(bookingJobs.status, [...ACTIVE_JOB_STATUSES])))
    .orderBy(drivers.firstName, drivers.lastName, drivers.id, bookingJobs.reference);
  const byDriver = new Map<number, CustomerDriver>();
  for (const row of rows) {
    const driver = byDriver.get(row.id) ?? {
      name: `${row.firstName} ${row.lastName}`.trim(),
      vehicle: (DRIVER_VEHICLE_LABELS as Record<string, string>)[row.vehicle] ?? row.vehicle,
      jobReferences: [],
    };
    driver.jobReferences.push(row.jobReference);
    byDriver.set(row.id, driver);
  }
  return [...byDriver.values()];
}
