import { Readable } from 'node:stream';
import { and, count, desc, sql } from 'drizzle-orm';
import { BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { formatDateTime } from '@courier/domain/common/dates';
import type { CustomerBooking, CustomerBookingsQuery } from '@courier/domain/customer/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { csvLine } from '../../platform/csv.ts';
import type { OwnCompany } from './customer-companies.ts';
import { customerBookingsByIds, customerBookingsCondition } from './queries.ts';

const BATCH_SIZE = 1000;

const COLUMNS = [
  'Reference',
  'Created',
  'Company',
  'Client Reference',
  'Status',
  'Service',
  'Collection',
  'Delivery',
  'Collection Time',
  'Packages',
  'Weight (kg)',
  'Distance (km)',
  'Charge ex VAT (EUR)',
];

function csvRow(booking: CustomerBooking): string[] {
  return [
    booking.reference,
    formatDateTime(booking.createdAt),
    booking.company.name,
    booking.clientReference,
    booking.statusLabel,
    booking.service,
    booking.collection ?? '',
    booking.delivery ?? '',
    booking.collectionTime ? formatDateTime(booking.collectionTime) : 'ASAP',
    String(booking.numberOfPackages),
    booking.weightKg.toFixed(2),
    booking.distance === null ? '' : (booking.distance / 1000).toFixed(1),
    // Blank for a company not shown prices; never driver pay or carrier cost.
    booking.charge === null ? '' : booking.charge.toFixed(2),
  ];
}

/**
 * Rows after this booking in the list order. Its created_at is read in SQL: a JavaScript Date keeps
 * milliseconds, the column microseconds, and a rounded key would skip rows.
 */
const afterBooking = (id: number) =>
  sql`(${bookings.createdAt}, ${bookings.id}) < (select b.created_at, b.id from bookings b where b.id = ${id})`;

/**
 * GET /api/customer/bookings/csv: the bookings of the query, newest first, in batches (each batch
 * starts after the previous one's last row, so memory stays flat); refused at 100,000 rows or more,
 * as the office's export is.
 */
export async function exportCustomerBookingsCsv(
  db: DbOrTx,
  scope: readonly OwnCompany[],
  query: CustomerBookingsQuery,
): Promise<{ count: number; stream: Readable }> {
  const where =
    scope.length === 0
      ? sql`false`
      : customerBookingsCondition(
          scope.map((company) => company.id),
          query,
        );
  const [total] = await db.select({ value: count() }).from(bookings).where(where);
  const rows = total?.value ?? 0;
  if (rows >= BOOKING_EXPORT_LIMIT)
    throw badRequest(
      `These are ${rows} bookings; narrow the dates to fewer than ${BOOKING_EXPORT_LIMIT} to download them.`,
    );
  const companiesById = new Map(scope.map((company) => [company.id, company]));

  async function* lines(): AsyncGenerator<string> {
    yield csvLine(COLUMNS);
    let after: number | undefined;
    for (;;) {
      const page = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(where, after === undefined ? undefined : afterBooking(after)))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(BATCH_SIZE);
      if (page.length === 0) return;
      const batch = await customerBookingsByIds(
        db,
        page.map((row) => row.id),
        companiesById,
      );
      yield batch.map((booking) => csvLine(csvRow(booking))).join('');
      if (page.length < BATCH_SIZE) return;
      after = page.at(-1)?.id;
    }
  }
  return { count: rows, stream: Readable.from(lines()) };
}
