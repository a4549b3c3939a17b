import { asc, eq, sql } from 'drizzle-orm';
import { addDays, formatDay } from '@courier/domain/common/calendar-days';
import { toCents, toEuro, type Cents } from '@courier/domain/common/money';
import {
  DRIVER_DOCUMENT_LABELS,
  selfBillingTotals,
  type PayWeekBody,
  type RunStarted,
} from '@courier/domain/driver-pay/documents';
import type { DbOrTx } from '../../db/client.ts';
import {
  driverPaySettings,
  driverProfiles,
  drivers,
  payAdjustments,
  payPeriods,
  places,
} from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import { csvLine } from '../../platform/csv.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { exportPayPeriodsCsv } from './export-pay-csv.ts';
import { mailFilesToRequester } from './requester-mail.ts';

// PUT /api/pay/period/send-driver-exports and send-new-drivers-csv (spec 2 §7; bodies not shown
// there, so { start }: the week's Monday). Both are built in the background and e-mailed to the
// accounts user who asked.

export const DRIVER_EXPORTS_RUN_KIND = 'driver-exports';
export const NEW_DRIVERS_CSV_RUN_KIND = 'new-drivers-csv';

export const LEDGER_CSV_COLUMNS = [
  'Driver Number',
  'Driver',
  'Creditors Ledger',
  'Debtors Ledger',
  'Grouped Account',
  'Tax Number',
  'VAT Registered',
  'Status',
  'Document',
  'Net Pay',
  'VAT',
  'Gross Pay',
  'Rentals',
  'Paid',
  'Owed By Driver',
] as const;

export const NEW_DRIVERS_CSV_COLUMNS = [
  'Driver Number',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Vehicle',
  'Address',
  'Tax Number',
  'VAT Registered',
  'Pay Frequency',
  'Creditors Ledger',
  'Debtors Ledger',
  'Grouped Account',
  'Account Name',
  'IBAN',
  'BIC',
  'First Week Total',
] as const;

const money = (value: number) => toEuro(toCents(value) as Cents).toFixed(2);
const weekOfStart = (start: string) => ({ start, end: addDays(start, 6) });

/** Queues the week's exports for the requester. */
export async function requestDriverExports(
  db: DbOrTx,
  options: {
    body: PayWeekBody;
    userId: number | null;
    kind: typeof DRIVER_EXPORTS_RUN_KIND | typeof NEW_DRIVERS_CSV_RUN_KIND;
  },
): Promise<RunStarted> {
  const run = await enqueueRun(db, {
    kind: options.kind,
    params: { start: options.body.start },
    total: 1,
    createdBy: options.userId,
  });
  const week = `${formatDay(options.body.start)} to ${formatDay(addDays(options.body.start, 6))}`;
  return {
    message:
      options.kind === DRIVER_EXPORTS_RUN_KIND
        ? `The driver pay exports for ${week} are being built and will be e-mailed to you.`
        : `The new drivers CSV for ${week} is being built and will be e-mailed to you.`,
    runId: run.id,
  };
}

/**
 * The ledger export: one row per pay period of the week, with the driver's ledger accounts, the
 * document the week gets (self-billing invoice for VAT-registered drivers, credit note below zero,
 * else proforma), net, VAT and gross, rentals, what is paid and what the driver owes. Sums in SQL;
 * VAT per row through the domain's cents helper.
 */
