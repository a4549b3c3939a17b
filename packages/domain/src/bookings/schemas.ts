// Schemas of the bookings API (spec 2 §3, §7): the booking filter as query parameters, and every
// request and response body. Price fields are optional in responses: the server leaves them out
// entirely for users who may not see prices (spec 2 §6).
import { z } from 'zod';
import { bodyId, pageQueryShape, paramId } from '../common/input.ts';
import { dateRangeMessage, isDateInRange } from '../common/input-checks.ts';
import { INVOICE_PERIOD_STATUSES } from '../invoicing/enums.ts';
import { DRIVER_PAY_STATUSES } from '../pricing/price-edits.ts';
import { tariffCodeListSchema } from '../pricing/schemas.ts';
import {
  BOOKING_DEFAULT_PAGE_SIZE,
  BOOKING_MAX_PAGE_SIZE,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  JOB_TAGS,
  STOP_TYPES,
} from './enums.ts';
import {
  BOOKING_FILTER_FIELDS,
  BOOKING_FILTER_RANGES,
  FILTER_AMOUNT_MAX,
  FILTER_COUNT_MAX,
  FILTER_LIST_MAX_VALUES,
  FILTER_TEXT_MAX_LENGTH,
  isWindowText,
  type BookingFilterField,
  type BookingFilterFields,
  type BookingFilterKey,
  type BookingFilterValue,
} from './filter-fields.ts';

type ChoiceField = Extract<BookingFilterField, { kind: 'choice' }>;

/** One of the field's values; a default when left out. */
function choiceParam(name: string, { values, anyCase, default: fallback }: ChoiceField) {
  const [first, second] = values;
  const message =
    values.length === 2 ? `${name} must be ${first} or ${second}.` : `${name} must be one of ${values.join(', ')}.`;
  const choice: z.ZodType<string> = anyCase
    ? z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(values, message))
    : z.enum(values, message);
  return fallback === undefined ? choice.optional() : choice.optional().default(fallback);
}

/** A list parameter: repeated (`tags=A&tags=B`) or comma-separated (`tags=A,B`); empty means none. */
function listParam(name: string, values: readonly [string, ...string[]]) {
  return z
    .preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return undefined;
        const items = Array.isArray(value) ? value : [value];
        return items
          .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
          .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
          .filter((entry) => entry !== '');
      },
      z
        .array(z.enum(values, `${name} takes only ${values.join(', ')}.`), `${name} must be a list.`)
        .max(FILTER_LIST_MAX_VALUES, `${name} takes at most ${FILTER_LIST_MAX_VALUES} values.`),
    )
    .optional();
}

/** 'true'/'false' (or 1/0) in a query string; a real boolean in a JSON body. */
function flagParam(name: string) {
  return z
    .preprocess(
      (value) => {
        if (value === 'true' || value === '1') return true;
        if (value === 'false' || value === '0' || value === '') return false;
        return value;
      },
      z.boolean(`${name} must be true or false.`),
    )
    .optional()
    .default(false);
}

/** A range bound: a number at least 0; 0 (or empty) means the bound is not applied (spec 2 §5). */
function amountParam(name: string) {
  return z.coerce
    .number(`${name} must be a number.`)
    .min(0, `${name} must be at least 0.`)
    .max(FILTER_AMOUNT_MAX, `${name} is too large.`)
    .optional();
}

