import { count, desc, eq } from 'drizzle-orm';
import type { Review, ReviewListResponse } from '@courier/domain/reviews/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';

type Row = typeof reviews.$inferSelect;

function toReview(row: Row): Review {
  return {
    id: row.id,
    user: { fullName: row.fullName, email: row.email },
    createdAt: row.createdAt.toISOString(),
    approved: row.approved,
    deleted: row.deleted,
    total: row.total,
    speed: row.speed,
    driver: row.driver,
    value: row.value,
    feedback: row.feedback,
  };
}

/** POST /api/review: newest first, deleted ones included (tagged DELETED in the list). */
export async function listReviews(db: DbOrTx, page: { size: number; skip: number }): Promise<ReviewListResponse> {
  const [total] = await db.select({ value: count() }).from(reviews);
  const rows = await db
    .select()
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.size)
    .offset(page.skip);
  return { count: total?.value ?? 0, reviews: rows.map(toReview) };
}

/** PUT /api/review/{id}: approve or unapprove; a deleted review cannot be approved. */
export async function setReviewApproval(
  db: Db,
  options: { id: number; approved: boolean; userId: number },
): Promise<Review> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, options.id)).for('update');
    if (!before) throw notFound(`Review ${options.id} does not exist.`);
    if (before.deleted && options.approved)
      throw conflict(`Review ${options.id} was deleted by the customer, so it cannot be approved.`);
    if (before.approved === options.approved) return toReview(before);
    const [row] = await tx
      .update(reviews)
      .set({ approved: options.approved })
      .where(eq(reviews.id, options.id))
      .returning();
    if (!row) throw notFound(`Review ${options.id} does not exist.`);
    await writeAudit(tx, {
      userId: options.userId,
      action: options.approved ? 'approve' : 'unapprove',
      entityType: 'review',
      entityId: row.id,
      field: 'approved',
      before: before.approved,
      after: row.approved,
    });
    return toReview(row);
  });
}
