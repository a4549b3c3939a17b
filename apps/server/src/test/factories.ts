import { randomBytes } from 'node:crypto';
import type { Role } from '@courier/domain/auth/roles';
import type { Db } from '../db/client.ts';
import { companies, companyExtendedSettings, companySettings, invoicePeriods, users } from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

// argon2id takes tens of milliseconds: hash each distinct password once per test file.
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A short random suffix so factories never collide, whatever order tests run in. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export interface TestUser {
  id: number;
  uuid: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** As stored: unknown role names are kept, as they may be in real data. */
  roles: string[];
}

export async function createUser(
  db: Db,
  options: {
    roles?: readonly (Role | string)[];
    password?: string;
    email?: string;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestUser> {
  const password = options.password ?? TEST_PASSWORD;
  const roles = [...(options.roles ?? [])];
  const label = roles[0]?.toLowerCase() ?? 'noroles';
  const values = {
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'User',
    email: options.email ?? `${label}.${uniqueSuffix()}@test.ie`,
    passwordHash: await passwordHashOf(password),
    roles,
  };
  const [row] = await db.insert(users).values(values).returning({ id: users.id, uuid: users.uuid });
  if (!row) throw new Error('The user was not created.');
  return { ...row, email: values.email, password, firstName: values.firstName, lastName: values.lastName, roles };
}

export type CompanyValues = Partial<typeof companies.$inferInsert>;
export type CompanySettingsValues = Partial<Omit<typeof companySettings.$inferInsert, 'companyId'>>;

/** A company with its settings and extended settings rows, as every real company has. */
export async function createCompany(
  db: Db,
  options: { company?: CompanyValues; settings?: CompanySettingsValues } = {},
): Promise<typeof companies.$inferSelect> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: `Test Company ${uniqueSuffix()}`, ...options.company })
      .returning();
    if (!company) throw new Error('The company was not created.');
    await tx.insert(companySettings).values({ ...options.settings, companyId: company.id });
    await tx.insert(companyExtendedSettings).values({ companyId: company.id });
    return company;
  });
}

/** An October 2026 invoice period of the company, in review unless `values` say otherwise. */
export async function createInvoicePeriod(
  db: Db,
  company: { id: number; accountCode: string | null },
  values: Partial<typeof invoicePeriods.$inferInsert> = {},
): Promise<typeof invoicePeriods.$inferSelect> {
  const [period] = await db
    .insert(invoicePeriods)
    .values({
      companyId: company.id,
      identifier: `${company.accountCode ?? company.id}-2026-10`,
      status: 'IN_REVIEW',
      start: '2026-10-01',
      end: '2026-10-31',
      ...values,
    })
    .returning();
  if (!period) throw new Error('The invoice period was not created.');
  return period;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs in through the real POST /api/auth/login; fails loudly when sign-in does not answer 200. */
export async function signIn(app: TestApp, user: { email: string; password: string }): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200)
    throw new Error(`Sign-in as ${user.email} answered ${response.statusCode}: ${response.body}`);
  const body: { accessToken: string } = response.json();
  return body.accessToken;
}

/** A new user with these roles, signed in: returns the Bearer token. */
export async function signInAs(app: TestApp, roles: readonly (Role | string)[]): Promise<string> {
  const user = await createUser(app.db, { roles });
  return signIn(app, user);
}

/** The test app on a fresh database with a new user of these roles signed in: the setup most route tests start from. */
export async function createTestAppSignedInAs(
  kind: DatabaseKind,
  roles: readonly Role[],
): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp(kind);
  try {
    return { t, token: await signInAs(t, roles) };
  } catch (error) {
    await t.close();
    throw error;
  }
}