/** A count bound (packages): a whole number at least 0; 0 (or empty) means the bound is not applied. */
function countParam(name: string) {
  return z.coerce
    .number(`${name} must be a whole number.`)
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be at least 0.`)
    .max(FILTER_COUNT_MAX, `${name} is too large.`)
    .optional();
}

function idParam(name: string) {
  return paramId(name, {
    type: `${name} must be a whole number.`,
    int: `${name} must be a whole number.`,
    min: `${name} must be at least 1.`,
    max: `${name} is too large.`,
  }).optional();
}

function textParam(name: string) {
  return z
    .string(`${name} must be text.`)
    .trim()
    .max(FILTER_TEXT_MAX_LENGTH, `${name} must be at most ${FILTER_TEXT_MAX_LENGTH} characters.`)
    .optional();
}

/** yyyy-MM-dd (a Dublin calendar day) or an ISO date-time with offset, in years PostgreSQL and the app agree on. */
const windowParam = (name: string) =>
  z
    .string()
    .trim()
    .refine(isWindowText, `${name} must be a date (yyyy-MM-dd) or an ISO date-time.`)
    .refine((text) => !isWindowText(text) || isDateInRange(text), dateRangeMessage(name))
    .optional();

/** A filter field's schema, its messages naming the field (a 400's details quote them). */
function filterParam(name: string, field: BookingFilterField): z.ZodType {
  switch (field.kind) {
    case 'choice':
      return choiceParam(name, field);
    case 'choices':
      return listParam(name, field.values);
    case 'id':
      return idParam(name);
    case 'text':
      return textParam(name);
    case 'window':
      return windowParam(name);
    case 'amount':
      return amountParam(name);
    case 'count':
      return countParam(name);
    case 'flag':
      return flagParam(name);
  }
}

/** A field's schema as TypeScript sees it: left out, or its default (flags, and choices that have one). */
type FilterParam<TField extends BookingFilterField> = TField extends { kind: 'flag' } | { default: string }
  ? z.ZodDefault<z.ZodOptional<z.ZodType<BookingFilterValue<TField>, unknown>>>
  : z.ZodOptional<z.ZodType<BookingFilterValue<TField>, unknown>>;

/**
 * The booking filter of spec 2 §3 / §7, as GET query parameters (and as the body of POST /api/bookings/tagged),
 * built from its fields (filter-fields.ts) as the web's URL reader is.
 */
// Object.fromEntries forgets the keys, and filterParam answers some schema: FilterParam names what each kind builds.
export const bookingFilterShape = Object.fromEntries(
  Object.entries(BOOKING_FILTER_FIELDS).map(([name, field]) => [name, filterParam(name, field)]),
) as { [K in BookingFilterKey]: FilterParam<BookingFilterFields[K]> };

function checkWindow(
  filter: { windowStart?: string | undefined; windowEnd?: string | undefined },
  context: z.RefinementCtx,
): void {
  const start = filter.windowStart
    ? Date.parse(filter.windowStart.length === 10 ? `${filter.windowStart}T00:00:00Z` : filter.windowStart)
    : undefined;
  const end = filter.windowEnd
    ? Date.parse(filter.windowEnd.length === 10 ? `${filter.windowEnd}T23:59:59Z` : filter.windowEnd)
    : undefined;
  if (start !== undefined && end !== undefined && end < start) {
    context.addIssue({ code: 'custom', path: ['windowEnd'], message: 'windowEnd must not be before windowStart.' });
  }
}

/** A min above its max matches nothing: refused on the max, as a To before its From (bounds apply above 0). */
function checkRanges(filter: { readonly [key: string]: unknown }, context: z.RefinementCtx): void {
  for (const [minKey, maxKey] of BOOKING_FILTER_RANGES) {
    const min = filter[minKey];
    const max = filter[maxKey];
    if (typeof min === 'number' && typeof max === 'number' && min > 0 && max > 0 && max < min) {
      context.addIssue({ code: 'custom', path: [maxKey], message: `${maxKey} must not be below ${minKey}.` });
    }
  }
}

/** The checks across a filter's fields: From and To, and each min and max. */
function checkFilter(
  filter: { windowStart?: string | undefined; windowEnd?: string | undefined; readonly [key: string]: unknown },
  context: z.RefinementCtx,
): void {
  checkWindow(filter, context);
  checkRanges(filter, context);
}

export const bookingFilterSchema = z.strictObject(bookingFilterShape).superRefine(checkFilter);
export type BookingFilter = z.infer<typeof bookingFilterSchema>;
/** A filter as a client sends it: any filter may be left out (the server applies the defaults). */
export type BookingFilterParams = Partial<BookingFilter>;

const pageParams = pageQueryShape({ defaultSize: BOOKING_DEFAULT_PAGE_SIZE, maxSize: BOOKING_MAX_PAGE_SIZE });

/** GET /api/bookings: the filter plus size (max 5000) and skip. */
export const bookingListQuerySchema = z.strictObject({ ...bookingFilterShape, ...pageParams }).superRefine(checkFilter);
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
/** GET /api/bookings as a client sends it. */
export type BookingListParams = Partial<BookingListQuery>;

/** POST /api/bookings/tagged: the filter as JSON; omitTags counts as if no tag were chosen (the tag picker). */
export const tagCountsBodySchema = z
  .strictObject({
    ...bookingFilterShape,
    omitTags: z.boolean('omitTags must be true or false.').optional().default(false),
  })
  .superRefine(checkFilter);
export type TagCountsBody = z.infer<typeof tagCountsBodySchema>;

const money = z.number();

export const placeSummarySchema = z.object({
  placeId: z.string(),
  name: z.string(),
  addressLineOne: z.string(),
  addressLineTwo: z.string(),
  city: z.string(),
  postCode: z.string(),
  country: z.string(),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;

export const carrierSummarySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** A job as the list shows it (no addresses' detail beyond the summary, no notes). */
export const bookingListJobSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  tags: z.array(z.string()),
  driverNumber: z.number().int().nullable(),
  driverTwoNumber: z.number().int().nullable(),
  carrier: carrierSummarySchema.nullable(),
  tariffService: z.string().nullable(),
  tariffId: z.number().int().nullable(),
  invoicePeriodId: z.number().int().nullable(),
  /** The status of the job's invoice period (null while in none): FINALISED and INVOICED lock its charge (spec 2 §4). */
  invoiceStatus: z.enum(INVOICE_PERIOD_STATUSES).nullable(),
  /** Its tasks' driver pay status in task order: PENDING_PAYMENT and PAID lock a task's pay (spec 2 §4). */
  taskPayStatuses: z.array(z.enum(DRIVER_PAY_STATUSES)),
  needsSameDayReview: z.boolean(),
  needsSameDayReviewReason: z.string().nullable(),
  needsCarrierReview: z.boolean(),
  needsCarrierReviewReason: z.string().nullable(),
  collection: placeSummarySchema.nullable(),
  delivery: placeSummarySchema.nullable(),
  // Prices: present only for users who see prices.
  customerCharge: money.optional(),
  driverPrice: money.optional(),
  carrierPrice: money.optional(),
  carrierCustomsCharge: money.optional(),
  carrierInsuranceCharge: money.optional(),
  extrasCharge: money.optional(),
  /** Raised by every price change; a price change names it (PUT /api/pricing/update, 409 when stale). */
  version: z.number().int(),
});
export type BookingListJob = z.infer<typeof bookingListJobSchema>;

export const companyReferenceValueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  header: z.string(),
  value: z.string(),
});
export type CompanyReferenceValue = z.infer<typeof companyReferenceValueSchema>;

export const bookingServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  service: z.string(),
  type: z.string(),
  serviceCode: z.string(),
});

export const bookingListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  companyId: z.number().int(),
  company: z.object({ id: z.number().int(), accountCode: z.string().nullable(), name: z.string() }),
  companyReferences: z.array(companyReferenceValueSchema),
  createdAt: z.string(),
  collectionTime: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  type: z.enum(BOOKING_TYPES),
  service: bookingServiceSchema,
  vehicle: z.string().nullable(),
  numberOfPackages: z.number().int(),
  weightOfPackages: z.number(),
  return: z.boolean(),
  jobs: z.array(bookingListJobSchema),
  exVatPrice: money.optional(),
  driverPrice: money.optional(),
});
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

export const bookingListResponseSchema = z.object({
  count: z.number().int(),
  bookings: z.array(bookingListItemSchema),
});
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

export const jobWindowsSchema = z.object({
  collectionStart: z.string().nullable(),
  collectionEnd: z.string().nullable(),
  deliveryStart: z.string().nullable(),
  deliveryEnd: z.string().nullable(),
});
export type JobWindows = z.infer<typeof jobWindowsSchema>;

export const extrasBreakdownItemSchema = z.object({ name: z.string(), cost: z.number(), charge: z.number() });
export const priceDetailsSchema = z
  .object({ charge: z.number().optional(), driverExtras: z.number().optional() })
  .catchall(z.unknown());

/** A job with every field of spec 2 §3 (prices only for users who see them). */
export const bookingJobSchema = bookingListJobSchema.extend({
  bookingId: z.number().int(),
  tariffId: z.number().int().nullable(),
  carrierTariffId: z.number().int().nullable(),
  chargeRefs: z.array(z.string()),
  internalNotes: z.string(),
  createdAt: z.string(),
  lastStatusUpdate: z.string().nullable(),
  collectionEta: z.string().nullable(),
  deliveryEta: z.string().nullable(),
  windows: jobWindowsSchema,
  collectedAt: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  signedBy: z.string().nullable(),
  /** Only for delivered jobs: whether collection / delivery happened inside the window (null when no window). */
  collectionInWindow: z.boolean().nullable(),
  deliveryInWindow: z.boolean().nullable(),
  extrasBreakdown: z.array(extrasBreakdownItemSchema).optional(),
  priceDetails: priceDetailsSchema.optional(),
});
export type BookingJob = z.infer<typeof bookingJobSchema>;

const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** GET /api/booking/{reference}: a booking with every field of spec 2 §3 and its jobs. */
export const bookingDetailsSchema = bookingListItemSchema.extend({
  user: personSchema.nullable(),
  staff: personSchema.nullable(),
  /** Seconds from creation to confirmation: confirmed time = createdAt + duration. */
  duration: z.number().int().nullable(),
  /** Metres. */
  distance: z.number().int().nullable(),
  setCallId: z.number().int().nullable(),
  packageType: z.string().nullable(),
  packageSize: z.string().nullable(),
  notes: z.string(),
  goodsDescription: z.string(),
  jobs: z.array(bookingJobSchema),
  priceDetails: priceDetailsSchema.optional(),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

export const bookingReferenceParamsSchema = z.object({
  reference: z.string().trim().min(1, 'reference is required.').max(40, 'reference must be at most 40 characters.'),
});
export const jobReferenceParamsSchema = z.object({
  ref: z.string().trim().min(1, 'ref is required.').max(40, 'ref must be at most 40 characters.'),
});

export const taskSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type: z.enum(STOP_TYPES),
  area: z.string().nullable(),
  status: z.string(),
  jobId: z.number().int(),
  driverId: z.number().int().nullable(),
  driver: z.object({ driverNumber: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  quantumDocket: z.string().nullable(),
  completedAt: z.string().nullable(),
  driverPay: money.optional(),
  driverPayExtra: money.optional(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.array(taskSchema);

/** Driver pay rows of a job (spec 2 §3 'Driver pay row'). */
export const driverPayRowSchema = z.object({
  taskId: z.number().int(),
  taskReference: z.string(),
  taskType: z.enum(STOP_TYPES),
  driverNumber: z.number().int().nullable(),
  driverName: z.string().nullable(),
  driverPay: money,
  driverExtras: money,
  jobId: z.number().int(),
  newDriver: z.boolean(),
});
export const driverPayBreakdownSchema = z.object({
  jobId: z.number().int(),
  jobReference: z.string(),
  rows: z.array(driverPayRowSchema),
  total: money,
});
export type DriverPayBreakdown = z.infer<typeof driverPayBreakdownSchema>;

export const bookingsBreakdownQuerySchema = z.strictObject({
  jobIds: z.preprocess(
    (value) => {
      if (value === undefined || value === '') return undefined;
      const items = Array.isArray(value) ? value : [value];
      return items
        .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
        .filter((entry) => entry !== '');
    },
    z
      .array(
        paramId('jobIds', {
          type: 'jobIds must be whole numbers.',
          int: 'jobIds must be whole numbers.',
          min: 'jobIds must be at least 1.',
          max: 'jobIds must be job ids.',
        }),
        'jobIds is required.',
      )
      .min(1, 'jobIds is required.')
      .max(500, 'jobIds takes at most 500 ids.'),
  ),
});
export const relatedChargeDocketSchema = z.object({
  reference: z.string(),
  jobReference: z.string(),
  customerCharge: money.optional(),
});
export type RelatedChargeDocket = z.infer<typeof relatedChargeDocketSchema>;
/** Related charge dockets: for each job asked for, the bookings whose jobs it charges (Reference, Customer Charge). */
export const bookingsBreakdownSchema = z.array(
  z.object({
    jobId: z.number().int(),
    jobReference: z.string(),
    bookings: z.array(relatedChargeDocketSchema),
  }),
);

export const tagCountsSchema = z.object({
  total: z.number().int(),
  counts: z.array(z.object({ tag: z.enum(JOB_TAGS), count: z.number().int() })),
});
export type TagCounts = z.infer<typeof tagCountsSchema>;

export const setJobTagsBodySchema = z.strictObject({
  jobId: bodyId('jobId', {
    type: 'jobId must be a number.',
    int: 'jobId must be a whole number.',
    min: 'jobId must be at least 1.',
    max: 'jobId is too large.',
  }),
  tags: z
    .array(z.enum(JOB_TAGS, `tags takes only ${JOB_TAGS.join(', ')}.`), 'tags must be a list.')
    .max(JOB_TAGS.length, 'Too many tags.'),
});
export const setJobTagsResponseSchema = z.object({ jobId: z.number().int(), tags: z.array(z.enum(JOB_TAGS)) });
export type SetJobTagsBody = z.input<typeof setJobTagsBodySchema>;
export type SetJobTagsResponse = z.infer<typeof setJobTagsResponseSchema>;

export const clientReferenceInputSchema = z.strictObject({
  id: bodyId('id', {
    type: 'id must be a number.',
    int: 'id must be a whole number.',
    min: 'id must be at least 1.',
    max: 'id is too large.',
  }),
  name: z.string('name must be text.').trim().max(200, 'name must be at most 200 characters.').optional(),
  header: z.string('header must be text.').trim().max(200, 'header must be at most 200 characters.').optional(),
  // spec 2 §5: editing a client reference requires a non-empty value.
  value: z
    .string('value must be text.')
    .trim()
    .min(1, 'Please enter a value for every reference.')
    // Shown under the reference's field as typed (the web checks this before Save), so in staff's words.
    .max(200, 'A client reference can be at most 200 characters.'),
});
export const updateClientReferencesBodySchema = z.strictObject({
  bookingId: bodyId('bookingId', {
    type: 'bookingId must be a number.',
    int: 'bookingId must be a whole number.',
    min: 'bookingId must be at least 1.',
    max: 'bookingId is too large.',
  }),
  companyReferences: z
    .array(clientReferenceInputSchema, 'companyReferences must be a list.')
    .min(1, 'companyReferences must hold at least one reference.')
    .max(50, 'companyReferences takes at most 50 references.'),
});
export type UpdateClientReferencesBody = z.infer<typeof updateClientReferencesBodySchema>;
export const updateClientReferencesResponseSchema = z.object({
  bookingId: z.number().int(),
  reference: z.string(),
  companyReferences: z.array(companyReferenceValueSchema),
});

/** SMS phone numbers need at least 8 digits once everything but digits and '+' is removed (spec 2 §5). */
export function isValidSmsPhone(phone: string): boolean {
  const kept = phone.replace(/[^\d+]/g, '');
  return (kept.match(/\d/g) ?? []).length >= 8 && /^\+?\d+$/.test(kept);
}
export const statusSmsBodySchema = z.strictObject({
  phoneNumber: z
    .string('phoneNumber must be text.')
    .trim()
    .max(30, 'Enter a valid phone number.')
    .refine(isValidSmsPhone, 'Enter a valid phone number.'),
  statusMessage: z
    .string('statusMessage must be text.')
    .trim()
    .min(1, 'Please enter a status message.')
    .max(480, 'statusMessage must be at most 480 characters.'),
  /**
   * The job the text is about (e.g. B1000123-1), not in the spec's body: given, the job's tracking
   * shows the text as 'SMS sent' (issue 14); an unknown job is refused before anything is sent.
   */
  jobReference: z
    .string('jobReference must be a job reference such as B1000123-1.')
    .trim()
    .min(1, 'jobReference must be a job reference such as B1000123-1.')
    .max(40, 'jobReference must be at most 40 characters.')
    .optional(),
});
/** POST /api/bookings/status/sms: the background run (kind status-sms) that sends the message. */
export const statusSmsResponseSchema = z.object({ id: z.number().int(), status: z.literal('queued') });

/** GET /api/bookings/margins: the margin report totals, the summary totals and percentages (spec 2 §3, §9). */
export const marginReportTotalsSchema = z.object({
  totalCharges: money,
  totalPay: money,
  totalAdjCharges: money,
  totalAdjCosts: money,
  totalAdjPay: money,
  totalBonusPay: money,
  totalCustoms: money,
  carrierCosts: money,
  carrierInsuranceCosts: money,
});
export const marginSummarySchema = z.object({
  driverPay: money,
  driverAdjPay: money,
  driverBonusPay: money,
  driverPayTotal: money,
  adjCosts: money,
  carrierCosts: money,
  carrierInsuranceCosts: money,
  totalCosts: money,
  charge: money,
  totalCustoms: money,
  chargeLessCustoms: money,
  adjCharge: money,
  totalCharges: money,
  driverPayPercent: z.number(),
  marginPercent: z.number(),
});
export const marginsResponseSchema = z.object({
  bookingCount: z.number().int(),
  jobCount: z.number().int(),
  totals: marginReportTotalsSchema,
  summary: marginSummarySchema,
});
export type MarginsResponse = z.infer<typeof marginsResponseSchema>;

/** GET /api/bookings/filter-options: the choices of the list filters that come from data (carriers). */
/** The tariff codes' names let the list show 'Domestic Overnight', not 'DOM' (issue 10). */
export const bookingFilterOptionsSchema = z.object({
  carriers: z.array(carrierSummarySchema),
  tariffCodes: tariffCodeListSchema,
});
export type BookingFilterOptions = z.infer<typeof bookingFilterOptionsSchema>;
