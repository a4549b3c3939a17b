import type { DbOrTx } from '../../db/client.ts';
import { findJobByReference, jobNotFound } from '../../core/bookings.ts';
import { recordJobEvents, userCause } from '../../core/job-events.ts';

/**
 * The job a status text names (POST /api/bookings/status/sms jobReference), found before anything
 * is sent: undefined when the text names none, 404 when it names a job that does not exist.
 */
export async function statusSmsJob(tx: DbOrTx, jobReference: string | undefined): Promise<{ id: number } | undefined> {
  if (jobReference === undefined) return undefined;
  const job = await findJobByReference(tx, jobReference);
  if (!job) throw jobNotFound(jobReference);
  return job;
}

/** The job's 'SMS sent' tracking event (issue 14): the staff member who sent it, the number and the text. */
export async function recordStatusSmsSent(
  tx: DbOrTx,
  options: { jobId: number; userId: number; phoneNumber: string; statusMessage: string },
): Promise<void> {
  await recordJobEvents(tx, [
    {
      jobId: options.jobId,
      status: 'sms_sent',
      cause: await userCause(tx, options.userId),
      detail: `To ${options.phoneNumber}: ${options.statusMessage}`,
    },
  ]);
}
