import { and, eq, inArray } from 'drizzle-orm';
import { customerCancelRefusal } from '@courier/domain/customer/quote';
import type { CustomerBooking } from '@courier/domain/customer/schemas';
import type { Db } from '../../db/client.ts';
import { bookingJobs, bookings } from '../../db/schema/index.ts';
import { changeJobStatus } from '../../core/job-events.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { companiesOfCustomer, type Customer } from './customer-companies.ts';
import { customerName } from './create-quote.ts';
import { customerBookingsByIds } from './queries.ts';

/**
 * POST /api/customer/booking/{reference}/cancel {userUUID}: the customer cancels a booking of one of
 * their companies while none of its goods is collected (domain customerCancelRefusal). The booking
 * and its jobs become cancelled, each job gets a 'cancelled' tracking event naming the customer, and
 * the change is audited. userUUID must be the signed-in customer's own: they cancel as themselves.
 */
export async function cancelCustomerBooking(
  db: Db,
  options: { customer: Customer; reference: string; userUuid: string },
): Promise<CustomerBooking> {
  const { customer } = options;
  if (options.userUuid.toLowerCase() !== customer.userUuid.toLowerCase())
    throw forbidden('userUUID must be your own: a booking is cancelled by the customer signed in.');
  return db.transaction(async (tx) => {
    const own = await companiesOfCustomer(tx, customer.userId);
    const [booking] =
      own.length === 0
        ? []
        : await tx
            .select({ id: bookings.id, status: bookings.status, companyId: bookings.companyId })
            .from(bookings)
            .where(
              and(
                eq(bookings.reference, options.reference),
                inArray(
                  bookings.companyId,
                  own.map((company) => company.id),
                ),
              ),
            )
            .for('update');
    if (!booking) throw notFound(`Booking ${options.reference} was not found among your bookings.`);
    const jobs = await tx
      .select({ id: bookingJobs.id, status: bookingJobs.status, collectedAt: bookingJobs.collectedAt })
      .from(bookingJobs)
      .where(eq(bookingJobs.bookingId, booking.id))
      .orderBy(bookingJobs.id)
      .for('update');
    const refusal = customerCancelRefusal({ reference: options.reference, status: booking.status, jobs });
    if (refusal) throw conflict(refusal);

    await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    await changeJobStatus(tx, {
      jobIds: jobs.map((job) => job.id),
      status: 'cancelled',
      cause: { kind: 'user', userId: customer.userId, name: await customerName(tx, customer.userId) },
      detail: 'Cancelled online by the customer',
    });
    await writeAudit(tx, {
      userId: customer.userId,
      action: 'cancel',
      entityType: 'booking',
      entityId: booking.id,
      field: 'status',
      before: booking.status,
      after: 'cancelled',
    });
    const companiesById = new Map(own.map((company) => [company.id, company]));
    const [cancelled] = await customerBookingsByIds(tx, [booking.id], companiesById);
    if (!cancelled) throw new Error('The booking just cancelled was not found.');
    return cancelled;
  });
}
