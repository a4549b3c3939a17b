// The customer interface group (spec 1 §7 'Customer interface group', 'Quote entity'; issue 14).
// What a customer sees of prices is the customer charge only (ex VAT): never driver pay, carrier
// cost or margins, and no charge at all when the company's settings hide prices (cycloneDisplayPrice).
import { z } from 'zod';
import { placeSchema } from '../addresses/schemas.ts';
import { BOOKING_STATUSES, FILTERABLE_BOOKING_STATUSES } from '../bookings/enums.ts';
import { isoDateTime } from '../common/api.ts';
import { bodyId, paramId } from '../common/input.ts';
import { dateRangeMessage, isDateInRange, MAX_DB_ID } from '../common/input-checks.ts';

export const CUSTOMER_PAGE_MAX = 100;
export const CUSTOMER_PAGE_DEFAULT = 25;
export const MAX_PACKAGES = 999;
export const MAX_WEIGHT_KG = 9999;

/** A place's public id as the place search gives it. */
const placeIdField = (name: string) =>
  z
    .string(`${name} is required.`)
    .trim()
    .min(1, `${name} is required.`)
    .max(64, `${name} must be at most 64 characters.`);

const text = (name: string, max: number) => z.string().trim().max(max, `${name} must be at most ${max} characters.`);

const pageFields = {
  size: z.coerce
    .number('size must be a number.')
    .int('size must be a whole number.')
    .min(1, 'size must be at least 1.')
    .max(CUSTOMER_PAGE_MAX, `size must be at most ${CUSTOMER_PAGE_MAX}.`)
    .default(CUSTOMER_PAGE_DEFAULT),
  skip: z.coerce
    .number('skip must be a number.')
    .int('skip must be a whole number.')
    .min(0, 'skip cannot be below 0.')
    .max(MAX_DB_ID, `skip must be at most ${MAX_DB_ID}.`)
    .default(0),
};

/** GET /api/customer/user/companies: the companies the signed-in customer belongs to. */
export const customerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accountCode: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The company may book online (company settings, spec 1 §3). */
  cycloneAllowBooking: z.boolean(),
  /** The company may read its tracking events. */
  cycloneAllowTracking: z.boolean(),
  /** The company is shown its prices (customer charges ex VAT). */
  cycloneDisplayPrice: z.boolean(),
});
export const customerCompaniesSchema = z.array(customerCompanySchema);
export type CustomerCompany = z.infer<typeof customerCompanySchema>;

/** What to price: the company, the two places, the service (vehicle and level) and the packages. */
export const customerOrderSchema = z.object({
  companyId: bodyId('companyId'),
  collectionPlaceId: placeIdField('collectionPlaceId'),
  deliveryPlaceId: placeIdField('deliveryPlaceId'),
  serviceId: bodyId('serviceId'),
  numberOfPackages: z
    .number('numberOfPackages must be a number.')
    .int('numberOfPackages must be a whole number.')
    .min(1, 'numberOfPackages must be at least 1.')
    .max(MAX_PACKAGES, `numberOfPackages must be at most ${MAX_PACKAGES}.`)
    .default(1),
  weightKg: z
    .number('weightKg must be a number of kg.')
    .min(0, 'weightKg cannot be below 0.')
    .max(MAX_WEIGHT_KG, `weightKg must be at most ${MAX_WEIGHT_KG}.`),
});
export const customerQuoteBodySchema = customerOrderSchema;
export type CustomerOrder = z.output<typeof customerOrderSchema>;

