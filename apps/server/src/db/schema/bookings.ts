import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { numericNumber, numericZero } from '../columns.ts';
import type { CompanyReferenceValue, JobWindows } from '@courier/domain/bookings/schemas';
import { users } from './auth.ts';
import { carriers, drivers, places, services, tariffCodes } from './catalogue.ts';
import { companies } from './companies.ts';
import { invoicePeriods } from './invoicing.ts';
import { tariffs } from './pricing.ts';

/**
 * Bookings, their jobs and the jobs' tasks (spec 2 §3). The tables are booking_jobs and
 * booking_tasks because `jobs` is the background-job queue. Money is numeric(12,2); every filter and
 * sort of the booking list (spec 2 §7) has an index. A job (and a price adjustment) belongs to at most
 * one invoice period; deleting the period leaves it uninvoiced.
 */

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The company's reference values as booked (id, name, header, value). */
    companyReferences: jsonb('company_references').$type<CompanyReferenceValue[]>().notNull().default([]),
    /** The customer who booked. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who placed the booking for the customer, if any. */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds from creation to confirmation (confirmed time = createdAt + duration). */
    duration: integer('duration'),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    /** same_day for the Same Day view; anything else (overnight, international) is ON / OS. */
    type: text('type', { enum: ['same_day', 'other'] }).notNull(),
    /** The vehicle booked, in the booking filter's words (BIKE, SMALL-VAN, ...). */
    vehicle: text('vehicle'),
    /** Metres. */
    distance: integer('distance'),
    /** Null means ASAP. */
    collectionTime: timestamp('collection_time', { withTimezone: true }),
    return: boolean('return').notNull().default(false),
    setCallId: integer('set_call_id'),
    /**
     * For a booking a set call's run made: the day its schedule named (a public holiday when the run
     * was pushed to the next working day). Unique with setCallId, so a run repeated, or two servers
     * running at once, book a set call's day once (issue 14).
     */
    setCallDate: date('set_call_date', { mode: 'string' }),
    numberOfPackages: integer('number_of_packages').notNull().default(1),
    weightOfPackages: numericNumber('weight_of_packages', { precision: 10, scale: 2 }).notNull().default(numericZero),
    packageType: text('package_type'),
    packageSize: text('package_size'),
    status: text('status', {
      enum: ['quote', 'confirmed', 'in_progress', 'out_for_delivery', 'delivered', 'cancelled', 'failed', 'unknown'],
    }).notNull(),
    /** Customer charge ex VAT: the sum of the jobs' customer charges. */
    exVatPrice: numericNumber('ex_vat_price', { precision: 12, scale: 2 }).notNull().default(numericZero),
    /** Driver pay: the sum of the jobs' driver prices. */
    driverPrice: numericNumber('driver_price', { precision: 12, scale: 2 }).notNull().default(numericZero),
    notes: text('notes').notNull().default(''),
    goodsDescription: text('goods_description').notNull().default(''),
    priceDetails: jsonb('price_details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // Plain ascending keys: scanned backwards they serve ORDER BY ... DESC (nulls first, PostgreSQL's
    // default). Drizzle's .desc() writes DESC NULLS LAST, which no ORDER BY of ours matches.
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_type_created_idx').on(t.type, t.createdAt, t.id),
    index('bookings_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('bookings_status_created_idx').on(t.status, t.createdAt),
    // The view's count reads this small, deduplicated index only (400,000 same-day rows in ~30 ms).
    index('bookings_type_idx').on(t.type),
    index('bookings_ex_vat_price_idx').on(t.exVatPrice, t.id),
    index('bookings_driver_price_idx').on(t.driverPrice, t.id),
    index('bookings_weight_idx').on(t.weightOfPackages, t.id),
    index('bookings_reference_trgm_idx').using('gin', sql`lower(${t.reference}) gin_trgm_ops`),
    index('bookings_service_idx').on(t.serviceId),
    uniqueIndex('bookings_set_call_date_unique')
      .on(t.setCallId, t.setCallDate)
      .where(sql`${t.setCallId} is not null`),
    check('bookings_type_check', sql`${t.type} in ('same_day', 'other')`),
    check('bookings_packages_check', sql`${t.numberOfPackages} >= 0`),
    check('bookings_weight_check', sql`${t.weightOfPackages} >= 0`),
  ],
);

