import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { toIsoDay } from '@courier/domain/common/dates';
import { invoicePeriodContaining, invoicePeriodIdentifier } from '@courier/domain/invoicing/periods';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingJobs,
  bookings,
  companies,
  companyExtendedSettings,
  invoicePeriods,
  jobPriceAdjustments,
} from '../../db/schema/index.ts';
import type { RunLogEntry } from '../../platform/background/run-log.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import { defineSchedule } from '../../platform/background/schedules.ts';

export const PERIODS_RUN_KIND = 'invoice-periods';
/** Jobs put in periods per step. */
const JOB_BATCH = 5000;
/** Job statuses with something to charge: delivered, or failed or cancelled after work was done. */
const CHARGEABLE_STATUSES = ['delivered', 'failed', 'cancelled'] as const;

/** Every quarter of an hour: ended periods go to review, newly chargeable jobs into their company's open period. */
export const invoicePeriodsSchedule = defineSchedule({
  name: 'invoice-periods',
  kind: PERIODS_RUN_KIND,
  rule: '*/15 * * * *',
});

/**
 * The company's open (ACTIVE) period holding `today`, made when it has none (spec 1 §3: a period per
 * company per invoice interval, created as needed). Locks the company row so two runs make one.
 */
export async function openInvoicePeriod(tx: DbOrTx, companyId: number, today: string): Promise<number> {
  const [company] = await tx
    .select({ accountCode: companies.accountCode, interval: companyExtendedSettings.invoiceInterval })
    .from(companies)
    .leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .for('update', { of: companies });
  if (!company) throw new Error(`Company ${companyId} does not exist.`);
  const days = invoicePeriodContaining(today, company.interval ?? 'M');
  const [open] = await tx
    .select({ id: invoicePeriods.id })
    .from(invoicePeriods)
    .where(
      and(
        eq(invoicePeriods.companyId, companyId),
        eq(invoicePeriods.status, 'ACTIVE'),
        sql`${today}::date between ${invoicePeriods.start} and ${invoicePeriods.end}`,
      ),
    )
    .limit(1);
  if (open) return open.id;
  const [created] = await tx
    .insert(invoicePeriods)
    .values({
      companyId,
      identifier: invoicePeriodIdentifier(company.accountCode ?? `C${companyId}`, days),
      status: 'ACTIVE',
      start: days.start,
      end: days.end,
    })
    .returning({ id: invoicePeriods.id });
  return created!.id;
}

/**
 * The invoice periods run (spec 1 §4, issue 12), one step:
 * 1. ACTIVE periods whose last day has passed (Europe/Dublin) move to IN_REVIEW, Ready to send;
 * 2. chargeable jobs of account customers that are in no period yet go into their company's open
 *    period (made as needed), and so do such customers' charged price adjustments still in none
 *    (made while the company had no open period).
 * Safe to repeat: each change is guarded by the state it changes.
 */
export function invoicePeriodsRunHandler(options: { now?: () => Date } = {}): RunHandler {
  return {
    async step({ tx, log }) {
      const today = toIsoDay((options.now ?? (() => new Date()))());
      const entries: RunLogEntry[] = [];

      const closed = await tx
        .update(invoicePeriods)
        .set({ status: 'IN_REVIEW' })
        .where(and(eq(invoicePeriods.status, 'ACTIVE'), lt(invoicePeriods.end, today)))
        .returning({ id: invoicePeriods.id, identifier: invoicePeriods.identifier });
      for (const period of closed)
        entries.push({ level: 'change', entityId: String(period.id), message: `${period.identifier}: ready to send.` });

      const jobs = await tx
        .select({ id: bookingJobs.id, companyId: bookings.companyId })
        .from(bookingJobs)
        .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
        .innerJoin(companies, eq(companies.id, bookings.companyId))
        .where(
          and(
            isNull(bookingJobs.invoicePeriodId),
            inArray(bookingJobs.status, CHARGEABLE_STATUSES),
            ne(bookingJobs.customerCharge, 0),
            eq(companies.billingBasis, 'account'),
          ),
        )
        .limit(JOB_BATCH)
        .for('update', { of: bookingJobs, skipLocked: true });
      const byCompany = new Map<number, number[]>();
      for (const job of jobs) byCompany.set(job.companyId, [...(byCompany.get(job.companyId) ?? []), job.id]);
      for (const [companyId, jobIds] of byCompany) {
        const periodId = await openInvoicePeriod(tx, companyId, today);
        await tx.update(bookingJobs).set({ invoicePeriodId: periodId }).where(inArray(bookingJobs.id, jobIds));
        // The adjustments of those jobs made while the company had no open period follow them.
        await tx
          .update(jobPriceAdjustments)
          .set({ invoicePeriodId: periodId })
          .where(and(inArray(jobPriceAdjustments.jobId, jobIds), isNull(jobPriceAdjustments.invoicePeriodId)));
        entries.push({
          level: 'change',
          entityId: String(periodId),
          message: `${jobIds.length} chargeable job${jobIds.length === 1 ? '' : 's'} of company ${companyId} put in period ${periodId}.`,
        });
      }
      // An adjustment made while its company had no open period (its job invoiced already) joins the
      // period open now: adjustments belong to the period open when they are made (spec 2 §4).
      const adjustments = await tx
        .select({ id: jobPriceAdjustments.id, companyId: bookings.companyId })
        .from(jobPriceAdjustments)
        .innerJoin(bookingJobs, eq(bookingJobs.id, jobPriceAdjustments.jobId))
        .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
        .innerJoin(companies, eq(companies.id, bookings.companyId))
        .where(
          and(
            isNull(jobPriceAdjustments.invoicePeriodId),
            ne(jobPriceAdjustments.charge, 0),
            eq(companies.billingBasis, 'account'),
          ),
        )
        .limit(JOB_BATCH)
        .for('update', { of: jobPriceAdjustments, skipLocked: true });
      const adjustmentsByCompany = new Map<number, number[]>();
      for (const row of adjustments)
        adjustmentsByCompany.set(row.companyId, [...(adjustmentsByCompany.get(row.companyId) ?? []), row.id]);
      for (const [companyId, ids] of adjustmentsByCompany) {
        const periodId = await openInvoicePeriod(tx, companyId, today);
        await tx
          .update(jobPriceAdjustments)
          .set({ invoicePeriodId: periodId })
          .where(inArray(jobPriceAdjustments.id, ids));
        entries.push({
          level: 'change',
          entityId: String(periodId),
          message: `${ids.length} price adjustment${ids.length === 1 ? '' : 's'} of company ${companyId} put in period ${periodId}.`,
        });
      }
      await log(entries);
      return {
        state: {},
        done: closed.length + jobs.length + adjustments.length,
        errors: 0,
        finished: jobs.length < JOB_BATCH && adjustments.length < JOB_BATCH,
      };
    },
  };
}
