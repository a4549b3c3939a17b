import { isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingSchema } from '@courier/domain/pricing/schemas';
import { createCompany } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { tariffCodes, tariffs, zones } from '../schema/index.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedPricing } from './pricing.ts';
import { Random } from './random.ts';

describe.each(databaseKinds)('pricing demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedCatalogue(t.db, new Random(1), new Date());
    for (let i = 1; i <= 9; i++)
      await createCompany(t.db, {
        company: { name: `Account ${i}`, accountCode: `ACC00${i}`, billingBasis: 'account' },
      });
    await seedPricing(t.db, { seed: 7 });
  });
  afterAll(() => t?.close());

  it('has Irish and international zones', async () => {
    const names = (await t.db.select().from(zones)).map((zone) => zone.name);
    expect(names).toEqual(
      expect.arrayContaining(['IRELAND', 'DUBLIN', 'NORTHERN IRELAND', 'UK MAINLAND', 'EU ZONE 1', 'NORTH AMERICA']),
    );
  });

  it('has a base tariff for every tariff code, valid price levels everywhere', async () => {
    const all = await t.db.select().from(tariffs);
    const codes = await t.db.select().from(tariffCodes);
    for (const code of codes)
      expect(
        all.some((row) => row.tariffCodeId === code.id && row.account === null && row.carrierId === null),
        code.code,
      ).toBe(true);
    for (const row of all) expect(pricingSchema.safeParse(row.pricing).success, `tariff ${row.id}`).toBe(true);
  });

  it('has special tariffs for some accounts and tariffs for carriers 1 and 2', async () => {
    const special = await t.db.select().from(tariffs).where(isNotNull(tariffs.account));
    expect(new Set(special.map((row) => row.account)).size).toBe(3); // every third account customer
    const carrierIds = new Set(
      (await t.db.select().from(tariffs).where(isNotNull(tariffs.carrierId))).map((row) => row.carrierId),
    );
    expect(carrierIds).toEqual(new Set([1, 2, 3]));
    expect((await t.db.select().from(tariffs).where(isNull(tariffs.carrierId))).length).toBeGreaterThan(20);
  });
});
