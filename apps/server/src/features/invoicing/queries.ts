import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { addMoney, toCents, toEuro } from '@courier/domain/common/money';
import {
  PENDING_INVOICE_PERIOD_STATUSES,
  type InvoicePeriodFilters,
  type InvoicePeriodListQuery,
  type InvoicePeriodListResponse,
} from '@courier/domain/invoicing/list-schemas';
import { issuedInvoiceUrl, type IssuedInvoiceLink } from '@courier/domain/invoicing/finalise-schemas';
import type { DbOrTx } from '../../db/client.ts';
import {
  backgroundRuns,
  bookingJobs,
  companies,
  companyExtendedSettings,
  invoiceDocuments,
  invoicePeriods,
  jobPriceAdjustments,
} from '../../db/schema/index.ts';
import { invoicePeriodColumns } from '../../core/invoice-periods.ts';
import { notFound } from '../../http/errors.ts';
import { FINALISE_RUN_KIND } from './finalise.ts';

// A company without extended settings is invoiced monthly, the default of spec 1 §9.
const invoiceInterval = sql<'W' | 'M'>`coalesce(${companyExtendedSettings.invoiceInterval}, 'M')`;

/** The list's filters; the interval filter needs the company's extended settings joined. */
function filtersOf(query: InvoicePeriodFilters): { where: SQL | undefined; needsSettings: boolean } {
  const conditions: SQL[] = [];
  if (query.companyId !== undefined) conditions.push(eq(invoicePeriods.companyId, query.companyId));
  // The Invoice Date: every period due by then ('Finalise for date range' takes the same ones).
  if (query.end !== undefined) conditions.push(lte(invoicePeriods.end, query.end));
  if (query.endFrom !== undefined) conditions.push(gte(invoicePeriods.end, query.endFrom));
  if (query.endTo !== undefined) conditions.push(lte(invoicePeriods.end, query.endTo));
  if (query.status !== undefined) conditions.push(eq(invoicePeriods.status, query.status));
  if (query.search !== undefined) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(${invoicePeriods.identifier}) like ${pattern}
      or exists (select 1 from ${companies} c where c.id = ${invoicePeriods.companyId}
                 and (lower(c.name) like ${pattern} or lower(coalesce(c.account_code, '')) like ${pattern}))
      or exists (select 1 from unnest(${invoicePeriods.invoiceNumbers}) n where lower(n) like ${pattern}))`);
  }
  if (query.pending) conditions.push(inArray(invoicePeriods.status, PENDING_INVOICE_PERIOD_STATUSES));
  const needsSettings = query.weekly !== query.monthly;
  if (needsSettings) conditions.push(sql`${invoiceInterval} = ${query.weekly ? 'W' : 'M'}`);
  // Both intervals switched off: the user asked for neither, so nothing is listed.
  if (!query.weekly && !query.monthly) conditions.push(sql`false`);
  return { where: and(...conditions), needsSettings };
}

/**
 * GET /api/invoice/periods: one page of periods, newest end first, each with its company, invoice
 * settings and money, plus the count of all that match. Two statements: the count, and the page,
 * whose job and adjustment totals are summed in SQL (numeric, exact) for the page's rows only, through
 * the invoice_period_id indexes of booking_jobs and job_price_adjustments.
 */
export async function listInvoicePeriods(
  db: DbOrTx,
  query: InvoicePeriodListQuery,
): Promise<InvoicePeriodListResponse> {
  const { where, needsSettings } = filtersOf(query);

  const countQuery = db.select({ value: count() }).from(invoicePeriods).$dynamic();
  if (needsSettings)
    countQuery.leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, invoicePeriods.companyId));

  const page = db
    .select({
      ...invoicePeriodColumns,
      invoiceNumbers: invoicePeriods.invoiceNumbers,
      accountCode: companies.accountCode,
      companyName: sql<string>`${companies.name}`.as('company_name'),
      invoiceInterval: invoiceInterval.as('invoice_interval'),
      singleInvoice: sql<boolean>`coalesce(${companyExtendedSettings.singleInvoice}, true)`.as('single_invoice'),
    })
    .from(invoicePeriods)
    .innerJoin(companies, eq(companies.id, invoicePeriods.companyId))
    .leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, invoicePeriods.companyId))
    .where(where)
    .orderBy(desc(invoicePeriods.end), desc(invoicePeriods.id))
    .limit(query.size)
    .offset(query.skip)
    .as('page');
  const jobs = db
    .select({
      count: sql<number>`count(*)::int`.as('job_count'),
      total: sql<string>`coalesce(sum(${bookingJobs.customerCharge}), 0)::text`.as('jobs_total'),
    })
    .from(bookingJobs)
    .where(eq(bookingJobs.invoicePeriodId, page.id))
    .as('jobs');
  const adjustments = db
    .select({
      count: sql<number>`count(*)::int`.as('adjustment_count'),
      total: sql<string>`coalesce(sum(${jobPriceAdjustments.charge}), 0)::text`.as('adjustments_total'),
    })
    .from(jobPriceAdjustments)
    .where(eq(jobPriceAdjustments.invoicePeriodId, page.id))
    .as('adjustments');

  const [[total], rows] = await Promise.all([
    countQuery.where(where),
    db
      .select({
        id: page.id,
        companyId: page.companyId,
        identifier: page.identifier,
        status: page.status,
        start: page.start,
        end: page.end,
        invoiceNumbers: page.invoiceNumbers,
        accountCode: page.accountCode,
        companyName: page.companyName,
        invoiceInterval: page.invoiceInterval,
        singleInvoice: page.singleInvoice,
        jobCount: jobs.count,
        jobsTotal: jobs.total,
        adjustmentCount: adjustments.count,
        adjustmentsTotal: adjustments.total,
      })
      .from(page)
      .leftJoinLateral(jobs, sql`true`)
      .leftJoinLateral(adjustments, sql`true`)
      .orderBy(desc(page.end), desc(page.id)),
  ]);

  // The issued invoices of the page's numbered periods: the documents kept when they were issued,
  // which name each invoice's type (every number is issued with its document: issued-invoices.ts).
  const numbered = rows.filter((row) => row.invoiceNumbers.length > 0).map((row) => row.id);
  const documents = new Map<number, IssuedInvoiceLink[]>();
  if (numbered.length > 0) {
    const issued = await db
      .select({
        periodId: invoiceDocuments.periodId,
        number: invoiceDocuments.number,
        type: invoiceDocuments.invoiceType,
      })
      .from(invoiceDocuments)
      .where(inArray(invoiceDocuments.periodId, numbered))
      .orderBy(asc(invoiceDocuments.number));
    for (const { periodId, number, type } of issued)
      documents.set(periodId, [...(documents.get(periodId) ?? []), { number, type, url: issuedInvoiceUrl(number) }]);
  }
  return {
    count: total?.value ?? 0,
    invoicePeriods: rows.map((row) => {
      const jobsTotal = toCents(row.jobsTotal ?? '0');
      const adjustmentsTotal = toCents(row.adjustmentsTotal ?? '0');
      return {
        id: row.id,
        companyId: row.companyId,
        identifier: row.identifier,
        status: row.status,
        start: row.start,
        end: row.end,
        company: { id: row.companyId, accountCode: row.accountCode, name: row.companyName },
        companyExtSettings: { invoiceInterval: row.invoiceInterval, singleInvoice: row.singleInvoice },
        invoiceNumbers: row.invoiceNumbers,
        invoices: documents.get(row.id) ?? [],
        jobCount: row.jobCount ?? 0,
        jobsTotal: toEuro(jobsTotal),
        adjustmentCount: row.adjustmentCount ?? 0,
        adjustmentsTotal: toEuro(adjustmentsTotal),
        total: toEuro(addMoney(jobsTotal, adjustmentsTotal)),
      };
    }),
  };
}

/**
 * The ids of every period in review that the list's filters match, however many: what 'Finalise
 * All N Invoices' finalises. Oldest first, the order a finalise run takes them in.
 */
export async function inReviewPeriodIdsMatching(db: DbOrTx, filters: InvoicePeriodFilters): Promise<number[]> {
  const { where, needsSettings } = filtersOf({ ...filters, status: 'IN_REVIEW' });
  const query = db.select({ id: invoicePeriods.id }).from(invoicePeriods).$dynamic();
  if (needsSettings)
    query.leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, invoicePeriods.companyId));
  const rows = await query.where(where).orderBy(asc(invoicePeriods.id));
  return rows.map((row) => row.id);
}

/** A finalise run as the screen follows it. */
const finaliseRunColumns = {
  id: backgroundRuns.id,
  status: backgroundRuns.status,
  total: backgroundRuns.total,
  done: backgroundRuns.done,
  errors: backgroundRuns.errors,
  error: backgroundRuns.failure,
  finishedAt: backgroundRuns.finishedAt,
};

export async function findFinaliseRun(db: DbOrTx, runId: number) {
  const [run] = await db
    .select(finaliseRunColumns)
    .from(backgroundRuns)
    .where(and(eq(backgroundRuns.id, runId), eq(backgroundRuns.kind, FINALISE_RUN_KIND)));
  if (!run) throw notFound(`Finalise run ${runId} does not exist.`);
  return run;
}

/** The signed-in user's newest finalise run that has not finished, if any: the list follows it again. */
export async function findUnfinishedFinaliseRun(db: DbOrTx, userId: number) {
  const [run] = await db
    .select(finaliseRunColumns)
    .from(backgroundRuns)
    .where(
      and(
        eq(backgroundRuns.kind, FINALISE_RUN_KIND),
        eq(backgroundRuns.createdBy, userId),
        inArray(backgroundRuns.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(backgroundRuns.id))
    .limit(1);
  return run ?? null;
}
