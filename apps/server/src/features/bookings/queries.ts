import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingFilter, BookingListItem, BookingListJob, PlaceSummary } from '@courier/domain/bookings/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { isoOrNull } from '../../db/columns.ts';
import { bookingJobs, bookings, carriers, companies, places, services, tariffs } from '../../db/schema/index.ts';
import { bookingFilterCondition, sortColumnOf } from './filters.ts';

const collectionPlaces = alias(places, 'collection_place');
const deliveryPlaces = alias(places, 'delivery_place');

const placeColumns = <
  T extends {
    placeId: unknown;
    name: unknown;
    addressLineOne: unknown;
    addressLineTwo: unknown;
    city: unknown;
    postCode: unknown;
    country: unknown;
  },
>(
  table: T,
) => ({
  placeId: table.placeId as T['placeId'],
  name: table.name as T['name'],
  addressLineOne: table.addressLineOne as T['addressLineOne'],
  addressLineTwo: table.addressLineTwo as T['addressLineTwo'],
  city: table.city as T['city'],
  postCode: table.postCode as T['postCode'],
  country: table.country as T['country'],
});

/** Ids as one int[] bind parameter however many there are (a CSV batch holds thousands): use as `column = any(...)`. */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
const idIn = (column: SQL.Aliased | typeof bookings.id | typeof bookingJobs.bookingId, ids: number[]): SQL =>
  sql`${column} = any(${intArray(ids)})`;

/** The columns a list row needs: the booking, its company and its service. */
const listColumns = {
  id: bookings.id,
  reference: bookings.reference,
  companyId: bookings.companyId,
  companyAccountCode: companies.accountCode,
  companyName: companies.name,
  companyReferences: bookings.companyReferences,
  createdAt: bookings.createdAt,
  collectionTime: bookings.collectionTime,
  status: bookings.status,
  type: bookings.type,
  serviceId: services.id,
  serviceName: services.name,
  serviceLevel: services.service,
  serviceType: services.type,
  serviceCode: services.serviceCode,
  vehicle: bookings.vehicle,
  numberOfPackages: bookings.numberOfPackages,
  weightOfPackages: bookings.weightOfPackages,
  return: bookings.return,
  exVatPrice: bookings.exVatPrice,
  driverPrice: bookings.driverPrice,
};
type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

/**
 * One page of list rows in two steps: the page's booking ids from the bookings table alone (so the
 * sort index serves ORDER BY ... LIMIT without sorting every match), then those rows with their
 * company and service.
 */
