import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { sessions, users } from '../db/schema/index.ts';

/** Every request runs this: prepared once per database (db/prepared.ts). */
const sessionLookup = (db: Db) =>
  preparedQuery(db, 'session-by-token-hash', (name) =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        userUuid: users.uuid,
        roles: users.roles,
        lastOnline: users.lastOnline,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, sql`now() - ${sql.placeholder('idle')}::interval`),
        ),
      )
      .limit(1)
      .prepare(name),
  );

/** A live session (not revoked, not expired, used within the last `idleMinutes`) with its user. */
export async function findSessionByTokenHash(db: Db, tokenHash: string, options: { idleMinutes: number }) {
  const [row] = await sessionLookup(db).execute({ tokenHash, idle: `${options.idleMinutes} minutes` });
  return row;
}

const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * Records activity at most once a minute per session and per user, so a busy user costs a write a
 * minute, not one per call: the session's last use (its idle timeout) and the user's last online.
 */
export async function recordActivity(
  db: Db,
  session: { sessionId: number; lastSeenAt: Date; userId: number; lastOnline: Date | null },
): Promise<void> {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, session.sessionId));
  }
  if (!session.lastOnline || now - session.lastOnline.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await db
      .update(users)
      .set({ lastOnline: sql`now()` })
      .where(eq(users.id, session.userId));
  }
}
