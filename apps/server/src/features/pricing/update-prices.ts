import { and, asc, eq, inArray, isNull, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { addMoney, toCents, toEuro } from '@courier/domain/common/money';
import {
  customerChargeLock,
  driverPayLock,
  splitEqually,
  taskPayLocked,
  DRIVER_PAY_PAID_MESSAGE,
} from '@courier/domain/pricing/price-edits';
import type { JobPriceChange, PricedJob, TaskPayRow } from '@courier/domain/pricing/price-review-schemas';
import { priceForWeight, type PriceLevel } from '@courier/domain/pricing/tariff-engine';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  companies,
  invoicePeriods,
  jobPriceHistory,
  tariffs,
} from '../../db/schema/index.ts';
import { badRequest, lockedInvoiced, lockedPaid, notFound, staleEdit } from '../../http/errors.ts';

/** The call a price change came through, kept with its history rows. */
export type PriceChangeSource =
  | 'PUT /api/pricing/update'
  | 'PUT /api/pricing/update/tasks'
  | 'PUT /api/pricing/review/change-company'
  | 'POST /api/pricing/review/set-tariff'
  | 'POST /api/pricing/update/preview';

type InvoiceStatus = 'ACTIVE' | 'IN_REVIEW' | 'FINALISED' | 'INVOICED';

/** A job as a price change reads it: its prices, its booking's weight and company, its period's status. */
interface JobState {
  id: number;
  reference: string;
  bookingId: number;
  bookingReference: string;
  version: number;
  customerCharge: number;
  driverPrice: number;
  carrierPrice: number;
  carrierCustomsCharge: number;
  carrierInsuranceCharge: number;
  extrasCharge: number;
  tariffId: number | null;
  tariffCodeId: number | null;
  internalNotes: string;
  invoicePeriodId: number | null;
  invoiceStatus: InvoiceStatus | null;
  weight: number;
  numberOfPackages: number;
  companyId: number;
}

interface TaskState {
  id: number;
  reference: string;
  jobId: number;
  driverPay: number;
  driverPayExtra: number;
  payStatus: 'ACTIVE' | 'PENDING_PAYMENT' | 'PAID';
}

interface HistoryRow {
  jobId: number;
  taskId: number | null;
  field: string;
  before: string | null;
  after: string | null;
}

const euroText = (value: number) => toEuro(toCents(value)).toFixed(2);
const sameMoney = (a: number, b: number) => toCents(a) === toCents(b);

/**
 * Reads and locks the jobs (in id order, so two saves never wait on each other in a circle), their
 * bookings, and their invoice periods FOR SHARE. The period lock is what makes the invoice lock hold:
 * finalising takes the period FOR UPDATE, so a change either commits before the invoice is printed
 * (and is on it) or waits for it and then reads the period as invoiced (and is refused). The status
 * is read after the lock is granted, so it is the one finalising left.
 */
async function lockJobs(tx: DbOrTx, jobIds: number[]): Promise<Map<number, JobState>> {
  const ids = [...new Set(jobIds)].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: bookingJobs.id, bookingId: bookingJobs.bookingId, invoicePeriodId: bookingJobs.invoicePeriodId })
    .from(bookingJobs)
    .where(inArray(bookingJobs.id, ids))
    .orderBy(asc(bookingJobs.id))
    .for('update');
  const bookingIds = [...new Set(locked.map((row) => row.bookingId))].sort((a, b) => a - b);
  if (bookingIds.length > 0)
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds))
      .orderBy(asc(bookings.id))
      .for('update');
  const periodIds = [
    ...new Set(locked.flatMap((row) => (row.invoicePeriodId === null ? [] : [row.invoicePeriodId]))),
  ].sort((a, b) => a - b);
  if (periodIds.length > 0)
    await tx
      .select({ id: invoicePeriods.id })
      .from(invoicePeriods)
      .where(inArray(invoicePeriods.id, periodIds))
      .orderBy(asc(invoicePeriods.id))
      .for('share');
  return readJobs(tx, ids);
}

