import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { PriceAdjustmentType } from '@courier/domain/bookings/enums';
import { toIsoDay } from '@courier/domain/common/dates';
import { toCents, toEuro } from '@courier/domain/common/money';
import {
  addonAsAdjustmentSchema,
  type CreatePriceAdjustmentBody,
  type PriceAdjustment,
  type SyncAddonsResponse,
} from '@courier/domain/pricing/price-adjustment-schemas';
import {
  adjustmentDeleteLock,
  adjustmentDescriptionToStore,
  PRICE_ADJUSTMENT_TYPE_LABELS,
  validatePriceAdjustment,
  type PriceAdjustmentProblem,
} from '@courier/domain/pricing/price-edits';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  invoicePeriods,
  jobPriceAdjustments,
  jobPriceHistory,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { jobNotFound } from '../../core/bookings.ts';

// Price adjustments of a job (spec 2 §3–§5, §7 'Pricing'; issue 11): list, add, delete, and the
// job's add-ons turned into CUSTOMER_ADDON adjustments. Every change keeps a price-history row and an
// audit row in the same transaction.

/** The `field` of an adjustment's price-history rows. */
const HISTORY_FIELD = 'adjustment';

type AdjustmentRow = typeof jobPriceAdjustments.$inferSelect;

const euroText = (value: number) => toEuro(toCents(value)).toFixed(2);

/** What a price-history row says an adjustment was, e.g. 'Toll: cost 0.00, charge 4.50'. */
function historyText(adjustment: Pick<AdjustmentRow, 'type' | 'cost' | 'charge'>): string {
  const label = PRICE_ADJUSTMENT_TYPE_LABELS[adjustment.type as PriceAdjustmentType] ?? adjustment.type;
  return `${label}: cost ${euroText(adjustment.cost)}, charge ${euroText(adjustment.charge)}`;
}

/** The adjustments the condition picks, each with its task's reference, oldest first. */
async function adjustmentsWhere(db: DbOrTx, where: SQL | undefined): Promise<PriceAdjustment[]> {
  const rows = await db
    .select({ adjustment: jobPriceAdjustments, taskReference: bookingTasks.reference })
    .from(jobPriceAdjustments)
    .leftJoin(bookingTasks, eq(bookingTasks.id, jobPriceAdjustments.taskId))
    .where(where)
    .orderBy(asc(jobPriceAdjustments.createdAt), asc(jobPriceAdjustments.id));
  return rows.map(({ adjustment, taskReference }) => {
    // The column is text; the calls that write it only ever store one of the types.
    const type = adjustment.type as PriceAdjustmentType;
    return {
      id: adjustment.id,
      jobId: adjustment.jobId,
      type,
      typeLabel: PRICE_ADJUSTMENT_TYPE_LABELS[type] ?? adjustment.type,
      taskId: adjustment.taskId,
      taskReference,
      description: adjustment.description,
      internalDescription: adjustment.internalDescription,
      cost: adjustment.cost,
      charge: adjustment.charge,
      showToCustomer: adjustment.showToCustomer,
      applySurcharge: adjustment.applySurcharge,
      invoicePeriodId: adjustment.invoicePeriodId,
      createdAt: adjustment.createdAt.toISOString(),
    };
  });
}

/** The job with the company its booking belongs to; 404 when there is none. Locked when `lock` is set. */
async function findJob(
  db: DbOrTx,
  jobId: number,
  options: { lock?: boolean } = {},
): Promise<{ id: number; reference: string; companyId: number; extrasBreakdown: unknown }> {
  const query = db
    .select({
      id: bookingJobs.id,
      reference: bookingJobs.reference,
      companyId: bookings.companyId,
      extrasBreakdown: bookingJobs.extrasBreakdown,
    })
    .from(bookingJobs)
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .where(eq(bookingJobs.id, jobId))
    .limit(1);
  const [job] = options.lock ? await query.for('update', { of: bookingJobs }) : await query;
  if (!job) throw jobNotFound(jobId);
  return job;
}

/**
 * The invoice period an adjustment made now is charged in: the company's ACTIVE period whose days
 * hold today (Europe/Dublin), or null when it has none. Not the job's own period: that may be
 * invoiced already, and the adjustment is for the customer's next invoice (spec 2 §5 edit guard text).
 */
async function openInvoicePeriodId(db: DbOrTx, companyId: number): Promise<number | null> {
  const today = toIsoDay(new Date());
  const [period] = await db
    .select({ id: invoicePeriods.id })
    .from(invoicePeriods)
    .where(
      and(
        eq(invoicePeriods.companyId, companyId),
        eq(invoicePeriods.status, 'ACTIVE'),
        lte(invoicePeriods.start, today),
        gte(invoicePeriods.end, today),
      ),
    )
    // Overlapping active periods should not exist; if they do, the latest one is chosen every time.
    .orderBy(desc(invoicePeriods.start), desc(invoicePeriods.id))
    .limit(1);
  return period?.id ?? null;
}