/** The quote entity (spec 1 §7): uid, company, user, distance, locations, vehicle with pricing, expires. */
export const customerQuoteSchema = z.object({
  uid: z.uuid(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ uuid: z.uuid(), name: z.string() }),
  /** Metres in a straight line (haversine) between the places; null when one has no map position. */
  distance: z.number().int().nullable(),
  locations: z.object({ collection: placeSchema, delivery: placeSchema }),
  vehicle: z.object({
    serviceId: z.number().int(),
    name: z.string(),
    /** Vehicle type (BIKE, VAN, ...) and service level (STANDARD, PRIORITY, ...). */
    type: z.string(),
    service: z.string(),
    pricing: z.object({
      /** Customer charge in euro ex VAT; null when the company is not shown prices. */
      charge: z.number().nullable(),
      currency: z.literal('EUR'),
      vatIncluded: z.literal(false),
    }),
  }),
  numberOfPackages: z.number().int(),
  weightKg: z.number(),
  createdAt: isoDateTime,
  expires: isoDateTime,
  /** The booking made from the quote, once booked. */
  bookingReference: z.string().nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

const contactSchema = z.object({
  contactName: text('contactName', 100).default(''),
  contactPhone: text('contactPhone', 30).default(''),
});

/**
 * POST /api/customer/booking/{reference}: {reference} is a quote's uid (the booking is made from
 * the quote: its company, places, service, packages and price), or the word `new` with `order` in
 * the body (the order is priced as a quote would be, then booked). The rest of the body is what a
 * quote does not hold: contacts, collection time (none means ASAP), notes, goods, client reference.
 */
export const customerBookingParamsSchema = z.object({
  reference: z.union([z.uuid(), z.literal('new')], {
    error: 'reference must be a quote uid or the word new (with order in the body).',
  }),
});
export const customerBookingBodySchema = z.object({
  order: customerOrderSchema.optional(),
  collection: contactSchema.default({ contactName: '', contactPhone: '' }),
  delivery: contactSchema.default({ contactName: '', contactPhone: '' }),
  collectionTime: isoDateTime.refine(isDateInRange, dateRangeMessage('collectionTime')).nullable().default(null),
  notes: text('notes', 1000).default(''),
  goodsDescription: text('goodsDescription', 500).default(''),
  clientReference: text('clientReference', 100).default(''),
});
export type CustomerBookingBody = z.output<typeof customerBookingBodySchema>;

export const customerJobSchema = z.object({
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  statusLabel: z.string(),
});

/** A booking as its customer sees it: no driver pay, carrier cost or margin. */
export const customerBookingSchema = z.object({
  reference: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: isoDateTime,
  /** null means ASAP. */
  collectionTime: isoDateTime.nullable(),
  status: z.enum(BOOKING_STATUSES),
  statusLabel: z.string(),
  service: z.string(),
  collection: z.string().nullable(),
  delivery: z.string().nullable(),
  numberOfPackages: z.number().int(),
  weightKg: z.number(),
  /** Metres. */
  distance: z.number().int().nullable(),
  /** Customer charge in euro ex VAT; null when the company is not shown prices. */
  charge: z.number().nullable(),
  clientReference: z.string(),
  cancellable: z.boolean(),
  jobs: z.array(customerJobSchema),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

const dayOrMoment = (name: string) =>
  z
    .string()
    .trim()
    .max(40, `${name} must be a date such as 2026-03-02.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(value)) && isDateInRange(value),
      `${name} must be a date such as 2026-03-02.`,
    );

/** GET /api/customer/bookings and /csv: newest first, of one of the customer's companies or all of them. */
export const customerBookingsQuerySchema = z
  .object({
    companyId: paramId('companyId').optional(),
    status: z
      .enum(FILTERABLE_BOOKING_STATUSES, { error: `status must be one of ${FILTERABLE_BOOKING_STATUSES.join(', ')}.` })
      .optional(),
    /** Part of the booking reference or the client reference. */
    search: text('search', 100).optional(),
    /** Created at or after (a day is its start in UTC). */
    from: dayOrMoment('from').optional(),
    /** Created before (a day is excluded from its start: give the next day). */
    to: dayOrMoment('to').optional(),
    ...pageFields,
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type CustomerBookingsQuery = z.output<typeof customerBookingsQuerySchema>;

export const customerBookingsResponseSchema = z.object({
  count: z.number().int(),
  bookings: z.array(customerBookingSchema),
});
export type CustomerBookingsResponse = z.infer<typeof customerBookingsResponseSchema>;

export const customerCancelBodySchema = z.object({ userUUID: z.uuid('userUUID must be a UUID.') });

/** GET /api/customer/drivers: the drivers on the customer's active jobs, name and vehicle only. */
export const customerDriversQuerySchema = z.object({ companyId: paramId('companyId').optional() });
export const customerDriverSchema = z.object({
  name: z.string(),
  vehicle: z.string(),
  jobReferences: z.array(z.string()),
});
export const customerDriversSchema = z.array(customerDriverSchema);
export type CustomerDriver = z.infer<typeof customerDriverSchema>;

export const customerPlaceSearchQuerySchema = z.object({ q: text('q', 200).default('') });
export const customerPlaceParamsSchema = z.object({ placeId: placeIdField('placeId') });
