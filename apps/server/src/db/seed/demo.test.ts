import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@courier/domain/auth/roles';
import type { Db } from '../client.ts';
import { companies, companyExtendedSettings, companySettings, companyUsers, users } from '../schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, createTestDatabase, databaseKinds, type TestApp, type TestDatabase } from '../../test/test-app.ts';
import { DEMO_COMPANY_COUNT, seedDemoData, seedDemoDataIfEmpty } from './demo.ts';

/** What must come out the same on every machine: names, codes, billing bases, active flags, in order. */
function demoCompanies(db: Db) {
  return db
    .select({ name: companies.name, accountCode: companies.accountCode, billingBasis: companies.billingBasis, active: companies.active })
    .from(companies)
    .orderBy(asc(companies.id));
}

async function rowCount(db: Db, table: typeof users | typeof companies): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let t: TestApp;
  let second: TestDatabase;
  beforeAll(async () => {
    [t, second] = await Promise.all([createTestApp(kind), createTestDatabase(kind)]);
    await seedDemoData(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await second?.close();
  });

  it(`makes ${DEMO_COMPANY_COUNT} companies, each with its settings and extended settings`, async () => {
    expect(DEMO_COMPANY_COUNT).toBeGreaterThanOrEqual(60);
    expect(await rowCount(t.db, companies)).toBe(DEMO_COMPANY_COUNT);
    const withSettings = await t.db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
      .innerJoin(companyExtendedSettings, eq(companyExtendedSettings.companyId, companies.id));
    expect(withSettings).toHaveLength(DEMO_COMPANY_COUNT);
  });

  it('mixes all three billing bases, inactive companies and companies that may not book', async () => {
    const rows = await t.db
      .select({ billingBasis: companies.billingBasis, active: companies.active, allowBooking: companySettings.cycloneAllowBooking })
      .from(companies)
      .innerJoin(companySettings, eq(companySettings.companyId, companies.id));
    expect(new Set(rows.map((r) => r.billingBasis))).toEqual(new Set(['account', 'stripeCompany', 'stripe']));
    expect(rows.filter((r) => !r.active).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.active).length).toBeGreaterThan(rows.length / 2);
    expect(rows.filter((r) => !r.allowBooking).length).toBeGreaterThan(0);
  });

  it('prices account customers on a tariff code the header can name, and only them', async () => {
    const rows = await t.db.select({ id: companies.id, billingBasis: companies.billingBasis, tariffCode: companies.tariffCode }).from(companies);
    expect(rows.filter((r) => r.billingBasis === 'account').every((r) => r.tariffCode !== null)).toBe(true);
    expect(rows.filter((r) => r.billingBasis !== 'account').every((r) => r.tariffCode === null)).toBe(true);
    const account = rows.find((r) => r.billingBasis === 'account');
    const response = await t.app.inject({ method: 'GET', url: `/api/company/${account?.id}`, headers: bearer(await signInAs(t, ['ACCOUNTS'])) });
    expect(['DOM', 'RAPC']).toContain(response.json<{ tariffCodeLabel: string }>().tariffCodeLabel);
  });

  it('gives every company at least one customer user, and the demo customer a company', async () => {
    const [linked] = await t.db.select({ value: count() }).from(companyUsers);
    expect(linked?.value ?? 0).toBeGreaterThanOrEqual(DEMO_COMPANY_COUNT);
    const [customer] = await t.db
      .select({ isAdmin: companyUsers.isAdmin })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(eq(users.email, 'customer@demo.ie'));
    expect(customer).toEqual({ isAdmin: true });
  });

  it.each(ROLES.map((role) => [role]))('the %s demo login signs in with courier-demo', async (role) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${role.toLowerCase()}@demo.ie`, password: 'courier-demo' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ roles: [role], accessToken: expect.any(String) });
  });

  it('seeds the same companies on every fresh database, and only into an empty one', async () => {
    expect(await seedDemoDataIfEmpty(second.database.db)).toBe(true);
    const first = await demoCompanies(t.db);
    expect(first).toHaveLength(DEMO_COMPANY_COUNT);
    expect(await demoCompanies(second.database.db)).toEqual(first);

    const usersBefore = await rowCount(second.database.db, users);
    expect(await seedDemoDataIfEmpty(second.database.db)).toBe(false);
    expect(await rowCount(second.database.db, users)).toBe(usersBefore);
    expect(await rowCount(second.database.db, companies)).toBe(DEMO_COMPANY_COUNT);
  });
});