type NewAdjustment = Omit<typeof jobPriceAdjustments.$inferInsert, 'id' | 'createdAt'>;

/** Inserts adjustments with their price-history and audit rows (inside the caller's transaction). */
async function insertAdjustments(
  tx: DbOrTx,
  options: { adjustments: NewAdjustment[]; userId: number; source: string },
): Promise<AdjustmentRow[]> {
  if (options.adjustments.length === 0) return [];
  const created = await tx.insert(jobPriceAdjustments).values(options.adjustments).returning();
  await tx.insert(jobPriceHistory).values(
    created.map((adjustment) => ({
      jobId: adjustment.jobId,
      taskId: adjustment.taskId,
      field: HISTORY_FIELD,
      before: null,
      after: historyText(adjustment),
      userId: options.userId,
      source: options.source,
    })),
  );
  await writeAudit(
    tx,
    created.map((adjustment) => ({
      userId: options.userId,
      action: 'create',
      entityType: 'price_adjustment',
      entityId: adjustment.id,
      after: adjustment,
    })),
  );
  return created;
}

/** GET /api/pricing/job-price-adjustments (spec 2 §7): the job's adjustments, oldest first; 404 for no such job. */
export async function listPriceAdjustments(db: DbOrTx, jobId: number): Promise<PriceAdjustment[]> {
  await findJob(db, jobId);
  return adjustmentsWhere(db, eq(jobPriceAdjustments.jobId, jobId));
}

const detailsOf = (problems: PriceAdjustmentProblem[]) =>
  problems.map((problem) => ({ field: `body.${problem.field}`, message: problem.message }));

/**
 * POST /api/pricing/job-price-adjustments (spec 2 §5 'Add price adjustment', §7). The domain rule
 * answers first, with the spec's messages per field; then the job must exist (404) and the task be
 * one of its own (400). The customer description is kept only when it is shown to the customer.
 */
export async function createPriceAdjustment(
  db: Db,
  options: { userId: number; input: CreatePriceAdjustmentBody; source: string },
): Promise<PriceAdjustment> {
  const { input } = options;
  const description = input.description ?? '';
  const taskId = input.taskId ?? null;
  const problems = validatePriceAdjustment({ ...input, taskId, description });
  const first = problems[0];
  if (first) throw badRequest(first.message, detailsOf(problems));
  // validatePriceAdjustment has just refused both nulls; this only tells the compiler.
  if (input.jobId === null || input.type === null) throw badRequest('Please select a job and an adjustment type.');
  const { jobId, type } = input;

  return db.transaction(async (tx) => {
    const job = await findJob(tx, jobId);
    if (taskId !== null) {
      const [task] = await tx
        .select({ id: bookingTasks.id })
        .from(bookingTasks)
        .where(and(eq(bookingTasks.id, taskId), eq(bookingTasks.jobId, jobId)))
        .limit(1);
      if (!task) {
        const message = `Task ${taskId} is not one of the tasks of job ${job.reference}.`;
        throw badRequest(message, [{ field: 'body.taskId', message }]);
      }
    }
    const [created] = await insertAdjustments(tx, {
      adjustments: [
        {
          jobId,
          type,
          taskId,
          description: adjustmentDescriptionToStore({ showToCustomer: input.showToCustomer, description }),
          internalDescription: input.internalDescription ?? '',
          cost: input.cost,
          charge: input.charge,
          showToCustomer: input.showToCustomer,
          applySurcharge: input.applySurcharge,
          invoicePeriodId: await openInvoicePeriodId(tx, job.companyId),
        },
      ],
      userId: options.userId,
      source: options.source,
    });
    const [answer] = await adjustmentsWhere(tx, eq(jobPriceAdjustments.id, created!.id));
    return answer!;
  });
}

/**
 * DELETE /api/pricing/job-price-adjustments/{id} (spec 2 §4, §7). Refused with a 400 and its message
 * (the modal shows the server's message on a 400, §8) when the adjustment is on the job's invoice and
 * that invoice is finalised or invoiced. The period row is read FOR SHARE, so an invoice cannot be
 * finalised between the check and the delete.
 */
