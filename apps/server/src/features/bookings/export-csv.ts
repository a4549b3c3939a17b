import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { bookingStatusLabel, BOOKING_EXPORT_LIMIT } from '@courier/domain/bookings/enums';
import { jobDriverPayPercent } from '@courier/domain/bookings/margins';
import type { BookingFilter, BookingListItem, PlaceSummary } from '@courier/domain/bookings/schemas';
import { formatDateTime } from '@courier/domain/common/dates';
import { addMoney, toCents, toEuro } from '@courier/domain/common/money';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { afterRow, countBookings, selectBookingPage } from './queries.ts';

/** Rows fetched per round trip: enough to keep the database busy, small enough to keep memory flat. */
const BATCH_SIZE = 2000;

const place = (value: PlaceSummary | null) => (value ? [value.name, value.addressLineOne, value.city, value.postCode].filter(Boolean).join(', ') : '');
const euro = (value: number) => toEuro(toCents(value)).toFixed(2);
const sum = (values: (number | undefined)[]) => toEuro(addMoney(...values.map((value) => toCents(value ?? 0))));

const BASE_COLUMNS = [
  'Reference',
  'Created',
  'Account Code',
  'Company',
  'Client References',
  'Status',
  'View',
  'Service',
  'Vehicle',
  'Collection',
  'Delivery',
  'Collection Time',
  'Packages',
  'Weight (kg)',
  'Jobs',
  'Tags',
  'Driver Numbers',
  'Carrier',
  'Tariff Service',
  'Needs Review',
];
const PRICE_COLUMNS = ['Charge', 'Driver Pay', 'Driver Pay %', 'Carrier Cost', 'Customs', 'Insurance', 'Extras'];

function csvRow(booking: BookingListItem, seePrices: boolean): string[] {
  const jobs = booking.jobs;
  const first = jobs[0];
  const reviews = jobs.flatMap((job) => [
    ...(job.needsSameDayReview ? [`Same day: ${job.needsSameDayReviewReason ?? 'No reason provided'}`] : []),
    ...(job.needsCarrierReview ? [`Carrier: ${job.needsCarrierReviewReason ?? 'No reason provided'}`] : []),
  ]);
  const row = [
    booking.reference,
    formatDateTime(booking.createdAt),
    booking.company.accountCode ?? '',
    booking.company.name,
    booking.companyReferences.map((ref) => `${ref.name}: ${ref.value}`).join('; '),
    bookingStatusLabel(booking.status),
    booking.type === 'same_day' ? 'Same Day' : 'ON / OS',
    booking.service.name,
    booking.vehicle ?? booking.service.type,
    place(first?.collection ?? null),
    place(jobs.at(-1)?.delivery ?? null),
    booking.collectionTime ? formatDateTime(booking.collectionTime) : 'ASAP',
    String(booking.numberOfPackages),
    booking.weightOfPackages.toFixed(2),
    jobs.map((job) => job.reference).join(' '),
    [...new Set(jobs.flatMap((job) => job.tags))].join(' '),
    [...new Set(jobs.flatMap((job) => [job.driverNumber, job.driverTwoNumber]).filter((n) => n !== null))].join(' '),
    [...new Set(jobs.map((job) => job.carrier?.name).filter(Boolean))].join(' '),
    [...new Set(jobs.map((job) => job.tariffService).filter(Boolean))].join(' '),
    reviews.join('; '),
  ];
  if (seePrices) {
    const charge = booking.exVatPrice ?? 0;
    const pay = booking.driverPrice ?? 0;
    row.push(
      euro(charge),
      euro(pay),
      String(jobDriverPayPercent(pay, charge)),
      euro(sum(jobs.map((job) => job.carrierPrice))),
      euro(sum(jobs.map((job) => job.carrierCustomsCharge))),
      euro(sum(jobs.map((job) => job.carrierInsuranceCharge))),
      euro(sum(jobs.map((job) => job.extrasCharge))),
    );
  }
  return row;
}

/**
 * Checks the size first (spec 2 §9: only below 100,000), then returns a stream of CSV text that reads
 * the bookings in keyset batches: memory stays flat however many rows, and the first bytes leave at once.
 */
export async function exportBookingsCsv(db: DbOrTx, options: { filter: BookingFilter; seePrices: boolean }): Promise<{ count: number; stream: Readable }> {
  const total = await countBookings(db, options.filter);
  if (total >= BOOKING_EXPORT_LIMIT) {
    throw badRequest(
      `This search matches ${total.toLocaleString('en-IE')} bookings; a CSV can hold fewer than ${BOOKING_EXPORT_LIMIT.toLocaleString('en-IE')}. Narrow the filters (dates, company or status) and try again.`,
    );
  }
  async function* rows(): AsyncGenerator<string[]> {
    yield [...BASE_COLUMNS, ...(options.seePrices ? PRICE_COLUMNS : [])];
    let after: Parameters<typeof afterRow>[1] | undefined;
    for (;;) {
      const page = await selectBookingPage(db, { filter: options.filter, where: after ? afterRow(options.filter, after) : undefined, limit: BATCH_SIZE, seePrices: options.seePrices });
      for (const item of page.items) yield csvRow(item, options.seePrices);
      if (page.rows.length < BATCH_SIZE) return;
      after = page.rows.at(-1);
    }
  }
  const csv = stringify({ bom: true });
  // pipeline passes a failure (a lost database) on to the response stream, which then aborts.
  pipeline(Readable.from(rows()), csv, () => undefined);
  return { count: total, stream: csv };
}
