import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toIsoDay } from '@courier/domain/common/dates';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { INVOICE_FINALISE_RUN_KIND } from '@courier/domain/invoicing/finalise-schemas';
import { invoicePeriodIdentifier, invoicePeriodsBetween } from '@courier/domain/invoicing/periods';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { Db, DbOrTx } from '../client.ts';
import { bookings, companies, companyExtendedSettings, invoiceNumberSeries, invoicePeriods } from '../schema/index.ts';
import { Random } from './random.ts';

const PERIOD_CHUNK = 1000;
const FIRST_INVOICE_NUMBER = 1_200_000;

/**
 * The invoicing area's issuing, as the demo data uses it (features/invoicing/demo-invoicing.ts makes
 * one). db/ sits below the areas and imports none of them, so whoever seeds passes it in.
 */
export interface DemoInvoicing {
  /**
   * Issues each period's invoices exactly as finalise does (issuePeriodInvoices), one period after
   * another in the caller's transaction: a number from the series for each type with something
   * charged, its PDF and its kept document; the period records its numbers and `issuedAt` and becomes
   * FINALISED. Returns each period's numbers, in order.
   */
  issuePeriods(tx: DbOrTx, periods: readonly { id: number; issuedAt: Date }[]): Promise<string[][]>;
  /**
   * On a demo database seeded before its invoices were issued so, keeps a document for each invoice
   * number that has none; returns how many.
   */
  documentOlderInvoices(db: Db): Promise<number>;
}

/**
 * Invoice periods for every account customer (spec 1 §3, §4), weekly or monthly by its
 * invoiceInterval, from the period of its first booking to the one running today:
 * - the running period is ACTIVE;
 * - the period just finished (last month, or last week) waits for accounts: IN_REVIEW (Ready to
 *   send), or FINALISED for about a quarter of the companies, whose invoices are numbered but not sent
 *   yet: the finalise run that sends them and makes them INVOICED is queued too;
 * - every earlier period is INVOICED, with its invoice numbers.
 * Every job of those companies is put in the period holding its booking's day (Europe/Dublin), and
 * the finalised periods are then issued by finalise's own code (issueDemoInvoices): an invoice for
 * each type with something to charge, numbered, printed and kept as a document, none for a type or a
 * period with nothing charged.
 * Runs after the bookings. Deterministic: its own seed, and days counted from the anchor.
 */
export async function seedInvoicePeriods(
  db: DbOrTx,
  options: { anchor: Date; seed: number; invoicing: DemoInvoicing },
): Promise<number> {
  const random = new Random(options.seed);
  const today = toIsoDay(options.anchor);

  const accounts = await db
    .select({
      id: companies.id,
      accountCode: companies.accountCode,
      interval: companyExtendedSettings.invoiceInterval,
      firstDay: sql<string>`min((${bookings.createdAt} at time zone 'Europe/Dublin')::date)::text`,
    })
    .from(companies)
    .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .innerJoin(bookings, eq(bookings.companyId, companies.id))
    .where(eq(companies.billingBasis, 'account'))
    .groupBy(companies.id, companyExtendedSettings.invoiceInterval)
    .orderBy(asc(companies.id));

  const periods: (typeof invoicePeriods.$inferInsert)[] = [];
  for (const account of accounts) {
    const finalised = random.chance(0.25);
    const companyPeriods = invoicePeriodsBetween(account.firstDay, today, account.interval);
    companyPeriods.forEach((period, index) => {
      const justFinished = period.end < today && (companyPeriods[index + 1]?.end ?? '') >= today;
      const status: InvoicePeriodStatus =
        period.end >= today ? 'ACTIVE' : justFinished ? (finalised ? 'FINALISED' : 'IN_REVIEW') : 'INVOICED';
      periods.push({
        companyId: account.id,
        identifier: invoicePeriodIdentifier(account.accountCode ?? `C${account.id}`, period),
        status,
        start: period.start,
        end: period.end,
      });
    });
  }
  for (let start = 0; start < periods.length; start += PERIOD_CHUNK)
    await db.insert(invoicePeriods).values(periods.slice(start, start + PERIOD_CHUNK));

  // Set-based: one statement puts every job in its period, one more its price adjustments.
  await db.execute(sql`
    update booking_jobs as j set invoice_period_id = p.id
    from bookings as b, invoice_periods as p
    where b.id = j.booking_id
      and p.company_id = b.company_id
      and (b.created_at at time zone 'Europe/Dublin')::date between p.start and p."end"`);
  await db.execute(sql`
    update job_price_adjustments as a set invoice_period_id = j.invoice_period_id
    from booking_jobs as j
    where j.id = a.job_id and j.invoice_period_id is not null`);

  const finalisedIds = await issueDemoInvoices(db, options.invoicing);
  // A FINALISED period is numbered but not yet sent (decision 012): the finalise run that e-mails its
  // kept invoices and makes it INVOICED is queued with it, so none stays FINALISED for ever.
  if (finalisedIds.length > 0)
    await enqueueRun(db, {
      kind: INVOICE_FINALISE_RUN_KIND,
      params: { ids: finalisedIds },
      total: finalisedIds.length,
    });
  return periods.length;
}

/** Issued the day after the period ended, at noon (UTC). */
const issuedAfter = (end: string) => new Date(Date.parse(`${end}T12:00:00Z`) + 86_400_000);

/**
 * Issues the invoices of the demo's FINALISED and INVOICED periods through finalise's own issuing
 * (DemoInvoicing.issuePeriods), in the order they were finalised (by the period's end, then company),
 * from the demo's first number: numbers, PDFs and kept documents exactly as finalising them would
 * have written. A period sent since is INVOICED; one with nothing charged took no number and, as
 * finalise leaves it, is INVOICED too: there is nothing to send. Returns the periods still FINALISED,
 * by id.
 */
async function issueDemoInvoices(db: DbOrTx, invoicing: DemoInvoicing): Promise<number[]> {
  // The series starts where the demo's numbers do; issuing takes each number from it, so it carries on
  // from the last demo number and the first invoice finalised in the app is the next one.
  await db
    .insert(invoiceNumberSeries)
    .values({ name: 'invoice', lastNumber: FIRST_INVOICE_NUMBER - 1 })
    .onConflictDoUpdate({ target: invoiceNumberSeries.name, set: { lastNumber: FIRST_INVOICE_NUMBER - 1 } });
  const ended = await db
    .select({ id: invoicePeriods.id, end: invoicePeriods.end, status: invoicePeriods.status })
    .from(invoicePeriods)
    .where(inArray(invoicePeriods.status, ['FINALISED', 'INVOICED']))
    .orderBy(asc(invoicePeriods.end), asc(invoicePeriods.companyId), asc(invoicePeriods.id));
  // Leaves each period FINALISED, numbered, as a finalise step does before it sends.
  const numbers = await invoicing.issuePeriods(
    db,
    ended.map((period) => ({ id: period.id, issuedAt: issuedAfter(period.end) })),
  );
  const finalised: number[] = [];
  const sent: number[] = [];
  ended.forEach((period, index) =>
    (period.status === 'FINALISED' && numbers[index]!.length > 0 ? finalised : sent).push(period.id),
  );
  if (sent.length > 0)
    await db.update(invoicePeriods).set({ status: 'INVOICED' }).where(inArray(invoicePeriods.id, sent));
  return finalised.sort((a, b) => a - b);
}
