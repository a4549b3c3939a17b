import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authAttempts, sessions, signInFailures, users } from '../../db/schema/index.ts';
import { hashToken } from '../../http/access.ts';

/** Creates a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  options: { userId: number; ttlMinutes: number; grantedBy?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + options.ttlMinutes * 60_000);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: options.userId, expiresAt, grantedBy: options.grantedBy ?? null });
  return { token, expiresAt };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function recordSignIn(db: DbOrTx, userId: number, ip: string | null): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginDate: sql`now()`, lastOnline: sql`now()`, ip })
    .where(eq(users.id, userId));
}

export async function recordSignInFailure(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(signInFailures).values({ email: email.toLowerCase(), ip });
}

/** Forgets an e-mail's failures from the address that just signed in; failures from elsewhere still count. */
export async function clearSignInFailures(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email.toLowerCase()), eq(signInFailures.ip, ip)));
}

/**
 * Failures since `since` for an e-mail, for an address, and for the e-mail from that address, with
 * the oldest of the first two (to say when to retry).
 */
export async function recentSignInFailures(db: Db, options: { email: string; ip: string; since: Date }) {
  const email = options.email.toLowerCase();
  const [byEmail] = await db
    .select({
      total: count(),
      oldest: min(signInFailures.failedAt),
      fromIp: sql<number>`count(*) filter (where ${signInFailures.ip} = ${options.ip})`.mapWith(Number),
    })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.failedAt, options.since)));
  const [byIp] = await db
    .select({ total: count(), oldest: min(signInFailures.failedAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, options.ip), gt(signInFailures.failedAt, options.since)));
  return {
    byEmail: byEmail ?? { total: 0, oldest: null, fromIp: 0 },
    byIp: byIp ?? { total: 0, oldest: null },
  };
}

export async function recentAuthAttempts(db: Db, options: { email: string; since: Date }) {
  const [row] = await db
    .select({ total: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(eq(authAttempts.email, options.email.toLowerCase()), gt(authAttempts.createdAt, options.since)));
  return row ?? { total: 0, oldest: null };
}

export async function insertAuthAttempt(
  db: DbOrTx,
  values: { uuid: string; email: string; userId: number | null; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authAttempts).values({ ...values, email: values.email.toLowerCase() });
}

export async function findAuthAttempt(db: DbOrTx, uuid: string) {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.uuid, uuid)).limit(1);
  return row;
}

/** Counts one wrong try atomically; returns the tries used, or undefined when the limit was already reached. */
export async function countWrongTry(db: DbOrTx, uuid: string, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(authAttempts)
    .set({ tries: sql`${authAttempts.tries} + 1` })
    .where(and(eq(authAttempts.uuid, uuid), sql`${authAttempts.tries} < ${maxTries}`))
    .returning({ tries: authAttempts.tries });
  return row?.tries;
}

/** Marks an attempt used; false when another request used it first. */
export async function useAuthAttempt(db: DbOrTx, uuid: string): Promise<boolean> {
  const rows = await db
    .update(authAttempts)
    .set({ used: true })
    .where(and(eq(authAttempts.uuid, uuid), eq(authAttempts.used, false)))
    .returning({ uuid: authAttempts.uuid });
  return rows.length === 1;
}
