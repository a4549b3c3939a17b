import { asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  ApprovalType,
  InvoiceAndDriverPayStatus,
  PriceHistoryEntry,
} from '@courier/domain/pricing/price-review-schemas';
import type { Db } from '../../db/client.ts';
import { bookingJobs, bookingTasks, invoicePeriods, jobPriceHistory, users } from '../../db/schema/index.ts';
import { waitingTimeTotals } from '@courier/domain/pricing/price-edits';
import { badRequest } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { assertJobExists, jobNotFound } from '../../core/bookings.ts';

/** Every kept change of a job's price fields, newest first (issue 11 'Price history'). */
export async function priceHistoryOf(db: Db, jobId: number): Promise<PriceHistoryEntry[]> {
  await assertJobExists(db, jobId);
  const rows = await db
    .select({
      id: jobPriceHistory.id,
      jobId: jobPriceHistory.jobId,
      taskId: jobPriceHistory.taskId,
      taskReference: bookingTasks.reference,
      field: jobPriceHistory.field,
      before: jobPriceHistory.before,
      after: jobPriceHistory.after,
      note: jobPriceHistory.note,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      source: jobPriceHistory.source,
      createdAt: jobPriceHistory.createdAt,
    })
    .from(jobPriceHistory)
    .leftJoin(bookingTasks, eq(bookingTasks.id, jobPriceHistory.taskId))
    .leftJoin(users, eq(users.id, jobPriceHistory.userId))
    .where(eq(jobPriceHistory.jobId, jobId))
    .orderBy(desc(jobPriceHistory.createdAt), desc(jobPriceHistory.id));
  return rows.map(({ userId, firstName, lastName, createdAt, ...row }) => ({
    ...row,
    user: userId === null ? null : { id: userId, firstName: firstName ?? '', lastName: lastName ?? '' },
    createdAt: createdAt.toISOString(),
  }));
}

/** GET /api/pricing/invoice-and-driver-pay-status (spec 2 §3): the job's invoice status and each task's pay status. */
export async function invoiceAndDriverPayStatus(db: Db, jobId: number): Promise<InvoiceAndDriverPayStatus> {
  const [job] = await db
    .select({ id: bookingJobs.id, invoiceStatus: invoicePeriods.status })
    .from(bookingJobs)
    .leftJoin(invoicePeriods, eq(invoicePeriods.id, bookingJobs.invoicePeriodId))
    .where(eq(bookingJobs.id, jobId))
    .limit(1);
  if (!job) throw jobNotFound(jobId);
  const tasks = await db
    .select({ taskId: bookingTasks.id, payStatus: bookingTasks.payStatus })
    .from(bookingTasks)
    .where(eq(bookingTasks.jobId, jobId))
    .orderBy(asc(bookingTasks.position), asc(bookingTasks.id));
  return { invoiceStatus: job.invoiceStatus, driverPayStatus: tasks };
}

/**
 * POST /api/pricing/review/approve (spec 2 §4): marks the jobs' same-day or carrier review approved,
 * clearing the flag and its reason, in one transaction with an audit row per job. A job that does not
 * exist, or is not waiting for that review, refuses the whole approval.
 */
export async function approveReview(
  db: Db,
  options: { jobIds: number[]; type: ApprovalType; userId: number },
): Promise<{ approved: { jobId: number; reference: string }[] }> {
  const ids = [...new Set(options.jobIds)];
  const sameDay = options.type === 'SAME_DAY';
  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({
        id: bookingJobs.id,
        reference: bookingJobs.reference,
        needsSameDayReview: bookingJobs.needsSameDayReview,
        needsSameDayReviewReason: bookingJobs.needsSameDayReviewReason,
        needsCarrierReview: bookingJobs.needsCarrierReview,
        needsCarrierReviewReason: bookingJobs.needsCarrierReviewReason,
      })
      .from(bookingJobs)
      .where(inArray(bookingJobs.id, ids))
      .orderBy(asc(bookingJobs.id))
      .for('update');
    const found = new Map(jobs.map((job) => [job.id, job]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw jobNotFound(missing.join(', '));
    const notFlagged = jobs.filter((job) => !(sameDay ? job.needsSameDayReview : job.needsCarrierReview));
    if (notFlagged.length > 0)
      throw badRequest(
        `${notFlagged.map((job) => job.reference).join(', ')} ${notFlagged.length === 1 ? 'does' : 'do'} not need a ${
          sameDay ? 'same day' : 'carrier'
        } review.`,
        [{ field: 'body.jobIds', message: 'Approve only jobs flagged for this review.' }],
      );
    await tx
      .update(bookingJobs)
      .set(
        sameDay
          ? { needsSameDayReview: false, needsSameDayReviewReason: null }
          : { needsCarrierReview: false, needsCarrierReviewReason: null },
      )
      .where(inArray(bookingJobs.id, ids));
    for (const job of jobs)
      await writeAudit(tx, {
        userId: options.userId,
        action: 'approve',
        entityType: 'job',
        entityId: job.id,
        field: sameDay ? 'needsSameDayReview' : 'needsCarrierReview',
        before: { flagged: true, reason: sameDay ? job.needsSameDayReviewReason : job.needsCarrierReviewReason },
        after: { flagged: false, reason: null },
      });
    return { approved: jobs.map((job) => ({ jobId: job.id, reference: job.reference })) };
  });
}

/**
 * POST /api/pricing/{ref}/waiting-time (spec 2 §7): the pay the minutes waited at each task earn
 * (price-edits.ts: the first 10 minutes free, then €0.25 a minute), and their total. Nothing is
 * saved: the Pricing Extras modal puts the pay into the tasks' driver extras, saved with Save Pay.
 */
export async function waitingTimePayOf(
  db: Db,
  options: { jobReference: string; rows: { taskId: number; waitingTime: number }[] },
): Promise<ReturnType<typeof waitingTimeTotals>> {
  const [job] = await db
    .select({ id: bookingJobs.id })
    .from(bookingJobs)
    .where(eq(bookingJobs.reference, options.jobReference))
    .limit(1);
  if (!job) throw jobNotFound(options.jobReference);
  const taskIds = new Set(
    (await db.select({ id: bookingTasks.id }).from(bookingTasks).where(eq(bookingTasks.jobId, job.id))).map(
      (task) => task.id,
    ),
  );
  const foreign = options.rows.find((row) => !taskIds.has(row.taskId));
  if (foreign)
    throw badRequest(`Task ${foreign.taskId} is not a task of job ${options.jobReference}.`, [
      { field: 'body.waitingTimePerTask', message: 'Name only tasks of the job.' },
    ]);
  return waitingTimeTotals(options.rows);
}
