import { asc, eq, sql } from 'drizzle-orm';
import { toIsoDay } from '@courier/domain/common/dates';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { INVOICE_FINALISE_RUN_KIND } from '@courier/domain/invoicing/finalise-schemas';
import { invoicePeriodIdentifier, invoicePeriodsBetween } from '@courier/domain/invoicing/periods';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { DbOrTx } from '../client.ts';
import { bookings, companies, companyExtendedSettings, invoiceNumberSeries, invoicePeriods } from '../schema/index.ts';
import { Random } from './random.ts';

const PERIOD_CHUNK = 1000;
const FIRST_INVOICE_NUMBER = 1_200_000;

/**
 * Invoice periods for every account customer (spec 1 §3, §4), weekly or monthly by its
 * invoiceInterval, from the period of its first booking to the one running today:
 * - the running period is ACTIVE;
 * - the period just finished (last month, or last week) waits for accounts: IN_REVIEW (Ready to
 *   send), or FINALISED for about a quarter of the companies, whose invoices are numbered but not sent
 *   yet: the finalise run that sends them and makes them INVOICED is queued too;
 * - every earlier period is INVOICED, with its invoice numbers.
 * Then every job of those companies is put in the period holding its booking's day (Europe/Dublin).
 * Runs after the bookings. Deterministic: its own seed, and days counted from the anchor.
 */
export async function seedInvoicePeriods(db: DbOrTx, options: { anchor: Date; seed: number }): Promise<number> {
  const random = new Random(options.seed);
  const today = toIsoDay(options.anchor);

  const accounts = await db
    .select({
      id: companies.id,
      accountCode: companies.accountCode,
      interval: companyExtendedSettings.invoiceInterval,
      singleInvoice: companyExtendedSettings.singleInvoice,
      firstDay: sql<string>`min((${bookings.createdAt} at time zone 'Europe/Dublin')::date)::text`,
    })
    .from(companies)
    .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .innerJoin(bookings, eq(bookings.companyId, companies.id))
    .where(eq(companies.billingBasis, 'account'))
    .groupBy(companies.id, companyExtendedSettings.invoiceInterval, companyExtendedSettings.singleInvoice)
    .orderBy(asc(companies.id));

  const periods: { row: typeof invoicePeriods.$inferInsert; invoiceCount: number }[] = [];
  for (const account of accounts) {
    const finalised = random.chance(0.25);
    const companyPeriods = invoicePeriodsBetween(account.firstDay, today, account.interval);
    companyPeriods.forEach((period, index) => {
      const justFinished = period.end < today && (companyPeriods[index + 1]?.end ?? '') >= today;
      const status: InvoicePeriodStatus =
        period.end >= today ? 'ACTIVE' : justFinished ? (finalised ? 'FINALISED' : 'IN_REVIEW') : 'INVOICED';
      periods.push({
        row: {
          companyId: account.id,
          identifier: invoicePeriodIdentifier(account.accountCode ?? `C${account.id}`, period),
          status,
          start: period.start,
          end: period.end,
        },
        // A company without a single invoice gets one for same-day and one for ON / OS work.
        invoiceCount: status === 'INVOICED' || status === 'FINALISED' ? (account.singleInvoice ? 1 : 2) : 0,
      });
    });
  }

  // Invoice numbers run in the order invoices were issued: by the period's end, then company.
  let next = FIRST_INVOICE_NUMBER;
  for (const { row, invoiceCount } of [...periods].sort(
    (a, b) => a.row.end.localeCompare(b.row.end) || a.row.companyId - b.row.companyId,
  )) {
    row.invoiceNumbers = Array.from({ length: invoiceCount }, () => `INV-${String(next++).padStart(7, '0')}`);
    // Issued the day after the period ended, at noon.
    if (invoiceCount > 0) row.finalisedAt = new Date(Date.parse(`${row.end}T12:00:00Z`) + 86_400_000);
  }
  // The series carries on from the last demo number, so the first invoice finalised here is the next one.
  await db
    .insert(invoiceNumberSeries)
    .values({ name: 'invoice', lastNumber: next - 1 })
    .onConflictDoUpdate({ target: invoiceNumberSeries.name, set: { lastNumber: next - 1 } });
  const finalisedIds: number[] = [];
  for (let start = 0; start < periods.length; start += PERIOD_CHUNK) {
    const inserted = await db
      .insert(invoicePeriods)
      .values(periods.slice(start, start + PERIOD_CHUNK).map(({ row }) => row))
      .returning({ id: invoicePeriods.id, status: invoicePeriods.status });
    finalisedIds.push(...inserted.filter((row) => row.status === 'FINALISED').map((row) => row.id));
  }
  // A FINALISED period is numbered but not yet sent (decision 012): the finalise run that e-mails its
  // kept invoices and makes it INVOICED is queued with it, so none stays FINALISED for ever.
  if (finalisedIds.length > 0)
    await enqueueRun(db, {
      kind: INVOICE_FINALISE_RUN_KIND,
      params: { ids: finalisedIds.sort((a, b) => a - b) },
      total: finalisedIds.length,
    });

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
  return periods.length;
}
