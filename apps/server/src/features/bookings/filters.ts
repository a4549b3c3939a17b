import { and, sql, type SQL } from 'drizzle-orm';
import type { BookingFilter } from '@courier/domain/bookings/schemas';
import { FILTER_LABELS, SORT_LABELS } from '@courier/domain/bookings/filter-labels';
import { boundApplies, priceFiltersUsed, sortsByPrice } from '@courier/domain/bookings/price-visibility';
import { bookingJobs, bookings } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const isDay = (text: string) => text.length === 10;

/** The start of a window: a yyyy-MM-dd is that Dublin day's midnight; a date-time is itself. */
function windowStartOf(text: string): SQL {
  return isDay(text) ? sql`((${text})::date)::timestamp at time zone 'Europe/Dublin'` : sql`(${text})::timestamptz`;
}

/** True when a range bound is set: min/max apply only when above 0 (spec 2 §5). */
const applies = boundApplies;

/**
 * Refuses price filters and sorts (the domain's list) for users who may not see prices (spec 2 §6):
 * the answer would reveal them. Each is named as the booking list labels it, not by its query key.
 */
export function assertPriceFiltersAllowed(filter: BookingFilter, seePrices: boolean): void {
  if (seePrices) return;
  const used = priceFiltersUsed(filter).map((key) => FILTER_LABELS[key]);
  if (used.length > 0) throw forbidden(`Your role may not filter by price (${used.join(', ')}).`);
  if (sortsByPrice(filter)) throw forbidden(`Your role may not sort by ${SORT_LABELS[filter.sortBy]}.`);
}

function range(column: SQL, from: number | undefined, to: number | undefined): SQL[] {
  const parts: SQL[] = [];
  if (applies(from)) parts.push(sql`${column} >= ${from}`);
  if (applies(to)) parts.push(sql`${column} <= ${to}`);
  return parts;
}

/**
 * The WHERE condition of the booking filter (spec 2 §7) over the bookings table. Job-level
 * conditions are one EXISTS, so they hold for the same job (carrier 1 costing over €20 means one
 * job of carrier 1 that cost over €20). `omitTags` gives the condition without the tag filter, for
 * the tag picker's counts.
 */
export function bookingFilterCondition(filter: BookingFilter, options: { omitTags?: boolean } = {}): SQL | undefined {
  const b = bookings;
  const j = bookingJobs;
  const parts: SQL[] = [];
  if (filter.view === 'SAME_DAY') parts.push(sql`${b.type} = 'same_day'`);
  // 'other' rather than <> 'same_day' (the same rows, by the type check) so the type indexes apply.
  if (filter.view === 'ON_OS') parts.push(sql`${b.type} = 'other'`);
  if (filter.company !== undefined) parts.push(sql`${b.companyId} = ${filter.company}`);
  if (filter.statuses && filter.statuses.length > 0)
    parts.push(
      sql`${b.status} in (${sql.join(
        filter.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  if (filter.windowStart) parts.push(sql`${b.createdAt} >= ${windowStartOf(filter.windowStart)}`);
  if (filter.windowEnd) {
    parts.push(
      isDay(filter.windowEnd)
        ? sql`${b.createdAt} < (((${filter.windowEnd})::date + 1)::timestamp at time zone 'Europe/Dublin')`
        : sql`${b.createdAt} <= (${filter.windowEnd})::timestamptz`,
    );
  }
  if (filter.service) parts.push(sql`${b.serviceId} in (select id from services where service = ${filter.service})`);
  if (filter.vehicle) parts.push(sql`${b.vehicle} = ${filter.vehicle}`);
  parts.push(...range(sql`${b.exVatPrice}`, filter.chargeFrom, filter.chargeTo));
  parts.push(...range(sql`${b.driverPrice}`, filter.driverPayFrom, filter.driverPayTo));
  parts.push(...range(sql`${b.weightOfPackages}`, filter.weightFrom, filter.weightTo));
  parts.push(...range(sql`${b.numberOfPackages}`, filter.packageCountFrom, filter.packageCountTo));

  const query = filter.searchQuery?.trim();
  if (query) {
    const pattern = likePattern(query);
    // Booking or job reference containing the text; a union keeps both trigram indexes usable.
    parts.push(
      sql`${b.id} in (select id from bookings where lower(reference) like ${pattern} union select booking_id from booking_jobs where lower(reference) like ${pattern})`,
    );
  }
  const clientReference = filter.customerRefQuery?.trim();
  if (clientReference) {
    parts.push(
      sql`exists (select 1 from jsonb_array_elements(${b.companyReferences}) as ref where lower(ref->>'value') like ${likePattern(clientReference)})`,
    );
  }

  const jobParts: SQL[] = [];
  if (filter.invoicePeriod !== undefined) jobParts.push(sql`${j.invoicePeriodId} = ${filter.invoicePeriod}`);
  if (filter.addressPlaceId) {
    jobParts.push(
      sql`(select id from places where place_id = ${filter.addressPlaceId}) in (${j.collectionPlaceId}, ${j.deliveryPlaceId})`,
    );
  }
  if (!options.omitTags && filter.tags && filter.tags.length > 0) {
    jobParts.push(
      sql`${j.tags} && array[${sql.join(
        filter.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  // The job's service is its tariff's service (spec 2 §3): CANC and FAIC are services priced under a
  // tariff code such as DOM, so the job's tariff code cannot say it.
  if (filter.tariffService)
    jobParts.push(sql`${j.tariffId} in (select id from tariffs where service = ${filter.tariffService})`);
  if (filter.carrier !== undefined) jobParts.push(sql`${j.carrierId} = ${filter.carrier}`);
  if (filter.driverNumber !== undefined)
    jobParts.push(sql`(${j.driverNumber} = ${filter.driverNumber} or ${j.driverTwoNumber} = ${filter.driverNumber})`);
  jobParts.push(...range(sql`${j.carrierPrice}`, filter.carrierCostFrom, filter.carrierCostTo));
  if (filter.needsSameDayReviewOnly) jobParts.push(sql`${j.needsSameDayReview}`);
  if (filter.needsCarrierReviewOnly) jobParts.push(sql`${j.needsCarrierReview}`);
  if (jobParts.length > 0) {
    parts.push(sql`exists (select 1 from ${j} where ${j.bookingId} = ${b.id} and ${and(...jobParts)})`);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The ORDER BY column of a sort key; customerCharge and exVatPrice are the booking's charge ex VAT. */
export function sortColumnOf(sortBy: BookingFilter['sortBy']) {
  switch (sortBy) {
    case 'reference':
      return bookings.reference;
    case 'customerCharge':
    case 'exVatPrice':
      return bookings.exVatPrice;
    case 'driverPrice':
      return bookings.driverPrice;
    case 'weight':
      return bookings.weightOfPackages;
    default:
      return bookings.createdAt;
  }
}
