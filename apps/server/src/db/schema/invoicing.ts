import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { INVOICE_PERIOD_STATUSES } from '@courier/domain/invoicing/enums';
import { bytes, numericNumber } from '../columns.ts';
import { users } from './auth.ts';
import { backgroundRuns } from './background.ts';
import { companies } from './companies.ts';

/**
 * Invoice periods (spec 1 §3, §4): one company's jobs for a month or an ISO week, per its
 * invoiceInterval. Jobs and price adjustments point here. Days are Europe/Dublin calendar days,
 * start and end both included.
 */
export const invoicePeriods = pgTable(
  'invoice_periods',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The account code and the period: ATL001-2026-10 (monthly), ATL001-2026-W43 (weekly). */
    identifier: text('identifier').notNull(),
    status: text('status', { enum: INVOICE_PERIOD_STATUSES }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    /** Numbers of the invoices issued for the period (one, or more when not a single invoice). */
    invoiceNumbers: text('invoice_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When its invoices were numbered (FINALISED): the invoice date. */
    finalisedAt: timestamp('finalised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A company's periods by end day: the invoice list's company and end filters (spec 1 §7).
    index('invoice_periods_company_end_idx').on(t.companyId, t.end),
    // The pending list (periods waiting to be invoiced), newest end first: a walk of this index, not a
    // scan of every period (30-40 ms at 260,000 periods without it).
    index('invoice_periods_pending_end_idx')
      .on(t.end.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('IN_REVIEW', 'FINALISED')`),
    check('invoice_periods_status_check', sql`${t.status} in ('ACTIVE', 'IN_REVIEW', 'FINALISED', 'INVOICED')`),
    check('invoice_periods_dates_check', sql`${t.end} >= ${t.start}`),
  ],
);

/**
 * The last invoice number issued, one row per series. Finalising a period takes the next numbers
 * from here in the same transaction that numbers the period, so a rollback gives them back (no gaps)
 * and the row lock makes concurrent finalisers take turns (no number twice).
 */
export const invoiceNumberSeries = pgTable('invoice_number_series', {
  name: text('name').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An issued invoice: the document a customer received, kept as sent (spec 1 §2 Downloads: existing
 * invoices open by url, labelled with number and type). A period has one (single) or two (ground and
 * overnight, when the company's singleInvoice is off).
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => invoicePeriods.id, { onDelete: 'cascade' }),
    invoiceType: text('invoice_type', { enum: ['single', 'ground', 'overnight'] }).notNull(),
    number: text('number').notNull().unique(),
    /** Total including VAT, as printed. */
    total: numericNumber('total', { precision: 12, scale: 2 }).notNull(),
    pdf: bytes('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('invoice_documents_period_type_unique').on(t.periodId, t.invoiceType)],
);

/**
 * A report an accounts user asked for (spec 1 §7 'Report requests'): built in the background from the
 * database, kept here as CSV and e-mailed to the requester; the Reports screen lists the history.
 */
export const invoiceReportRequests = pgTable(
  'invoice_report_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The report's inputs as requested (dates, minimum charge, exceptionsOnly). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    runId: integer('run_id').references(() => backgroundRuns.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    fileName: text('file_name'),
    content: text('content'),
    rowCount: integer('row_count'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_report_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('invoice_report_requests_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