export async function deletePriceAdjustment(
  db: Db,
  options: { userId: number; id: number; source: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [adjustment] = await tx
      .select({ adjustment: jobPriceAdjustments, jobPeriodId: bookingJobs.invoicePeriodId })
      .from(jobPriceAdjustments)
      .innerJoin(bookingJobs, eq(bookingJobs.id, jobPriceAdjustments.jobId))
      .where(eq(jobPriceAdjustments.id, options.id))
      .for('update', { of: jobPriceAdjustments });
    if (!adjustment) throw notFound(`Price adjustment ${options.id} does not exist. It may have been deleted already.`);
    const before = adjustment.adjustment;
    const [period] =
      before.invoicePeriodId === null
        ? []
        : await tx
            .select({ status: invoicePeriods.status })
            .from(invoicePeriods)
            .where(eq(invoicePeriods.id, before.invoicePeriodId))
            .for('share');
    const lock = adjustmentDeleteLock({
      adjustmentPeriodId: before.invoicePeriodId,
      jobPeriodId: adjustment.jobPeriodId,
      invoiceStatus: period?.status ?? null,
    });
    if (lock) throw badRequest(lock);
    await tx.delete(jobPriceAdjustments).where(eq(jobPriceAdjustments.id, options.id));
    await tx.insert(jobPriceHistory).values({
      jobId: before.jobId,
      taskId: before.taskId,
      field: HISTORY_FIELD,
      before: historyText(before),
      after: null,
      userId: options.userId,
      source: options.source,
    });
    await writeAudit(tx, {
      userId: options.userId,
      action: 'delete',
      entityType: 'price_adjustment',
      entityId: options.id,
      before,
    });
  });
}

/** The same add-on as an adjustment: description, cost and charge, to the cent. */
const addonKey = (description: string, cost: number, charge: number) =>
  JSON.stringify([description, toCents(cost), toCents(charge)]);

/**
 * POST /api/pricing/sync-addons-with-price-adjustments (spec 2 §7; its body is ours: the jobId). Each
 * add-on of the job (extrasBreakdown) becomes a CUSTOMER_ADDON adjustment shown to the customer,
 * unless one with the same description, cost and charge is there already: each existing adjustment
 * answers for one add-on, so two equal add-ons need two adjustments and a second run creates none.
 * CUSTOMER_ADDON needs a task when staff add it (spec 2 §5); made by the system it goes on the job's
 * first task, or none when the job has no tasks. The job row is locked so two syncs cannot both add.
 */
export async function syncAddonsWithPriceAdjustments(
  db: Db,
  options: { userId: number; jobId: number; source: string },
): Promise<SyncAddonsResponse> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, options.jobId, { lock: true });
    const stored = Array.isArray(job.extrasBreakdown) ? (job.extrasBreakdown as unknown[]) : [];
    const addons = stored.map((item, index) => {
      const parsed = addonAsAdjustmentSchema.safeParse(item);
      if (!parsed.success)
        throw conflict(
          `Add-on ${index + 1} of job ${job.reference} cannot become a price adjustment: ${
            parsed.error.issues[0]?.message ?? 'it is not a name, cost and charge'
          }`,
        );
      return parsed.data;
    });
    const existing = await tx
      .select({
        description: jobPriceAdjustments.description,
        cost: jobPriceAdjustments.cost,
        charge: jobPriceAdjustments.charge,
      })
      .from(jobPriceAdjustments)
      .where(and(eq(jobPriceAdjustments.jobId, job.id), eq(jobPriceAdjustments.type, 'CUSTOMER_ADDON')));
    const unmatched = new Map<string, number>();
    for (const row of existing) {
      const key = addonKey(row.description, row.cost, row.charge);
      unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
    }
    const missing = addons.filter((addon) => {
      const key = addonKey(addon.name, addon.cost, addon.charge);
      const left = unmatched.get(key) ?? 0;
      if (left > 0) unmatched.set(key, left - 1);
      return left === 0;
    });
    if (missing.length > 0) {
      const [firstTask] = await tx
        .select({ id: bookingTasks.id })
        .from(bookingTasks)
        .where(eq(bookingTasks.jobId, job.id))
        .orderBy(asc(bookingTasks.position), asc(bookingTasks.id))
        .limit(1);
      const invoicePeriodId = await openInvoicePeriodId(tx, job.companyId);
      await insertAdjustments(tx, {
        adjustments: missing.map((addon) => ({
          jobId: job.id,
          type: 'CUSTOMER_ADDON',
          taskId: firstTask?.id ?? null,
          description: addon.name,
          internalDescription: '',
          cost: addon.cost,
          charge: addon.charge,
          showToCustomer: true,
          applySurcharge: false,
          invoicePeriodId,
        })),
        userId: options.userId,
        source: options.source,
      });
    }
    return {
      created: missing.length,
      adjustments: await adjustmentsWhere(tx, eq(jobPriceAdjustments.jobId, job.id)),
    };
  });
}
