import { asc, eq, sql } from 'drizzle-orm';
import { toIsoDay } from '@courier/domain/common/dates';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import { INVOICE_FINALISE_RUN_KIND } from '@courier/domain/invoicing/finalise-schemas';
import {
  invoiceTypesToIssue,
  type InvoiceLineInput,
  type InvoiceWorkKind,
} from '@courier/domain/invoicing/invoice-totals';
import { invoicePeriodIdentifier, invoicePeriodsBetween } from '@courier/domain/invoicing/periods';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { rowsOf, type DbOrTx } from '../client.ts';
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
 * Every job of those companies is put in the period holding its booking's day (Europe/Dublin), and
 * the finalised periods are then numbered as finalise numbers them (invoiceTypesToIssue): an invoice
 * for each type with something to charge, none for a type or a period with nothing charged.
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

  const finalisedIds = await numberFinalisedPeriods(db, {
    singleInvoice: new Map(accounts.map((account) => [account.id, account.singleInvoice])),
  });
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

/**
 * Numbers the demo's FINALISED and INVOICED periods as finalise would have (issuePeriod): one number
 * from the series for each invoice type with something to charge, in the order the invoices were
 * issued (by the period's end, then company), and the day after the period ended as the day it was
 * finalised. A period with nothing charged gets no number and, as finalise leaves it, is INVOICED:
 * there is nothing to send. Returns the periods still FINALISED, by id.
 */
async function numberFinalisedPeriods(
  db: DbOrTx,
  options: { singleInvoice: ReadonlyMap<number, boolean> },
): Promise<number[]> {
  // Each period's charges (jobs plus adjustments, as its invoice lines) summed by the invoice they go
  // on: same-day work on the ground one, the rest (international too) on the overnight one. Sums per
  // kind decide the same as the lines one by one: hasCharges only asks whether they total zero.
  const result = await db.execute(sql`
    with lines as (
      select j.invoice_period_id as period_id, b.type, j.customer_charge as amount
      from booking_jobs j join bookings b on b.id = j.booking_id
      where j.invoice_period_id is not null
      union all
      select a.invoice_period_id, b.type, a.charge
      from job_price_adjustments a
      join booking_jobs j on j.id = a.job_id
      join bookings b on b.id = j.booking_id
      where a.invoice_period_id is not null)
    select p.id, p.company_id,
           case when l.type = 'same_day' then 'ground' else 'overnight' end as kind,
           sum(l.amount)::text as amount
    from invoice_periods p left join lines l on l.period_id = p.id
    where p.status in ('FINALISED', 'INVOICED')
    group by p.id, p.company_id, p."end", kind
    order by p."end", p.company_id, p.id`);

  const byPeriod = new Map<number, { companyId: number; lines: InvoiceLineInput[] }>();
  for (const row of rowsOf<{ id: number; company_id: number; kind: InvoiceWorkKind; amount: string | null }>(result)) {
    const period = byPeriod.get(Number(row.id)) ?? { companyId: Number(row.company_id), lines: [] };
    // A period without a job or adjustment comes once, with no amount: it has no lines.
    if (row.amount !== null) period.lines.push({ kind: row.kind, amount: row.amount });
    byPeriod.set(Number(row.id), period);
  }

  let next = FIRST_INVOICE_NUMBER;
  const numbered = [...byPeriod].map(([id, { companyId, lines }]) => {
    const types = invoiceTypesToIssue(options.singleInvoice.get(companyId) ?? true, lines);
    return { id, invoice_numbers: types.map(() => `INV-${String(next++).padStart(7, '0')}`) };
  });
  // The series carries on from the last demo number, so the first invoice finalised here is the next one.
  await db
    .insert(invoiceNumberSeries)
    .values({ name: 'invoice', lastNumber: next - 1 })
    .onConflictDoUpdate({ target: invoiceNumberSeries.name, set: { lastNumber: next - 1 } });
  // Issued the day after the period ended, at noon (UTC).
  const updated = await db.execute(sql`
    update invoice_periods as p
    set invoice_numbers = v.invoice_numbers,
        finalised_at = ((p."end" + 1) + time '12:00') at time zone 'UTC',
        status = case when cardinality(v.invoice_numbers) = 0 then 'INVOICED' else p.status end
    from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as v(id integer, invoice_numbers text[])
    where p.id = v.id
    returning p.id, p.status`);
  return rowsOf<{ id: number; status: InvoicePeriodStatus }>(updated)
    .filter((row) => row.status === 'FINALISED')
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}
