import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { toIsoDay } from '@courier/domain/common/dates';
import {
  invoicePeriodContaining,
  invoicePeriodIdentifier,
  PERIOD_STATUSES_TAKING_CHARGES,
  type InvoiceInterval,
} from '@courier/domain/invoicing/periods';
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

/** Every quarter of an hour: newly chargeable jobs into their company's period, ended periods to review. */
export const invoicePeriodsSchedule = defineSchedule({
  name: 'invoice-periods',
  kind: PERIODS_RUN_KIND,
  rule: '*/15 * * * *',
});

type Company = { id: number; accountCode: string | null; interval: InvoiceInterval };

/** Locks the company row, so two runs placing its work make one period, and reads its interval. */
async function lockCompany(tx: DbOrTx, companyId: number): Promise<Company> {
  const [company] = await tx
    .select({ accountCode: companies.accountCode, interval: companyExtendedSettings.invoiceInterval })
    .from(companies)
    .leftJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .for('update', { of: companies });
  if (!company) throw new Error(`Company ${companyId} does not exist.`);
  return { id: companyId, accountCode: company.accountCode, interval: company.interval ?? 'M' };
}

/**
 * The period that takes work the company became chargeable for on `day` (spec 1 §3: a period per
 * company per invoice interval, created as needed; issue 12: a job belongs to the period open when it
 * becomes chargeable). That is the company's period holding the day while it is ACTIVE or IN_REVIEW;
 * it is locked FOR SHARE and its status read under the lock, so a finalise numbering it either
 * finishes first (and the work goes elsewhere) or waits and prints the work. When the day's period is
 * FINALISED or INVOICED already, the work goes into the period open `today`. A missing period is made
 * for the interval: ACTIVE, or IN_REVIEW straight away when its last day has passed.
 */
async function periodTakingWork(tx: DbOrTx, company: Company, day: string, today: string): Promise<number> {
  const holding = sql`${day}::date between ${invoicePeriods.start} and ${invoicePeriods.end}`;
  const [taking] = await tx
    .select({ id: invoicePeriods.id })
    .from(invoicePeriods)
    .where(
      and(
        eq(invoicePeriods.companyId, company.id),
        inArray(invoicePeriods.status, PERIOD_STATUSES_TAKING_CHARGES),
        holding,
      ),
    )
    // Overlapping periods (an interval changed) should not take work; if they do, the latest one does.
    .orderBy(desc(invoicePeriods.start), desc(invoicePeriods.id))
    .limit(1)
    .for('share');
  if (taking) return taking.id;
  if (day !== today) {
    const [closed] = await tx
      .select({ id: invoicePeriods.id })
      .from(invoicePeriods)
      .where(and(eq(invoicePeriods.companyId, company.id), holding))
      .limit(1);
    if (closed) return periodTakingWork(tx, company, today, today);
  }
  const days = invoicePeriodContaining(day, company.interval);
  const [created] = await tx
    .insert(invoicePeriods)
    .values({
      companyId: company.id,
      identifier: invoicePeriodIdentifier(company.accountCode ?? `C${company.id}`, days),
      status: days.end < today ? 'IN_REVIEW' : 'ACTIVE',
      start: days.start,
      end: days.end,
    })
    .returning({ id: invoicePeriods.id });
  return created!.id;
}

/**
 * Rows grouped by company, then by the Europe/Dublin day of their instant: never later than now, and
 * never earlier than the company began billing on account (`since`), so work done before that goes
 * into its first account period rather than into periods made for weeks it was not billed by.
 */
function byCompanyAndDay<T extends { id: number; companyId: number; at: Date | null; since: Date | null }>(
  rows: T[],
  now: Date,
): Map<number, Map<string, number[]>> {
  const grouped = new Map<number, Map<string, number[]>>();
  for (const row of rows) {
    let at = row.at === null || row.at > now ? now : row.at;
    if (row.since !== null && at < row.since) at = row.since > now ? now : row.since;
    const day = toIsoDay(at);
    const days = grouped.get(row.companyId) ?? new Map<string, number[]>();
    days.set(day, [...(days.get(day) ?? []), row.id]);
    grouped.set(row.companyId, days);
  }
  return grouped;
}

