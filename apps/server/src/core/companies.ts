import { eq } from 'drizzle-orm';
import type { Company } from '@courier/domain/companies/schemas';
import type { DbOrTx } from '../db/client.ts';
import { isoOrNull } from '../db/columns.ts';
import { companies } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** A companies row as the API answers it: dates as ISO text. */
export function toCompany(row: CompanyRow): Company {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastBooking: isoOrNull(row.lastBooking),
    accountBillingStarted: isoOrNull(row.accountBillingStarted),
  };
}

/** The companies row, or undefined. */
export async function findCompanyRow(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * Whether the company exists. With `lock`, inside a transaction, its row stays locked until the
 * transaction ends, so changes to one company's records apply one after the other.
 */
export async function companyExists(db: DbOrTx, id: number, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}

/** As companyExists, answering 404 'Company N does not exist.' when it does not. */
export async function requireCompany(db: DbOrTx, id: number, options: { lock?: boolean } = {}): Promise<void> {
  if (!(await companyExists(db, id, options))) throw notFound(`Company ${id} does not exist.`);
}
