import { and, asc, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import { rolesText } from '@courier/domain/auth/roles';
import { USER_SEARCH_MIN_LENGTH } from '@courier/domain/users/limits';
import { STAFF_ROLES, type UserSearchResult } from '@courier/domain/users/schemas';
import { findUserById, toUserSummary } from '../../core/users.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isoOrNull } from '../../db/columns.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';

const SEARCH_LIMIT = 20;

/** LIKE pattern for "contains", with % and _ taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const isStaff = sql`${users.roles} ?| array[${sql.join(
  STAFF_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`;

function matches(text: string): SQL | undefined {
  const pattern = contains(text);
  return or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern));
}

/** GET /api/user/search: name or e-mail containing the text (from 3 characters), staff only when asked (spec 1 §5, §6). */
export async function searchUsers(
  db: DbOrTx,
  options: { query: string; staffOnly: boolean },
): Promise<UserSearchResult> {
  const text = options.query.trim();
  if (text.length < USER_SEARCH_MIN_LENGTH) return [];
  const prefix = `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      accountCode: sql<
        string | null
      >`(select ${companies.accountCode} from ${companyUsers} join ${companies} on ${companies.id} = ${companyUsers.companyId} where ${companyUsers.userId} = ${users.id} order by ${companyUsers.isAdmin} desc, ${companies.id} limit 1)`,
    })
    .from(users)
    .where(and(matches(text), options.staffOnly ? isStaff : undefined))
    .orderBy(
      sql`case when lower(${users.firstName}) like ${prefix} or lower(${users.email}) like ${prefix} then 0 else 1 end`,
      asc(users.firstName),
      asc(users.lastName),
      asc(users.id),
    )
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    accountCode: row.accountCode,
    // The roles as staff read them (Customer, Super admin), not their stored names.
    description: row.roles.length > 0 ? `${row.email} · ${rolesText(row.roles)}` : row.email,
  }));
}

/** POST /api/users: a page of users by name, searched by name or e-mail. */
export async function listUsers(db: DbOrTx, body: { size: number; skip: number; searchQuery?: string }) {
  const where = body.searchQuery?.trim() ? matches(body.searchQuery.trim()) : undefined;
  const [total] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(body.size)
    .offset(body.skip);
  return {
    count: total?.value ?? 0,
    users: rows.map(toUserSummary),
  };
}

/** GET /api/user/{id}. */
export async function findUserDetails(db: DbOrTx, id: number) {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return { ...toUserSummary(user), lastLoginDate: isoOrNull(user.lastLoginDate) };
}
