import { z } from 'zod';
import {
  BOOKING_MAX_PAGE_SIZE,
  BOOKING_SORT_KEYS,
  BOOKING_VEHICLES,
  BOOKING_VIEWS,
  FILTERABLE_BOOKING_STATUSES,
  JOB_TAGS,
  SERVICE_LEVELS,
  TARIFF_SERVICE_CODES,
} from '@courier/domain/bookings/enums';

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const amount = loose(z.coerce.number().min(0));
const id = loose(z.coerce.number().int().min(1));
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((value) => (typeof value === 'string' ? value.split(',') : value), z.array(z.string()))
    .transform((items) => items.filter((item): item is T[number] => (values as readonly string[]).includes(item)))
    .optional()
    .catch(undefined);

/**
 * The booking list's state in the URL (spec 2 §2: a filtered list is a link to share; back and
 * forward work). Bad values are dropped, never an error page. Names follow the API's query.
 */
export const bookingListSearchSchema = z.object({
  view: loose(z.enum(BOOKING_VIEWS)),
  page: loose(z.coerce.number().int().min(0)),
  size: loose(z.coerce.number().int().min(1).max(BOOKING_MAX_PAGE_SIZE)),
  q: loose(z.string().max(100)),
  company: id,
  place: loose(z.string().max(100)),
  placeName: loose(z.string().max(200)),
  from: loose(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  to: loose(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  sortBy: loose(z.enum(BOOKING_SORT_KEYS)),
  sortDirection: loose(z.enum(['asc', 'desc'])),
  statuses: list(FILTERABLE_BOOKING_STATUSES),
  service: loose(z.enum(SERVICE_LEVELS)),
  vehicle: loose(z.enum(BOOKING_VEHICLES)),
  tags: list(JOB_TAGS),
  driverNumber: id,
  chargeFrom: amount,
  chargeTo: amount,
  driverPayFrom: amount,
  driverPayTo: amount,
  carrier: id,
  tariffService: loose(z.enum(TARIFF_SERVICE_CODES)),
  packageCountFrom: amount,
  packageCountTo: amount,
  weightFrom: amount,
  weightTo: amount,
  carrierCostFrom: amount,
  carrierCostTo: amount,
});
export type BookingListSearch = z.infer<typeof bookingListSearchSchema>;

/** Keys that are filters: changing one resets the page and marks the search ready (spec 2 §4). */
export const FILTER_KEYS = [
  'view',
  'q',
  'company',
  'place',
  'from',
  'to',
  'sortBy',
  'sortDirection',
  'statuses',
  'service',
  'vehicle',
  'tags',
  'driverNumber',
  'chargeFrom',
  'chargeTo',
  'driverPayFrom',
  'driverPayTo',
  'carrier',
  'tariffService',
  'packageCountFrom',
  'packageCountTo',
  'weightFrom',
  'weightTo',
  'carrierCostFrom',
  'carrierCostTo',
] as const satisfies readonly (keyof BookingListSearch)[];
