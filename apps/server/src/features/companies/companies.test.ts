import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDetailsSchema, companySchema } from '@courier/domain/companies/schemas';
import { tariffCodes } from '../../db/schema/index.ts';
import { bearer, createCompany, signInAs, type CompanyValues } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

interface CompanyListBody {
  count: number;
  companies: { id: number; name: string; accountCode: string | null }[];
}

/** The companies every test here searches; each row is one case of the list and search rules. */
const COMPANIES: CompanyValues[] = [
  { name: 'Atlantic Freight Ltd', accountCode: 'ATL001', billingBasis: 'account' },
  { name: 'Burren Bakery', accountCode: 'BURR01' },
  { name: 'Galway Bay Couriers', accountCode: 'GBC001', billingBasis: 'account' },
  { name: 'Galway Bay Couriers West', accountCode: null },
  { name: 'Cork 50% Discount Stores', accountCode: null },
  { name: 'Cork 50 Percent Supplies', accountCode: null },
  { name: 'Data_Centre Services', accountCode: 'DATA_1' },
  { name: 'DataXCentre Services', accountCode: null },
  { name: 'acorn Logistics', accountCode: null },
  { name: 'Zebra Logistics', accountCode: 'ZEB100' },
  { name: 'Mallow Logistics', accountCode: null },
  { name: 'Bantry Logistics', accountCode: 'BAN200' },
  { name: 'Kerry Foods', accountCode: 'KER001' },
  { name: 'Kerrygold Dairies', accountCode: 'KGD002' },
  { name: 'North Kerry Transport', accountCode: 'KERRY' },
  { name: 'Ballykerry Farm', accountCode: 'BKF01' },
  { name: 'Shannon Haulage', accountCode: 'SHN001', active: false, billingBasis: 'stripe' },
];
const BULK_COUNT = 25; // more than the type-ahead's limit of 20

