import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatAddress, PLACE_SEARCH_MIN_LENGTH, type PlaceSearchResult } from '@courier/domain/addresses/schemas';
import { bookingStatusLabel, type BookingStatus } from '@courier/domain/bookings/enums';
import { customerCancelRefusal } from '@courier/domain/customer/quote';
import type {
  CustomerBooking,
  CustomerBookingsQuery,
  CustomerBookingsResponse,
} from '@courier/domain/customer/schemas';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookings, companies, places, services } from '../../db/schema/index.ts';
import type { OwnCompany } from './customer-companies.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where a customer's booking query reads: their companies, then the filters. */
export function customerBookingsCondition(
  companyIds: readonly number[],
  query: CustomerBookingsQuery,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(bookings.companyId, [...companyIds])];
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    conditions.push(
      or(
        // The trigram index bookings_reference_trgm_idx serves this expression.
        sql`lower(${bookings.reference}) like ${pattern}`,
        // The values only, as one text: one function call a row rather than a subquery a row.
        sql`lower(jsonb_path_query_array(${bookings.companyReferences}, '$[*].value')::text) like ${pattern}`,
      ),
    );
  }
  if (query.from) conditions.push(gte(bookings.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lt(bookings.createdAt, new Date(query.to)));
  return and(...conditions);
}

type PlaceParts = { name: string; line: string; city: string; postCode: string };
const placeText = (place: PlaceParts | null) =>
  place === null
    ? null
    : [
        place.name,
        formatAddress({ addressLineOne: place.line, city: place.city, county: '', postCode: place.postCode }),
      ]
        .filter(Boolean)
        .join(', ');

/**
 * The bookings of these ids as their customer sees them, in the ids' order: the charge only when the
 * company is shown prices, never driver pay or carrier cost (none is selected here).
 */
export async function customerBookingsByIds(
  db: DbOrTx,
  ids: readonly number[],
  companiesById: ReadonlyMap<number, OwnCompany>,
): Promise<CustomerBooking[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      companyId: bookings.companyId,
      company: companies.name,
      createdAt: bookings.createdAt,
      collectionTime: bookings.collectionTime,
      status: bookings.status,
      service: services.name,
      numberOfPackages: bookings.numberOfPackages,
      weightKg: bookings.weightOfPackages,
      distance: bookings.distance,
      charge: bookings.exVatPrice,
      companyReferences: bookings.companyReferences,
    })
    .from(bookings)
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(inArray(bookings.id, [...ids]));
  const collection = alias(places, 'collection_place');
  const delivery = alias(places, 'delivery_place');
  const jobRows = await db
    .select({
      bookingId: bookingJobs.bookingId,
      reference: bookingJobs.reference,
      status: bookingJobs.status,
      collectedAt: bookingJobs.collectedAt,
      collection: {
        name: collection.name,
        line: collection.addressLineOne,
        city: collection.city,
        postCode: collection.postCode,
      },
      delivery: {
        name: delivery.name,
        line: delivery.addressLineOne,
        city: delivery.city,
        postCode: delivery.postCode,
      },
    })
    .from(bookingJobs)
    .leftJoin(collection, eq(collection.id, bookingJobs.collectionPlaceId))
    .leftJoin(delivery, eq(delivery.id, bookingJobs.deliveryPlaceId))
    .where(inArray(bookingJobs.bookingId, [...ids]))
    .orderBy(asc(bookingJobs.id));
  const jobsOf = new Map<number, typeof jobRows>();
  for (const job of jobRows) jobsOf.set(job.bookingId, [...(jobsOf.get(job.bookingId) ?? []), job]);

  const byId = new Map(
    rows.map((row): [number, CustomerBooking] => {
      const jobs = jobsOf.get(row.id) ?? [];
      const first = jobs[0];
      const last = jobs.at(-1);
      return [
        row.id,
        {
          reference: row.reference,
          company: { id: row.companyId, name: row.company },
          createdAt: row.createdAt.toISOString(),
          collectionTime: row.collectionTime?.toISOString() ?? null,
          status: row.status,
          statusLabel: bookingStatusLabel(row.status),
          service: row.service,
          collection: first ? placeText(first.collection) : null,
          delivery: last ? placeText(last.delivery) : null,
          numberOfPackages: row.numberOfPackages,
          weightKg: row.weightKg,
          distance: row.distance,
          charge: companiesById.get(row.companyId)?.cycloneDisplayPrice ? row.charge : null,
          clientReference: row.companyReferences.map((ref) => ref.value).join(', '),
          cancellable: customerCancelRefusal({ reference: row.reference, status: row.status, jobs }) === null,
          jobs: jobs.map((job) => ({
            reference: job.reference,
            status: job.status as BookingStatus,
            statusLabel: bookingStatusLabel(job.status),
          })),
        },
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((row): row is CustomerBooking => row !== undefined);
}

async function countOf(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(bookings).where(where);
  return total?.value ?? 0;
}

/** GET /api/customer/bookings: newest first, a page at a time, of the companies in scope. */
export async function listCustomerBookings(
  db: DbOrTx,
  scope: readonly OwnCompany[],
  query: CustomerBookingsQuery,
): Promise<CustomerBookingsResponse> {
  if (scope.length === 0) return { count: 0, bookings: [] };
  const where = customerBookingsCondition(
    scope.map((company) => company.id),
    query,
  );
  let page: { id: number; total?: number }[];
  let total: number;
  if (query.search) {
    // A search tests every booking of the companies: one pass (their company index, materialised so
    // the planner cannot walk the whole creation index instead) both counts and pages the matches.
    page = rowsOf<{ id: number; total: number }>(
      await db.execute(sql`
        with matches as materialized (
          select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings} where ${where})
        select id, (count(*) over ())::int as total from matches
        order by created_at desc, id desc limit ${query.size} offset ${query.skip}`),
    );
    total = page[0]?.total ?? (await countOf(db, where));
  } else {
    // Without one, the count is an index-only scan and the page the first rows of the index.
    total = await countOf(db, where);
    page = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(query.size)
      .offset(query.skip);
  }
  const companiesById = new Map(scope.map((company) => [company.id, company]));
  return {
    count: total,
    bookings: await customerBookingsByIds(
      db,
      page.map((row) => row.id),
      companiesById,
    ),
  };
}

/** The same expression as the trigram index places_search_trgm_idx (catalogue.ts), so the index serves it. */
const placeSearchText = sql`lower(${places.name} || ' ' || ${places.addressLineOne} || ' ' || ${places.addressLineTwo} || ' ' || ${places.city} || ' ' || ${places.county} || ' ' || ${places.postCode} || ' ' || replace(${places.postCode}, ' ', ''))`;

/**
 * GET /api/customer/place/search: addresses whose name, address or eircode hold every word of the
 * text (from 3 characters, as the office's search), 20 at most, names starting with the text first.
 */
export async function searchPlacesForCustomer(db: DbOrTx, text: string): Promise<PlaceSearchResult> {
  const trimmed = text.trim();
  if (trimmed.length < PLACE_SEARCH_MIN_LENGTH) return [];
  const words = trimmed
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8);
  const rows = await db
    .select()
    .from(places)
    .where(and(...words.map((word) => sql`${placeSearchText} like ${`%${escapeLike(word)}%`}`)))
    .orderBy(
      sql`case when lower(${places.name}) like ${`${escapeLike(trimmed.toLowerCase())}%`} then 0 else 1 end`,
      asc(places.name),
      asc(places.id),
    )
    .limit(20);
  return rows.map((row) => ({
    placeId: row.placeId,
    name: row.name,
    eircode: row.postCode,
    address: formatAddress(row),
  }));
}