/** Puts rows of each company into the periods taking their days' work; one log entry per period. */
async function placeInPeriods(
  tx: DbOrTx,
  options: {
    grouped: Map<number, Map<string, number[]>>;
    today: string;
    put: (periodId: number, ids: number[]) => Promise<void>;
    describe: (count: number, companyId: number, periodId: number) => string;
  },
): Promise<RunLogEntry[]> {
  const entries: RunLogEntry[] = [];
  for (const [companyId, days] of options.grouped) {
    const company = await lockCompany(tx, companyId);
    // Days of one period ask once: the period that takes one of them takes them all.
    const byPeriod = new Map<string, { day: string; ids: number[] }>();
    for (const [day, ids] of days) {
      const { label } = invoicePeriodContaining(day, company.interval);
      const group = byPeriod.get(label);
      if (group) group.ids.push(...ids);
      else byPeriod.set(label, { day, ids: [...ids] });
    }
    const byPeriodId = new Map<number, number[]>();
    for (const { day, ids } of byPeriod.values()) {
      const periodId = await periodTakingWork(tx, company, day, options.today);
      byPeriodId.set(periodId, [...(byPeriodId.get(periodId) ?? []), ...ids]);
    }
    for (const [periodId, ids] of byPeriodId) {
      await options.put(periodId, ids);
      entries.push({
        level: 'change',
        entityId: String(periodId),
        message: options.describe(ids.length, companyId, periodId),
      });
    }
  }
  return entries;
}

/**
 * The invoice periods run (spec 1 §4, issue 12), one step:
 * 1. chargeable jobs of account customers that are in no period yet go into the period of their
 *    company that was open when they became chargeable (their last status change: delivered, failed
 *    or cancelled), or the one open now when that one is numbered already (decision 012);
 * 2. such customers' charged price adjustments still in none (made while the company had no open
 *    period) go into the period open when they were made, by the same rule;
 * 3. ACTIVE periods whose last day has passed (Europe/Dublin) move to IN_REVIEW, Ready to send.
 * Safe to repeat: each change is guarded by the state it changes.
 */
export function invoicePeriodsRunHandler(options: { now?: () => Date } = {}): RunHandler {
  return {
    async step({ tx, log }) {
      const now = (options.now ?? (() => new Date()))();
      const today = toIsoDay(now);

      const jobs = await tx
        .select({
          id: bookingJobs.id,
          companyId: bookings.companyId,
          // When the job reached its chargeable status; unknown for rows written without it.
          at: sql<Date | null>`coalesce(${bookingJobs.lastStatusUpdate}, ${bookingJobs.deliveryTime})`.mapWith(
            bookingJobs.lastStatusUpdate,
          ),
          since: companies.accountBillingStarted,
        })
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
      const entries = await placeInPeriods(tx, {
        grouped: byCompanyAndDay(jobs, now),
        today,
        put: async (periodId, ids) => {
          await tx.update(bookingJobs).set({ invoicePeriodId: periodId }).where(inArray(bookingJobs.id, ids));
        },
        describe: (count, companyId, periodId) =>
          `${count} chargeable job${count === 1 ? '' : 's'} of company ${companyId} put in period ${periodId}.`,
      });

      // An adjustment made while its company had no open period joins the period open when it was
      // made, or the one open now when that one is numbered (spec 2 §4).
      const adjustments = await tx
        .select({
          id: jobPriceAdjustments.id,
          companyId: bookings.companyId,
          at: jobPriceAdjustments.createdAt,
          since: companies.accountBillingStarted,
        })
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
      entries.push(
        ...(await placeInPeriods(tx, {
          grouped: byCompanyAndDay(adjustments, now),
          today,
          put: async (periodId, ids) => {
            await tx
              .update(jobPriceAdjustments)
              .set({ invoicePeriodId: periodId })
              .where(inArray(jobPriceAdjustments.id, ids));
          },
          describe: (count, companyId, periodId) =>
            `${count} price adjustment${count === 1 ? '' : 's'} of company ${companyId} put in period ${periodId}.`,
        })),
      );

      const closed = await tx
        .update(invoicePeriods)
        .set({ status: 'IN_REVIEW' })
        .where(and(eq(invoicePeriods.status, 'ACTIVE'), lt(invoicePeriods.end, today)))
        .returning({ id: invoicePeriods.id, identifier: invoicePeriods.identifier });
      for (const period of closed)
        entries.push({ level: 'change', entityId: String(period.id), message: `${period.identifier}: ready to send.` });

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
