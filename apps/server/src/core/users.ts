import { eq, sql } from 'drizzle-orm';
import type { CompanyUser } from '@courier/domain/users/schemas';
import type { DbOrTx } from '../db/client.ts';
import { isoOrNull } from '../db/columns.ts';
import { users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The user with this e-mail address, whatever its case. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

export async function findUserByUuid(db: DbOrTx, uuid: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
  return user;
}

/** Who a user is and how to reach them: the first fields of every user view. */
function userContact(user: UserRow) {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone };
}

/** A user as the users list shows it (no password hash, no session data). */
export function toUserSummary(user: UserRow) {
  return {
    ...userContact(user),
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
    lastOnline: isoOrNull(user.lastOnline),
  };
}

/** A user as a company's Users tab shows them. */
export function toCompanyUser(user: UserRow): CompanyUser {
  return {
    ...userContact(user),
    stripeId: user.stripeId,
    ip: user.ip,
    lastOnline: isoOrNull(user.lastOnline),
    createdAt: user.createdAt.toISOString(),
    lastLoginDate: isoOrNull(user.lastLoginDate),
  };
}
