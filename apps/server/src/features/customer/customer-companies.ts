import { and, asc, eq } from 'drizzle-orm';
import type { CustomerCompany } from '@courier/domain/customer/schemas';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companySettings, companyUsers } from '../../db/schema/index.ts';
import { requireSignedIn } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';

/** The signed-in customer: who they are, for ownership checks and the 'created by' of what they make. */
export interface Customer {
  userId: number;
  userUuid: string;
}

/**
 * The customer of a request. The route table lets CUSTOMER in, and the rank rule lets every staff
 * role in too (spec 1 §6: a higher level passes); these calls act for a customer's own companies, so
 * only a user holding the CUSTOMER role itself may make them.
 */
export function requireCustomer(request: FastifyRequest): Customer {
  const signedIn = requireSignedIn(request);
  if (!signedIn.roles.includes('CUSTOMER'))
    throw forbidden('These calls are for customers: sign in with a customer account.');
  return { userId: signedIn.userId, userUuid: signedIn.userUuid };
}

/** A company of the customer, with what its settings allow online and what prices it with. */
export interface OwnCompany extends CustomerCompany {
  tariffCode: number | null;
  referenceRequired: boolean;
}

/** The companies the user belongs to (company users, spec 1 §3), by name. */
export async function companiesOfCustomer(db: DbOrTx, userId: number): Promise<OwnCompany[]> {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      accountCode: companies.accountCode,
      isAdmin: companyUsers.isAdmin,
      cycloneAllowBooking: companySettings.cycloneAllowBooking,
      cycloneAllowTracking: companySettings.cycloneAllowTracking,
      cycloneDisplayPrice: companySettings.cycloneDisplayPrice,
      tariffCode: companies.tariffCode,
      referenceRequired: companySettings.referenceRequired,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id));
}

/**
 * One company of the customer, or 403. The same answer whether the company exists or not, so a
 * customer cannot learn which ids are other customers' companies.
 */
export async function requireOwnCompany(db: DbOrTx, userId: number, companyId: number): Promise<OwnCompany> {
  const own = await companiesOfCustomer(db, userId);
  const company = own.find((row) => row.id === companyId);
  if (!company) throw forbidden(`Company ${companyId} is not one of your companies.`);
  return company;
}

/** The companies a query may read: the one asked for (when it is the customer's), else all of theirs. */
export async function companiesInScope(db: DbOrTx, userId: number, companyId: number | undefined) {
  if (companyId !== undefined) return [await requireOwnCompany(db, userId, companyId)];
  return companiesOfCustomer(db, userId);
}

/** Whether the user is one of the company's users (for rows loaded by reference). */
export async function isCompanyUser(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.companyId, companyId)))
    .limit(1);
  return rows.length > 0;
}

/** The API shape of a company (what tariff prices it stays on the server). */
export function toCustomerCompany(company: OwnCompany): CustomerCompany {
  return {
    id: company.id,
    name: company.name,
    accountCode: company.accountCode,
    isAdmin: company.isAdmin,
    cycloneAllowBooking: company.cycloneAllowBooking,
    cycloneAllowTracking: company.cycloneAllowTracking,
    cycloneDisplayPrice: company.cycloneDisplayPrice,
  };
}