/** The jobs as a price change sees them (no lock). */
async function readJobs(tx: DbOrTx, ids: number[]): Promise<Map<number, JobState>> {
  const rows = await tx
    .select({
      id: bookingJobs.id,
      reference: bookingJobs.reference,
      bookingId: bookingJobs.bookingId,
      bookingReference: bookings.reference,
      version: bookingJobs.version,
      customerCharge: bookingJobs.customerCharge,
      driverPrice: bookingJobs.driverPrice,
      carrierPrice: bookingJobs.carrierPrice,
      carrierCustomsCharge: bookingJobs.carrierCustomsCharge,
      carrierInsuranceCharge: bookingJobs.carrierInsuranceCharge,
      extrasCharge: bookingJobs.extrasCharge,
      tariffId: bookingJobs.tariffId,
      tariffCodeId: bookingJobs.tariffCodeId,
      internalNotes: bookingJobs.internalNotes,
      invoicePeriodId: bookingJobs.invoicePeriodId,
      invoiceStatus: invoicePeriods.status,
      weight: bookings.weightOfPackages,
      numberOfPackages: bookings.numberOfPackages,
      companyId: bookings.companyId,
    })
    .from(bookingJobs)
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .leftJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId))
    .where(inArray(bookingJobs.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function tasksOf(tx: DbOrTx, jobIds: number[]): Promise<Map<number, TaskState[]>> {
  const rows = await tx
    .select({
      id: bookingTasks.id,
      reference: bookingTasks.reference,
      jobId: bookingTasks.jobId,
      driverPay: bookingTasks.driverPay,
      driverPayExtra: bookingTasks.driverPayExtra,
      payStatus: bookingTasks.payStatus,
    })
    .from(bookingTasks)
    .where(inArray(bookingTasks.jobId, jobIds))
    .orderBy(asc(bookingTasks.jobId), asc(bookingTasks.position), asc(bookingTasks.id));
  const byJob = new Map<number, TaskState[]>();
  for (const row of rows) {
    const list = byJob.get(row.jobId);
    if (list) list.push(row);
    else byJob.set(row.jobId, [row]);
  }
  return byJob;
}

interface CustomerTariff {
  id: number;
  tariffCodeId: number;
  service: string;
  pricing: PriceLevel[];
}

async function customerTariffs(tx: DbOrTx, ids: number[]): Promise<Map<number, CustomerTariff>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: tariffs.id, tariffCodeId: tariffs.tariffCodeId, service: tariffs.service, pricing: tariffs.pricing })
    .from(tariffs)
    .where(and(inArray(tariffs.id, [...new Set(ids)]), isNull(tariffs.carrierId)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The customer charge a tariff gives the booking's weight (spec 2 §9), plus the customs the job
 * passes on to the customer, which the tariff does not price.
 */
function repriced(job: JobState, tariff: CustomerTariff, weight: number): number {
  const price = priceForWeight(tariff.pricing, weight);
  if (!price.ok)
    throw badRequest(`Job ${job.reference}: ${price.error} (${weight} kg on tariff ${tariff.id}).`, [
      { field: 'body.weight', message: price.error },
    ]);
  return toEuro(addMoney(price.cents, toCents(job.carrierCustomsCharge)));
}

/**
 * PUT /api/pricing/update (spec 2 §7, issue 11): applies each job's pending price change, all in one
 * transaction. Any invalid change (a missing job, a stale version, a locked charge or pay, a task of
 * another job, a tariff that cannot price the weight) refuses the whole save with a message naming
 * the job, and nothing is written. Every changed field gets a price history row; every changed job
 * a new version; each booking's totals follow its jobs.
 */
export async function updatePrices(
  tx: DbOrTx,
  options: { userId: number; changes: JobPriceChange[]; source: PriceChangeSource },
): Promise<PricedJob[]> {
  const { changes } = options;
  const jobs = await lockJobs(
    tx,
    changes.map((change) => change.jobId),
  );
  for (const change of changes)
    if (!jobs.has(change.jobId)) throw notFound(`Job ${change.jobId} does not exist (any more).`);
  // Every stale job is named (details: the change's place in the body), so a page can drop exactly
  // those changes and keep the rest, even for jobs it no longer shows.
  const stale = changes.flatMap((change, index) => {
    const job = jobs.get(change.jobId)!;
    return change.version === job.version
      ? []
      : [
          {
            field: `body.${index}.version`,
            message: `Job ${job.reference} was changed by someone else after you loaded it.`,
          },
        ];
  });
  if (stale.length > 0)
    throw staleEdit(
      `${stale.map((detail) => detail.message.replace(' after you loaded it.', '')).join('; ')} after you loaded ${stale.length === 1 ? 'it' : 'them'}. Reload to see their change, then make yours again.`,
      stale,
    );
  const tasks = await tasksOf(tx, [...jobs.keys()]);
  const tariffIds: number[] = [];
  for (const change of changes) {
    const id = change.tariffId ?? jobs.get(change.jobId)!.tariffId;
    if (id !== null) tariffIds.push(id);
  }
  const tariffById = await customerTariffs(tx, tariffIds);
  const companyIds = [
    ...new Set(changes.flatMap((change) => (change.companyId === undefined ? [] : [change.companyId]))),
  ];
  const knownCompanies =
    companyIds.length === 0
      ? new Set<number>()
      : new Set(
          (await tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds))).map(
            (row) => row.id,
          ),
        );

  // A booking's weight, package count and company are the booking's: jobs of one booking must agree.
  const bookingChanges = new Map<number, { weight?: number; numberOfPackages?: number; companyId?: number }>();
  for (const change of changes) {
    const job = jobs.get(change.jobId)!;
    const current = bookingChanges.get(job.bookingId) ?? {};
    for (const key of ['weight', 'numberOfPackages', 'companyId'] as const) {
      const value = change[key];
      if (value === undefined) continue;
      if (current[key] !== undefined && current[key] !== value)
        throw badRequest(`Jobs of booking ${job.bookingReference} give it two different values for ${key}: send one.`, [
          { field: `body.${key}`, message: 'Jobs of one booking must agree.' },
        ]);
      current[key] = value;
    }
    bookingChanges.set(job.bookingId, current);
  }

  const history: HistoryRow[] = [];
  const jobUpdates: JobState[] = [];
  const taskUpdates: { id: number; driverPay: number }[] = [];
  const note = (change: JobPriceChange) => change.note?.trim() ?? '';

  for (const change of changes) {
    const job = jobs.get(change.jobId)!;
    const jobTasks = tasks.get(job.id) ?? [];
    const next: JobState = { ...job };
    const booking = bookingChanges.get(job.bookingId) ?? {};
    const record = (field: string, before: string | null, after: string | null, taskId: number | null = null) => {
      if (before !== after) history.push({ jobId: job.id, taskId, field, before, after });
    };

    if (change.companyId !== undefined && !knownCompanies.has(change.companyId))
      throw badRequest(`Job ${job.reference}: company ${change.companyId} does not exist.`, [
        { field: 'body.companyId', message: 'Choose a company from the list.' },
      ]);

    // The tariff, then the weight and count it prices, then a charge sent outright (which wins).
    let tariff = job.tariffId === null ? undefined : tariffById.get(job.tariffId);
    if (change.tariffId !== undefined) {
      tariff = tariffById.get(change.tariffId);
      if (!tariff)
        throw badRequest(`Job ${job.reference}: tariff ${change.tariffId} is not a customer tariff.`, [
          { field: 'body.tariffId', message: 'Choose a customer tariff from the list.' },
        ]);
      next.tariffId = tariff.id;
      next.tariffCodeId = tariff.tariffCodeId;
    }
    const weight = booking.weight ?? job.weight;
    const reprice =
      change.customerCharge === undefined &&
      tariff !== undefined &&
      (change.tariffId !== undefined || change.weight !== undefined || change.numberOfPackages !== undefined);
    if (change.customerCharge !== undefined) next.customerCharge = change.customerCharge;
    else if (reprice) next.customerCharge = repriced(job, tariff!, weight);
    if (change.carrierPrice !== undefined) next.carrierPrice = change.carrierPrice;
    if (change.carrierCustomsCharge !== undefined) next.carrierCustomsCharge = change.carrierCustomsCharge;
    if (change.carrierInsuranceCharge !== undefined) next.carrierInsuranceCharge = change.carrierInsuranceCharge;
    if (change.extrasCharge !== undefined) next.extrasCharge = change.extrasCharge;

    // What the customer is charged is locked once the job's invoice is finalised or invoiced (spec 2 §5);
    // so is the account it is charged to.
    const chargeChanged =
      !sameMoney(next.customerCharge, job.customerCharge) ||
      (booking.companyId !== undefined && booking.companyId !== job.companyId);
    const chargeLock = customerChargeLock(job.invoiceStatus);
    if (chargeChanged && chargeLock) throw lockedInvoiced(`Job ${job.reference}: ${chargeLock}`);

    // Driver pay: one amount split equally across the tasks (spec 2 §9), or each task's share.
    if (change.driverPay !== undefined) {
      const current =
        jobTasks.length === 0
          ? job.driverPrice
          : jobTasks.reduce((sum, task) => sum + toCents(task.driverPay), 0) / 100;
      if (!sameMoney(change.driverPay, current)) {
        const lock = driverPayLock(jobTasks.map((task) => task.payStatus));
        if (lock) throw lockedPaid(`Job ${job.reference}: ${lock}`);
        const shares = splitEqually(change.driverPay, Math.max(jobTasks.length, 1));
        jobTasks.forEach((task, index) => {
          const pay = shares[index] ?? 0;
          if (!sameMoney(pay, task.driverPay)) {
            taskUpdates.push({ id: task.id, driverPay: pay });
            record('driverPay', euroText(task.driverPay), euroText(pay), task.id);
          }
        });
        next.driverPrice = change.driverPay;
      }
    } else if (change.driverPayBreakdown !== undefined) {
      const byId = new Map(jobTasks.map((task) => [task.id, task]));
      const pays = new Map(jobTasks.map((task) => [task.id, toCents(task.driverPay)]));
      for (const share of change.driverPayBreakdown) {
        const task = byId.get(share.taskId);
        if (!task)
          throw badRequest(`Job ${job.reference}: task ${share.taskId} is not one of its tasks.`, [
            { field: 'body.driverPayBreakdown', message: 'Name only tasks of the job.' },
          ]);
        if (sameMoney(share.pay, task.driverPay)) continue;
        if (taskPayLocked(task.payStatus)) throw lockedPaid(`Job ${job.reference}: ${DRIVER_PAY_PAID_MESSAGE}`);
        taskUpdates.push({ id: task.id, driverPay: share.pay });
        record('driverPay', euroText(task.driverPay), euroText(share.pay), task.id);
        pays.set(task.id, toCents(share.pay));
      }
      next.driverPrice = toEuro(addMoney(...pays.values()));
    }

    const text = note(change);
    record('customerCharge', euroText(job.customerCharge), euroText(next.customerCharge));
    record('driverPrice', euroText(job.driverPrice), euroText(next.driverPrice));
    record('carrierPrice', euroText(job.carrierPrice), euroText(next.carrierPrice));
    record('carrierCustomsCharge', euroText(job.carrierCustomsCharge), euroText(next.carrierCustomsCharge));
    record('carrierInsuranceCharge', euroText(job.carrierInsuranceCharge), euroText(next.carrierInsuranceCharge));
    record('extrasCharge', euroText(job.extrasCharge), euroText(next.extrasCharge));
    record(
      'tariffId',
      job.tariffId === null ? null : String(job.tariffId),
      next.tariffId === null ? null : String(next.tariffId),
    );
    if (booking.weight !== undefined) record('weight', job.weight.toFixed(2), booking.weight.toFixed(2));
    if (booking.numberOfPackages !== undefined)
      record('numberOfPackages', String(job.numberOfPackages), String(booking.numberOfPackages));
    if (booking.companyId !== undefined) {
      record('companyId', String(job.companyId), String(booking.companyId));
      // The job leaves the old account's open period; invoicing puts it in the new account's.
      if (booking.companyId !== job.companyId) next.invoicePeriodId = null;
    }
    const changed = history.some((row) => row.jobId === job.id);
    if (!changed) continue;
    if (text) next.internalNotes = job.internalNotes ? `${job.internalNotes}\n${text}` : text;
    jobUpdates.push(next);
  }

  if (jobUpdates.length > 0) await writeJobs(tx, jobUpdates);
  if (taskUpdates.length > 0) await writeTaskPay(tx, taskUpdates);
  const touchedBookings = [...new Set(jobUpdates.map((job) => job.bookingId))];
  await writeBookings(tx, bookingChanges, touchedBookings);
  if (history.length > 0) {
    const notes = new Map(changes.map((change) => [change.jobId, note(change)]));
    for (let start = 0; start < history.length; start += 2000)
      await tx.insert(jobPriceHistory).values(
        history.slice(start, start + 2000).map((row) => ({
          ...row,
          note: notes.get(row.jobId) ?? '',
          userId: options.userId,
          source: options.source,
        })),
      );
  }
  return pricedJobs(
    tx,
    changes.map((change) => change.jobId),
  );
}