export const bookingJobs = pgTable(
  'booking_jobs',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull().unique(),
    status: text('status', {
      enum: ['quote', 'confirmed', 'in_progress', 'out_for_delivery', 'delivered', 'cancelled', 'failed', 'unknown'],
    }).notNull(),
    /** The customer tariff and the carrier tariff (what the carrier charges us) the job is priced with. */
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    carrierTariffId: integer('carrier_tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    /** The tariff service code the job is priced under (DOM, INT, CANC, ...), for the tariffService filter. */
    tariffCodeId: integer('tariff_code_id').references(() => tariffCodes.id, { onDelete: 'set null' }),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    customerCharge: numericNumber('customer_charge', { precision: 12, scale: 2 }).notNull().default(numericZero),
    driverPrice: numericNumber('driver_price', { precision: 12, scale: 2 }).notNull().default(numericZero),
    driverNumber: integer('driver_number'),
    driverTwoNumber: integer('driver_two_number'),
    carrierPrice: numericNumber('carrier_price', { precision: 12, scale: 2 }).notNull().default(numericZero),
    carrierCustomsCharge: numericNumber('carrier_customs_charge', { precision: 12, scale: 2 })
      .notNull()
      .default(numericZero),
    carrierInsuranceCharge: numericNumber('carrier_insurance_charge', { precision: 12, scale: 2 })
      .notNull()
      .default(numericZero),
    extrasCharge: numericNumber('extras_charge', { precision: 12, scale: 2 }).notNull().default(numericZero),
    /** Extras (name, cost paid to the driver, charge to the customer). */
    extrasBreakdown: jsonb('extras_breakdown')
      .$type<{ name: string; cost: number; charge: number }[]>()
      .notNull()
      .default([]),
    /** Sum of the extras' costs, kept beside the breakdown so margins are a plain SUM. */
    extrasCost: numericNumber('extras_cost', { precision: 12, scale: 2 }).notNull().default(numericZero),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** References of related charge dockets. */
    chargeRefs: text('charge_refs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    internalNotes: text('internal_notes').notNull().default(''),
    /** The period the job is invoiced in; null while it is in none. */
    invoicePeriodId: integer('invoice_period_id').references(() => invoicePeriods.id, { onDelete: 'set null' }),
    collectionPlaceId: integer('collection_place_id').references(() => places.id, { onDelete: 'set null' }),
    deliveryPlaceId: integer('delivery_place_id').references(() => places.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusUpdate: timestamp('last_status_update', { withTimezone: true }),
    collectionEta: timestamp('collection_eta', { withTimezone: true }),
    deliveryEta: timestamp('delivery_eta', { withTimezone: true }),
    windows: jsonb('windows')
      .$type<JobWindows>()
      .notNull()
      .default({ collectionStart: null, collectionEnd: null, deliveryStart: null, deliveryEnd: null }),
    /** When the goods were collected (the collection task's completion). */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    signedBy: text('signed_by'),
    needsSameDayReview: boolean('needs_same_day_review').notNull().default(false),
    needsSameDayReviewReason: text('needs_same_day_review_reason'),
    needsCarrierReview: boolean('needs_carrier_review').notNull().default(false),
    needsCarrierReviewReason: text('needs_carrier_review_reason'),
    priceDetails: jsonb('price_details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Raised by every change to the job's prices (issue 11): a price change names the version it was
     * made on, and one made on an older version is refused (409 STALE_EDIT) instead of overwriting.
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('booking_jobs_booking_idx').on(t.bookingId),
    index('booking_jobs_reference_trgm_idx').using('gin', sql`lower(${t.reference}) gin_trgm_ops`),
    index('booking_jobs_tags_idx').using('gin', t.tags),
    index('booking_jobs_driver_number_idx').on(t.driverNumber),
    index('booking_jobs_driver_two_number_idx').on(t.driverTwoNumber),
    index('booking_jobs_carrier_idx').on(t.carrierId),
    index('booking_jobs_tariff_code_idx').on(t.tariffCodeId),
    index('booking_jobs_invoice_period_idx').on(t.invoicePeriodId),
    index('booking_jobs_collection_place_idx').on(t.collectionPlaceId),
    index('booking_jobs_delivery_place_idx').on(t.deliveryPlaceId),
    index('booking_jobs_carrier_price_idx').on(t.carrierPrice),
    index('booking_jobs_same_day_review_idx')
      .on(t.bookingId)
      .where(sql`${t.needsSameDayReview}`),
    index('booking_jobs_carrier_review_idx')
      .on(t.bookingId)
      .where(sql`${t.needsCarrierReview}`),
  ],
);

export const bookingTasks = pgTable(
  'booking_tasks',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bookingJobs.id, { onDelete: 'cascade' }),
    /** Stop type: shown PU, DROP, STOP, RTB. */
    type: text('type', { enum: ['COLLECTION', 'DELIVERY', 'STOP', 'RETURN_TO_BASE'] }).notNull(),
    area: text('area'),
    status: text('status').notNull(),
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    driverPay: numericNumber('driver_pay', { precision: 12, scale: 2 }).notNull().default(numericZero),
    driverPayExtra: numericNumber('driver_pay_extra', { precision: 12, scale: 2 }).notNull().default(numericZero),
    quantumDocket: text('quantum_docket'),
    /** Who to ask for at the stop, and their phone (a set call's collection and delivery contacts). */
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Order of the stop within the job. */
    position: integer('position').notNull().default(0),
    /** Spec 2 §4 driver pay status: PENDING_PAYMENT and PAID lock the task's pay. */
    payStatus: text('pay_status', { enum: ['ACTIVE', 'PENDING_PAYMENT', 'PAID'] })
      .notNull()
      .default('ACTIVE'),
  },
  (t) => [
    index('booking_tasks_job_idx').on(t.jobId, t.position),
    index('booking_tasks_driver_idx').on(t.driverId),
    check('booking_tasks_driver_pay_check', sql`${t.driverPay} >= 0 and ${t.driverPayExtra} >= 0`),
  ],
);

/**
 * Price adjustments of a job (spec 2 §3): the margins sum them. Creating and deleting them is the
 * price-editing issue's work; the table lives with the jobs it belongs to.
 */
export const jobPriceAdjustments = pgTable(
  'job_price_adjustments',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bookingJobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    taskId: integer('task_id').references(() => bookingTasks.id, { onDelete: 'set null' }),
    /** Shown to the customer. */
    description: text('description').notNull().default(''),
    /** Staff only. */
    internalDescription: text('internal_description').notNull().default(''),
    cost: numericNumber('cost', { precision: 12, scale: 2 }).notNull().default(numericZero),
    charge: numericNumber('charge', { precision: 12, scale: 2 }).notNull().default(numericZero),
    showToCustomer: boolean('show_to_customer').notNull().default(false),
    applySurcharge: boolean('apply_surcharge').notNull().default(false),
    /** The period the adjustment is invoiced in, which may differ from its job's (spec 2 §4). */
    invoicePeriodId: integer('invoice_period_id').references(() => invoicePeriods.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_price_adjustments_job_idx').on(t.jobId),
    index('job_price_adjustments_invoice_period_idx').on(t.invoicePeriodId),
    check('job_price_adjustments_amounts_check', sql`${t.cost} >= 0 and ${t.charge} >= 0`),
  ],
);

/**
 * Every change to a price field of a job or its tasks (issue 11): who, when, which field, the value
 * before and after (as text: money, kg, counts and ids alike), the note given and the call that made
 * it. Rows are only ever added, so a replaced charge is never lost.
 */
export const jobPriceHistory = pgTable(
  'job_price_history',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bookingJobs.id, { onDelete: 'cascade' }),
    /** The task, for a task's driver pay or extras. */
    taskId: integer('task_id').references(() => bookingTasks.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The call that made the change, e.g. 'PUT /api/pricing/update'. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_price_history_job_idx').on(t.jobId, t.createdAt)],
);
