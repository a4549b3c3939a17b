import { and, asc, eq } from 'drizzle-orm';
import type { CompanyUser, CompanyUsersResponse } from '@courier/domain/users/schemas';
import { requireCompany } from '../../core/companies.ts';
import { toCompanyUser } from '../../core/users.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companyUsers, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';

/** A company's users split into admins and staff, each list by name. */
export async function listCompanyUsers(db: DbOrTx, companyId: number): Promise<CompanyUsersResponse> {
  await requireCompany(db, companyId);
  const rows = await db
    .select({ user: users, isAdmin: companyUsers.isAdmin })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const toUser = ({ user }: (typeof rows)[number]): CompanyUser => toCompanyUser(user);
  return {
    admins: rows.filter((row) => row.isAdmin).map(toUser),
    staff: rows.filter((row) => !row.isAdmin).map(toUser),
  };
}

/** POST /api/company/{id}/users: adds the user to the company, or sets whether they are an admin (spec 1 §7). */
export async function addOrToggleCompanyUser(
  db: Db,
  options: { companyId: number; userId: number; asAdmin: boolean; by: number },
): Promise<CompanyUsersResponse> {
  const { companyId, userId, asAdmin, by } = options;
  return db.transaction(async (tx) => {
    await requireCompany(tx, companyId, { lock: true });
    const user = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (user.length === 0) throw notFound(`User ${userId} does not exist.`);
    const [existing] = await tx
      .select({ isAdmin: companyUsers.isAdmin })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    if (!existing) {
      await tx.insert(companyUsers).values({ companyId, userId, isAdmin: asAdmin });
      await writeAudit(tx, {
        userId: by,
        action: 'add_user',
        entityType: 'company_users',
        entityId: companyId,
        field: String(userId),
        after: { isAdmin: asAdmin },
      });
    } else if (existing.isAdmin !== asAdmin) {
      await tx
        .update(companyUsers)
        .set({ isAdmin: asAdmin })
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
      await writeAudit(tx, {
        userId: by,
        action: 'set_admin',
        entityType: 'company_users',
        entityId: companyId,
        field: String(userId),
        before: { isAdmin: existing.isAdmin },
        after: { isAdmin: asAdmin },
      });
    }
    return listCompanyUsers(tx, companyId);
  });
}
