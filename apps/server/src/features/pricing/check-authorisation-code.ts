import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { IncreaseKind } from '@courier/domain/pricing/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { forbidden, switchedOff, type AppError } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { minutesUntilRetry, retryText } from '../../platform/rate-limit.ts';

/** Wrong authorisation codes a user may type in the window before every code is refused (docs/decisions/006). */
export const MAX_WRONG_CODES = 5;
export const WRONG_CODE_WINDOW_MS = 15 * 60_000;
export const WRONG_CODE_MESSAGE = 'The authorisation code is not correct. Nothing was changed.';
/** Wrong codes are audit rows of this entity type, keyed by the user, so the audit index counts them. */
const WRONG_CODE_ENTITY = 'authorisation-code';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The typed authorisation code against the configured one, in constant time (spec 2 §6). */
export function checkSharedSecret(given: string, configured: string | null): void {
  if (!configured) {
    throw switchedOff(
      'Price and carrier increases are switched off on this server: no authorisation code is set up. Ask the administrator to set one up.',
    );
  }
  // Hashing first gives equal lengths, so timingSafeEqual reveals neither the code nor its length.
  if (!timingSafeEqual(digest(given), digest(configured))) throw forbidden(WRONG_CODE_MESSAGE);
}

async function recentWrongCodes(db: DbOrTx, userId: number, since: Date) {
  const [row] = await db
    .select({ total: count(), oldest: min(auditLog.createdAt) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, WRONG_CODE_ENTITY),
        eq(auditLog.entityId, String(userId)),
        eq(auditLog.action, 'wrong-code'),
        gt(auditLog.createdAt, since),
      ),
    );
  return row ?? { total: 0, oldest: null };
}

/**
 * Checks the authorisation code before anything else of the request is looked at, so a wrong code
 * learns nothing about the scope. Each wrong code is written to the audit log, and a user with
 * MAX_WRONG_CODES wrong codes in the window is refused whatever the code, so it cannot be guessed.
 * That refusal is a 403 with when to try again, not a 429: a 429 on any call signs the user out
 * (spec 1 §7), which would throw away the clerk's session and form over one locked action, and the
 * lock is the user's whether signed in or not. A per-user lock serialises the count, so parallel
 * guesses cannot slip past it.
 */
export async function checkAuthorisationCode(
  db: Db,
  options: { userId: number; given: string; configured: string | null; kind: IncreaseKind },
): Promise<void> {
  const { userId } = options;
  const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`courier:authorisation-code:${userId}`}))`);
    const recent = await recentWrongCodes(tx, userId, new Date(Date.now() - WRONG_CODE_WINDOW_MS));
    if (recent.total >= MAX_WRONG_CODES) {
      const minutes = minutesUntilRetry(recent.oldest, WRONG_CODE_WINDOW_MS);
      return forbidden(`Too many wrong authorisation codes. Please try again in ${retryText(minutes)}.`);
    }
    try {
      checkSharedSecret(options.given, options.configured);
      return null;
    } catch (error) {
      if (options.configured) {
        await writeAudit(tx, {
          userId,
          action: 'wrong-code',
          entityType: WRONG_CODE_ENTITY,
          entityId: userId,
          after: { kind: options.kind },
        });
      }
      return error as AppError;
    }
  });
  // Thrown after the commit, so the audit row of a wrong code stays.
  if (refusal) throw refusal;
}
