import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bookingJobs } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

/** The 404 of every call naming a job (by id or reference) that does not exist. */
export const jobNotFound = (job: number | string) => notFound(`Job ${job} does not exist.`);

/** Throws the 404 unless the job exists. */
export async function assertJobExists(db: DbOrTx, jobId: number): Promise<void> {
  const [job] = await db.select({ id: bookingJobs.id }).from(bookingJobs).where(eq(bookingJobs.id, jobId)).limit(1);
  if (!job) throw jobNotFound(jobId);
}

/** A booking's job by its reference (e.g. 'B0003-2'), as id and reference, or undefined. */
export async function findJobByReference(
  db: DbOrTx,
  reference: string,
): Promise<{ id: number; reference: string } | undefined> {
  const [job] = await db
    .select({ id: bookingJobs.id, reference: bookingJobs.reference })
    .from(bookingJobs)
    .where(eq(bookingJobs.reference, reference.trim()))
    .limit(1);
  return job;
}
