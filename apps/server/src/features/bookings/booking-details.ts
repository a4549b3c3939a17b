import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  BookingDetails,
  BookingJob,
  DriverPayBreakdown,
  JobWindows,
  Task,
} from '@courier/domain/bookings/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { isoOrNull } from '../../db/columns.ts';
import { bookingJobs, bookings, bookingTasks, companies, drivers, services, users } from '../../db/schema/index.ts';
import { selectListJobs, toListJob } from './queries.ts';

const customers = alias(users, 'customer');
const staff = alias(users, 'staff');

/** Whether a moment fell inside a window; null when there is no window or no moment to check. */
function inWindow(moment: Date | null, start: string | null, end: string | null): boolean | null {
  if (!moment || !start || !end) return null;
  const time = moment.getTime();
  return time >= Date.parse(start) && time <= Date.parse(end);
}

/**
 * GET /api/booking/{reference}: the booking with every field of spec 2 §3 and its jobs. A job
 * reference finds its booking too (staff paste whichever they have). With prices: the route redacts them.
 */
export async function findBookingDetails(
  db: DbOrTx,
  options: { reference: string },
): Promise<BookingDetails | undefined> {
  const reference = options.reference.trim();
  const [row] = await db
    .select({
      booking: bookings,
      company: { id: companies.id, accountCode: companies.accountCode, name: companies.name },
      service: {
        id: services.id,
        name: services.name,
        service: services.service,
        type: services.type,
        serviceCode: services.serviceCode,
      },
      user: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
      },
      staff: {
        id: staff.id,
        firstName: staff.firstName,
        lastName: staff.lastName,
        email: staff.email,
        phone: staff.phone,
      },
    })
    .from(bookings)
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(customers, eq(customers.id, bookings.userId))
    .leftJoin(staff, eq(staff.id, bookings.staffId))
    .where(
      or(
        eq(bookings.reference, reference),
        eq(
          bookings.id,
          sql`(select ${bookingJobs.bookingId} from ${bookingJobs} where ${bookingJobs.reference} = ${reference})`,
        ),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { booking } = row;

  const listJobs = await selectListJobs(db, eq(bookingJobs.bookingId, booking.id));
  const fullJobs = await db.select().from(bookingJobs).where(eq(bookingJobs.bookingId, booking.id));
  const fullOf = new Map(fullJobs.map((job) => [job.id, job]));
  const jobs: BookingJob[] = listJobs.map((listRow) => {
    const full = fullOf.get(listRow.id);
    if (!full) throw new Error(`job ${listRow.id} vanished while reading`);
    const stored: Partial<JobWindows> = full.windows;
    const windows: JobWindows = {
      collectionStart: stored.collectionStart ?? null,
      collectionEnd: stored.collectionEnd ?? null,
      deliveryStart: stored.deliveryStart ?? null,
      deliveryEnd: stored.deliveryEnd ?? null,
    };
    const delivered = full.status === 'delivered';
    const job: BookingJob = {
      ...toListJob(listRow),
      bookingId: full.bookingId,
      tariffId: full.tariffId,
      carrierTariffId: full.carrierTariffId,
      chargeRefs: full.chargeRefs,
      internalNotes: full.internalNotes,
      createdAt: full.createdAt.toISOString(),
      lastStatusUpdate: isoOrNull(full.lastStatusUpdate),
      collectionEta: isoOrNull(full.collectionEta),
      deliveryEta: isoOrNull(full.deliveryEta),
      windows,
      collectedAt: isoOrNull(full.collectedAt),
      deliveryTime: isoOrNull(full.deliveryTime),
      signedBy: full.signedBy,
      // spec 2 §2: the window checks show only for delivered jobs.
      collectionInWindow: delivered ? inWindow(full.collectedAt, windows.collectionStart, windows.collectionEnd) : null,
      deliveryInWindow: delivered ? inWindow(full.deliveryTime, windows.deliveryStart, windows.deliveryEnd) : null,
      extrasBreakdown: full.extrasBreakdown,
      priceDetails: full.priceDetails,
    };
    return job;
  });

  const details: BookingDetails = {
    id: booking.id,
    reference: booking.reference,
    companyId: booking.companyId,
    company: row.company,
    companyReferences: booking.companyReferences,
    createdAt: booking.createdAt.toISOString(),
    collectionTime: isoOrNull(booking.collectionTime),
    status: booking.status,
    type: booking.type,
    service: row.service,
    vehicle: booking.vehicle,
    numberOfPackages: booking.numberOfPackages,
    weightOfPackages: booking.weightOfPackages,
    return: booking.return,
    user: row.user,
    staff: row.staff,
    duration: booking.duration,
    distance: booking.distance,
    setCallId: booking.setCallId,
    packageType: booking.packageType,
    packageSize: booking.packageSize,
    notes: booking.notes,
    goodsDescription: booking.goodsDescription,
    jobs,
    exVatPrice: booking.exVatPrice,
    driverPrice: booking.driverPrice,
    priceDetails: booking.priceDetails,
  };
  return details;
}

function taskRows(db: DbOrTx, jobId: number) {
  return db
    .select({
      task: bookingTasks,
      driver: { driverNumber: drivers.driverNumber, firstName: drivers.firstName, lastName: drivers.lastName },
    })
    .from(bookingTasks)
    .leftJoin(drivers, eq(drivers.id, bookingTasks.driverId))
    .where(eq(bookingTasks.jobId, jobId))
    .orderBy(asc(bookingTasks.position), asc(bookingTasks.id));
}

/** GET /api/bookings/job/{ref}/tasks: the job's stops in order. */
export async function listJobTasks(db: DbOrTx, options: { jobId: number }): Promise<Task[]> {
  const rows = await taskRows(db, options.jobId);
  return rows.map(({ task, driver }) => {
    const result: Task = {
      id: task.id,
      reference: task.reference,
      type: task.type,
      area: task.area,
      status: task.status,
      jobId: task.jobId,
      driverId: task.driverId,
      driver:
        driver && driver.driverNumber !== null
          ? { driverNumber: driver.driverNumber, firstName: driver.firstName ?? '', lastName: driver.lastName ?? '' }
          : null,
      quantumDocket: task.quantumDocket,
      completedAt: isoOrNull(task.completedAt),
      driverPay: task.driverPay,
      driverPayExtra: task.driverPayExtra,
    };
    return result;
  });
}

/** GET /api/bookings/job/{ref}/driver-pay-breakdown: pay per task (spec 2 §3 'Driver pay row'), with the total in SQL. */
export async function driverPayBreakdown(
  db: DbOrTx,
  job: { id: number; reference: string },
): Promise<DriverPayBreakdown> {
  const rows = await taskRows(db, job.id);
  const [total] = await db
    .select({
      value: sql`coalesce(sum(${bookingTasks.driverPay} + ${bookingTasks.driverPayExtra}), 0)`.mapWith(
        bookingTasks.driverPay,
      ),
    })
    .from(bookingTasks)
    .where(eq(bookingTasks.jobId, job.id));
  const firstDriver = rows[0]?.task.driverId ?? null;
  return {
    jobId: job.id,
    jobReference: job.reference,
    rows: rows.map(({ task, driver }) => ({
      taskId: task.id,
      taskReference: task.reference,
      taskType: task.type,
      driverNumber: driver?.driverNumber ?? null,
      driverName: driver?.firstName ? `${driver.firstName} ${driver.lastName ?? ''}`.trim() : null,
      driverPay: task.driverPay,
      driverExtras: task.driverPayExtra,
      jobId: task.jobId,
      // A task handed to another driver than the job's first (a transfer or second leg).
      newDriver: task.driverId !== null && firstDriver !== null && task.driverId !== firstDriver,
    })),
    total: total?.value ?? 0,
  };
}

/**
 * GET /api/bookings/jobs/bookings-breakdown: for each job, the related charge dockets (jobs whose
 * chargeRefs name it, or that it names), with their booking reference and charge.
 */
export async function bookingsBreakdown(db: DbOrTx, options: { jobIds: number[] }) {
  const asked = await db
    .select({ id: bookingJobs.id, reference: bookingJobs.reference, chargeRefs: bookingJobs.chargeRefs })
    .from(bookingJobs)
    .where(inArray(bookingJobs.id, options.jobIds));
  const references = [...new Set(asked.flatMap((job) => [job.reference, ...job.chargeRefs]))];
  const related =
    references.length === 0
      ? []
      : await db
          .select({
            jobReference: bookingJobs.reference,
            chargeRefs: bookingJobs.chargeRefs,
            bookingReference: bookings.reference,
            customerCharge: bookingJobs.customerCharge,
          })
          .from(bookingJobs)
          .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
          .where(
            or(
              inArray(bookingJobs.reference, references),
              sql`${bookingJobs.chargeRefs} && array[${sql.join(
                references.map((ref) => sql`${ref}`),
                sql`, `,
              )}]::text[]`,
            ),
          );
  return options.jobIds
    .map((id) => asked.find((job) => job.id === id))
    .filter((job): job is (typeof asked)[number] => job !== undefined)
    .map((job) => ({
      jobId: job.id,
      jobReference: job.reference,
      bookings: related
        .filter(
          (other) =>
            other.jobReference !== job.reference &&
            (job.chargeRefs.includes(other.jobReference) || other.chargeRefs.includes(job.reference)),
        )
        .map((other) => ({
          reference: other.bookingReference,
          jobReference: other.jobReference,
          customerCharge: other.customerCharge,
        })),
    }));
}
