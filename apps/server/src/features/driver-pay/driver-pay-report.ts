import { asc, eq, inArray, sql } from 'drizzle-orm';
import { dublinToday, formatDay } from '@courier/domain/common/calendar-days';
import { type DriverPayReportBody, type RunStarted } from '@courier/domain/driver-pay/documents';
import { DRIVER_PAY_REPORT_GENERATED } from '@courier/domain/driver-pay/pay-report';
import { recentPayWeeks } from '@courier/domain/driver-pay/pay-weeks';
import type { DbOrTx } from '../../db/client.ts';
import { drivers, payAdjustments, payPeriods } from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import { csvLine } from '../../platform/csv.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { mailFilesToRequester } from './requester-mail.ts';

// PUT /api/pay/period/generate-driver-pay-report (spec 2 §7, §9: 12 weeks): a driver pay analysis
// built in the background and e-mailed to the accounts user who asked.

export const DRIVER_PAY_REPORT_RUN_KIND = 'driver-pay-report';

/** The weeks the analysis covers: the `count` complete weeks before the current one, oldest first. */
export function reportWeeks(today: string, count: number): string[] {
  return recentPayWeeks(today, count + 1)
    .slice(1)
    .map((week) => week.start)
    .reverse();
}

export async function requestDriverPayReport(
  db: DbOrTx,
  options: { body: DriverPayReportBody; userId: number | null; now?: Date },
): Promise<RunStarted> {
  const weeks = reportWeeks(dublinToday(options.now), options.body.weeks);
  const run = await enqueueRun(db, {
    kind: DRIVER_PAY_REPORT_RUN_KIND,
    params: { weeks },
    total: 1,
    createdBy: options.userId,
  });
  return { message: DRIVER_PAY_REPORT_GENERATED, runId: run.id };
}

/**
 * One row per driver paid in any of the weeks, by driver number: each week's total (empty when the
 * driver had no period that week), weeks paid, base pay, bonuses (fuel, attendance, cargo, helmet,
 * back box), signed adjustments, total and the average per week paid; a last row for all drivers.
 * Every sum in SQL.
 */
export async function buildDriverPayReport(db: DbOrTx, weeks: string[]): Promise<{ csv: string; rows: number }> {
  const inWeeks = inArray(payPeriods.startDay, weeks);
  const weekTotal = (start: string) =>
    sql<
      string | null
    >`(sum(${payPeriods.total}) filter (where ${payPeriods.startDay} = ${start}::date))::numeric(12, 2)::text`;
  const signed = sql`coalesce((select sum(case when ${payAdjustments.isDeduction} then -${payAdjustments.amount} else ${payAdjustments.amount} end) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id}), 0)`;
  const measures = {
    weeksPaid: sql<number>`count(*)::int`,
    basePay: sql<string>`sum(${payPeriods.basePay})::numeric(12, 2)::text`,
    bonuses: sql<string>`sum(${payPeriods.fuelSurcharge} + ${payPeriods.attendanceBonus} + ${payPeriods.cargoBonus} + ${payPeriods.helmetBonus} + ${payPeriods.backBoxBonus})::numeric(12, 2)::text`,
    adjustments: sql<string>`sum(${signed})::numeric(12, 2)::text`,
    total: sql<string>`sum(${payPeriods.total})::numeric(12, 2)::text`,
    average: sql<string>`round(sum(${payPeriods.total}) / count(*), 2)::numeric(12, 2)::text`,
  };
  const perWeek = Object.fromEntries(weeks.map((start, index) => [`w${index}`, weekTotal(start)]));
  const rows = await db
    .select({
      driverNumber: drivers.driverNumber,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      vehicle: drivers.vehicle,
      ...measures,
      ...perWeek,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .where(inWeeks)
    .groupBy(drivers.id)
    .orderBy(asc(drivers.driverNumber));
  const [all] = await db
    .select({ ...measures, ...perWeek })
    .from(payPeriods)
    .where(inWeeks);
  const header = [
    'Driver Number',
    'First Name',
    'Last Name',
    'Vehicle',
    ...weeks.map((start) => `Week of ${formatDay(start)}`),
    'Weeks Paid',
    'Base Pay',
    'Bonuses',
    'Adjustments',
    'Total',
    'Average per Week',
  ];
  type Row = Record<string, unknown> & typeof all;
  const tail = (row: Row) => [
    ...weeks.map((_, index) => (row[`w${index}`] as string | null) ?? ''),
    String(row.weeksPaid),
    row.basePay ?? '0.00',
    row.bonuses ?? '0.00',
    row.adjustments ?? '0.00',
    row.total ?? '0.00',
    row.average ?? '0.00',
  ];
  const lines = rows.map((row) =>
    csvLine([String(row.driverNumber), row.firstName, row.lastName, row.vehicle, ...tail(row as Row)]),
  );
  const totalLine = all && rows.length > 0 ? [csvLine(['', 'All drivers', '', '', ...tail(all as Row)])] : [];
  return { csv: [csvLine(header), ...lines, ...totalLine].join(''), rows: rows.length };
}

export function driverPayReportRunHandler({ mailer }: { mailer: Mailer }): RunHandler {
  return {
    step: ({ tx, run, log }) =>
      mailFilesToRequester({
        tx,
        run,
        log,
        mailer,
        build: async (db) => {
          const weeks = (run.params.weeks as string[]) ?? [];
          const first = weeks[0] ?? '';
          const last = weeks.at(-1) ?? '';
          const built = await buildDriverPayReport(db, weeks);
          const fileName = `driver-pay-analysis-${first}-to-${last}.csv`;
          const span = `${weeks.length} weeks from ${formatDay(first)}`;
          return {
            subject: `Driver pay analysis: ${span}`,
            text: `The driver pay analysis for the ${span} is attached as ${fileName}: ${built.rows} ${built.rows === 1 ? 'driver' : 'drivers'}.`,
            attachments: [{ filename: fileName, contentType: 'text/csv', content: built.csv }],
            summary: `Driver pay analysis (${span}): ${built.rows} drivers.`,
          };
        },
      }),
  };
}
