import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { tariffListResponseSchema } from '@courier/domain/pricing/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingSchema } from '@courier/domain/pricing/schemas';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
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

  // spec 2 §3: tariff codes and tariff services are two things; CANC and FAIC are charges, not codes.
  it('seeds tariff codes apart from the CANC and FAIC charges, which are services priced under DOM', async () => {
    expect((await t.db.select().from(tariffCodes)).map((code) => code.code)).toEqual([
      'DOM',
      'INT',
      'TW48',
      'PUR',
      'RAPC',
      'UKM9',
      'UKM6',
      'UKM2',
    ]);
    const [dom] = await t.db.select().from(tariffCodes).where(eq(tariffCodes.code, 'DOM'));
    const charges = await t.db
      .select({ service: tariffs.service, zone: tariffs.zone, tariffCodeId: tariffs.tariffCodeId })
      .from(tariffs)
      .where(and(isNull(tariffs.account), isNull(tariffs.carrierId), eq(tariffs.zone, 'IRELAND')));
    expect(charges.filter((row) => ['CANC', 'FAIC'].includes(row.service))).toEqual([
      { service: 'CANC', zone: 'IRELAND', tariffCodeId: dom?.id },
      { service: 'FAIC', zone: 'IRELAND', tariffCodeId: dom?.id },
    ]);
  });

  it('the tariff-code pickers (pricing and company settings) offer tariff codes only', async () => {
    const headers = bearer(await signInAs(t, ['MANAGER']));
    const pricing = await t.app.inject({ method: 'GET', url: '/api/pricing/tariff-codes', headers });
    expect(pricing.statusCode).toBe(200);
    const pricingCodes = pricing.json<{ code: string }[]>().map((code) => code.code);
    expect(pricingCodes).toHaveLength(8);
    expect(pricingCodes).not.toContain('CANC');
    expect(pricingCodes).not.toContain('FAIC');
    const company = await createCompany(t.db, { company: { name: 'Picker Ltd', accountCode: 'PICK001' } });
    const settings = await t.app.inject({ method: 'GET', url: `/api/company/${company.id}/settings`, headers });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(
      settings
        .json<{ tariffCodes: { code: string }[] }>()
        .tariffCodes.map((code) => code.code)
        .sort(),
    ).toEqual([...pricingCodes].sort());
  });

  it('gives the Irish and British zones real outlines for the zones map (GET /api/pricing/tariffs geoCodeData)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/pricing/tariffs',
      headers: bearer(await signInAs(t, ['PRICING'])),
    });
    expect(response.statusCode).toBe(200);
    const { geoCodeData, zones: zoneList } = tariffListResponseSchema.parse(response.json());
    expect(geoCodeData.map((zone) => zone.zone)).toEqual(zoneList.map((zone) => zone.name));
    const outlineOf = (name: string) => geoCodeData.find((zone) => zone.zone === name)?.outlines ?? [];
    for (const name of ['DUBLIN', 'IRELAND', 'NORTHERN IRELAND', 'UK MAINLAND']) {
      const [ring = []] = outlineOf(name);
      expect(ring.length, name).toBeGreaterThan(10); // an outline, not a box
      expect(ring[0], name).toEqual(ring.at(-1)); // closed
    }
    expect(outlineOf('IRISH ISLANDS').length).toBeGreaterThan(3); // one ring per island
    expect(outlineOf('REST OF WORLD')).toEqual([]);
    // Dublin's outline lies around Dublin (53.34, -6.26).
    const dublin = outlineOf('DUBLIN')[0] ?? [];
    for (const point of dublin) {
      expect(point.latitude).toBeGreaterThan(53.1);
      expect(point.latitude).toBeLessThan(53.7);
      expect(point.longitude).toBeGreaterThan(-6.6);
      expect(point.longitude).toBeLessThan(-6.0);
    }
  });
});