/**
 * PUT /api/pricing/update/tasks (spec 2 §7): sets tasks' driver pay and driver extras (the Pricing
 * Extras modal's Save Pay), all in one transaction. Each row names its job and the job's version;
 * a task that is paid or pending payment keeps its pay (409 LOCKED_PAID) and a task of another job
 * is refused, and then nothing is written. The job's driver pay becomes the sum of its tasks' pay.
 */
export async function updateTaskPay(tx: DbOrTx, options: { userId: number; rows: TaskPayRow[] }): Promise<PricedJob[]> {
  const jobIds = [...new Set(options.rows.map((row) => row.jobId))];
  const jobs = await lockJobs(tx, jobIds);
  for (const id of jobIds) if (!jobs.has(id)) throw notFound(`Job ${id} does not exist (any more).`);
  const versions = new Map<number, number>();
  for (const row of options.rows) {
    const job = jobs.get(row.jobId)!;
    const named = versions.get(row.jobId);
    if (named !== undefined && named !== row.version)
      throw badRequest(`Rows of job ${job.reference} name two different versions: send the one loaded.`, [
        { field: 'body.version', message: 'Rows of one job must name the same version.' },
      ]);
    versions.set(row.jobId, row.version);
    if (row.version !== job.version)
      throw staleEdit(
        `Job ${job.reference} was changed by someone else after you loaded it. Reload it to see their change, then make yours again.`,
      );
  }
  const tasks = await tasksOf(tx, jobIds);
  const history: HistoryRow[] = [];
  const taskUpdates: { id: number; driverPay: number; driverPayExtra: number }[] = [];
  const seen = new Set<number>();
  for (const row of options.rows) {
    const job = jobs.get(row.jobId)!;
    const task = (tasks.get(job.id) ?? []).find((candidate) => candidate.id === row.taskId);
    if (!task)
      throw badRequest(`Job ${job.reference}: task ${row.taskId} is not one of its tasks.`, [
        { field: 'body.taskId', message: 'Name only tasks of the job.' },
      ]);
    if (seen.has(task.id))
      throw badRequest(`Task ${task.reference} is named twice: send one row per task.`, [
        { field: 'body.taskId', message: 'One row per task.' },
      ]);
    seen.add(task.id);
    const payChanged = !sameMoney(row.driverPay, task.driverPay);
    const extrasChanged = !sameMoney(row.driverExtras, task.driverPayExtra);
    if (!payChanged && !extrasChanged) continue;
    if (taskPayLocked(task.payStatus)) throw lockedPaid(`Job ${job.reference}: ${DRIVER_PAY_PAID_MESSAGE}`);
    taskUpdates.push({ id: task.id, driverPay: row.driverPay, driverPayExtra: row.driverExtras });
    if (payChanged)
      history.push({
        jobId: job.id,
        taskId: task.id,
        field: 'driverPay',
        before: euroText(task.driverPay),
        after: euroText(row.driverPay),
      });
    if (extrasChanged)
      history.push({
        jobId: job.id,
        taskId: task.id,
        field: 'driverExtras',
        before: euroText(task.driverPayExtra),
        after: euroText(row.driverExtras),
      });
    task.driverPay = row.driverPay;
    task.driverPayExtra = row.driverExtras;
  }
  const changedJobs: JobState[] = [];
  for (const job of jobs.values()) {
    if (!history.some((row) => row.jobId === job.id)) continue;
    const driverPrice = toEuro(addMoney(...(tasks.get(job.id) ?? []).map((task) => toCents(task.driverPay))));
    if (!sameMoney(driverPrice, job.driverPrice))
      history.push({
        jobId: job.id,
        taskId: null,
        field: 'driverPrice',
        before: euroText(job.driverPrice),
        after: euroText(driverPrice),
      });
    changedJobs.push({ ...job, driverPrice });
  }
  if (taskUpdates.length > 0) await writeTaskPay(tx, taskUpdates);
  if (changedJobs.length > 0) {
    await writeJobs(tx, changedJobs);
    await writeBookings(tx, new Map(), [...new Set(changedJobs.map((job) => job.bookingId))]);
    await tx
      .insert(jobPriceHistory)
      .values(
        history.map((row) => ({ ...row, note: '', userId: options.userId, source: 'PUT /api/pricing/update/tasks' })),
      );
  }
  return pricedJobs(tx, jobIds);
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

async function writeJobs(tx: DbOrTx, rows: JobState[]): Promise<void> {
  await tx.execute(sql`
    update booking_jobs as j set
      customer_charge = v.customer_charge, driver_price = v.driver_price, carrier_price = v.carrier_price,
      carrier_customs_charge = v.carrier_customs_charge, carrier_insurance_charge = v.carrier_insurance_charge,
      extras_charge = v.extras_charge, tariff_id = v.tariff_id, tariff_code_id = v.tariff_code_id,
      internal_notes = v.internal_notes, invoice_period_id = v.invoice_period_id, version = j.version + 1
    from (values ${values(
      rows.map(
        (job) =>
          sql`(${job.id}::int, ${euroText(job.customerCharge)}::numeric, ${euroText(job.driverPrice)}::numeric,
            ${euroText(job.carrierPrice)}::numeric, ${euroText(job.carrierCustomsCharge)}::numeric,
            ${euroText(job.carrierInsuranceCharge)}::numeric, ${euroText(job.extrasCharge)}::numeric,
            ${job.tariffId}::int, ${job.tariffCodeId}::int, ${job.internalNotes}::text, ${job.invoicePeriodId}::int)`,
      ),
    )}) as v(id, customer_charge, driver_price, carrier_price, carrier_customs_charge, carrier_insurance_charge,
             extras_charge, tariff_id, tariff_code_id, internal_notes, invoice_period_id)
    where j.id = v.id`);
}

async function writeTaskPay(tx: DbOrTx, rows: { id: number; driverPay: number; driverPayExtra?: number }[]) {
  await tx.execute(sql`
    update booking_tasks as t
    set driver_pay = v.driver_pay, driver_pay_extra = coalesce(v.driver_pay_extra, t.driver_pay_extra)
    from (values ${values(
      rows.map(
        (task) =>
          sql`(${task.id}::int, ${euroText(task.driverPay)}::numeric, ${
            task.driverPayExtra === undefined ? null : euroText(task.driverPayExtra)
          }::numeric)`,
      ),
    )}) as v(id, driver_pay, driver_pay_extra)
    where t.id = v.id`);
}

/** The booking's own changes (weight, packages, company), then its totals from its jobs. */
async function writeBookings(
  tx: DbOrTx,
  changes: Map<number, { weight?: number; numberOfPackages?: number; companyId?: number }>,
  touched: number[],
): Promise<void> {
  for (const [bookingId, change] of changes) {
    const set: Partial<typeof bookings.$inferInsert> = {};
    if (change.weight !== undefined) set.weightOfPackages = change.weight;
    if (change.numberOfPackages !== undefined) set.numberOfPackages = change.numberOfPackages;
    if (change.companyId !== undefined) set.companyId = change.companyId;
    if (Object.keys(set).length > 0 && touched.includes(bookingId))
      await tx.update(bookings).set(set).where(eq(bookings.id, bookingId));
  }
  if (touched.length === 0) return;
  await tx.execute(sql`
    update bookings as b set ex_vat_price = s.charge, driver_price = s.pay
    from (
      select booking_id, sum(customer_charge) as charge, sum(driver_price) as pay
      from booking_jobs where booking_id = any(${`{${touched.join(',')}}`}::int[]) group by booking_id
    ) as s
    where b.id = s.booking_id`);
}

/** The jobs as they now are, in the order asked for. */
export async function pricedJobs(tx: DbOrTx, jobIds: number[]): Promise<PricedJob[]> {
  const jobs = await readJobs(tx, jobIds);
  const tasks = await tasksOf(tx, jobIds);
  const services = await tx
    .select({ id: bookingJobs.id, service: tariffs.service })
    .from(bookingJobs)
    .leftJoin(tariffs, eq(tariffs.id, bookingJobs.tariffId))
    .where(inArray(bookingJobs.id, jobIds));
  const serviceOf = new Map(services.map((row) => [row.id, row.service]));
  return jobIds.flatMap((id) => {
    const job = jobs.get(id);
    if (!job) return [];
    return [
      {
        id: job.id,
        reference: job.reference,
        bookingId: job.bookingId,
        bookingReference: job.bookingReference,
        companyId: job.companyId,
        version: job.version,
        customerCharge: job.customerCharge,
        driverPrice: job.driverPrice,
        carrierPrice: job.carrierPrice,
        carrierCustomsCharge: job.carrierCustomsCharge,
        carrierInsuranceCharge: job.carrierInsuranceCharge,
        extrasCharge: job.extrasCharge,
        weight: job.weight,
        numberOfPackages: job.numberOfPackages,
        tariffId: job.tariffId,
        tariffService: serviceOf.get(job.id) ?? null,
        internalNotes: job.internalNotes,
        tasks: (tasks.get(job.id) ?? []).map((task) => ({
          id: task.id,
          reference: task.reference,
          driverPay: task.driverPay,
          driverPayExtra: task.driverPayExtra,
          payStatus: task.payStatus,
        })),
      },
    ];
  });
}

/**
 * What a save of these changes would make of the jobs, without keeping any of it: the same
 * updatePrices (so the same re-pricing, guards and messages) in a transaction that is rolled back.
 * The booking list re-prices a weight or package count change with it (spec 2 §9, 1000 ms after typing).
 */
export async function previewPrices(
  db: Db,
  options: { userId: number; changes: JobPriceChange[] },
): Promise<PricedJob[]> {
  let preview: PricedJob[] = [];
  try {
    await db.transaction(async (tx) => {
      preview = await updatePrices(tx, { ...options, source: 'POST /api/pricing/update/preview' });
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return preview;
}
