import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

/** A live session (not revoked, not expired) with its user. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      userUuid: users.uuid,
      roles: users.roles,
      lastOnline: users.lastOnline,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

const LAST_ONLINE_RESOLUTION_MS = 60_000;

/** Records activity at most once a minute per user, so a busy user costs one write a minute, not one per call. */
export async function touchLastOnline(db: Db, userId: number, lastOnline: Date | null): Promise<void> {
  if (lastOnline && Date.now() - lastOnline.getTime() < LAST_ONLINE_RESOLUTION_MS) return;
  await db.update(users).set({ lastOnline: sql`now()` }).where(eq(users.id, userId));
}