async function selectListRows(
  db: DbOrTx,
  options: { where: SQL | undefined; order: SQL[]; limit: number; offset: number },
) {
  const page = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(options.where)
    .orderBy(...options.order)
    .limit(options.limit)
    .offset(options.offset);
  if (page.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(bookings)
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(
      idIn(
        bookings.id,
        page.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.map((row) => byId.get(row.id)).filter((row): row is (typeof rows)[number] => row !== undefined);
}

/** Job columns the list shows, with the carrier, tariff code and the two places. */
const listJobColumns = {
  id: bookingJobs.id,
  bookingId: bookingJobs.bookingId,
  reference: bookingJobs.reference,
  status: bookingJobs.status,
  tags: bookingJobs.tags,
  driverNumber: bookingJobs.driverNumber,
  driverTwoNumber: bookingJobs.driverTwoNumber,
  carrierId: carriers.id,
  carrierCode: carriers.code,
  carrierName: carriers.name,
  tariffService: tariffs.service,
  invoicePeriodId: bookingJobs.invoicePeriodId,
  needsSameDayReview: bookingJobs.needsSameDayReview,
  needsSameDayReviewReason: bookingJobs.needsSameDayReviewReason,
  needsCarrierReview: bookingJobs.needsCarrierReview,
  needsCarrierReviewReason: bookingJobs.needsCarrierReviewReason,
  customerCharge: bookingJobs.customerCharge,
  driverPrice: bookingJobs.driverPrice,
  carrierPrice: bookingJobs.carrierPrice,
  carrierCustomsCharge: bookingJobs.carrierCustomsCharge,
  carrierInsuranceCharge: bookingJobs.carrierInsuranceCharge,
  extrasCharge: bookingJobs.extrasCharge,
  collection: placeColumns(collectionPlaces),
  delivery: placeColumns(deliveryPlaces),
};

function placeOf(
  place: {
    placeId: string | null;
    name: string | null;
    addressLineOne: string | null;
    addressLineTwo: string | null;
    city: string | null;
    postCode: string | null;
    country: string | null;
  } | null,
): PlaceSummary | null {
  if (!place || place.placeId === null) return null;
  return {
    placeId: place.placeId,
    name: place.name ?? '',
    addressLineOne: place.addressLineOne ?? '',
    addressLineTwo: place.addressLineTwo ?? '',
    city: place.city ?? '',
    postCode: place.postCode ?? '',
    country: place.country ?? '',
  };
}

type ListJobRow = Awaited<ReturnType<typeof selectListJobs>>[number];

function selectListJobs(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listJobColumns)
    .from(bookingJobs)
    .leftJoin(carriers, eq(carriers.id, bookingJobs.carrierId))
    .leftJoin(tariffs, eq(tariffs.id, bookingJobs.tariffId))
    .leftJoin(collectionPlaces, eq(collectionPlaces.id, bookingJobs.collectionPlaceId))
    .leftJoin(deliveryPlaces, eq(deliveryPlaces.id, bookingJobs.deliveryPlaceId))
    .where(where)
    .orderBy(asc(bookingJobs.bookingId), asc(bookingJobs.id));
}

/** A job as the list shows it, with its prices (the route leaves them out for roles that may not see them). */
export function toListJob(row: ListJobRow): BookingListJob {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    tags: row.tags,
    driverNumber: row.driverNumber,
    driverTwoNumber: row.driverTwoNumber,
    carrier:
      row.carrierId !== null && row.carrierCode !== null && row.carrierName !== null
        ? { id: row.carrierId, code: row.carrierCode, name: row.carrierName }
        : null,
    tariffService: row.tariffService,
    invoicePeriodId: row.invoicePeriodId,
    needsSameDayReview: row.needsSameDayReview,
    needsSameDayReviewReason: row.needsSameDayReviewReason,
    needsCarrierReview: row.needsCarrierReview,
    needsCarrierReviewReason: row.needsCarrierReviewReason,
    collection: placeOf(row.collection),
    delivery: placeOf(row.delivery),
    customerCharge: row.customerCharge,
    driverPrice: row.driverPrice,
    carrierPrice: row.carrierPrice,
    carrierCustomsCharge: row.carrierCustomsCharge,
    carrierInsuranceCharge: row.carrierInsuranceCharge,
    extrasCharge: row.extrasCharge,
  };
}

export function toListItem(row: ListRow, jobs: BookingListJob[]): BookingListItem {
  return {
    id: row.id,
    reference: row.reference,
    companyId: row.companyId,
    company: { id: row.companyId, accountCode: row.companyAccountCode, name: row.companyName },
    companyReferences: row.companyReferences,
    createdAt: row.createdAt.toISOString(),
    collectionTime: isoOrNull(row.collectionTime),
    status: row.status,
    type: row.type,
    service: {
      id: row.serviceId,
      name: row.serviceName,
      service: row.serviceLevel,
      type: row.serviceType,
      serviceCode: row.serviceCode,
    },
    vehicle: row.vehicle,
    numberOfPackages: row.numberOfPackages,
    weightOfPackages: row.weightOfPackages,
    return: row.return,
    jobs,
    exVatPrice: row.exVatPrice,
    driverPrice: row.driverPrice,
  };
}

/** ORDER BY of the filter's sort, the id breaking ties in the same direction so pages never overlap. */
export function orderOf(filter: BookingFilter): SQL[] {
  const column = sortColumnOf(filter.sortBy);
  return filter.sortDirection === 'asc' ? [asc(column), asc(bookings.id)] : [desc(column), desc(bookings.id)];
}

export async function countBookings(db: DbOrTx, filter: BookingFilter): Promise<number> {
  const [row] = await db.select({ value: count() }).from(bookings).where(bookingFilterCondition(filter));
  return row?.value ?? 0;
}

/** Bookings of a page (or of a keyset batch for the CSV) with their jobs. */
export async function selectBookingPage(
  db: DbOrTx,
  options: { filter: BookingFilter; where?: SQL; limit: number; offset?: number },
): Promise<{ rows: ListRow[]; items: BookingListItem[] }> {
  const rows = await selectListRows(db, {
    where: and(bookingFilterCondition(options.filter), options.where),
    order: orderOf(options.filter),
    limit: options.limit,
    offset: options.offset ?? 0,
  });
  if (rows.length === 0) return { rows, items: [] };
  const jobRows = await selectListJobs(
    db,
    idIn(
      bookingJobs.bookingId,
      rows.map((row) => row.id),
    ),
  );
  const jobsOf = new Map<number, BookingListJob[]>();
  for (const jobRow of jobRows) {
    const list = jobsOf.get(jobRow.bookingId) ?? [];
    list.push(toListJob(jobRow));
    jobsOf.set(jobRow.bookingId, list);
  }
  return { rows, items: rows.map((row) => toListItem(row, jobsOf.get(row.id) ?? [])) };
}

/** GET /api/bookings: the total matching and one page. */
export async function listBookings(db: DbOrTx, options: { filter: BookingFilter; size: number; skip: number }) {
  const [total, page] = await Promise.all([
    countBookings(db, options.filter),
    selectBookingPage(db, {
      filter: options.filter,
      limit: options.size,
      offset: options.skip,
    }),
  ]);
  return { count: total, bookings: page.items };
}

/**
 * The keyset condition after the last row of a batch, in the filter's sort order. The sort value is
 * read back from the row itself, so microsecond timestamps compare exactly (a JS Date holds ms).
 */
export function afterRow(filter: BookingFilter, last: { id: number }): SQL {
  const column = sortColumnOf(filter.sortBy);
  const operator = filter.sortDirection === 'asc' ? sql`>` : sql`<`;
  return sql`(${column}, ${bookings.id}) ${operator} ((select inner_booking.${sql.identifier(column.name)} from ${bookings} as inner_booking where inner_booking.id = ${last.id}), ${last.id})`;
}

export type { ListJobRow, ListRow };
export { selectListJobs };
