import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffSchema, type Tariff } from '@courier/domain/pricing/schemas';
import { auditLog, tariffs } from '../../db/schema/index.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createPricingCatalogue, createTariff, level, type PricingCatalogue } from '../../test/pricing-factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

const TWO_LEVELS = [
  level({ upTo: 5, basic: 8.5, basicPer: 5 }),
  level({ upTo: 9999, basic: 12, basicPer: 10, then: 0.85, thenPer: 1 }),
];

describe.each(databaseKinds)('tariffs on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let catalogue: PricingCatalogue;

  beforeAll(async () => {
    t = await createTestApp(kind);
    catalogue = await createPricingCatalogue(t.db);
    await createCompany(t.db, { company: { name: 'Liffey Print', accountCode: 'LIFF001', billingBasis: 'account' } });
    token = await signInAs(t, ['PRICING']);
  });
  afterAll(() => t?.close());

  const save = (payload: object, headers = bearer(token)) =>
    t.app.inject({ method: 'POST', url: '/api/pricing/tariffs', headers, payload });
  const get = (url: string, headers = bearer(token)) => t.app.inject({ method: 'GET', url, headers });
  const newTariff = (values: object = {}) => ({
    tariffCode: catalogue.codes.DOM,
    pricing: TWO_LEVELS,
    description: 'Next day, Ireland',
    ...values,
  });

  describe('who may use the pricing routes', () => {
    const routes = [
      ['GET', '/api/pricing/tariff-codes'],
      ['GET', '/api/pricing/carriers'],
      ['GET', '/api/pricing/tariffs'],
      ['GET', '/api/pricing/tariff/1'],
      ['POST', '/api/pricing/tariffs'],
      ['DELETE', '/api/pricing/tariffs/1'],
      ['POST', '/api/pricing/price-increase'],
      ['POST', '/api/pricing/carrier-increase'],
      ['GET', '/api/pricing/increases/1'],
      ['GET', '/api/pricing/increases/1/log'],
    ] as const;

    it.each([['ACCOUNTS'], ['DISPATCHER'], ['TELEPHONIST'], ['DRIVER'], ['CUSTOMER']])(
      '%s may not: 403 on every route',
      async (role) => {
        const headers = bearer(await signInAs(t, [role]));
        for (const [method, url] of routes) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json(), `${method} ${url}`).toEqual({
            error: 'FORBIDDEN',
            message: 'This needs one of the roles Pricing.',
          });
        }
      },
    );

    it.each([['PRICING'], ['MANAGER'], ['SUPERADMIN']])('%s may (a higher rank passes too)', async (role) => {
      const response = await get('/api/pricing/tariff-codes', bearer(await signInAs(t, [role])));
      expect(response.statusCode).toBe(200);
    });
  });

  describe('catalogue lists', () => {
    it('lists tariff codes and carriers with id, code and name', async () => {
      expect((await get('/api/pricing/tariff-codes')).json()).toEqual([
        { id: catalogue.codes.DOM, code: 'DOM', name: 'Domestic Overnight' },
        { id: catalogue.codes.INT, code: 'INT', name: 'International' },
        { id: catalogue.codes.UKM9, code: 'UKM9', name: 'UK Mainland by 9am' },
      ]);
      expect((await get('/api/pricing/carriers')).json()).toEqual([
        { id: catalogue.carriers.DPD, code: 'DPD', name: 'DPD Ireland' },
        { id: catalogue.carriers.UPS, code: 'UPS', name: 'UPS' },
      ]);
    });
  });

  describe('create, read, update, delete', () => {
    it('creates a tariff with the defaults of spec 2 §3 and reads it back', async () => {
      const response = await save(newTariff());
      expect(response.statusCode).toBe(200);
      const created = tariffSchema.parse(response.json());
      expect(created).toMatchObject({
        account: null,
        service: 'DOM',
        zone: 'IRELAND',
        description: 'Next day, Ireland',
        pricing: TWO_LEVELS,
        tariffCode: catalogue.codes.DOM,
        carrierId: null,
        priceIncreaseRan: false,
      });
      expect(created.id).toBeGreaterThan(0);
      expect((await get(`/api/pricing/tariff/${created.id}`)).json()).toEqual(created);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'tariff'), eq(auditLog.entityId, String(created.id))));
      expect(audit).toMatchObject({ action: 'create' });
    });

    it('updates a tariff when the id is given, and refuses an id that does not exist', async () => {
      const created: Tariff = (await save(newTariff({ zone: 'NORTHERN IRELAND' }))).json();
      const response = await save({
        ...newTariff({ zone: 'NORTHERN IRELAND' }),
        id: created.id,
        description: 'Belfast and the North',
        pricing: [level({ upTo: 30, basic: 15 })],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: created.id,
        description: 'Belfast and the North',
        pricing: [level({ upTo: 30, basic: 15 })],
      });
      const [row] = await t.db.select().from(tariffs).where(eq(tariffs.id, created.id));
      expect(row?.pricing).toEqual([level({ upTo: 30, basic: 15 })]);

      const missing = await save({ ...newTariff({ zone: 'EU ZONE 1' }), id: 999_999 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        error: 'NOT_FOUND',
        message: 'Tariff 999999 does not exist. It may have been deleted.',
      });
    });

    it('answers 404 for an id that names no tariff even when the body matches another tariff, changing nothing', async () => {
      const created = await save(newTariff({ service: 'PUR', zone: 'EU ZONE 1', description: 'Kept' }));
      expect(created.statusCode, created.body).toBe(200);
      const existing: Tariff = created.json();
      const countBefore = (await t.db.select({ id: tariffs.id }).from(tariffs)).length;
      // The same account, tariff code, carrier, service and zone as the tariff above.
      const response = await save({
        ...newTariff({ service: 'PUR', zone: 'EU ZONE 1', description: 'Changed' }),
        id: 2_147_483_647,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'NOT_FOUND',
        message: 'Tariff 2147483647 does not exist. It may have been deleted.',
      });
      expect((await get(`/api/pricing/tariff/${existing.id}`)).json()).toEqual(existing);
      expect((await t.db.select({ id: tariffs.id }).from(tariffs)).length).toBe(countBefore);
    });

    it('saves a special tariff under the company’s account code, whatever case it was typed in', async () => {
      const response = await save(
        newTariff({ account: 'liff001', service: 'INT', tariffCode: catalogue.codes.INT, zone: 'EU ZONE 1' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ account: 'LIFF001' });
    });

    it('saves a carrier tariff', async () => {
      const response = await save(
        newTariff({ carrierId: catalogue.carriers.UPS, service: 'UKM9', tariffCode: catalogue.codes.UKM9 }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ carrierId: catalogue.carriers.UPS, account: null });
    });

    it('deletes a tariff: 200, then 404 for it', async () => {
      const created: Tariff = (await save(newTariff({ service: 'TW48' }))).json();
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/pricing/tariffs/${created.id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await get(`/api/pricing/tariff/${created.id}`)).statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/pricing/tariffs/${created.id}`,
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        error: 'NOT_FOUND',
        message: `Tariff ${created.id} does not exist. It may have been deleted already.`,
      });
    });
  });

  describe('validation: 4xx with a message, nothing written', () => {
    const countTariffs = async () => (await t.db.select({ id: tariffs.id }).from(tariffs)).length;

    it.each([
      ['no price levels', { pricing: [] }, 'body.pricing', 'A tariff needs at least one price level.'],
      [
        'levels not going up',
        { pricing: [level({ upTo: 10 }), level({ upTo: 10 })] },
        'body.pricing.1.upTo',
        "Level 2: 'up to' must be more than 10 kg, the level above it (levels go up in weight).",
      ],
      [
        'a negative price',
        { pricing: [level({ upTo: 10, basic: -1 })] },
        'body.pricing.0.basic',
        'Basic must be 0 or more.',
      ],
      [
        'a negative weight',
        { pricing: [level({ upTo: 10, thenPer: -1 })] },
        'body.pricing.0.thenPer',
        'Then per must be 0 or more.',
      ],
      [
        'a price as text',
        { pricing: [{ ...level({ upTo: 10 }), basic: '5' }] },
        'body.pricing.0.basic',
        'Basic must be an amount in euro.',
      ],
      [
        'a fraction of a cent',
        { pricing: [level({ upTo: 10, then: 0.001 })] },
        'body.pricing.0.then',
        'Then has at most 2 decimal places (cents).',
      ],
      [
        'an unknown service',
        { service: 'XYZ' },
        'body.service',
        'The service must be one of CANC, FAIC, DOM, INT, TW48, PUR, RAPC, UKM9, UKM6, UKM2.',
      ],
      ['no tariff code', { tariffCode: undefined }, 'body.tariffCode', 'Choose a tariff code.'],
    ])('refuses %s with 400 and the field', async (_label, change, field, message) => {
      const before = await countTariffs();
      const response = await save({ ...newTariff({ service: 'PUR' }), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        details: expect.arrayContaining([{ field, message }]),
      });
      expect(await countTariffs()).toBe(before);
    });

    it.each([
      ['an unknown tariff code', { tariffCode: 999 }, 'Tariff code 999 does not exist.'],
      ['an unknown carrier', { carrierId: 999 }, 'Carrier 999 does not exist.'],
      ['an unknown zone', { zone: 'ATLANTIS' }, 'Zone ATLANTIS does not exist.'],
      ['an account no company holds', { account: 'NOPE99' }, 'No company has the account code NOPE99.'],
    ])('refuses %s with 400 and a message', async (_label, change, message) => {
      const before = await countTariffs();
      const response = await save({ ...newTariff({ service: 'RAPC' }), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message });
      expect(await countTariffs()).toBe(before);
    });

    it('refuses a price left out, null or empty on update, naming the level and field, and keeps the stored price; 0 sent is a price', async () => {
      const created: Tariff = (await save(newTariff({ service: 'UKM6' }))).json();
      const update = (first: object) =>
        save({ ...newTariff({ service: 'UKM6' }), id: created.id, pricing: [first, TWO_LEVELS[1]] });
      const { basic: _left, ...withoutBasic } = TWO_LEVELS[0]!;
      for (const first of [withoutBasic, { ...TWO_LEVELS[0], basic: null }, { ...TWO_LEVELS[0], basic: '' }]) {
        const response = await update(first);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'VALIDATION',
          details: expect.arrayContaining([
            { field: 'body.pricing.0.basic', message: 'Basic must be an amount in euro.' },
          ]),
        });
      }
      const { thenPer: _weight, ...withoutThenPer } = TWO_LEVELS[0]!;
      expect((await update(withoutThenPer)).json()).toMatchObject({
        details: expect.arrayContaining([
          { field: 'body.pricing.0.thenPer', message: 'Then per must be a number of kg.' },
        ]),
      });
      const [kept] = await t.db.select().from(tariffs).where(eq(tariffs.id, created.id));
      expect(kept?.pricing).toEqual(TWO_LEVELS);

      const free = await update({ ...TWO_LEVELS[0], basic: 0 });
      expect(free.statusCode).toBe(200);
      expect((free.json() as Tariff).pricing[0]).toMatchObject({ basic: 0 });
    });

    it('refuses a second tariff for the same account, code, carrier, service and zone with 409', async () => {
      const first: Tariff = (await save(newTariff({ service: 'CANC' }))).json();
      const second = await save(newTariff({ service: 'CANC' }));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: 'ALREADY_EXISTS',
        message: `A tariff for this account, tariff code, carrier, service and zone already exists (tariff ${first.id}). Edit that tariff instead.`,
      });
      // Saving the first one again is an update of itself, not a duplicate.
      expect((await save({ ...newTariff({ service: 'CANC' }), id: first.id })).statusCode).toBe(200);
    });

    it('answers 400 for a malformed id', async () => {
      expect((await get('/api/pricing/tariff/abc')).statusCode).toBe(400);
      expect((await get('/api/pricing/tariff/0')).statusCode).toBe(400);
    });
  });

  describe('the tariff list (GET /api/pricing/tariffs)', () => {
    let codes: PricingCatalogue['codes'];
    beforeAll(async () => {
      codes = catalogue.codes;
      await createCompany(t.db, {
        company: { name: 'Shannon Parts', accountCode: 'SHAN002', billingBasis: 'account' },
      });
      await createTariff(t.db, {
        tariffCodeId: codes.UKM9,
        service: 'UKM9',
        zone: 'IRELAND',
        description: 'list: base UKM9',
      });
      await createTariff(t.db, {
        tariffCodeId: codes.UKM9,
        service: 'UKM9',
        zone: 'NORTHERN IRELAND',
        description: 'list: base UKM9 NI',
      });
      await createTariff(t.db, {
        tariffCodeId: codes.UKM9,
        service: 'UKM9',
        zone: 'IRELAND',
        account: 'SHAN002',
        description: 'list: special',
      });
      await createTariff(t.db, {
        tariffCodeId: codes.UKM9,
        service: 'UKM9',
        zone: 'IRELAND',
        carrierId: catalogue.carriers.DPD,
        description: 'list: carrier',
      });
    });
    const descriptions = async (query: string) => {
      const response = await get(`/api/pricing/tariffs?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response
        .json<{ tariffs: Tariff[] }>()
        .tariffs.map((tariff) => tariff.description)
        .filter((d) => d.startsWith('list:'));
    };

    it('by tariff code: the base tariffs of that code, with the code and every zone', async () => {
      const response = await get(`/api/pricing/tariffs?tariffCodeId=${codes.UKM9}`);
      expect(response.json()).toMatchObject({
        carrier: null,
        tariffCode: { id: codes.UKM9, code: 'UKM9', name: 'UK Mainland by 9am' },
      });
      expect(response.json<{ zones: { name: string }[] }>().zones.map((zone) => zone.name)).toEqual([
        'IRELAND',
        'NORTHERN IRELAND',
        'EU ZONE 1',
      ]);
      expect(await descriptions(`tariffCodeId=${codes.UKM9}`)).toEqual(['list: base UKM9', 'list: base UKM9 NI']);
    });

    it('by account: that account’s special tariffs, whatever the case of the query', async () => {
      expect(await descriptions('account=shan002')).toEqual(['list: special']);
    });

    it('by carrier: that carrier’s tariffs, with the carrier', async () => {
      expect(await descriptions(`carrierId=${catalogue.carriers.DPD}`)).toEqual(['list: carrier']);
      expect((await get(`/api/pricing/tariffs?carrierId=${catalogue.carriers.DPD}`)).json()).toMatchObject({
        carrier: { code: 'DPD' },
        tariffCode: null,
      });
    });

    it('by zone', async () => {
      expect(await descriptions(`tariffCodeId=${codes.UKM9}&zone=NORTHERN%20IRELAND`)).toEqual(['list: base UKM9 NI']);
    });

    it('answers 404 for a tariff code or carrier that does not exist, 400 for a malformed one', async () => {
      expect((await get('/api/pricing/tariffs?tariffCodeId=999')).json()).toEqual({
        error: 'NOT_FOUND',
        message: 'Tariff code 999 does not exist.',
      });
      expect((await get('/api/pricing/tariffs?carrierId=999')).statusCode).toBe(404);
      expect((await get('/api/pricing/tariffs?carrierId=abc')).statusCode).toBe(400);
    });
  });
});