export async function buildLedgerCsv(db: DbOrTx, start: string): Promise<{ csv: string; rows: number }> {
  const signed = sql`coalesce((select sum(case when ${payAdjustments.isDeduction} then -${payAdjustments.amount} else ${payAdjustments.amount} end) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id}), 0)`;
  const rentals = sql`coalesce((select sum(${payAdjustments.amount}) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id} and ${payAdjustments.type} in ('CARGO_RENTAL', 'EQUIPMENT_RENTAL')), 0)`;
  const rows = await db
    .select({
      driverNumber: drivers.driverNumber,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      creditorsLedger: driverPaySettings.creditorsLedger,
      debtorsLedger: driverPaySettings.debtorsLedger,
      groupedAccount: driverPaySettings.groupedAccount,
      taxNumber: driverPaySettings.taxNumber,
      vatRegistered: driverPaySettings.vatRegistered,
      status: payPeriods.status,
      unfloored: sql<string>`(${payPeriods.basePay} + ${payPeriods.fuelSurcharge} + ${payPeriods.attendanceBonus} + ${payPeriods.cargoBonus} + ${payPeriods.helmetBonus} + ${payPeriods.backBoxBonus} + ${signed})::numeric(12, 2)::text`,
      rentals: sql<string>`${rentals}::numeric(12, 2)::text`,
      total: sql<string>`${payPeriods.total}::text`,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .where(eq(payPeriods.startDay, start))
    .orderBy(asc(drivers.driverNumber), asc(payPeriods.id));
  const lines = rows.map((row) => {
    const unfloored = Number(row.unfloored);
    const invoiced = Boolean(row.vatRegistered) && unfloored > 0;
    const totals = invoiced
      ? selfBillingTotals(unfloored)
      : { net: Math.max(unfloored, 0), vat: 0, gross: Math.max(unfloored, 0) };
    const document = invoiced ? 'driver_invoice' : unfloored < 0 ? 'driver_credit' : 'driver_proforma';
    return csvLine([
      String(row.driverNumber),
      `${row.firstName} ${row.lastName}`,
      row.creditorsLedger ?? '',
      row.debtorsLedger ?? '',
      row.groupedAccount ?? '',
      row.taxNumber ?? '',
      row.vatRegistered === null ? '' : row.vatRegistered ? 'Yes' : 'No',
      row.status,
      DRIVER_DOCUMENT_LABELS[document],
      money(totals.net),
      money(totals.vat),
      money(totals.gross),
      row.rentals,
      row.total,
      money(unfloored < 0 ? -unfloored : 0),
    ]);
  });
  return { csv: [csvLine(LEDGER_CSV_COLUMNS), ...lines].join(''), rows: rows.length };
}

/** Drivers whose first pay period is this week: the accounts team sets them up in the ledger. */
export async function buildNewDriversCsv(db: DbOrTx, start: string): Promise<{ csv: string; rows: number }> {
  const firstWeek = sql`(select min(earlier.start_day) from ${payPeriods} as earlier where earlier.driver_id = ${payPeriods.driverId})`;
  const rows = await db
    .select({
      driverNumber: drivers.driverNumber,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      email: drivers.email,
      phone: drivers.phone,
      vehicle: drivers.vehicle,
      place: places,
      taxNumber: driverPaySettings.taxNumber,
      vatRegistered: driverPaySettings.vatRegistered,
      payFrequency: driverPaySettings.payFrequency,
      creditorsLedger: driverPaySettings.creditorsLedger,
      debtorsLedger: driverPaySettings.debtorsLedger,
      groupedAccount: driverPaySettings.groupedAccount,
      payment: driverProfiles.payment,
      total: sql<string>`${payPeriods.total}::text`,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .leftJoin(places, eq(places.id, driverPaySettings.addressId))
    .leftJoin(driverProfiles, eq(driverProfiles.driverId, payPeriods.driverId))
    .where(sql`${payPeriods.startDay} = ${start} and ${firstWeek} = ${start}`)
    .orderBy(asc(drivers.driverNumber));
  const lines = rows.map((row) => {
    const payment = (row.payment ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof payment[key] === 'string' ? (payment[key] as string) : '');
    const address = row.place
      ? [
          row.place.addressLineOne || row.place.name,
          row.place.addressLineTwo,
          row.place.city,
          row.place.county,
          row.place.postCode,
        ]
          .filter(Boolean)
          .join(', ')
      : '';
    return csvLine([
      String(row.driverNumber),
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      row.vehicle,
      address,
      row.taxNumber ?? '',
      row.vatRegistered === null ? '' : row.vatRegistered ? 'Yes' : 'No',
      row.payFrequency ?? '',
      row.creditorsLedger ?? '',
      row.debtorsLedger ?? '',
      row.groupedAccount ?? '',
      text('accountName'),
      text('iban'),
      text('bic'),
      row.total,
    ]);
  });
  return { csv: [csvLine(NEW_DRIVERS_CSV_COLUMNS), ...lines].join(''), rows: rows.length };
}

const rowsText = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

export function driverExportsRunHandler({ mailer }: { mailer: Mailer }): RunHandler {
  return {
    step: ({ tx, run, log }) =>
      mailFilesToRequester({
        tx,
        run,
        log,
        mailer,
        build: async (db) => {
          const start = String(run.params.start);
          const week = `${formatDay(start)} to ${formatDay(addDays(start, 6))}`;
          const [pay, ledger] = [await exportPayPeriodsCsv(db, weekOfStart(start)), await buildLedgerCsv(db, start)];
          return {
            subject: `Driver pay exports: week ${week}`,
            text: `The driver pay exports for the week ${week} are attached: the pay periods (driver-pay-${start}.csv) and the ledger export (driver-ledger-${start}.csv, ${rowsText(ledger.rows)}).`,
            attachments: [
              { filename: `driver-pay-${start}.csv`, contentType: 'text/csv', content: pay },
              { filename: `driver-ledger-${start}.csv`, contentType: 'text/csv', content: ledger.csv },
            ],
            summary: `Driver pay exports for ${week}: ${rowsText(ledger.rows)}.`,
          };
        },
      }),
  };
}

export function newDriversCsvRunHandler({ mailer }: { mailer: Mailer }): RunHandler {
  return {
    step: ({ tx, run, log }) =>
      mailFilesToRequester({
        tx,
        run,
        log,
        mailer,
        build: async (db) => {
          const start = String(run.params.start);
          const week = `${formatDay(start)} to ${formatDay(addDays(start, 6))}`;
          const built = await buildNewDriversCsv(db, start);
          return {
            subject: `New drivers: week ${week}`,
            text: `The drivers paid for the first time in the week ${week} are attached (new-drivers-${start}.csv, ${rowsText(built.rows)}).`,
            attachments: [{ filename: `new-drivers-${start}.csv`, contentType: 'text/csv', content: built.csv }],
            summary: `New drivers for ${week}: ${rowsText(built.rows)}.`,
          };
        },
      }),
  };
}
