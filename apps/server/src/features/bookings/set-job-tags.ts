import { eq } from 'drizzle-orm';
import { JOB_TAGS, type JobTag } from '@courier/domain/bookings/enums';
import type { Db } from '../../db/client.ts';
import { bookingJobs } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';

import { jobNotFound } from '../../core/bookings.ts';

/** PUT /api/bookings/tag: replaces a job's tags (deduplicated, in the spec's order), audited. */
export async function setJobTags(db: Db, options: { jobId: number; tags: JobTag[]; userId: number }) {
  const tags = JOB_TAGS.filter((tag) => options.tags.includes(tag));
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: bookingJobs.id, tags: bookingJobs.tags })
      .from(bookingJobs)
      .where(eq(bookingJobs.id, options.jobId))
      .for('update')
      .limit(1);
    if (!job) throw jobNotFound(options.jobId);
    await tx.update(bookingJobs).set({ tags }).where(eq(bookingJobs.id, job.id));
    await writeAudit(tx, {
      userId: options.userId,
      action: 'update',
      entityType: 'job',
      entityId: job.id,
      field: 'tags',
      before: job.tags,
      after: tags,
    });
    return { jobId: job.id, tags };
  });
}
