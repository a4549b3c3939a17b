import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { numericNumber, numericZero } from '../columns.ts';
import { users } from './auth.ts';
import { bookingJobs, bookings } from './bookings.ts';
import { places, services } from './catalogue.ts';
import { companies } from './companies.ts';
import { tariffs } from './pricing.ts';

/**
 * What happened to a job, and who or what made it happen (spec 1 §7 GET /tracking/events; issue 14):
 * one row per creation and per status change, only ever added. `status` is the job's status after
 * the event, or 'created' for its creation. A user's change names the user (kept as text too, so the
 * row still says who after the user is deleted); the system's and a driver's say so in `caused_by`.
 */
export const jobStatusEvents = pgTable(
  'job_status_events',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bookingJobs.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    causeKind: text('cause_kind', { enum: ['user', 'system', 'driver'] }).notNull(),
    causedByUserId: integer('caused_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name, 'Set call run', 'Driver 101', ... as shown in the list. */
    causedBy: text('caused_by').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    // Newest first, the list's only order: scanned backwards (see bookings.ts on DESC indexes).
    index('job_status_events_at_idx').on(t.at, t.id),
    index('job_status_events_job_idx').on(t.jobId, t.at, t.id),
    check('job_status_events_cause_kind_check', sql`${t.causeKind} in ('user', 'system', 'driver')`),
  ],
);

/**
 * A price a customer was given (spec 1 §7 'Quote entity': uid, company, user, distance, locations,
 * vehicle with pricing, expires). The charge is the customer's only: no driver pay or carrier cost
 * is kept here. A quote books once: `bookingId` is set when it does.
 */
export const customerQuotes = pgTable(
  'customer_quotes',
  {
    id: serial('id').primaryKey(),
    uid: uuid('uid').notNull().defaultRandom().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    collectionPlaceId: integer('collection_place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    deliveryPlaceId: integer('delivery_place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    /** Metres, straight line (haversine) between the two places; null when one has no map position. */
    distance: integer('distance'),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    numberOfPackages: integer('number_of_packages').notNull().default(1),
    weightOfPackages: numericNumber('weight_of_packages', { precision: 10, scale: 2 }).notNull().default(numericZero),
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'set null' }),
    /** Customer charge ex VAT. */
    charge: numericNumber('charge', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('customer_quotes_company_idx').on(t.companyId, t.createdAt),
    check('customer_quotes_amounts_check', sql`${t.charge} >= 0 and ${t.weightOfPackages} >= 0`),
  ],
);
