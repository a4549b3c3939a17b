import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bookingJobs } from '../db/schema/index.ts';

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