describe.each(databaseKinds)('companies on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const ids = new Map<string, number>();
  const total = COMPANIES.length + BULK_COUNT;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const company of COMPANIES) {
      const row = await createCompany(t.db, { company: company });
      ids.set(row.name, row.id);
    }
    for (let i = 1; i <= BULK_COUNT; i++)
      await createCompany(t.db, { company: { name: `Bulk Parcels ${String(i).padStart(2, '0')}` } });
    token = await signInAs(t, ['ACCOUNTS']);
  });
  afterAll(() => t?.close());

  const list = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
    t.app.inject({ method: 'POST', url: '/api/company', headers, payload: payload as object });
  const names = (response: { json<T>(): T }) => response.json<CompanyListBody>().companies.map((c) => c.name);
  const search = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/company/search?query=${encodeURIComponent(query)}`,
      headers: bearer(token),
    });

  describe('who may list companies (POST /api/company)', () => {
    it.each([['TELEPHONIST'], ['ACCOUNTS'], ['DISPATCHER'], ['MANAGER'], ['SUPERADMIN']])('%s may', async (role) => {
      const response = await list({ size: 10, skip: 0 }, bearer(await signInAs(t, [role])));
      expect(response.statusCode).toBe(200);
      expect(response.json<CompanyListBody>().count).toBe(total);
    });

    it.each([['PRICING'], ['DRIVER'], ['CUSTOMER']])('%s may not: 403 with the error body', async (role) => {
      const response = await list({ size: 10, skip: 0 }, bearer(await signInAs(t, [role])));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'This needs one of the roles Accounts, Dispatcher, Telephonist.',
      });
    });

    it('a user with no roles, or only an unknown role, may not', async () => {
      expect((await list({ size: 10, skip: 0 }, bearer(await signInAs(t, [])))).statusCode).toBe(403);
      expect((await list({ size: 10, skip: 0 }, bearer(await signInAs(t, ['JANITOR'])))).statusCode).toBe(403);
    });

    it('the same rule guards the search and the details calls', async () => {
      const driver = bearer(await signInAs(t, ['DRIVER']));
      const id = ids.get('Kerry Foods');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/company/search?query=kerry', headers: driver })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: driver })).statusCode).toBe(403);
      const dispatcher = bearer(await signInAs(t, ['DISPATCHER']));
      expect((await t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: dispatcher })).statusCode).toBe(
        200,
      );
    });
  });

  describe('the company list', () => {
    it('without a search lists every company, with complete rows', async () => {
      const response = await list({ size: 100, skip: 0 });
      expect(response.statusCode).toBe(200);
      const body: CompanyListBody = response.json();
      expect(body.count).toBe(total);
      expect(body.companies).toHaveLength(total);
      const atlantic = body.companies.find((c) => c.name === 'Atlantic Freight Ltd');
      expect(companySchema.parse(atlantic)).toMatchObject({
        accountCode: 'ATL001',
        billingBasis: 'account',
        active: true,
      });
    });

    it('searches names, containing the text, whatever its case', async () => {
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'BAY COUR' }))).toEqual([
        'Galway Bay Couriers',
        'Galway Bay Couriers West',
      ]);
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'freight' }))).toEqual(['Atlantic Freight Ltd']);
    });

    it('searches account codes, containing the text, whatever its case', async () => {
      const response = await list({ size: 10, skip: 0, searchQuery: 'urr0' });
      expect(names(response)).toEqual(['Burren Bakery']);
      expect(response.json<CompanyListBody>().count).toBe(1);
    });

    it('trims the search text', async () => {
      expect(names(await list({ size: 10, skip: 0, searchQuery: '  freight  ' }))).toEqual(['Atlantic Freight Ltd']);
    });

    it('with useExactMatch matches only a whole name or a whole account code', async () => {
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'galway bay couriers', useExactMatch: true }))).toEqual(
        ['Galway Bay Couriers'],
      );
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'atl001', useExactMatch: true }))).toEqual([
        'Atlantic Freight Ltd',
      ]);
      const partial = await list({ size: 10, skip: 0, searchQuery: 'Galway', useExactMatch: true });
      expect(partial.json()).toEqual({ count: 0, companies: [] });
    });

    it('takes % and _ in the search literally', async () => {
      expect(names(await list({ size: 10, skip: 0, searchQuery: '50%' }))).toEqual(['Cork 50% Discount Stores']);
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'data_c' }))).toEqual(['Data_Centre Services']);
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'a_1' }))).toEqual(['Data_Centre Services']);
      expect((await list({ size: 10, skip: 0, searchQuery: '%' })).json<CompanyListBody>().count).toBe(1);
      expect((await list({ size: 10, skip: 0, searchQuery: '\\' })).json<CompanyListBody>().count).toBe(0);
    });

    it('orders by name, ignoring case', async () => {
      expect(names(await list({ size: 10, skip: 0, searchQuery: 'logistics' }))).toEqual([
        'acorn Logistics',
        'Bantry Logistics',
        'Mallow Logistics',
        'Zebra Logistics',
      ]);
    });

    it('pages: the count stays the total, and a page past the end is empty', async () => {
      const first = await list({ size: 3, skip: 0, searchQuery: 'logistics' });
      expect(first.json<CompanyListBody>().count).toBe(4);
      expect(names(first)).toEqual(['acorn Logistics', 'Bantry Logistics', 'Mallow Logistics']);

      const second = await list({ size: 3, skip: 3, searchQuery: 'logistics' });
      expect(second.json()).toMatchObject({ count: 4 });
      expect(names(second)).toEqual(['Zebra Logistics']);

      expect((await list({ size: 3, skip: 4, searchQuery: 'logistics' })).json()).toEqual({ count: 4, companies: [] });
      expect((await list({ size: 100, skip: 1000 })).json()).toEqual({ count: total, companies: [] });
    });

    it('pages through every company exactly once', async () => {
      const seen: string[] = [];
      for (let skip = 0; skip < total; skip += 7) seen.push(...names(await list({ size: 7, skip })));
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    });

    it('answers 400 with details for a page size above 100', async () => {
      const response = await list({ size: 101, skip: 0 });
      expect(response.statusCode).toBe(400);
      const body: { error: string; message: string; details: { field: string; message: string }[] } = response.json();
      expect(body.error).toBe('VALIDATION');
      expect(body.details).toEqual([{ field: 'body.size', message: 'size must be at most 100.' }]);
      expect(body.message).toMatch(/size/);
    });

    it('accepts a page size of exactly 100', async () => {
      expect((await list({ size: 100, skip: 0 })).statusCode).toBe(200);
    });

    it.each([
      ['size 0', { size: 0, skip: 0 }, 'body.size'],
      ['skip -1', { size: 10, skip: -1 }, 'body.skip'],
      ['size as text', { size: '10', skip: 0 }, 'body.size'],
      ['a fractional size', { size: 2.5, skip: 0 }, 'body.size'],
      ['skip missing', { size: 10 }, 'body.skip'],
      ['skip past int4', { size: 10, skip: 2_147_483_648 }, 'body.skip'],
      ['useExactMatch as text', { size: 10, skip: 0, useExactMatch: 'yes' }, 'body.useExactMatch'],
      ['searchQuery as a number', { size: 10, skip: 0, searchQuery: 5 }, 'body.searchQuery'],
      ['searchQuery over 100 characters', { size: 10, skip: 0, searchQuery: 'x'.repeat(101) }, 'body.searchQuery'],
    ])('answers 400 with details for %s', async (_label, payload, field) => {
      const response = await list(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', details: [expect.objectContaining({ field })] });
    });
  });

  describe('type-ahead search (GET /api/company/search)', () => {
    it('returns id, name and account code, the exact account code first, then prefixes, then the rest', async () => {
      const response = await search('kerry');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: ids.get('North Kerry Transport'), name: 'North Kerry Transport', accountCode: 'KERRY' },
        { id: ids.get('Kerry Foods'), name: 'Kerry Foods', accountCode: 'KER001' },
        { id: ids.get('Kerrygold Dairies'), name: 'Kerrygold Dairies', accountCode: 'KGD002' },
        { id: ids.get('Ballykerry Farm'), name: 'Ballykerry Farm', accountCode: 'BKF01' },
      ]);
    });

    it('answers an empty or blank query with an empty list', async () => {
      for (const url of ['/api/company/search', '/api/company/search?query=', '/api/company/search?query=%20%20']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual([]);
      }
    });

    it('returns at most 20 results', async () => {
      const results: { name: string }[] = (await search('bulk parcels')).json();
      expect(results).toHaveLength(20);
      expect(results[0]?.name).toBe('Bulk Parcels 01');
    });

    it('takes % and _ literally', async () => {
      expect((await search('50%')).json()).toEqual([
        { id: ids.get('Cork 50% Discount Stores'), name: 'Cork 50% Discount Stores', accountCode: null },
      ]);
      expect((await search('data_')).json<{ name: string }[]>().map((c) => c.name)).toEqual(['Data_Centre Services']);
    });

    it('answers 400 for a query over 100 characters', async () => {
      expect((await search('x'.repeat(101))).statusCode).toBe(400);
    });
  });

  describe('one company (GET /api/company/:id)', () => {
    it('answers 200 with the company', async () => {
      const id = ids.get('Shannon Haulage');
      const response = await t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const company = companySchema.parse(response.json());
      expect(company).toMatchObject({
        id,
        name: 'Shannon Haulage',
        accountCode: 'SHN001',
        active: false,
        billingBasis: 'stripe',
        lastBooking: null,
      });
      expect(new Date(company.createdAt).getTime()).not.toBeNaN();
      expect(companyDetailsSchema.parse(response.json()).tariffCodeLabel).toBeNull();
    });

    it("names the company's tariff code by its code for the header", async () => {
      const [code] = await t.db.insert(tariffCodes).values({ code: 'HDR', name: 'Header test code' }).returning();
      const company = await createCompany(t.db, { company: { name: 'Tariffed Header Ltd', tariffCode: code!.id } });
      const response = await t.app.inject({ method: 'GET', url: `/api/company/${company.id}`, headers: bearer(token) });
      expect(companyDetailsSchema.parse(response.json())).toMatchObject({
        tariffCode: code!.id,
        tariffCodeLabel: 'HDR',
      });
    });

    it('answers 404 for an id no company has', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/company/999999', headers: bearer(token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Company 999999 does not exist.' });
    });

    // 1e3 and 0x10 were read as 1000 and 16 and answered 'Company 1000 does not exist.', an id never typed.
    it.each([['abc'], ['0'], ['-1'], ['1.5'], ['1e3'], ['0x10'], ['%207']])('answers 400 for the id %s', async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        details: [expect.objectContaining({ field: 'params.id' })],
      });
    });
  });
});
