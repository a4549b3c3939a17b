import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingFilter, BookingListItem, BookingListJob, PlaceSummary } from '@courier/domain/bookings/schemas';
import type { DriverPayStatus } from '@courier/domain/pricing/price-edits';
import type { Db, DbOrTx } from '../../db/client.ts';
import { liftValues, preparedQuery, type LiftedCondition } from '../../db/prepared.ts';
import { isoOrNull } from '../../db/columns.ts';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  carriers,
  companies,
  invoicePeriods,
  places,
  services,
  tariffs,
} from '../../db/schema/index.ts';
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
export const intArray = (ids: number[]): SQL => sql`${idArrayText(ids)}::int[]`;
/** Ids as the text of one int[] parameter, e.g. for a prepared `= any($n::int[])`. */
const idArrayText = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

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

/**
 * The list's reads, each prepared once per filter shape (db/prepared.ts): the page's booking ids from
 * the bookings table alone (so the sort index serves ORDER BY ... LIMIT without sorting every match)
 * and the count, both keyed by the filter's SQL text; then those rows with their company and service,
 * and their jobs, by an id array (one shape).
 */
const listQueries = {
  pageIds: (db: Db, filter: BookingFilter, where: LiftedCondition) =>
    preparedQuery(db, `bookings-page-ids|${filter.sortBy ?? ''}|${filter.sortDirection}|${where.text}`, (name) =>
      db
        .select({ id: bookings.id })
        .from(bookings)
        .where(where.template())
        .orderBy(...orderOf(filter))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
  count: (db: Db, where: LiftedCondition) =>
    preparedQuery(db, `bookings-count|${where.text}`, (name) =>
      db.select({ value: count() }).from(bookings).where(where.template()).prepare(name),
    ),
  rows: (db: Db) =>
    preparedQuery(db, 'bookings-list-rows', (name) =>
      db
        .select(listColumns)
        .from(bookings)
        .innerJoin(companies, eq(companies.id, bookings.companyId))
        .innerJoin(services, eq(services.id, bookings.serviceId))
        .where(sql`${bookings.id} = any(${sql.placeholder('ids')}::int[])`)
        .prepare(name),
    ),
  jobs: (db: Db) =>
    preparedQuery(db, 'bookings-list-jobs', (name) =>
      selectListJobs(db, sql`${bookingJobs.bookingId} = any(${sql.placeholder('ids')}::int[])`).prepare(name),
    ),
};
type ListRow = Awaited<ReturnType<ReturnType<typeof listQueries.rows>['execute']>>[number];

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
  tariffId: bookingJobs.tariffId,
  invoicePeriodId: bookingJobs.invoicePeriodId,
  invoiceStatus: invoicePeriods.status,
  // The edit guards of spec 2 §5 read these: a task paid or pending payment locks its pay.
  taskPayStatuses: sql<
    DriverPayStatus[]
  >`array(select ${bookingTasks.payStatus} from ${bookingTasks} where ${bookingTasks.jobId} = ${bookingJobs.id} order by ${bookingTasks.position}, ${bookingTasks.id})`,
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
  version: bookingJobs.version,
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
    .leftJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId))
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
    tariffId: row.tariffId,
    invoicePeriodId: row.invoicePeriodId,
    invoiceStatus: row.invoiceStatus,
    taskPayStatuses: row.taskPayStatuses,
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
    version: row.version,
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

/** One page of bookings, in the filter's order, with their jobs. */
async function selectBookingPage(
  db: Db,
  options: { filter: BookingFilter; where: LiftedCondition; limit: number; offset: number },
): Promise<BookingListItem[]> {
  const page = await listQueries
    .pageIds(db, options.filter, options.where)
    .execute({ ...options.where.values, limit: options.limit, offset: options.offset });
  if (page.length === 0) return [];
  const ids = idArrayText(page.map((row) => row.id));
  const [rows, jobRows] = await Promise.all([
    listQueries.rows(db).execute({ ids }),
    listQueries.jobs(db).execute({ ids }),
  ]);
  const byId = new Map<number, ListRow>();
  for (const row of rows) byId.set(row.id, row);
  const jobsOf = new Map<number, BookingListJob[]>();
  for (const jobRow of jobRows) {
    const list = jobsOf.get(jobRow.bookingId);
    if (list) list.push(toListJob(jobRow));
    else jobsOf.set(jobRow.bookingId, [toListJob(jobRow)]);
  }
  const items: BookingListItem[] = [];
  for (const { id } of page) {
    const row = byId.get(id);
    if (row) items.push(toListItem(row, jobsOf.get(id) ?? []));
  }
  return items;
}

/** GET /api/bookings: the total matching and one page. */
export async function listBookings(db: Db, options: { filter: BookingFilter; size: number; skip: number }) {
  const where = liftValues(bookingFilterCondition(options.filter));
  const [total, items] = await Promise.all([
    listQueries.count(db, where).execute(where.values),
    selectBookingPage(db, { filter: options.filter, where, limit: options.size, offset: options.skip }),
  ]);
  return { count: total[0]?.value ?? 0, bookings: items };
}

export type { ListJobRow, ListRow };
export { selectListJobs };
